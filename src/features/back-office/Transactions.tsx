import { useState } from 'react';
import { isolateLtr } from '../../../contract/format/money';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { LEDGER_TYPES, type LedgerTransaction } from '../../../contract/ledger';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useAgentOptions } from '../agents/useAgentOptions';
import { ledgerReference, useLedgerWords } from '../agents/ledger-words';
import { listTransactions } from './api';
import './transactions-strings';

const NO_FILTERS = { agent_id: '', type: '', from: '', to: '' };

/** /admin/transactions: every wallet movement of every agent, in the reader's words; accounts staff record and reword them. */
export default function TransactionsScreen() {
  const { t } = useTranslation();
  const words = useLedgerWords();
  const agents = useAgentOptions();
  const manage = can(useUser()?.role, 'ledger.manage');
  const [filters, setFilters] = useState(NO_FILTERS);
  const list = useResourceList<LedgerTransaction>({ load: listTransactions });
  const filter = (name: keyof typeof NO_FILTERS) => (value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    list.send({ type: 'FILTER', filters: { [name]: value } });
  };
  const columns: Column<LedgerTransaction>[] = [
    { key: 'date', label: t('ledger.date'), render: (x) => <DateText value={x.created_at} time /> },
    { key: 'agent', label: t('charges.agent'), render: (x) => <><span dir="auto">{x.agent?.company_name ?? x.agent?.name}</span>{x.agent?.agent_code ? <><br /><small className="muted" dir="ltr">{x.agent.agent_code}</small></> : null}</> },
    { key: 'type', label: t('ledger.type'), render: (x) => t(`ledger.types.${x.type}`) },
    // The words and the booking reference; the posting's own reference only in the tooltip, for staff who search by it.
    { key: 'desc', label: t('ledger.description'), render: (x) => <><span dir="auto" title={t('ledger.technicalReference', { reference: isolateLtr(x.reference) })}>{words(x)}</span>{ledgerReference(x.subject) ? <><br /><small className="muted" dir="ltr">{ledgerReference(x.subject)}</small></> : null}</> },
    { key: 'dir', label: t('charges.direction'), render: (x) => <StatusBadge status={x.direction} /> },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (x) => <MoneyText value={x.amount} className={x.direction === 'debit' ? 'money-debit' : 'money-credit'} /> },
    ...(manage ? [{ key: 'actions', label: '', align: 'end' as const, render: (x: LedgerTransaction) => <Link href={`/admin/update-transaction?id=${x.id}`} className="btn btn-secondary">{t('transactions.correct')}</Link> }] : []),
  ];
  const active = Object.values(filters).filter(Boolean).length;
  return (
    <>
      <PageHeader title={t('transactions.title')} subtitle={t('transactions.subtitle')} actions={manage ? <Link href="/admin/new-transaction" className="btn btn-primary">{t('transactions.new')}</Link> : null} />
      <ListFilters active={active}>
        <div className="filters">
          <SelectInput name="agent_id" label={t('charges.agent')} value={filters.agent_id} onChange={filter('agent_id')} placeholder={t('agentsUi.all')} options={agents} />
          <SelectInput name="type" label={t('ledger.type')} value={filters.type} onChange={filter('type')} placeholder={t('agentsUi.all')} options={LEDGER_TYPES.map((x) => ({ value: x, label: t(`ledger.types.${x}`) }))} />
          <TextInput name="from" type="date" dir="ltr" label={t('ledger.from')} value={filters.from} onChange={filter('from')} error={list.snapshot.context.fieldErrors.from} />
          <TextInput name="to" type="date" dir="ltr" label={t('ledger.to')} value={filters.to} onChange={filter('to')} error={list.snapshot.context.fieldErrors.to} />
          {active ? <button type="button" className="btn btn-ghost" onClick={() => { setFilters(NO_FILTERS); list.send({ type: 'FILTER', filters: NO_FILTERS }); }}>{t('ledger.clear')}</button> : null}
        </div>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={active ? t('transactions.emptyFiltered') : t('transactions.empty')} caption={t('transactions.title')} />
    </>
  );
}
