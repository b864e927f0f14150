import { useMemo } from 'react';
import { isolateLtr } from '../../../contract/format/money';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { TransactionInput, TransactionUpdateInput } from '../../../contract/ledger';
import { MoneyText, DateText } from '../../ui/format';
import { BackLink, PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { useResourceForm } from '../../ui/forms';
import { useRecord } from '../../ui/records';
import { useAgentOptions } from '../agents/useAgentOptions';
import { ledgerReference, useLedgerWords } from '../agents/ledger-words';
import './transactions-strings';
import { getTransaction, recordTransaction, rewordTransaction } from './api';

const back = '/admin/transactions';

/**
 * /admin/new-transaction: an adjustment credited to or debited from an agent's wallet. The query string may
 * prefill it (agent_id, direction, amount, description): "Correct" on a transaction opens its reversal here,
 * because a posted amount never changes.
 */
export function NewTransactionScreen() {
  const { t } = useTranslation();
  const agents = useAgentOptions();
  const key = useMemo(() => crypto.randomUUID(), []);
  const prefill = new URLSearchParams(window.location.search);
  const form = useResourceForm({
    schema: TransactionInput,
    save: ({ values }, signal) => recordTransaction(values, key, signal),
  }, {
    values: { agent_id: prefill.get('agent_id') ?? '', direction: prefill.get('direction') === 'debit' ? 'debit' : 'credit', amount: prefill.get('amount') ?? '', description: prefill.get('description') ?? '' },
    after: back,
  });
  const { values: v, errors: e, set } = form;
  return (
    <>
      <PageHeader title={t('transactions.new')} subtitle={t('transactions.newHint')} actions={<BackLink href={back} label={t('transactions.title')} />} />
      <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
        <div className="form-row">
          <SelectInput name="agent_id" label={t('charges.agent')} required value={v.agent_id} onChange={set('agent_id')} error={e.agent_id} placeholder={t('charges.chooseAgent')} options={agents} />
          <SelectInput name="direction" label={t('charges.direction')} required value={v.direction} onChange={set('direction')} error={e.direction} options={[{ value: 'credit', label: t('transactions.creditLong') }, { value: 'debit', label: t('transactions.debitLong') }]} />
          <TextInput name="amount" dir="ltr" inputMode="decimal" label={t('deposits.fields.amount')} required value={v.amount} onChange={set('amount')} error={e.amount} />
        </div>
        <TextInput name="description" label={t('ledger.description')} required value={v.description} onChange={set('description')} error={e.description} hint={t('transactions.descriptionHint')} />
        <div className="form-actions"><Submit busy={form.busy}>{t('transactions.save')}</Submit></div>
      </form>
    </>
  );
}

/** /admin/update-transaction?id=: a posted transaction's wording may be corrected; its amount is shown, never edited. */
export function UpdateTransactionScreen() {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const id = new URLSearchParams(window.location.search).get('id') ?? '';
  const { data: tx, failed } = useRecord((itemId, signal) => getTransaction(itemId, signal), id);
  const reversal = tx ? `/admin/new-transaction?${new URLSearchParams({ agent_id: String(tx.agent_id), direction: tx.direction === 'credit' ? 'debit' : 'credit', amount: tx.amount.amount, description: t('transactions.reversalOf', { id: tx.id }) })}` : null;
  return (
    <>
      <PageHeader title={t('transactions.edit')} actions={<BackLink href={back} label={t('transactions.title')} />} />
      {failed ? <p className="card form-card" role="alert">{t('transactions.notFound')}</p> : null}
      {tx ? (
        <>
          <section className="card form-card">
            <dl className="details">
              <dt>{t('charges.agent')}</dt><dd dir="auto">{tx.agent?.company_name ?? tx.agent?.name} <span className="muted" dir="ltr">{tx.agent?.agent_code}</span></dd>
              <dt>{t('ledger.date')}</dt><dd><DateText value={tx.created_at} time /></dd>
              <dt>{t('ledger.type')}</dt><dd>{t(`ledger.types.${tx.type}`)}</dd>
              <dt>{t('ledger.description')}</dt><dd dir="auto">{words(tx)}</dd>
              {/* The booking it was about, and (staff detail) the posting's own reference. */}
              <dt>{t('ledger.reference')}</dt><dd><bdi dir="ltr">{ledgerReference(tx.subject) || '—'}</bdi><br /><small className="muted">{t('ledger.technicalReference', { reference: isolateLtr(tx.reference) })}</small></dd>
              <dt>{t('deposits.fields.amount')}</dt><dd><MoneyText value={tx.amount} className={tx.direction === 'debit' ? 'money-debit' : 'money-credit'} /> <StatusBadge status={tx.direction} /></dd>
            </dl>
            <p className="muted">{t('transactions.amountFixed')} {reversal ? <Link href={reversal}>{t('transactions.reverse')}</Link> : null}</p>
          </section>
          <RewordForm id={tx.id} description={tx.description} />
        </>
      ) : null}
    </>
  );
}

/** The wording form, opened with the transaction already read (no second request). */
function RewordForm({ id, description }: { id: number; description: string }) {
  const { t } = useTranslation();
  const form = useResourceForm({
    schema: TransactionUpdateInput,
    save: ({ id: itemId, values }, signal) => rewordTransaction(itemId!, values, signal),
  }, { id, values: { description }, after: back });
  return (
    <form className="card form-card form" onSubmit={form.submit} noValidate aria-busy={form.loading}>
      <TextInput name="description" label={t('transactions.wording')} required value={form.values.description} onChange={form.set('description')} error={form.errors.description} />
      <div className="form-actions"><Submit busy={form.busy}>{t('transactions.saveWording')}</Submit></div>
    </form>
  );
}
