import { fromPromise } from 'xstate';
import { fileUrl } from '../../api/uploads';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/deposits';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { decisionMachine, type VerdictInput } from '../../../machines/decision';
import { DateText, MoneyText } from '../../ui/format';
import { BackLink, PageHeader, StatusBadge } from '../../ui/page';
import { DecisionPanel } from '../../ui/decision';
import { useMachineScreen } from '../../ui/machines';
import { decideDeposit, getDeposit } from './api';

const actors = {
  loadSubject: fromPromise(({ input, signal }: { input: { id: number | string }; signal: AbortSignal }) => getDeposit(input.id, signal)),
  saveDecision: fromPromise(({ input, signal }: { input: VerdictInput; signal: AbortSignal }) =>
    decideDeposit(input.id, { status: input.status, reason: input.reason ?? undefined }, signal).then((r) => ({ message: r.message, subject: r.data }))),
};

/** /admin/deposit-details?id=: review a top-up and approve it (the wallet is credited) or reject it with a reason. */
export default function DepositDetails() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(window.location.search).get('id') ?? 0);
  const [state, send] = useMachineScreen(decisionMachine, { actors, input: { id } });
  const d = state.context.subject as Deposit | null;
  // Read-only staff (deposits.read, e.g. an analyst) see the deposit but not the decision; the server refuses it anyway.
  const mayDecide = can(useUser()?.role, 'deposits.manage');
  return (
    <>
      <PageHeader title={t('deposits.detailsTitle')} subtitle={d ? <><StatusBadge status={d.status} /> · <span dir="ltr">#{d.id}</span></> : null} actions={<BackLink href="/admin/topup-request" label={t('deposits.topups')} />} />
      {state.matches('loading') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p> : null}
      {state.matches('loadFailed') ? <div className="card form-card"><p>{t('deposits.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></div> : null}
      {d ? (
        <div className="detail-grid">
          <section className="card dash-card">
            <h2>{t('deposits.details')}</h2>
            <dl className="details">
              <dt>{t('charges.agent')}</dt><dd dir="auto">{d.agent?.company_name ?? d.agent?.name} <span className="muted" dir="ltr">{d.agent?.agent_code}</span></dd>
              <dt>{t('deposits.fields.amount')}</dt><dd><MoneyText value={d.amount} /></dd>
              <dt>{t('deposits.fields.deposit_date')}</dt><dd><DateText value={d.deposit_date} /></dd>
              <dt>{t('deposits.fields.method')}</dt><dd>{d.method === 'cash' ? t('deposits.cash') : d.bank_name}</dd>
              <dt>{t('deposits.fields.reference')}</dt><dd dir="ltr">{d.reference}</dd>
              <dt>{t('deposits.fields.note')}</dt><dd dir="auto">{d.note ?? '—'}</dd>
              <dt>{t('deposits.fields.receipt_file')}</dt><dd>{d.receipt_file ? <a href={fileUrl(d.receipt_file)} target="_blank" rel="noreferrer">{t('deposits.receipt')}</a> : '—'}</dd>
              <dt>{t('deposits.submitted')}</dt><dd><DateText value={d.created_at} time /></dd>
              {d.reviewed_at ? <><dt>{t('deposits.reviewed')}</dt><dd><DateText value={d.reviewed_at} time /></dd></> : null}
              {d.rejection_reason ? <><dt>{t('deposits.reason')}</dt><dd dir="auto">{d.rejection_reason}</dd></> : null}
            </dl>
          </section>
          <section className="card dash-card decision" aria-live="polite">
            <h2>{t('deposits.decision')}</h2>
            <DecisionPanel state={state} send={send} may={mayDecide} text={{
              approve: t('deposits.approve'), confirm: t('deposits.confirm'), reject: t('deposits.reject'), reason: t('deposits.reason'), readOnly: t('deposits.readOnly'),
              confirmApprove: <>{t('deposits.confirmApprove')} <MoneyText value={d.amount} /></>,
              decided: <><StatusBadge status={d.status} /> {d.status === 'approved' ? t('deposits.doneApproved') : t('deposits.doneRejected')}</>,
            }} />
          </section>
        </div>
      ) : null}
    </>
  );
}
