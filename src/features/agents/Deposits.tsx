import { useState } from 'react';
import { fileUrl } from '../../api/uploads';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/deposits';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useRecord } from '../../ui/records';
import { deleteDeposit, getDepositTotals, listOwnDeposits } from './api';

/** /agent/deposits: the agent's deposits with status badges; pending ones can be deleted. */
export default function Deposits() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const total = useRecord((_, signal) => getDepositTotals(signal));
  // A deleted pending deposit changes the pending total too.
  const list = useResourceList<Deposit>({ load: listOwnDeposits, act: ({ item }, signal) => deleteDeposit(item.id, signal) }, {}, (e) => { if (e.type === 'acted') total.reload(); });
  const columns: Column<Deposit>[] = [
    { key: 'date', label: t('deposits.fields.deposit_date'), render: (d) => <DateText value={d.deposit_date} /> },
    { key: 'ref', label: t('deposits.fields.reference'), render: (d) => <span dir="ltr">{d.reference}</span> },
    { key: 'bank', label: t('deposits.fields.bank_id'), render: (d) => (d.method === 'cash' ? t('deposits.cash') : d.bank_name) },
    { key: 'amount', label: t('deposits.fields.amount'), align: 'end', render: (d) => <MoneyText value={d.amount} /> },
    { key: 'status', label: t('deposits.fields.status'), render: (d) => <>{<StatusBadge status={d.status} />}{d.rejection_reason ? <div className="muted" dir="auto">{d.rejection_reason}</div> : null}</> },
    { key: 'actions', label: '', align: 'end', render: (d) => (
      <div className="row-actions">
        {d.receipt_file ? <a className="btn btn-ghost" href={fileUrl(d.receipt_file)} target="_blank" rel="noreferrer">{t('deposits.receipt')}</a> : null}
        {d.status === 'pending' ? <button type="button" className="btn btn-secondary" disabled={list.busy} onClick={() => list.send({ type: 'DELETE', item: d })}>{t('agentsUi.delete')}</button> : null}
      </div>
    ) },
  ];
  return (
    <>
      <PageHeader title={t('deposits.title')} subtitle={total.data ? <>{t('deposits.approvedTotal')}: <MoneyText value={total.data.total} /> · {t('deposits.pendingTitle')}: <MoneyText value={total.data.pending_total} /></> : null}
        actions={<Link href="/agent/agent-deposit" className="btn btn-primary">{t('deposits.new')}</Link>} />
      <ListFilters>
        <div className="filters">
          <SelectInput name="status" label={t('deposits.fields.status')} value={status} onChange={(v) => { setStatus(v); list.send({ type: 'FILTER', filters: { status: v } }); }} placeholder={t('agentsUi.all')}
            options={['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`agentsUi.status.${s}`) }))} />
        </div>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={status ? t('deposits.emptyFiltered', { status: t(`agentsUi.status.${status}`) }) : t('deposits.empty')} caption={t('deposits.title')}
        confirm={() => ({ question: t('deposits.confirmDelete'), yes: t('agentsUi.delete') })} />
    </>
  );
}
