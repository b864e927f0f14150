import { useTranslation } from 'react-i18next';
import { CHARGE_TYPES, ChargeInput } from '../../../contract/ledger';
import { CustomerMarginInput } from '../../../contract/margins';
import { DateText } from '../../ui/format';
import { BackLink, PageHeader } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { useAgentOptions } from '../agents/useAgentOptions';
import { getCustomerMargins, saveCharge, saveCustomerMargins } from './api';

/** /admin/new-charges: a charge or refund posted to an agent's wallet. */
export function NewChargeScreen() {
  const { t } = useTranslation();
  const agents = useAgentOptions();
  const form = useResourceForm({
    schema: ChargeInput,
    save: ({ values }, signal) => saveCharge(values, signal),
  }, { values: { agent_id: '', type: 'charge', amount: '', description: '', booking_reference: '' }, after: '/admin/other-charges' });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('charges.new')} subtitle={t('charges.newHint')} actions={<BackLink href="/admin/other-charges" label={t('charges.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <SelectInput name="agent_id" label={t('charges.agent')} required value={v.agent_id} onChange={set('agent_id')} error={e.agent_id} placeholder={t('charges.chooseAgent')} options={agents} />
          <SelectInput name="type" label={t('ledger.type')} required value={v.type} onChange={set('type')} error={e.type} options={CHARGE_TYPES.map((c) => ({ value: c, label: `${t(`ledger.types.${c}`)} (${t(c === 'refund' || c === 'void' ? 'charges.credit' : 'charges.debit')})` }))} />
          <TextInput name="amount" dir="ltr" inputMode="decimal" label={t('deposits.fields.amount')} required value={v.amount} onChange={set('amount')} error={e.amount} />
        </div>
        <TextInput name="description" label={t('ledger.description')} required value={v.description} onChange={set('description')} error={e.description} />
        <TextInput name="booking_reference" dir="ltr" label={t('charges.bookingReference')} value={v.booking_reference} onChange={set('booking_reference')} error={e.booking_reference} />
        <div className="form-actions"><Submit busy={form.busy}>{t('charges.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/customer-margin: the public's margin values (percentages of the base fare, other charges per passenger). */
export function CustomerMarginScreen() {
  const { t } = useTranslation();
  const saved = useRecord((_, signal) => getCustomerMargins(signal));
  const form = useResourceForm({
    schema: CustomerMarginInput,
    load: async (_, signal) => { const m = await getCustomerMargins(signal); return { discount_percent: m.discount_percent, margin_percent: m.margin_percent, other_charges: m.other_charges.amount }; },
    save: ({ values }, signal) => saveCustomerMargins(values, signal).then((r) => ({ message: r.message })),
  }, { values: { discount_percent: '0', margin_percent: '0', other_charges: '0' }, load: true }, (ev) => { if (ev.type === 'saved') saved.reload(); });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('margins.customerTitle')} subtitle={t('margins.customerHint')} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <TextInput name="margin_percent" dir="ltr" inputMode="decimal" label={t('margins.marginPercent')} value={v.margin_percent} onChange={set('margin_percent')} error={e.margin_percent} hint="%" />
          <TextInput name="discount_percent" dir="ltr" inputMode="decimal" label={t('margins.discountPercent')} value={v.discount_percent} onChange={set('discount_percent')} error={e.discount_percent} hint="%" />
          <TextInput name="other_charges" dir="ltr" inputMode="decimal" label={t('margins.otherCharges')} value={v.other_charges} onChange={set('other_charges')} error={e.other_charges} hint={t('margins.perPassenger')} />
        </div>
        {saved.data?.updated_at ? <p className="muted">{t('margins.updated')} <DateText value={saved.data.updated_at} time /></p> : null}
        <div className="form-actions"><Submit busy={form.busy}>{t('margins.save')}</Submit></div>
      </form>
    </>
  );
}
