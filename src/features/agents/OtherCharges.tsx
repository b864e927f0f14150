import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CHARGE_TYPES, type Charge } from '../../../contract/agents';
import { useUser } from '../../app/auth';
import { ListFilters, DataTable, DateText, MoneyText, PageHeader, Pager, SelectInput, StatusBadge, useAgentOptions, useLoad, type Column } from './kit';

/** /agent/other-charges (own) and /admin/other-charges (every agent's, filterable). */
export default function OtherCharges() {
  const { t } = useTranslation();
  const user = useUser();
  const staff = user?.role !== 'agent';
  const [type, setType] = useState('');
  const [agent, setAgent] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<Charge[]>('/show-all-charges', { type, page, agent_id: agent || undefined });
  const agents = staff ? <AgentFilter value={agent} onChange={(v) => { setAgent(v); setPage(1); }} /> : null;
  const columns: Column<Charge>[] = [
    { key: 'date', label: t('ledger.date'), render: (c) => <DateText value={c.created_at} time /> },
    ...(staff ? [{ key: 'agent', label: t('charges.agent'), render: (c: Charge) => <span dir="auto">{c.agent?.company_name ?? c.agent?.name}</span> }] : []),
    { key: 'type', label: t('ledger.type'), render: (c) => t(`ledger.types.${c.type}`) },
    { key: 'desc', label: t('ledger.description'), render: (c) => <><span dir="auto">{c.description}</span>{c.booking_reference ? <><br /><small className="muted" dir="ltr">{c.booking_reference}</small></> : null}</> },
    { key: 'dir', label: t('charges.direction'), render: (c) => <StatusBadge status={c.direction} /> },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (c) => <MoneyText value={c.amount} className={c.direction === 'debit' ? 'money-debit' : 'money-credit'} /> },
  ];
  return (
    <>
      <PageHeader title={t('charges.title')} subtitle={t('charges.subtitle')} actions={staff ? <Link href="/admin/new-charges" className="btn btn-primary">{t('charges.new')}</Link> : null} />
      <ListFilters>
        <div className="filters">
          {agents}
          <SelectInput name="type" label={t('ledger.type')} value={type} onChange={(v) => { setType(v); setPage(1); }} placeholder={t('agentsUi.all')} options={CHARGE_TYPES.map((c) => ({ value: c, label: t(`ledger.types.${c}`) }))} />
        </div>
      </ListFilters>
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('charges.empty')} />
      <Pager meta={list.meta} onPage={setPage} />
    </>
  );
}

function AgentFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const options = useAgentOptions();
  return <SelectInput name="agent_id" label={t('charges.agent')} value={value} onChange={onChange} placeholder={t('agentsUi.all')} options={options} />;
}
