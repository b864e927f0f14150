import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking, ReissueQuote } from '../../../contract/bookings';
import type { FlightOffer } from '../../../contract/flights';
import { useMachine } from '../../app/actors';
import { translateServer } from '../../i18n';
import { formatClock } from '../../../contract/format/time';
import { flightNumberText } from '../../../contract/format/flight-number';
import { DateText, MoneyText } from '../../ui/format';
import { notify } from '../../ui/toast';
import { reissueMachine } from '../../../machines/reissue';
import { reissueActors, tripOf } from './reissue-api';
import './reissue-strings';
import './bookings.css';

/**
 * "Change date" for a ticketed flight booking: the owner (agent or customer), or staff for an agent's booking.
 * The dialog searches the new date(s), lists the flights, shows the quote of the one picked and confirms it.
 * The flow is the reissue machine's; this renders its snapshot and sends its events.
 */
export function ReissuePanel({ booking, onReload }: { booking: Booking & { reissue_open?: boolean }; onReload: () => void }) {
  const { t } = useTranslation();
  const trip = useMemo(() => tripOf(booking), [booking]);
  const machine = useMemo(() => reissueMachine.provide({ actors: reissueActors }), []);
  const [snap, send, actor] = useMachine(machine, { input: { trip: trip ?? { id: booking.id, status: 'ticketed', kind: 'one-way', legs: [], cabin: 'Y', adults: 1, children: 0, infants: 0 } } });
  useEffect(() => {
    const a = actor.on('notify', (e) => notify(e.notice));
    const b = actor.on('reload', () => onReload());
    return () => { a.unsubscribe(); b.unsubscribe(); };
  }, [actor, onReload]);
  useEffect(() => { if (trip) send({ type: 'LOADED', trip }); }, [trip, send]);
  if (!trip) return null;
  const c = snap.context;
  const closed = snap.matches('closed');
  if (closed && !booking.reissue_open) return null;
  if (closed) return <button type="button" className="btn btn-secondary" data-action="reissue" onClick={() => send({ type: 'OPEN' })}>{t('reissue.change')}</button>;

  const picking = snap.matches('choosing') || snap.matches('searching') || snap.matches('results');
  const failure = c.failure?.notice;
  return (
    <div className="bk-dialog-backdrop" role="presentation">
      <div className="bk-dialog bk-reissue card" role="dialog" aria-modal="true" aria-labelledby={`ri-dlg-${booking.id}`} data-testid="reissue-dialog">
        <h2 id={`ri-dlg-${booking.id}`} className="bk-dialog-title">{t('reissue.title')} · <span dir="ltr">{booking.pnr}</span></h2>
        {picking ? (
          <>
            <p className="muted">{t('reissue.intro')}</p>
            <form className="bk-reissue-dates" onSubmit={(e) => { e.preventDefault(); send({ type: 'SEARCH' }); }}>
              {trip.legs.map((leg, i) => (
                <div className="field" key={i}>
                  <label className="field-label" htmlFor={`ri-date-${booking.id}-${i}`}>
                    {trip.kind === 'multi-city' ? <>{t('reissue.legDate', { n: i + 1 })} · <span dir="ltr">{leg.origin} → {leg.destination}</span></> : t(i === 0 ? 'reissue.date' : 'reissue.returnDate')}
                  </label>
                  {/* A leg cannot leave before the one before it: the picker starts at that leg's new date. */}
                  <input id={`ri-date-${booking.id}-${i}`} type="date" className="field-input" dir="ltr" value={c.dates[i] ?? ''} min={i > 0 ? c.dates[i - 1] || undefined : undefined}
                    disabled={snap.matches('searching')} onChange={(e) => send({ type: 'DATE', leg: i, date: e.target.value })} data-testid={`reissue-date-${i}`} />
                </div>
              ))}
              <button type="submit" className="btn btn-primary" disabled={snap.matches('searching')} data-testid="reissue-search">{t('reissue.search')}</button>
            </form>
            {snap.matches('searching') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('reissue.searching')}</p> : null}
            {snap.matches('results') && !c.offers.length ? <p className="muted">{t('reissue.none')}</p> : null}
            {snap.matches('results') && c.offers.length ? (
              <ul className="bk-reissue-offers" data-testid="reissue-offers">
                {c.offers.map((o) => <OfferRow key={o.id} offer={o} onPick={() => send({ type: 'PICK', offer: o })} label={t('reissue.choose')} />)}
              </ul>
            ) : null}
          </>
        ) : null}
        {snap.matches('quoting') ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('reissue.quoting')}</p> : null}
        {(snap.matches('quoted') || snap.matches('confirming')) && c.quote ? (
          <>
            {c.offer ? <ul className="bk-reissue-offers"><OfferRow offer={c.offer} /></ul> : null}
            {c.quoteChanged ? <p className="bk-note bk-warn" role="alert">{t('reissue.changed')}</p> : null}
            <ReissueFigures quote={c.quote} />
            {c.quote.cheaper ? <p className="bk-note">{t('reissue.cheaper')}</p> : null}
            <p className="bk-note">{t(c.quote.pay_by === 'wallet' ? 'reissue.wallet' : 'reissue.support')}</p>
          </>
        ) : null}
        {snap.matches('done') ? <p className="bk-note" role="status">{t('reissue.done')}</p> : null}
        {snap.matches('refused') || snap.matches('error') ? (
          <p className="field-error" role="alert">{failure?.text ? translateServer(failure.text) : t('reissue.failed')}</p>
        ) : null}
        <div className="form-actions">
          {(snap.matches('quoted') || snap.matches('confirming')) && c.quote?.pay_by === 'wallet' ? (
            <button type="button" className="btn btn-primary" disabled={snap.matches('confirming')} onClick={() => send({ type: 'CONFIRM' })} data-confirm="reissue">
              {snap.matches('confirming') ? <><span className="spinner" aria-hidden="true" /> {t('reissue.working')}</> : <>{t('reissue.confirm')} <MoneyText value={c.quote.total} /></>}
            </button>
          ) : null}
          {snap.matches('error') ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button> : null}
          {snap.matches('quoted') || snap.matches('refused') ? <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' })}>{t('reissue.back')}</button> : null}
          {!snap.matches('confirming') ? <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CLOSE' })}>{t('reissue.close')}</button> : null}
        </div>
      </div>
    </div>
  );
}

