import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgencyAuditEntry, AgencyUser } from '../../../contract/agency';
import { agencyUsersMachine } from '../../../machines/agency-users';
import { useUser } from '../../app/auth';
import { PageHeader, StatusBadge } from '../../ui/page';
import { SelectInput, Submit, TextInput } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { DateText } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { agencyAudit, agencyUserActors } from './api';
import './agency.css';

/** /agent/agency-users: the agency admin's branch users and the agency's audit list. */
export default function AgencyUsersScreen() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  // A booker reaches this screen only by its address: managing the agency is its admins' business.
  if (user.agency_role === 'booker') {
    return (<><PageHeader title={t('agency.title')} /><p className="card agency-note">{t('agency.bookerOnly')}</p></>);
  }
  const agencyId = user.agency_id ?? user.id;
  return (
    <>
      <PageHeader title={t('agency.title')} subtitle={t('agency.subtitle')} />
      <AgencyUsersPanel agencyId={agencyId} mayManage selfId={user.id} />
      <AgencyAuditList agencyId={agencyId} />
    </>
  );
}

/** The agency and its branch users, with the add form and deactivate/reactivate where the reader may manage them. */
export function AgencyUsersPanel({ agencyId, mayManage, selfId }: { agencyId: number; mayManage: boolean; selfId?: number }) {
  const { t } = useTranslation();
  const [snap, send] = useMachineScreen(agencyUsersMachine, { actors: agencyUserActors(agencyId) });
  const { users, draft, errors, changing, failed } = snap.context;
  const busy = snap.matches('adding');
  const columns: Column<AgencyUser>[] = [
    { key: 'name', label: t('agency.columns.name'), render: (u) => <><strong>{u.name}</strong><div className="agency-email" dir="ltr">{u.email}</div></> },
    { key: 'role', label: t('agency.columns.role'), render: (u) => t(`agency.roles.${u.agency_role}`) },
    { key: 'status', label: t('agency.columns.status'), render: (u) => <StatusBadge status={u.status} /> },
    { key: 'added', label: t('agency.columns.added'), render: (u) => <DateText value={u.created_at} /> },
    ...(mayManage ? [{
      key: 'actions', label: t('agency.columns.actions'), render: (u: AgencyUser) => (u.agency_role === 'owner' || u.id === selfId ? null : (
        <button type="button" className="btn btn-secondary btn-sm" disabled={changing !== null} aria-busy={changing === u.id || undefined}
          onClick={() => send({ type: 'SET_STATUS', id: u.id, status: u.status === 'active' ? 'suspended' : 'active' })}>
          {u.status === 'active' ? t('agency.deactivate') : t('agency.reactivate')}
        </button>
      )),
    }] : []),
  ];
  return (
    <section className="agency-panel" aria-labelledby="agency-users-h">
      <h2 id="agency-users-h">{t('agency.usersHeading')}</h2>
      {failed ? <p role="alert" className="card agency-note">{t('common.listFailed')} <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></p> : null}
      <DataTable rows={snap.matches('loading') ? null : users} columns={columns} loading={snap.matches('loading')} empty={t('agency.empty')} caption={t('agency.usersHeading')} />
      {mayManage ? (
        <form className="card form-card form agency-form" noValidate onSubmit={(e) => { e.preventDefault(); send({ type: 'ADD' }); }} aria-busy={busy}>
          <h3>{t('agency.addHeading')}</h3>
          <p className="field-description">{t('agency.addHint')}</p>
          <div className="form-row">
            <TextInput name="name" label={t('agency.fields.name')} required value={draft.name} onChange={(value) => send({ type: 'EDIT', field: 'name', value })} error={errors.name} />
            <TextInput name="email" type="email" dir="ltr" inputMode="email" label={t('agency.fields.email')} required value={draft.email} onChange={(value) => send({ type: 'EDIT', field: 'email', value })} error={errors.email} />
            <SelectInput name="agency_role" label={t('agency.fields.role')} required value={draft.agency_role} onChange={(value) => send({ type: 'EDIT', field: 'agency_role', value })} error={errors.agency_role}
              options={[{ value: 'booker', label: t('agency.roles.booker') }, { value: 'agency_admin', label: t('agency.roles.agency_admin') }]} />
          </div>
          <div className="form-actions"><Submit busy={busy}>{t('agency.add')}</Submit></div>
        </form>
      ) : null}
    </section>
  );
}

/** What the agency's users did, newest first. */
export function AgencyAuditList({ agencyId }: { agencyId: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AgencyAuditEntry[] | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    agencyAudit(agencyId, ctl.signal).then((r) => setRows(r.data), () => { if (!ctl.signal.aborted) setRows([]); });
    return () => ctl.abort();
  }, [agencyId]);
  const columns: Column<AgencyAuditEntry>[] = [
    { key: 'at', label: t('agency.audit.at'), render: (a) => <DateText value={a.at} time /> },
    { key: 'who', label: t('agency.audit.who'), render: (a) => a.actor?.name ?? '—' },
    { key: 'action', label: t('agency.audit.action'), render: (a) => t(`agency.audit.actions.${a.action}`) },
    { key: 'subject', label: t('agency.audit.subject'), render: (a) => <span dir="ltr">{a.subject}</span> },
  ];
  return (
    <section className="agency-panel" aria-labelledby="agency-audit-h">
      <h2 id="agency-audit-h">{t('agency.audit.heading')}</h2>
      <DataTable rows={rows} columns={columns} loading={rows === null} empty={t('agency.audit.empty')} caption={t('agency.audit.heading')} />
    </section>
  );
}
