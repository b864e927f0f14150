import { useTranslation } from 'react-i18next';
import { ExchangeRateForm } from '../../../contract/exchange-rates';
import { DateText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { Submit, TextInput } from '../../ui/fields';
import type { Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useResourceForm } from '../../ui/forms';
import { listRateChanges, listRates, saveRate, type RateChangeRow, type RateRow } from './api';

/**
 * /admin/exchange-rates: what one unit of each supplier currency is worth in PKR. Offers quoted in a currency are
 * sold in PKR at its rate when they are priced, and a booking keeps the rate it was sold at; a currency without a
 * rate is not sold. Every change is listed with who made it and when.
 */
export default function ExchangeRatesScreen() {
  const { t } = useTranslation();
  const rates = useResourceList<RateRow>({ load: listRates }, { per_page: 100 });
  const changes = useResourceList<RateChangeRow>({ load: listRateChanges }, { per_page: 20 });
  const form = useResourceForm({
    schema: ExchangeRateForm,
    save: ({ values }, signal) => { const x = values as { currency: string; rate: string }; return saveRate(x.currency, x.rate, signal).then((r) => ({ message: r.message })); },
  }, { values: { currency: '', rate: '' } }, (e) => { if (e.type === 'saved') { rates.send({ type: 'RELOAD' }); changes.send({ type: 'RELOAD' }); } });
  const { values: v, errors: e, set } = form;
  const who = (x: { name: string } | null) => x?.name ?? t('rates.system');
  const rateColumns: Column<RateRow>[] = [
    { key: 'currency', label: t('rates.currency'), render: (r) => <strong dir="ltr">{r.currency}</strong> },
    { key: 'rate', label: t('rates.rate'), render: (r) => <span>{t('rates.perUnit', { rate: r.rate, currency: r.currency })}</span> },
    { key: 'updated', label: t('rates.updated'), render: (r) => <><DateText value={r.updated_at} time /><br /><small className="muted" dir="auto">{who(r.updated_by)}</small></> },
    { key: 'actions', label: '', align: 'end', render: (r) => <button type="button" className="btn btn-secondary" onClick={() => { set('currency')(r.currency); set('rate')(r.rate); }}>{t('rates.change')}</button> },
  ];
  const changeColumns: Column<RateChangeRow>[] = [
    { key: 'when', label: t('rates.when'), render: (c) => <DateText value={c.changed_at} time /> },
    { key: 'currency', label: t('rates.currency'), render: (c) => <span dir="ltr">{c.currency}</span> },
    { key: 'from', label: t('rates.from'), render: (c) => <span dir="ltr">{c.from ?? '—'}</span> },
    { key: 'to', label: t('rates.to'), render: (c) => <span dir="ltr">{c.to}</span> },
    { key: 'who', label: t('rates.by'), render: (c) => <span dir="auto">{who(c.changed_by)}</span> },
  ];
  return (
    <>
      <PageHeader title={t('rates.title')} subtitle={t('rates.hint')} />
      <form className="card form-card form" onSubmit={form.submit} noValidate data-testid="rate-form">
        <div className="form-row">
          <TextInput name="currency" dir="ltr" label={t('rates.currency')} required value={String(v.currency)} onChange={(x) => set('currency')(x.toUpperCase())} error={e.currency} hint={t('rates.currencyHint')} />
          <TextInput name="rate" dir="ltr" inputMode="decimal" label={t('rates.rateInPkr')} required value={String(v.rate)} onChange={set('rate')} error={e.rate} hint={t('rates.rateHint')} />
        </div>
        <div className="form-actions"><Submit busy={form.busy}>{t('rates.save')}</Submit></div>
      </form>
      <ResourceTable list={rates} columns={rateColumns} empty={t('rates.empty')} caption={t('rates.title')} />
      <h2 className="section-title">{t('rates.history')}</h2>
      <ResourceTable list={changes} columns={changeColumns} empty={t('rates.noChanges')} caption={t('rates.history')} />
    </>
  );
}
