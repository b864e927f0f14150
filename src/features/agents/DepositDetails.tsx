import { useEffect } from 'react';
import { useMachine } from '../../app/actors';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/agents';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { depositApprovalMachine, type DecisionInput, type DecisionResult } from '../../../machines/deposit-approval';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { notify } from '../../ui/toast';
import { BackLink, DateText, MoneyText, PageHeader, StatusBadge, TextArea, useQueryParam } from './kit';

const actors = {
  loadDeposit: fromPromise<Deposit, { id: number }>(async ({ input, signal }) => {
    try {
      return (await request<{ data: Deposit }>(`/deposit-details/${input.id}`, { signal })).data;
    } catch (err) {
      throw describeError(err);
    }
  }),
  saveDecision: fromPromise<DecisionResult, DecisionInput>(async ({ input, signal }) => {
    try {
      const res = await request<{ message: string; data: Deposit }>(`/update-deposit-status/${input.id}`, { method: 'PUT', body: { status: input.status, reason: input.reason }, signal });
      return { message: res.message, deposit: res.data };
    } catch (err) {
      throw describeError(err);
    }
  }),
};

/** /admin/deposit-details?id=: review a top-up and approve it or reject it with a reason (deposit approval machine). */
export default function DepositDetails() {
  const { t } = useTranslation();
  const id = Number(useQueryParam('id') ?? 0);
  const [state, send, actor] = useMachine(depositApprovalMachine.provide({ actors }), { input: { depositId: id } });
  useEffect(() => {
    const sub = actor.on('notify', (e) => notify(e.notice));
    return () => sub.unsubscribe();
  }, [actor]);
  const d = state.context.deposit;
  // Read-only staff (deposits.read, e.g. an analyst) see the deposit but not the decision; the server refuses it anyway.
  const mayDecide = can(useUser()?.role, 'deposits.manage');
  const saving = state.matches('saving');
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
              <dt>{t('deposits.fields.receipt_file')}</dt><dd>{d.receipt_file ? <a href={`/api/files/${d.receipt_file}`} target="_blank" rel="noreferrer">{t('deposits.receipt')}</a> : '—'}</dd>
              <dt>{t('deposits.submitted')}</dt><dd><DateText value={d.created_at} time /></dd>
              {d.reviewed_at ? <><dt>{t('deposits.reviewed')}</dt><dd><DateText value={d.reviewed_at} time /></dd></> : null}
              {d.rejection_reason ? <><dt>{t('deposits.reason')}</dt><dd dir="auto">{d.rejection_reason}</dd></> : null}
            </dl>
          </section>
          <section className="card dash-card decision" aria-live="polite">
            <h2>{t('deposits.decision')}</h2>
            {state.matches('review') && !mayDecide ? <p className="muted">{t('deposits.readOnly')}</p> : null}
            {state.matches('review') && mayDecide ? (
              <div className="form-actions">
                <button type="button" className="btn btn-primary" onClick={() => send({ type: 'APPROVE' })}>{t('deposits.approve')}</button>
                <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'REJECT' })}>{t('deposits.reject')}</button>
              </div>
            ) : null}
            {state.matches('confirmingApproval') ? (
              <>
                <p>{t('deposits.confirmApprove')} <MoneyText value={d.amount} /></p>
                <div className="form-actions">
                  <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CONFIRM' })}>{t('deposits.confirm')}</button>
                  <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CANCEL' })}>{t('agentsUi.cancel')}</button>
                </div>
              </>
            ) : null}
            {state.matches('rejecting') || (saving && state.context.decision === 'rejected') ? (
              <form className="form" onSubmit={(e) => { e.preventDefault(); send({ type: 'CONFIRM' }); }} noValidate>
                <TextArea name="reason" label={t('deposits.reason')} required value={state.context.reason} onChange={(reason) => send({ type: 'REASON', reason })} error={state.context.fieldErrors.reason} />
                <div className="form-actions">
                  <button type="submit" className="btn btn-primary" disabled={saving}>{t('deposits.reject')}</button>
                  <button type="button" className="btn btn-ghost" disabled={saving} onClick={() => send({ type: 'CANCEL' })}>{t('agentsUi.cancel')}</button>
                </div>
              </form>
            ) : null}
            {saving ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</p> : null}
            {state.matches('failed') ? (
              <div className="form-actions">
                <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
                <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CANCEL' })}>{t('agentsUi.back')}</button>
              </div>
            ) : null}
            {state.matches('done') || state.matches('decided') ? <p><StatusBadge status={d.status} /> {d.status === 'approved' ? t('deposits.doneApproved') : t('deposits.doneRejected')}</p> : null}
          </section>
        </div>
      ) : null}
    </>
  );
}
