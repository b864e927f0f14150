import { useEffect, useMemo, type ReactNode } from 'react';
import { useMachine } from '../../app/actors';
import { useTranslation } from 'react-i18next';
import { ASKS_REASON, availableActions, bookingActionsMachine, type BookingAction, type BookingFacts } from '../../../machines/booking-actions';
import { notify } from '../../ui/toast';
import { translateServer } from '../../i18n';
import { loadQuote, runAction } from './api';
import { RefundFigures } from './RefundQuote';
import './bookings.css';

const DANGER: BookingAction[] = ['cancel', 'void', 'approveVoid', 'reject', 'requestVoid', 'requestRefund', 'startRefund', 'approveRefund'];

/**
 * The booking actions (cancel, confirm, approve, void) for one booking: the buttons its status and the user's role allow, a confirm
 * dialog (with a reason where one is asked), the call, and a reload of the booking or list afterwards.
 */
export function ActionPanel({ booking, onReload, compact, pnr, hide = [], amounts = {} }: {
  booking: BookingFacts; onReload: () => void; compact?: boolean; pnr: string;
  /** Actions this screen offers another way (a customer pays a hold by card, not by "confirm"). */
  hide?: readonly BookingAction[];
  /** What the action costs or gives back, said in its dialog before the reader confirms. */
  amounts?: Partial<Record<BookingAction, ReactNode>>;
}) {
  const { t } = useTranslation();
  const machine = useMemo(() => bookingActionsMachine.provide({ actors: { runAction, loadQuote } }), []);
  const [snap, send, actor] = useMachine(machine, { input: { booking } });
  useEffect(() => {
    const a = actor.on('notify', (e) => notify(e.notice));
    const b = actor.on('reload', () => onReload());
    return () => { a.unsubscribe(); b.unsubscribe(); };
  }, [actor, onReload]);
  useEffect(() => { send({ type: 'LOADED', booking }); }, [booking.id, booking.status, booking.access, booking.void_window_open, booking.refund_open, booking.owner_may_ticket, send]); // eslint-disable-line react-hooks/exhaustive-deps

  const actions = availableActions(snap.context.booking).filter((a) => !hide.includes(a));
  const action = snap.context.action;
  const open = snap.matches('quoting') || snap.matches('confirming') || snap.matches('working') || snap.matches('error');
  const quote = snap.context.quote;
  // The server's word on the reason (a refusal must say why): shown instead of the generic failure.
  const reasonError = snap.context.failure?.fieldErrors?.reason;
  if (!actions.length && !open) return compact ? null : <p className="muted bk-no-actions">{t('bookings.actions.none')}</p>;
  return (
    <div className={compact ? 'bk-actions bk-actions-compact' : 'bk-actions'}>
      {actions.map((a) => (
        <button key={a} type="button" className={`btn ${DANGER.includes(a) ? 'btn-secondary bk-danger' : 'btn-primary'}`} disabled={open}
          onClick={() => send({ type: 'CHOOSE', action: a })} data-action={a}>
          {compact ? t(`bookings.short.${a}`) : t(`bookings.actions.${a}`)}
        </button>
      ))}
      {open && action ? (
        <div className="bk-dialog-backdrop" role="presentation">
          <div className="bk-dialog card" role="dialog" aria-modal="true" aria-labelledby={`bk-dlg-${booking.id}`}>
            <h2 id={`bk-dlg-${booking.id}`} className="bk-dialog-title">{t(`bookings.actions.${action}`)} · <span dir="ltr">{pnr}</span></h2>
            <p>{t(`bookings.confirm.${action}`)}</p>
            {amounts[action] ? <p className="bk-amount" data-testid="action-amount">{amounts[action]}</p> : null}
            {snap.matches('quoting') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('bookings.refund.quoting')}</p> : null}
            {quote ? <RefundFigures quote={quote} /> : null}
            {ASKS_REASON.includes(action) ? (
              <div className="field">
                <label className="field-label" htmlFor={`bk-reason-${booking.id}`}>{t(action === 'rejectRefund' ? 'bookings.confirm.reasonRequired' : 'bookings.confirm.reason')}</label>
                <textarea id={`bk-reason-${booking.id}`} className="field-input" rows={2} dir="auto" value={snap.context.reason} required={action === 'rejectRefund'}
                  disabled={!snap.matches('confirming')} onChange={(e) => send({ type: 'REASON', reason: e.target.value })} />
              </div>
            ) : null}
            {snap.matches('error') ? <p className="field-error" role="alert">{reasonError ? translateServer(reasonError) : t('bookings.confirm.failed')}</p> : null}
            <div className="form-actions">
              {snap.matches('error') ? (
                <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
              ) : (
                <button type="button" className="btn btn-primary" disabled={snap.matches('working') || snap.matches('quoting')} onClick={() => send({ type: 'CONFIRM' })} data-confirm={action}>
                  {snap.matches('working') ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : t('bookings.confirm.yes')}
                </button>
              )}
              <button type="button" className="btn btn-ghost" disabled={snap.matches('working')} onClick={() => send({ type: snap.matches('error') ? 'DISMISS' : 'CANCEL' })}>{t('bookings.confirm.no')}</button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
