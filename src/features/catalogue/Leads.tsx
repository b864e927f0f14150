import { useState } from 'react';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { useTranslation } from 'react-i18next';
import { DataTable, Pager } from '../../ui/table';
import { PageHeader } from '../../ui/page';
import { DateText } from '../../ui/format';
import { translateServer } from '../../i18n';
import { isBusy, type CrudItem } from '../../../machines/crud-list';
import type { Lead } from '../../../contract/catalogue';
import { leadActors } from './api';
import { useCrud } from './useCrud';
import { useAnsweredErrors } from '../../ui/answered';
import './catalogue.css';
import '../public/catalogue/leads-strings';

const ACTORS = leadActors();

/** Enquiries from the public pages; staff mark them handled with a note. */
export default function Leads() {
  const { t } = useTranslation();
  const [snapshot, send] = useCrud(ACTORS, 'PATCH', { filters: { status: 'new' } });
  const ctx = snapshot.context;
  const [note, setNote] = useState('');
  const { errors, sending } = useAnsweredErrors(snapshot.context.fieldErrors, { staff_note: note });
  // Readers (the analyst) see the enquiries but do not handle them.
  const mayHandle = can(useUser()?.role, 'leads.manage');
  const open = ctx.editing as unknown as Lead | null;
  return (
    <div className="catalogue-admin">
      <PageHeader title={t('leads.title')} subtitle={t('catalogue.count', { count: ctx.total })} />
      <div className="list-tools">
        <select className="field-input" aria-label={t('catalogue.statusFilter')} value={ctx.query.filters.status ?? 'new'} onChange={(e) => send({ type: 'FILTER', filters: { ...ctx.query.filters, status: e.target.value } })}>
          {['new', 'handled', 'all'].map((s) => <option key={s} value={s}>{t(`leads.status.${s}`)}</option>)}
        </select>
        <select className="field-input" aria-label={t('leads.source')} value={ctx.query.filters.source ?? ''} onChange={(e) => send({ type: 'FILTER', filters: { ...ctx.query.filters, source: e.target.value } })}>
          <option value="">{t('leads.allSources')}</option>
          {['visa', 'holiday', 'umrah', 'group-ticket', 'insurance', 'contact'].map((s) => <option key={s} value={s}>{t(`leads.sources.${s}`)}</option>)}
        </select>
      </div>
      {open && (snapshot.matches('editing') || snapshot.matches('saving')) ? (
        <form className="card catalogue-form" onSubmit={(e) => { e.preventDefault(); sending(); send({ type: 'SAVE', values: { status: open.status === 'new' ? 'handled' : 'new', staff_note: note } }); }}>
          <h2>{open.name}</h2>
          <dl className="details">
            <dt>{t('leads.source')}</dt><dd>{t(`leads.sources.${open.source}`)}{open.item_title ? ` — ${open.item_title}` : ''}</dd>
            <dt>{t('leads.email')}</dt><dd><a href={`mailto:${open.email}`} dir="ltr">{open.email}</a></dd>
            <dt>{t('leads.phone')}</dt><dd dir="ltr">{open.phone || '—'}</dd>
            <dt>{t('leads.travellers')}</dt><dd>{open.travellers ?? '—'}</dd>
            <dt>{t('leads.travelDate')}</dt><dd><DateText value={open.travel_date} /></dd>
            <dt>{t('leads.message')}</dt><dd className="pre-wrap" dir="auto">{open.message || '—'}</dd>
          </dl>
          <div className="field">
            <label className="field-label" htmlFor="lead-note">{t('leads.note')}</label>
            <textarea id="lead-note" className="field-input" rows={3} value={note} dir="auto" onChange={(e) => setNote(e.target.value)} />
            {errors.staff_note ? <span className="field-error" role="alert">{translateServer(errors.staff_note)}</span> : null}
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={snapshot.matches('saving') || !mayHandle}>{open.status === 'new' ? t('leads.markHandled') : t('leads.reopen')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })}>{t('catalogue.cancel')}</button>
          </div>
        </form>
      ) : null}
      <DataTable<Lead & { id: number }> rows={ctx.items as unknown as Lead[]} loading={isBusy(snapshot.value)} empty={t('leads.empty')} columns={[
        { key: 'date', label: t('leads.received'), render: (l) => <DateText value={l.created_at} time /> },
        { key: 'name', label: t('leads.name'), render: (l) => <span><strong>{l.name}</strong><br /><span className="muted" dir="ltr">{l.email}</span></span> },
        { key: 'source', label: t('leads.source'), render: (l) => <span>{t(`leads.sources.${l.source}`)}{l.item_title ? <><br /><span className="muted">{l.item_title}</span></> : null}</span> },
        { key: 'message', label: t('leads.message'), render: (l) => <span className="clamp" dir="auto">{l.message}</span> },
        { key: 'status', label: t('leads.statusLabel'), render: (l) => <span className={`badge ${l.status === 'handled' ? 'badge-approved' : 'badge-pending'}`}>{t(`leads.status.${l.status}`)}</span> },
        { key: 'actions', label: t('catalogue.actions'), align: 'end', render: (l) => <button type="button" className="btn btn-secondary btn-small" disabled={!snapshot.matches('list')} onClick={() => { setNote(l.staff_note); send({ type: 'EDIT', item: l as unknown as CrudItem }); }}>{t('leads.open')}</button> },
      ]} />
      <Pager meta={{ page: ctx.query.page, per_page: ctx.query.per_page, total: ctx.total }} onPage={(page) => send({ type: 'PAGE', page })} />
    </div>
  );
}
