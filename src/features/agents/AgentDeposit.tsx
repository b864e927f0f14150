import { useTranslation } from 'react-i18next';
import { DepositInput } from '../../../contract/deposits';
import { BackLink, PageHeader } from '../../ui/page';
import { FileInput, SelectInput, Submit, TextArea, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { BankLogo } from '../../ui/bank-logo';
import { listBanks, recordDeposit } from './api';
import { getLocalTimeZone, today as todayLocal } from '@internationalized/date';

/** /agent/agent-deposit: record a deposit (bank or cash), with a receipt uploaded through /uploads. */
export default function AgentDeposit() {
  const { t } = useTranslation();
  const banks = useRecord((_, signal) => listBanks(signal));
  const today = todayLocal(getLocalTimeZone()).toString(); // the agent's own date, not UTC's
  const form = useResourceForm({
    schema: DepositInput,
    toBody: (values) => ({ ...values, bank_id: values.method === 'bank' ? values.bank_id : null }),
    save: ({ values }, signal) => recordDeposit(values, signal),
  }, { values: { method: 'bank', bank_id: '', amount: '', deposit_date: today, reference: '', receipt_file: '', note: '' }, after: '/agent/deposits' });
  const { values, errors, set } = form;
  const selected = banks.data?.find((b) => String(b.id) === values.bank_id);
  return (
    <>
      <PageHeader title={t('deposits.new')} subtitle={t('deposits.newHint')} actions={<BackLink href="/agent/deposits" label={t('deposits.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <SelectInput name="method" label={t('deposits.fields.method')} value={values.method} onChange={set('method')} error={errors.method} options={[{ value: 'bank', label: t('deposits.bank') }, { value: 'cash', label: t('deposits.cash') }]} />
          {values.method === 'bank' ? (
            <div>
              <SelectInput name="bank_id" label={t('deposits.fields.bank_id')} required value={values.bank_id} onChange={set('bank_id')} error={errors.bank_id} placeholder={t('deposits.chooseBank')}
                options={(banks.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))} />
              {/* A native select shows text only: the chosen bank's logo and account sit under it. */}
              {selected ? (
                <div className="bank-account">
                  {selected.logo_url ? <BankLogo url={selected.logo_url} size="large" /> : null}
                  <div className="bank-account-lines">
                    <strong><span dir="auto">{selected.account_title}</span></strong>
                    <span>{t('banks.fields.account_number')}: <span className="bank-account-value" dir="ltr">{selected.account_number}</span></span>
                    {selected.iban ? <span>{t('banks.fields.iban')}: <span className="bank-account-value" dir="ltr">{selected.iban}</span></span> : null}
                    {selected.branch ? <span>{t('banks.fields.branch')}: <span className="bank-account-value" dir="auto">{selected.branch}</span></span> : null}
                  </div>
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="form-row">
          <TextInput name="amount" label={t('deposits.fields.amount')} required inputMode="decimal" dir="ltr" value={values.amount} onChange={set('amount')} error={errors.amount} placeholder="45250.00" />
          <TextInput name="deposit_date" label={t('deposits.fields.deposit_date')} required type="date" dir="ltr" max={today} value={values.deposit_date} onChange={set('deposit_date')} error={errors.deposit_date} />
        </div>
        <TextInput name="reference" label={t('deposits.fields.reference')} required dir="ltr" value={values.reference} onChange={set('reference')} error={errors.reference} hint={t('deposits.referenceHint')} />
        <FileInput name="receipt_file" label={t('deposits.fields.receipt_file')} purpose="receipt" accept="image/jpeg,image/png,image/webp,application/pdf" value={values.receipt_file} onChange={set('receipt_file')} error={errors.receipt_file} />
        <TextArea name="note" label={t('deposits.fields.note')} value={values.note} onChange={set('note')} error={errors.note} />
        <div className="form-actions"><Submit busy={form.busy}>{t('deposits.submit')}</Submit></div>
      </form>
    </>
  );
}
