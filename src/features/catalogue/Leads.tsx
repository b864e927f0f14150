import { useState } from 'react';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/page';
import { DateText } from '../../ui/format';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useResourceForm } from '../../ui/forms';
import { translateServer } from '../../i18n';
import { LeadUpdateInput, type Lead } from '../../../contract/catalogue';
import { listLeads, updateLead } from './api';
import { LeaveQuestion } from './LeaveQuestion';
import './catalogue.css';
import '../public/catalogue/leads-strings';

/** Enquiries from the public pages (resource-list); staff mark them handled with a note (resource-form). */
export default function Leads() {
  const { t } = useTranslation();
  const list = useResourceList<Lead>({ load: listLeads }, { filters: { status: 'new' } });
  const [open, setOpen] = useState<Lead | null>(null);
  const idle = !open && list.snapshot.matches('list');
  return (
    <div className="catalogue-admin">
      <PageHeader title={t('leads.title')} subtitle={t('catalogue.count', { count: list.meta.total })} />
      <div className="list-tools">
        <select className="field-input" aria-label={t('catalogue.statusFilter')} value={list.query.filters.status ?? 'new'} onChange={(e) => list.send({ type: 'FILTER', filters: { status: e.target.value } })}>
          {['new', 'handled', 'all'].map((s) => <option key={s} value={s}>{t(`leads.status.${s}`)}</option>)}
        </select>
        <select className="field-input" aria-label={t('leads.source')} value={list.query.filters.source ?? ''} onChange={(e) => list.send({ type: 'FILTER', filters: { source: e.target.value } })}>
          <option value="">{t('leads.allSources')}</option>
          {['visa', 'holiday', 'umrah', 'group-ticket', 'insurance', 'contact'].map((s) => <option key={s} value={s}>{t(`leads.sources.${s}`)}</option>)}
        </select>
      </div>
      {open ? <LeadForm key={open.id} lead={open} onSaved={() => { setOpen(null); list.send({ type: 'RELOAD' }); }} onClosed={() => setOpen(null)} /> : null}
      <ResourceTable list={list} empty={t('leads.empty')} columns={[
        { key: 'date', label: t('leads.received'), render: (l) => <DateText value={l.created_at} time /> },
        { key: 'name', label: t('leads.name'), render: (l) => <span><strong>{l.name}</strong><br /><span className="muted" dir="ltr">{l.email}</span></span> },
        { key: 'source', label: t('leads.source'), render: (l) => <span>{t(`leads.sources.${l.source}`)}{l.item_title ? <><br /><span className="muted">{l.item_title}</span></> : null}</span> },
        { key: 'message', label: t('leads.message'), render: (l) => <span className="clamp" dir="auto">{l.message}</span> },
        { key: 'status', label: t('leads.statusLabel'), render: (l) => <span className={`badge ${l.status === 'handled' ? 'badge-approved' : 'badge-pending'}`}>{t(`leads.status.${l.status}`)}</span> },
        { key: 'actions', label: t('catalogue.actions'), align: 'end', render: (l) => <button type="button" className="btn btn-secondary btn-small" disabled={!idle} onClick={() => setOpen(l)}>{t('leads.open')}</button> },
      ]} />
    </div>
  );
}

/** One enquiry with the staff note: saving turns new into handled (or back); readers (the analyst) only see it. */
function LeadForm({ lead, onSaved, onClosed }: { lead: Lead; onSaved: () => void; onClosed: () => void }) {
  const { t } = useTranslation();
  const mayHandle = can(useUser()?.role, 'leads.manage');
  // Leaving goes back to this same screen (the form only closes), hence `navigate` read as "closed".
  const form = useResourceForm({ schema: LeadUpdateInput, save: updateLead },
    { id: lead.id, values: { status: lead.status === 'new' ? 'handled' : 'new', staff_note: lead.staff_note } },
    (e) => { if (e.type === 'saved') onSaved(); else if (e.type === 'navigate') onClosed(); });
  const { values: v, errors: e, send } = form;
  return (
    <form className="card catalogue-form" noValidate onSubmit={form.submit}>
      <h2>{lead.name}</h2>
      <dl className="details">
        <dt>{t('leads.source')}</dt><dd>{t(`leads.sources.${lead.source}`)}{lead.item_title ? ` — ${lead.item_title}` : ''}</dd>
        <dt>{t('leads.email')}</dt><dd><a href={`mailto:${lead.email}`} dir="ltr">{lead.email}</a></dd>
        <dt>{t('leads.phone')}</dt><dd dir="ltr">{lead.phone || '—'}</dd>
        <dt>{t('leads.travellers')}</dt><dd>{lead.travellers ?? '—'}</dd>
        <dt>{t('leads.travelDate')}</dt><dd><DateText value={lead.travel_date} /></dd>
        <dt>{t('leads.message')}</dt><dd className="pre-wrap" dir="auto">{lead.message || '—'}</dd>
      </dl>
      <div className="field">
        <label className="field-label" htmlFor="lead-note">{t('leads.note')}</label>
        <textarea id="lead-note" className="field-input" rows={3} value={v.staff_note} dir="auto" onChange={(x) => form.set('staff_note')(x.target.value)} />
        {e.staff_note ? <span className="field-error" role="alert">{translateServer(e.staff_note)}</span> : null}
      </div>
      {form.snapshot.matches('confirmingLeave') ? <LeaveQuestion onLeave={() => send({ type: 'CONFIRM' })} onStay={() => send({ type: 'CANCEL' })} /> : (
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={form.busy || !mayHandle}>{lead.status === 'new' ? t('leads.markHandled') : t('leads.reopen')}</button>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'LEAVE', to: window.location.pathname + window.location.search })}>{t('catalogue.cancel')}</button>
        </div>
      )}
    </form>
  );
}
