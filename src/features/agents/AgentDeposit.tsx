import { useState, type FormEvent } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { DepositInput, type Bank } from '../../../contract/agents';
import { firstIssues } from '../../ui/form';
import { BackLink, FileInput, PageHeader, SelectInput, Submit, TextArea, TextInput, useLoad, useMutation } from './kit';
import { getLocalTimeZone, today as todayLocal } from '@internationalized/date';

/** /agent/agent-deposit: record a deposit (bank or cash), with a receipt uploaded through /uploads. */
export default function AgentDeposit() {
  const { t } = useTranslation();
  const banks = useLoad<Bank[]>('/banks', { per_page: 100 });
  const today = todayLocal(getLocalTimeZone()).toString(); // the agent's own date, not UTC's
  const [values, setValues] = useState({ method: 'bank', bank_id: '', amount: '', deposit_date: today, reference: '', receipt_file: '', note: '' });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const save = useMutation();
  const errors = { ...save.errors, ...clientErrors };
  const set = (k: keyof typeof values) => (val: string) => { setValues((o) => ({ ...o, [k]: val })); setClientErrors((o) => ({ ...o, [k]: '' })); };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { ...values, bank_id: values.method === 'bank' ? values.bank_id : null };
    const check = v.safeParse(DepositInput, body);
    setClientErrors(check.success ? {} : firstIssues(check.issues));
    if (!check.success) return;
    if (await save.run('/deposit-data', { method: 'POST', body })) navigate('/agent/deposits');
  }
  const selected = banks.data?.find((b) => String(b.id) === values.bank_id);
  return (
    <>
      <PageHeader title={t('deposits.new')} subtitle={t('deposits.newHint')} actions={<BackLink href="/agent/deposits" label={t('deposits.title')} />} />
      <form className="card form-card form" onSubmit={submit} noValidate>
        <div className="form-row">
          <SelectInput name="method" label={t('deposits.fields.method')} value={values.method} onChange={set('method')} error={errors.method} options={[{ value: 'bank', label: t('deposits.bank') }, { value: 'cash', label: t('deposits.cash') }]} />
          {values.method === 'bank' ? (
            <SelectInput name="bank_id" label={t('deposits.fields.bank_id')} required value={values.bank_id} onChange={set('bank_id')} error={errors.bank_id} placeholder={t('deposits.chooseBank')}
              options={(banks.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))} />
          ) : null}
        </div>
        {selected ? <p className="muted" dir="auto">{selected.account_title} · <span dir="ltr">{selected.account_number}</span>{selected.iban ? <> · <span dir="ltr">{selected.iban}</span></> : null}</p> : null}
        <div className="form-row">
          <TextInput name="amount" label={t('deposits.fields.amount')} required inputMode="decimal" dir="ltr" value={values.amount} onChange={set('amount')} error={errors.amount} placeholder="45250.00" />
          <TextInput name="deposit_date" label={t('deposits.fields.deposit_date')} required type="date" dir="ltr" max={today} value={values.deposit_date} onChange={set('deposit_date')} error={errors.deposit_date} />
        </div>
        <TextInput name="reference" label={t('deposits.fields.reference')} required dir="ltr" value={values.reference} onChange={set('reference')} error={errors.reference} hint={t('deposits.referenceHint')} />
        <FileInput name="receipt_file" label={t('deposits.fields.receipt_file')} purpose="receipt" accept="image/jpeg,image/png,image/webp,application/pdf" value={values.receipt_file} onChange={set('receipt_file')} error={errors.receipt_file} />
        <TextArea name="note" label={t('deposits.fields.note')} value={values.note} onChange={set('note')} error={errors.note} />
        <div className="form-actions"><Submit busy={save.busy}>{t('deposits.submit')}</Submit></div>
      </form>
    </>
  );
}
