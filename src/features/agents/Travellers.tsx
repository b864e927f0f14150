import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Traveller } from '../../../contract/agents';
import { DataTable, DateText, PageHeader, Pager, TextInput, useLoad, useMutation, type Column } from './kit';

/** /agent/travellers: saved travellers, picked at checkout. */
export default function Travellers() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useLoad<Traveller[]>('/get-travellers', { search, page });
  const del = useMutation();
  async function remove(tr: Traveller) {
    if (!window.confirm(t('travellers.confirmDelete'))) return;
    if (await del.run(`/delete-travellers/${tr.id}`, { method: 'DELETE' })) list.reload();
  }
  const columns: Column<Traveller>[] = [
    { key: 'name', label: t('travellers.name'), render: (r) => <span dir="auto">{r.title} {r.first_name} {r.last_name}</span> },
    { key: 'type', label: t('travellers.fields.type'), render: (r) => t(`travellers.types.${r.type}`) },
    { key: 'dob', label: t('travellers.fields.dob'), render: (r) => <DateText value={r.dob} /> },
    { key: 'doc', label: t('travellers.fields.document_no'), render: (r) => <span dir="ltr">{r.document_no} ({r.issue_country})</span> },
    { key: 'exp', label: t('travellers.fields.expiry_date'), render: (r) => <DateText value={r.expiry_date} /> },
    { key: 'actions', label: '', align: 'end', render: (r) => (
      <div className="row-actions">
        <Link href={`/agent/new-traveller?id=${r.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link>
        <button type="button" className="btn btn-ghost" disabled={del.busy} onClick={() => void remove(r)}>{t('agentsUi.delete')}</button>
      </div>
    ) },
  ];
  return (
    <>
      <PageHeader title={t('travellers.title')} actions={<Link href="/agent/new-traveller" className="btn btn-primary">{t('travellers.new')}</Link>} />
      <div className="filters"><TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); setPage(1); }} /></div>
      <DataTable rows={list.data} columns={columns} loading={list.loading} empty={t('travellers.empty')} />
      <Pager meta={list.meta} onPage={setPage} />
    </>
  );
}
