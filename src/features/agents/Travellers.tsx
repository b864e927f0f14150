import { useState } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Traveller } from '../../../contract/travellers';
import { DateText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { TextInput } from '../../ui/fields';
import { ResourceTable, useResourceList } from '../../ui/lists';
import type { Column } from '../../ui/table';
import { deleteTraveller, listTravellers } from './api';

/** /agent/travellers: saved travellers, picked at checkout. */
export default function Travellers() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const list = useResourceList<Traveller>({ load: listTravellers, act: ({ item }, signal) => deleteTraveller(item.id, signal) });
  const columns: Column<Traveller>[] = [
    { key: 'name', label: t('travellers.name'), render: (r) => <span dir="auto">{r.title} {r.first_name} {r.last_name}</span> },
    { key: 'type', label: t('travellers.fields.type'), render: (r) => t(`travellers.types.${r.type}`) },
    { key: 'dob', label: t('travellers.fields.dob'), render: (r) => <DateText value={r.dob} /> },
    { key: 'doc', label: t('travellers.fields.document_no'), render: (r) => <span dir="ltr">{r.document_no} ({r.issue_country})</span> },
    { key: 'exp', label: t('travellers.fields.expiry_date'), render: (r) => <DateText value={r.expiry_date} /> },
    { key: 'actions', label: '', align: 'end', render: (r) => (
      <div className="row-actions">
        <Link href={`/agent/new-traveller?id=${r.id}`} className="btn btn-secondary">{t('agentsUi.edit')}</Link>
        <button type="button" className="btn btn-ghost" disabled={list.busy} onClick={() => list.send({ type: 'DELETE', item: r })}>{t('agentsUi.delete')}</button>
      </div>
    ) },
  ];
  return (
    <>
      <PageHeader title={t('travellers.title')} actions={<Link href="/agent/new-traveller" className="btn btn-primary">{t('travellers.new')}</Link>} />
      <div className="filters"><TextInput name="search" label={t('agentsUi.search')} value={search} onChange={(v) => { setSearch(v); list.send({ type: 'SEARCH', q: v }); }} /></div>
      <ResourceTable list={list} columns={columns} empty={t('travellers.empty')} caption={t('travellers.title')}
        confirm={() => ({ question: t('travellers.confirmDelete'), yes: t('agentsUi.delete') })} />
    </>
  );
}
