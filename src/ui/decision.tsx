import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { decisionMachine, DecisionEvent } from '../../machines/decision';
import { TextArea } from './fields';

/**
 * The approve / reject panel of anything on the decision machine: the two buttons, the confirmation before an
 * approval, the reason a rejection needs, the wait, Try again after a failure, and what was decided.
 */
export function DecisionPanel({ state, send, may, text }: {
  state: SnapshotFrom<typeof decisionMachine>;
  send: (e: DecisionEvent) => void;
  /** Read-only staff see the subject but no decision buttons (the server refuses them anyway). */
  may: boolean;
  text: { approve: string; reject: string; confirmApprove: ReactNode; reason: string; readOnly: string; decided: ReactNode; confirm?: string };
}) {
  const { t } = useTranslation();
  const saving = state.matches('saving');
  return (
    <>
      {state.matches('review') && !may ? <p className="muted">{text.readOnly}</p> : null}
      {state.matches('review') && may ? (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => send({ type: 'APPROVE' })}>{text.approve}</button>
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'REJECT' })}>{text.reject}</button>
        </div>
      ) : null}
      {state.matches('confirmingApproval') ? (
        <div role="alertdialog" aria-labelledby="decision-question">
          <p id="decision-question">{text.confirmApprove}</p>
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CONFIRM' })}>{text.confirm ?? text.approve}</button>
            <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CANCEL' })}>{t('agentsUi.cancel')}</button>
          </div>
        </div>
      ) : null}
      {state.matches('rejecting') || (saving && state.context.decision === 'rejected') ? (
        <form className="form" onSubmit={(e) => { e.preventDefault(); send({ type: 'CONFIRM' }); }} noValidate>
          <TextArea name="reason" label={text.reason} required value={state.context.reason} onChange={(reason) => send({ type: 'REASON', reason })} error={state.context.fieldErrors.reason} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={saving}>{text.reject}</button>
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
      {state.matches('done') || state.matches('decided') ? <p>{text.decided}</p> : null}
    </>
  );
}
