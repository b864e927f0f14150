import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { VISA_APPLICATION_STATUSES, type VisaApplication, type VisaApplicationListRow } from '../../../contract/visa-applications';
import { can } from '../../../contract/permissions';
import { decisionMachine, type VerdictInput } from '../../../machines/decision';
import { useUser } from '../../app/auth';
import { i18n } from '../../i18n';
import { DecisionPanel } from '../../ui/decision';
import { TextInput } from '../../ui/fields';
import { DateText, MoneyText } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { BackLink, PageHeader } from '../../ui/page';
import { useRecord } from '../../ui/records';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { getApplication, listApplicationsPage, moveApplication, visaTitle } from './api';
import { countryName } from '../../i18n/places';
import { ApplicationView, VisaStatus } from './ApplicationView';
import { TraceLink } from '../flows/TraceLink';
import './strings';

/** /admin/visa-applications: every application, by status and reference, each opening its review page. */
export const AdminVisaApplications = () => <VisaApplicationsList title="visaApplications.adminTitle" subtitle="visaApplications.adminSubtitle" href={(r) => `/admin/visa-application?id=${r.id}`} />;
/** /agent/visa-applications: the agent's own applications (the server scopes the list), each opening its page. */
export const AgentVisaApplications = () => <VisaApplicationsList title="visaApplications.agentTitle" subtitle="visaApplications.agentSubtitle" href={(r) => `/visa-application?reference=${encodeURIComponent(r.reference)}`} />;

function VisaApplicationsList({ title, subtitle, href }: { title: string; subtitle: string; href: (r: VisaApplicationListRow) => string }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const list = useResourceList<VisaApplicationListRow>({ load: (q, signal) => listApplicationsPage(q, signal) });
  const status = list.query.filters.status ?? '';
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });
  const columns: Column<VisaApplicationListRow>[] = [
    { key: 'reference', label: t('visaApplications.reference'), render: (r) => <><Link href={href(r)} className="bk-pnr" dir="ltr" data-testid="va-link">{r.reference}</Link><span className="bk-sub"><DateText value={r.created_at} time /></span></> },
    { key: 'visa', label: t('visaApplications.visa'), render: (r) => <><bdi>{visaTitle(r.visa, i18n.language)}</bdi><span className="bk-sub"><bdi>{countryName(r.visa.country_code, i18n.language, r.visa.country)}</bdi></span></> },
    { key: 'applicant', label: t('visaApplications.applicant'), render: (r) => <><bdi>{r.applicant}</bdi><span className="bk-sub" dir="ltr">{r.contact_email}</span></> },
    { key: 'travel', label: t('visaApplications.fields.travel_date'), render: (r) => <><DateText value={r.travel_date} /><span className="bk-sub">{t('visaApplications.travellerCount', { count: r.traveller_count })}</span></> },
    { key: 'status', label: t('visaApplications.statusLabel'), render: (r) => <VisaStatus status={r.status} /> },
    { key: 'fee', label: t('visaApplications.fee'), align: 'end', render: (r) => <MoneyText value={r.fee} /> },
  ];
  const apply = (e: FormEvent) => { e.preventDefault(); filter({ reference }); };
  return (
    <section className="bk-list">
      <PageHeader title={t(title)} subtitle={t(subtitle)} />
      <div className="bk-tabs" role="group" aria-label={t('visaApplications.statusLabel')}>
        {(['', ...VISA_APPLICATION_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} onClick={() => filter({ status: s })}>{s ? t(`visaApplications.status.${s}`) : t('visaApplications.all')}</button>
        ))}
      </div>
      <ListFilters active={list.query.filters.reference ? 1 : 0}>
        <form className="filters" onSubmit={apply} role="search">
          <TextInput name="reference" dir="ltr" label={t('visaApplications.reference')} placeholder="VA-…" value={reference} onChange={setReference} />
          <div className="form-actions"><button type="submit" className="btn btn-primary">{t('visaApplications.apply')}</button></div>
        </form>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('visaApplications.empty')} caption={t(title)} />
    </section>
  );
}

const decisionActors = {
  loadSubject: fromPromise(({ input, signal }: { input: { id: number | string }; signal: AbortSignal }) => getApplication(String(input.id), null, signal)),
  saveDecision: fromPromise(({ input, signal }: { input: VerdictInput; signal: AbortSignal }) =>
    moveApplication(input.id, input.status, input.reason, signal).then((r) => ({ message: r.message, subject: r.data }))),
};
/** Only an application in review is decided; any other opens read-only. */
const decisionGuards = { isOpen: (_: unknown, subject: unknown) => (subject as VisaApplication | null)?.status === 'in_review' };

/** Approve, or reject with a reason, on the decision machine; `onDecided` reloads the page's record. */
function Decision({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const [state, send] = useMachineScreen(decisionMachine, { actors: decisionActors, guards: decisionGuards, input: { id }, on: (e) => { if (e.type === 'decided') onDecided(); } });
  return <DecisionPanel state={state} send={send} may text={{
    approve: t('visaApplications.approve'), reject: t('visaApplications.reject'), reason: t('visaApplications.reason'), readOnly: t('visaApplications.readOnly'),
    confirmApprove: t('visaApplications.confirmApprove'), decided: t('visaApplications.decided'),
  }} />;
}

/** /admin/visa-application?id=: the application with its documents; start the review, then approve or reject. */
export function AdminVisaApplication() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(window.location.search).get('id') ?? 0);
  const may = can(useUser()?.role, 'bookings.manage');
  const record = useRecord<VisaApplication>((x, signal) => getApplication(String(x), null, signal), id,
    (input, signal) => moveApplication(input.id, 'in_review', null, signal));
  const a = record.data;
  const actions = a && may ? (
    a.status === 'submitted' ? <div className="button-row"><button type="button" className="btn btn-primary" data-testid="va-start-review" disabled={record.snapshot.matches('acting')} onClick={() => record.send({ type: 'ACT', action: 'in_review' })}>{t('visaApplications.startReview')}</button></div>
      : a.status === 'in_review' ? <Decision key={a.updated_at} id={a.id} onDecided={() => record.reload()} /> : null
  ) : null;
  return (
    <>
      <PageHeader title={t('visaApplications.detailTitle')} actions={<><TraceLink reference={a?.reference} kind="visa" /><BackLink href="/admin/visa-applications" label={t('visaApplications.adminTitle')} /></>} />
      {record.failed ? <p>{t('visaApplications.notFound')}</p> : !a ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p> : <ApplicationView a={a} actions={actions} />}
      {a?.events ? (
        <section className="card">
          <h2>{t('visaApplications.trail')}</h2>
          <ul className="va-trail">
            {a.events.map((e, i) => <li key={i}><DateText value={e.at} time /> · {t(`visaApplications.actions.${e.action}`)} · <bdi>{e.actor_name ?? t(`visaApplications.actors.${e.actor}`, { defaultValue: e.actor })}</bdi>{e.note && e.action === 'rejected' ? <> · <bdi>{e.note}</bdi></> : null}</li>)}
          </ul>
        </section>
      ) : null}
    </>
  );
}
