import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageHeader } from '../../ui/page';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { deleteAction, listFilter, RESOURCES, type Row } from './resources';
import { catalogueCalls } from './api';
import { HeaderImages } from './HeaderImages';
import './catalogue.css';

/** A catalogue list screen (visas, holidays, umrah packages, group tickets, aircraft, suppliers, insurance plans, airlines, airports). */
export function AdminList({ resource }: { resource: string }) {
  const res = RESOURCES[resource];
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const filter = listFilter(res);
  const calls = useMemo(() => catalogueCalls(res), [res]);
  const list = useResourceList<Row>({ load: calls.list, act: ({ item }, signal) => calls.remove(item.id, signal) }, { filters: filter ? { [filter.name]: 'all' } : {} });
  const [q, setQ] = useState('');
  const columns = [
    ...res.columns(t),
    {
      key: 'actions', label: t('catalogue.actions'), align: 'end' as const,
      render: (r: Row) => {
        const remove = deleteAction(res, t, r);
        return (
          <span className="row-actions">
            <Link href={`${res.edit}?id=${encodeURIComponent(String(r.id))}`} className="btn btn-secondary btn-small">{t('catalogue.edit')}</Link>
            {remove ? <button type="button" className="btn btn-ghost btn-small danger" onClick={() => list.send({ type: 'DELETE', item: r })} disabled={list.busy}>{remove.label}</button> : null}
          </span>
        );
      },
    },
  ];
  return (
    <div className="catalogue-admin">
      <PageHeader title={t(`${res.key}.adminTitle`)} subtitle={t('catalogue.count', { count: list.meta.total })}
        actions={<button type="button" className="btn btn-primary" onClick={() => navigate(res.create)}>{t(`${res.key}.new`)}</button>} />
      <form className="list-tools" role="search" onSubmit={(e) => { e.preventDefault(); list.send({ type: 'SEARCH', q }); }}>
        <input className="field-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('catalogue.search')} aria-label={t('catalogue.search')} />
        {filter ? (
          <select className="field-input" aria-label={t(filter.label)} value={list.query.filters[filter.name] ?? 'all'} onChange={(e) => list.send({ type: 'FILTER', filters: { [filter.name]: e.target.value } })}>
            {filter.options.map((o) => <option key={o} value={o}>{t(`${filter.optionKey}.${o}`)}</option>)}
          </select>
        ) : null}
        <button type="submit" className="btn btn-secondary">{t('catalogue.searchAction')}</button>
      </form>
      <ResourceTable list={list} columns={columns} empty={t('catalogue.empty')} caption={t(`${res.key}.adminTitle`)}
        confirm={({ item }) => { const remove = deleteAction(res, t, item); return { question: remove?.confirm ?? '', yes: remove?.yes ?? '' }; }} />
      {res.headerImages ? <HeaderImages catalogue={res.headerImages} /> : null}
    </div>
  );
}
