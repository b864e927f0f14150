import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/deposits';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { DateText, MoneyText } from '../../ui/format';
import { BackLink, PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { listAgentDeposits } from './api';

/** /admin/topup-request (all agents, pending first) and /admin/agent-detail-deposits?id= (one agent). */
export function TopupRequestsScreen({ oneAgent = false }: { oneAgent?: boolean }) {
  const { t } = useTranslation();
  const agentId = oneAgent ? new URLSearchParams(window.location.search).get('id') : null;
  const [status, setStatus] = useState(oneAgent ? '' : 'pending');
  const [search, setSearch] = useState('');
  const list = useResourceList<Deposit>({ load: listAgentDeposits }, { filters: { status, ...(agentId ? { agent_id: agentId } : {}) } });
  const mayDecide = can(useUser()?.role, 'deposits.manage');
  const columns: Column<Deposit>[] = [
    { key: 'date', label: t('deposits.fields.deposit_date'), render: (d) => <DateText value={d.deposit_date} /> },
    { key: 'agent', label: t('charges.agent'), render: (d) => <><span dir="auto">{d.agent?.company_name ?? d.agent?.name}</span><br /><small className="muted" dir="ltr">{d.agent?.agent_code}</small></> },
    { key: 'ref', label: t('deposits.fields.reference'), render: (d) => <span dir="ltr">{d.reference}</span> },
    { key: 'bank', label: t('deposits.fields.bank_id'), render: (d) => (d.method === 'cash' ? t('deposits.cash') : d.bank_name) },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (d) => <MoneyText value={d.amount} /> },
    { key: 'status', label: t('deposits.fields.status'), render: (d) => <StatusBadge status={d.status} /> },
    { key: 'actions', label: '', align: 'end', render: (d) => <Link href={`/admin/deposit-details?id=${d.id}`} className={d.status === 'pending' && mayDecide ? 'btn btn-primary' : 'btn btn-secondary'}>{d.status === 'pending' && mayDecide ? t('deposits.review') : t('deposits.view')}</Link> },
  ];
  return (
    <>
      <PageHeader title={oneAgent ? t('deposits.agentDeposits') : t('deposits.topups')} actions={oneAgent ? <BackLink href={`/admin/user-details?id=${agentId}`} label={t('users.detailsTitle')} /> : null} />
      <ListFilters>
        <div className="filters">
          <SelectInput name="status" label={t('deposits.fields.status')} value={status} onChange={(v) => { setStatus(v); list.send({ type: 'FILTER', filters: { status: v } }); }} placeholder={t('agentsUi.all')} options={['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
          {!oneAgent ? <TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); list.send({ type: 'SEARCH', q: v }); }} /> : null}
        </div>
      </ListFilters>
      <ResourceTable list={list} columns={columns} caption={oneAgent ? t('deposits.agentDeposits') : t('deposits.topups')}
        empty={status ? t('deposits.emptyFiltered', { status: t(`agentsUi.status.${status}`) }) : t('deposits.empty')} />
    </>
  );
}

export default function TopupRequests() { return <TopupRequestsScreen />; }
export function AgentDetailDeposits() { return <TopupRequestsScreen oneAgent />; }
