import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/agents';
import { ListFilters, DataTable, DateText, MoneyText, PageHeader, Pager, SelectInput, StatusBadge, useLoad, useMutation, type Column } from './kit';

/** /agent/deposits: the agent's deposits with status badges; pending ones can be deleted. */
export default function Deposits() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<Deposit[]>('/get-deposit-data', { status, page });
  const total = useLoad<{ total: Deposit['amount']; pending_total: Deposit['amount'] }>('/approved-deposits-total');
  const del = useMutation();
  async function remove(d: Deposit) {
    if (!window.confirm(t('deposits.confirmDelete'))) return;
    if (await del.run(`/delete-deposit-data/${d.id}`, { method: 'DELETE' })) { list.reload(); total.reload(); }
  }
  const columns: Column<Deposit>[] = [
    { key: 'date', label: t('deposits.fields.deposit_date'), render: (d) => <DateText value={d.deposit_date} /> },
    { key: 'ref', label: t('deposits.fields.reference'), render: (d) => <span dir="ltr">{d.reference}</span> },
    { key: 'bank', label: t('deposits.fields.bank_id'), render: (d) => (d.method === 'cash' ? t('deposits.cash') : d.bank_name) },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (d) => <MoneyText value={d.amount} /> },
    { key: 'status', label: t('deposits.fields.status'), render: (d) => <>{<StatusBadge status={d.status} />}{d.rejection_reason ? <div className="muted" dir="auto">{d.rejection_reason}</div> : null}</> },
    { key: 'actions', label: '', align: 'end', render: (d) => (
      <div className="row-actions">
        {d.receipt_file ? <a className="btn btn-ghost" href={`/api/files/${d.receipt_file}`} target="_blank" rel="noreferrer">{t('deposits.receipt')}</a> : null}
        {d.status === 'pending' ? <button type="button" className="btn btn-secondary" disabled={del.busy} onClick={() => void remove(d)}>{t('agentsUi.delete')}</button> : null}
      </div>
    ) },
  ];
  return (
    <>
      <PageHeader title={t('deposits.title')} subtitle={total.data ? <>{t('deposits.approvedTotal')}: <MoneyText value={total.data.total} /> · {t('deposits.pendingTitle')}: <MoneyText value={total.data.pending_total} /></> : null}
        actions={<Link href="/agent/agent-deposit" className="btn btn-primary">{t('deposits.new')}</Link>} />
      <ListFilters>
        <div className="filters">
          <SelectInput name="status" label={t('deposits.fields.status')} value={status} onChange={(v) => { setStatus(v); setPage(1); }} placeholder={t('agentsUi.all')}
            options={['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
        </div>
      </ListFilters>
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('deposits.empty')} caption={t('deposits.title')} />
      <Pager meta={list.meta} onPage={setPage} />
    </>
  );
}
