import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangedSegmentWire, ScheduleChange } from '../../../contract/schedule-changes';
import { formatLocal } from '../../../contract/format/time';
import { useMachine } from '../../app/actors';
import { translateServer } from '../../i18n';
import { MoneyText } from '../../ui/format';
import { notify } from '../../ui/toast';
import { scheduleChangeResponseMachine } from '../../../machines/schedule-change-response';
import { responseActors } from './api';
import './strings';

/** A flight as the airline has it: number, airports and the airports' local times, through the one date formatter. */
export function SegmentLine({ segment, label }: { segment: ChangedSegmentWire; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="sc-segment">
      <span className="sc-label">{label}</span>
      <span><bdi dir="ltr">{segment.flight_number}</bdi> · <bdi dir="ltr">{segment.origin} → {segment.destination}</bdi></span>
      <span>{t('scheduleChanges.departs')} <bdi>{formatLocal(segment.departure_at, i18n.language)}</bdi></span>
      <span>{t('scheduleChanges.arrives')} <bdi>{formatLocal(segment.arriving_at, i18n.language)}</bdi></span>
    </div>
  );
}

/**
 * One unanswered change and the answers its booking allows (a paid one: accept, another flight, a refund; a held
 * one: accept, another flight, drop the hold). The flow is the schedule-change-response machine's: this renders its
 * snapshot and sends its events; the page reloads the booking when it answers. Staff answering for the owner
 * (`owner` named) see the same card and confirmations, with a line saying whose booking they answer for.
 */
export function ChangeCard({ pnr, change, onReload, owner }: { pnr: string; change: ScheduleChange; onReload: () => void; owner?: string }) {
  const { t } = useTranslation();
  const machine = useMemo(() => scheduleChangeResponseMachine.provide({ actors: responseActors }), []);
  const [snap, send, actor] = useMachine(machine, { input: { pnr, change } });
  useEffect(() => {
    const a = actor.on('notify', (e) => notify(e.notice));
    const b = actor.on('reload', () => onReload());
    return () => { a.unsubscribe(); b.unsubscribe(); };
  }, [actor, onReload]);
  useEffect(() => { send({ type: 'CHANGED', change }); }, [change, send]);
  const c = snap.context;
  const busy = snap.matches('accepting') || snap.matches('rebooking') || snap.matches('refunding') || snap.matches('canceling') || snap.matches('loadingOptions');
  const canceled = change.new_segment === null;
  return (
    <article className="sc-card" aria-labelledby={`sc-${change.id}`} data-testid="schedule-change">
      <h3 id={`sc-${change.id}`}>{t(canceled ? 'scheduleChanges.canceledTitle' : 'scheduleChanges.changedTitle')}</h3>
      <SegmentLine segment={change.old_segment} label={t('scheduleChanges.asBooked')} />
      {change.new_segment ? <SegmentLine segment={change.new_segment} label={t('scheduleChanges.now')} /> : <p className="sc-canceled">{t('scheduleChanges.canceledLine')}</p>}
      {owner ? <p className="muted" data-testid="schedule-change-on-behalf">{t('scheduleChanges.onBehalf', { owner })}</p> : null}
      {snap.matches('answered') ? <p className="bk-note" role="status">{t(`scheduleChanges.answer.${c.change.answer ?? 'accepted'}`)}</p> : null}
      {snap.matches('choosing') ? (
        c.options.length ? (
          <ul className="sc-options" data-testid="schedule-change-options">
            {c.options.map((o) => (
              <li key={o.offer_id} className="sc-option">
                <span>{o.journeys.flatMap((j) => j.segments).map((s, i) => <SegmentLine key={i} segment={s} label={t('scheduleChanges.flight')} />)}</span>
                <span className="sc-free">{t('scheduleChanges.free')} <s aria-label={t('scheduleChanges.fareToday')}><MoneyText value={o.price} /></s></span>
                <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'PICK', option: o })} data-testid="schedule-change-pick">{t('scheduleChanges.pick')}</button>
              </li>
            ))}
          </ul>
        ) : <p className="muted">{t('scheduleChanges.noOptions')}</p>
      ) : null}
      {snap.matches('confirmingCancel') ? <p className="bk-note bk-warn" role="alert">{t('scheduleChanges.cancelConfirm')}</p> : null}
      {busy ? <p className="muted" role="status"><span className="spinner" aria-hidden="true" /> {t('scheduleChanges.working')}</p> : null}
      {snap.matches('refused') || snap.matches('error') ? (
        <p className="field-error" role="alert">{c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('scheduleChanges.failed')}</p>
      ) : null}
      <div className="form-actions">
        {snap.matches('pending') && c.change.can.accept ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'ACCEPT' })} data-action="schedule-accept">{t('scheduleChanges.accept')}</button> : null}
        {snap.matches('pending') && c.change.can.rebook ? <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CHOOSE' })} data-action="schedule-rebook">{t('scheduleChanges.rebook')}</button> : null}
        {snap.matches('pending') && c.change.can.refund ? <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'REFUND' })} data-action="schedule-refund">{t('scheduleChanges.refund')}</button> : null}
        {snap.matches('pending') && c.change.can.cancel ? <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'CANCEL' })} data-action="schedule-cancel">{t('scheduleChanges.cancel')}</button> : null}
        {snap.matches('confirmingCancel') ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'CONFIRM' })} data-action="schedule-cancel-confirm">{t('scheduleChanges.cancelYes')}</button> : null}
        {snap.matches('error') ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button> : null}
        {snap.matches('choosing') || snap.matches('confirmingCancel') || snap.matches('refused') || snap.matches('error') ? <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'BACK' })}>{t('scheduleChanges.back')}</button> : null}
      </div>
    </article>
  );
}
