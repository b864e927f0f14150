import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { DataTable, Pager } from '../../ui/table';
import { PageHeader } from '../../ui/page';
import { isBusy } from '../../../machines/crud-list';
import { deleteAction, listFilter, RESOURCES, type Row } from './resources';
import { crudActors } from './api';
import { useCrud } from './useCrud';
import { HeaderImages } from './HeaderImages';
import './catalogue.css';

/** A catalogue list screen (visas, holidays, umrah packages, group tickets, aircraft, suppliers, insurance plans, airlines, airports). */
export function AdminList({ resource }: { resource: string }) {
  const res = RESOURCES[resource];
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const filter = listFilter(res);
  const actors = useMemo(() => crudActors(res.api, res.update, { idKey: res.idKey, read: res.read }), [res]);
  const [snapshot, send] = useCrud(actors, res.update, { filters: filter ? { [filter.name]: 'all' } : {} });
  const [q, setQ] = useState('');
  const ctx = snapshot.context;
  const columns = [
    ...res.columns(t),
    {
      key: 'actions', label: t('catalogue.actions'), align: 'end' as const,
      render: (r: Row) => {
        const remove = deleteAction(res, t, r);
        return (
          <span className="row-actions">
            <Link href={`${res.edit}?id=${encodeURIComponent(String(r.id))}`} className="btn btn-secondary btn-small">{t('catalogue.edit')}</Link>
            {remove ? <button type="button" className="btn btn-ghost btn-small danger" onClick={() => send({ type: 'DELETE', item: r })} disabled={isBusy(snapshot.value)}>{remove.label}</button> : null}
          </span>
        );
      },
    },
  ];
  return (
    <div className="catalogue-admin">
      <PageHeader title={t(`${res.key}.adminTitle`)} subtitle={t('catalogue.count', { count: ctx.total })}
        actions={<button type="button" className="btn btn-primary" onClick={() => navigate(res.create)}>{t(`${res.key}.new`)}</button>} />
      <form className="list-tools" role="search" onSubmit={(e) => { e.preventDefault(); send({ type: 'SEARCH', q }); }}>
        <input className="field-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('catalogue.search')} aria-label={t('catalogue.search')} />
        {filter ? (
          <select className="field-input" aria-label={t(filter.label)} value={ctx.query.filters[filter.name] ?? 'all'} onChange={(e) => send({ type: 'FILTER', filters: { [filter.name]: e.target.value } })}>
            {filter.options.map((o) => <option key={o} value={o}>{t(`${filter.optionKey}.${o}`)}</option>)}
          </select>
        ) : null}
        <button type="submit" className="btn btn-secondary">{t('catalogue.searchAction')}</button>
      </form>
      {snapshot.matches('confirmingDelete') || snapshot.matches('deleting') ? (
        <div className="confirm card" role="alertdialog" aria-labelledby="confirm-title">
          <p id="confirm-title">{ctx.pendingDelete ? deleteAction(res, t, ctx.pendingDelete as Row)?.confirm : null}</p>
          <div className="button-row">
            <button type="button" className="btn btn-primary danger-bg" disabled={snapshot.matches('deleting')} onClick={() => send({ type: 'CONFIRM' })}>{ctx.pendingDelete ? deleteAction(res, t, ctx.pendingDelete as Row)?.yes : null}</button>
            <button type="button" className="btn btn-secondary" disabled={snapshot.matches('deleting')} onClick={() => send({ type: 'CANCEL' })}>{t('catalogue.cancel')}</button>
          </div>
        </div>
      ) : null}
      {snapshot.matches('loadFailed') ? (
        <div className="card state-card"><p>{t('catalogue.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('catalogue.retry')}</button></div>
      ) : (
        <DataTable rows={ctx.items as Row[]} columns={columns} loading={isBusy(snapshot.value)} empty={t('catalogue.empty')} caption={t(`${res.key}.adminTitle`)} />
      )}
      <Pager meta={{ page: ctx.query.page, per_page: ctx.query.per_page, total: ctx.total }} onPage={(page) => send({ type: 'PAGE', page })} />
      {res.headerImages ? <HeaderImages catalogue={res.headerImages} /> : null}
    </div>
  );
}