/** A flight to change onto: its flights, times, the day of each journey and the price searched. */
function OfferRow({ offer, onPick, label }: { offer: FlightOffer; onPick?: () => void; label?: string }) {
  const segs = offer.journeys.flatMap((j) => j.segments);
  return (
    <li className="bk-reissue-offer">
      <span>
        <strong dir="ltr">{segs.map((s) => flightNumberText(s.airline.code, s.flight_number)).join(' · ')}</strong>
        <span className="bk-sub" dir="ltr">{offer.journeys.map((j) => `${j.origin} ${formatClock(j.departure_at)} → ${j.destination} ${formatClock(j.arriving_at)}`).join(' | ')}</span>
        <span className="bk-sub">{offer.journeys.map((j, i) => <span key={i}>{i ? ' – ' : null}<DateText value={j.departure_at.slice(0, 10)} /></span>)}</span>
      </span>
      <span className="bk-reissue-price"><MoneyText value={offer.price} /></span>
      {onPick ? <button type="button" className="btn btn-secondary" onClick={onPick} data-testid="reissue-pick">{label}</button> : null}
    </li>
  );
}

/** The quote: fare paid, new fare, the difference, the airline's change fee, our charge, the total. */
export function ReissueFigures({ quote }: { quote: ReissueQuote }) {
  const { t } = useTranslation();
  return (
    <dl className="bk-dl bk-refund" data-testid="reissue-figures">
      <dt>{t('reissue.oldFare')}</dt><dd><MoneyText value={quote.old_fare} /></dd>
      <dt>{t('reissue.newFare')}</dt><dd><MoneyText value={quote.new_fare} /></dd>
      <dt>{t('reissue.difference')}</dt><dd><MoneyText value={quote.fare_difference} /></dd>
      <dt>{t('reissue.changeFee')}</dt><dd><MoneyText value={quote.change_fee} /></dd>
      <dt>{t('reissue.serviceCharge')}</dt><dd><MoneyText value={quote.service_charge} /></dd>
      <dt><strong>{t('reissue.total')}</strong></dt><dd><strong data-testid="reissue-total"><MoneyText value={quote.total} /></strong></dd>
    </dl>
  );
}
