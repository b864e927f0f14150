import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { fromPromise } from 'xstate';
import { decisionMachine, type VerdictInput } from '../../../machines/decision';
import { MoneyText } from '../../ui/format';
import { BackLink, PageHeader, StatusBadge } from '../../ui/page';
import { DecisionPanel } from '../../ui/decision';
import { ConfirmBox } from '../../ui/lists';
import { useMachineScreen } from '../../ui/machines';
import { useRecord } from '../../ui/records';
import { getUser, updateUserStatus, type UserDetails } from './api';
import { AgentMarginForm } from './AgentMarginForm';
import { statusOf } from './Users';
import { AgencyAuditList, AgencyUsersPanel } from '../agency/AgencyUsers';
import { CreditPanel } from '../agents/CreditPanel';

/** /admin/user-details?id=: a user; for agents the company, the approval decision, the wallet and the margins. */
export default function UserDetailsScreen() {
  const { t } = useTranslation();
  const id = new URLSearchParams(window.location.search).get('id') ?? '';
  const record = useRecord<UserDetails>((itemId, signal) => getUser(itemId, signal), id,
    (a, signal) => updateUserStatus(a.id, { is_approved: '0' }, signal));
  const u = record.data;
  const role = useUser()?.role;
  // Readers (the analyst) see the user; approving, editing and margins need the manage permissions.
  const mayEdit = can(role, 'users.manage');
  if (record.failed) {
    return <div className="card state-card" role="alert"><p>{t('users.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => record.send({ type: 'RETRY' })}>{t('common.retry')}</button></div>;
  }
  if (!u) return <PageHeader title={t('users.detailsTitle')} />;
  const p = u.profile;
  return (
    <>
      <PageHeader title={u.name} subtitle={<><span dir="ltr">{u.email}</span> · {t(`roles.${u.role}`)} · <StatusBadge status={statusOf(u)} /></>}
        actions={<><BackLink href="/admin/users" label={t('users.title')} />{u.role === 'agent' && mayEdit ? <Link className="btn btn-secondary" href={`/admin/update-agent-data?id=${u.id}`}>{t('agentProfile.updateTitle')}</Link> : null}{u.role === 'agent' && can(role, 'deposits.manage') ? <Link className="btn btn-secondary" href={`/admin/agent-detail-deposits?id=${u.id}`}>{t('deposits.title')}</Link> : null}</>} />
      <div className="detail-grid">
        {p ? (
          <section className="card dash-card">
            <h2>{t('agentProfile.company')}</h2>
            <dl className="details">
              <dt>{t('agentProfile.fields.company_name')}</dt><dd dir="auto">{p.company_name}</dd>
              <dt>{t('agentProfile.agentCode')}</dt><dd dir="ltr">{p.agent_code}</dd>
              <dt>{t('agentProfile.fields.phone')}</dt><dd dir="ltr">{p.phone}</dd>
              <dt>{t('agentProfile.fields.licence_no')}</dt><dd dir="ltr">{p.licence_no ?? '—'}</dd>
              <dt>{t('agentProfile.fields.address')}</dt><dd dir="auto">{[p.address, p.city, p.country].filter(Boolean).join(', ') || '—'}</dd>
              <dt>{t('agentProfile.fields.contact_person')}</dt><dd dir="auto">{p.contact_person ?? '—'}</dd>
              <dt>{t('agentProfile.emailVerified')}</dt><dd>{p.email_verified ? t('agentsUi.yes') : t('agentsUi.no')}</dd>
            </dl>
          </section>
        ) : null}
        {p ? <AgentApproval key={u.is_approved} user={u} may={mayEdit} onDecided={record.reload} /> : null}
        {p && u.is_approved === '1' && mayEdit ? (
          <section className="card dash-card">
            {record.snapshot.matches('confirming') || record.snapshot.matches('acting') ? (
              <ConfirmBox question={t('users.confirm.unapprove', { name: p.company_name ?? u.name })} yes={t('users.unapprove')} busy={record.snapshot.matches('acting')}
                onYes={() => record.send({ type: 'CONFIRM' })} onNo={() => record.send({ type: 'CANCEL' })} />
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => record.send({ type: 'ACT', action: 'unapprove', confirm: true })}>{t('users.unapprove')}</button>
            )}
          </section>
        ) : null}
        {u.balance ? (
          <section className="card dash-card">
            <h2>{t('ledger.balance')}</h2>
            <p className="big-balance"><MoneyText value={u.balance} /></p>
            {can(role, 'margins.manage') ? <AgentMarginForm agentId={u.id} margin={u.margin} /> : null}
          </section>
        ) : null}
        {u.role === 'agent' && !u.agency_id && (can(role, 'ledger.manage') || can(role, 'ledger.read')) ? <CreditPanel agentId={u.id} /> : null}
      </div>
      {u.role === 'agent' && !u.agency_id ? (
        <>
          <h2 className="section-title">{t('agency.hierarchy')}</h2>
          <AgencyUsersPanel agencyId={u.id} mayManage={mayEdit} />
          <AgencyAuditList agencyId={u.id} />
        </>
      ) : null}
    </>
  );
}

/** An agent waiting for approval is approved (after a confirmation) or rejected with a reason the agent is mailed. */
function AgentApproval({ user, may, onDecided }: { user: UserDetails; may: boolean; onDecided: () => void }) {
  const { t } = useTranslation();
  const p = user.profile!;
  const [state, send] = useMachineScreen(decisionMachine, {
    input: { id: user.id, label: p.company_name ?? user.name, notices: { approved: 'users.approvedNotice', rejected: 'users.rejectedNotice' } },
    actors: {
      loadSubject: fromPromise(({ input, signal }: { input: { id: number | string }; signal: AbortSignal }) => getUser(input.id, signal)),
      saveDecision: fromPromise(({ input, signal }: { input: VerdictInput; signal: AbortSignal }) =>
        updateUserStatus(input.id, { is_approved: input.status === 'approved' ? '1' : '0', reason: input.reason ?? '' }, signal).then((r) => ({ message: r.message, subject: r.data }))),
    },
    // Still to decide: an agent not approved yet (a rejected one may still be approved later).
    guards: { isOpen: (_: unknown, subject: unknown) => (subject as UserDetails | null)?.is_approved === '0' },
    on: (e) => { if (e.type === 'decided') onDecided(); },
  });
  return (
    <section className="card dash-card decision" aria-live="polite">
      <h2>{t('users.approval')}</h2>
      <p className="muted">{p.complete ? t('users.profileComplete') : t('users.profileIncomplete')}</p>
      {p.rejection_reason ? <p><strong>{t('agentProfile.rejected')}</strong> <span dir="auto">{p.rejection_reason}</span></p> : null}
      <DecisionPanel state={state} send={send} may={may} text={{
        approve: t('users.approve'), reject: t('users.reject'), reason: t('users.reason'), readOnly: t('users.readOnly'),
        confirmApprove: t('users.confirm.approve', { name: p.company_name ?? user.name }),
        decided: <><StatusBadge status={statusOf(user)} /> {user.is_approved === '1' ? t('users.decidedApproved') : t('users.decidedRejected')}</>,
      }} />
    </section>
  );
}
