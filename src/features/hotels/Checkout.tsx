import { useEffect } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { HotelBooking } from '../../../contract/hotels';
import { titleText } from '../../../contract/titles';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { Alert } from '../../ui/alert';
import { formatDate, formatMoney } from '../../ui/format';
import { useFlowRole } from '../flights/useRole';
import { hotelFlowActor, useHotelFlow, type HotelFlowActor } from './flow';
import { GuestsForm } from './GuestsForm';
import { CancellationPolicy } from './policy';
import { hotelSearchPath } from './paths';
import { Voucher } from './Voucher';
import { DocumentLinks } from '../documents/DocumentLinks';
import { hotelDocuments } from '../documents/links';
import '../flights/flights.css';
import './hotels.css';
import './strings';

type Flow = ReturnType<typeof useHotelFlow>;
const REVIEW = ['review', 'booking', 'priceChanged', 'rateExpired', 'insufficientBalance', 'bookingFailed'] as const;
const DONE = ['confirmed', 'confirmingCancel', 'cancelling', 'cancelFailed', 'canceled'] as const;

/** /hotel/checkout: lead guests, contact and requests → review → card or wallet → the voucher, and cancelling it. */
export default function HotelCheckout() {
  const { t } = useTranslation();
  const role = useFlowRole();
  const actor = hotelFlowActor(role);
  const state = useHotelFlow(actor);
  const user = useUser();
  const c = state.context;
  const is = (names: readonly string[]) => names.some((s) => state.matches(s as never));
  const step = state.matches('guests') ? 1 : is(REVIEW) ? 2 : 3;
  // A new step starts at its top (on a phone the page would otherwise stay at the button just pressed).
  useEffect(() => { window.scrollTo({ top: 0 }); }, [step]);

  if (!c.chosen && !c.booking) {
    return (
      <div className="flights-page"><div className="card state-card">
        <h1>{t('hotels.checkout.nothingChosen')}</h1>
        <Link href={hotelSearchPath(role)} className="btn btn-primary">{t('hotels.search.title')}</Link>
      </div></div>
    );
  }
  return (
    <div className="flights-page checkout hotels-page">
      <h1 className="checkout-title no-print">{t('hotels.checkout.title')}</h1>
      <ol className="steps no-print" aria-label={t('hotels.checkout.steps')}>
        {(['guests', 'review', 'done'] as const).map((s, i) => <li key={s} className={step === i + 1 ? 'is-current' : step > i + 1 ? 'is-done' : ''} aria-current={step === i + 1 ? 'step' : undefined}>{t(`hotels.checkout.step.${s}`)}</li>)}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-main">
          {state.matches('guests') ? (
            <GuestsForm rooms={c.query?.rooms.length ?? 1} initial={c.guests} email={user?.email ?? ''} errors={c.fieldErrors}
              onEdit={(form) => actor.send({ type: 'EDIT_GUESTS', form })}
              onSubmit={(form) => actor.send({ type: 'SUBMIT_GUESTS', form, idempotencyKey: c.idempotencyKey ?? crypto.randomUUID() })} />
          ) : null}
          {state.matches('guests') ? <div className="button-row"><button type="button" className="btn btn-ghost" onClick={() => actor.send({ type: 'BACK' })}>{t('hotels.checkout.otherRoom')}</button></div> : null}
          {is(REVIEW) ? <Review state={state} actor={actor} /> : null}
          {state.matches('redirecting') ? <section className="card state-card"><span className="spinner-lg" aria-hidden="true" /><h2>{t('hotels.checkout.redirecting')}</h2></section> : null}
          {is(DONE) && c.booking ? <Booked state={state} actor={actor} booking={c.booking} /> : null}
        </div>
        {step < 3 ? <StaySummary state={state} /> : null}
      </div>
    </div>
  );
}

/** The hotel, room, dates and the total the server quoted for the chosen rate. */
export function StaySummary({ state }: { state: Flow }) {
  const { t, i18n } = useTranslation();
  const c = state.context;
  const room = c.hotel?.rooms.find((r) => r.code === c.chosen?.roomCode);
  const rate = room?.rates.find((x) => x.id === c.chosen?.rateId);
  if (!c.hotel || !room || !rate || !c.query) return null;
  return (
    <aside className="card fare-summary" aria-label={t('hotels.checkout.summary')}>
      <h2>{c.hotel.name}</h2>
      <p className="muted small">{room.name} · {t(`hotels.boards.${rate.board}`)}</p>
      <p>{formatDate(c.query.check_in, i18n.language)} – {formatDate(c.query.check_out, i18n.language)} · {t('hotels.nights', { count: c.hotel.nights })}</p>
      <p className="muted small">{t('hotels.search.roomCount', { count: c.query.rooms.length })}</p>
      <CancellationPolicy refundable={rate.refundable} until={rate.free_cancellation_until} penalty={rate.cancellation_penalty} zone={c.hotel.time_zone} />
      <table className="fare-table">
        <tbody><tr><th scope="row">{t('hotels.taxes')}</th><td dir="ltr">{formatMoney(rate.taxes_and_fees, i18n.language)}</td></tr></tbody>
        <tfoot><tr><th scope="row">{t('hotels.total')}</th><td dir="ltr" data-testid="stay-total">{formatMoney(c.expectedTotal ? { amount: c.expectedTotal, currency: rate.total.currency } : rate.total, i18n.language)}</td></tr></tfoot>
      </table>
      <p className="muted small">{t('hotels.checkout.pricedByServer')}</p>
    </aside>
  );
}

function Review({ state, actor }: { state: Flow; actor: HotelFlowActor }) {
  const { t, i18n } = useTranslation();
  const c = state.context;
  const busy = state.matches('booking');
  const back = () => actor.send({ type: 'BACK' });
  const failureText = c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('errors.generic');
  return (
    <section className="card review" aria-busy={busy}>
      <h2>{t('hotels.checkout.review')}</h2>
      <ul className="review-pax">
        {c.guests?.guests.map((g, i) => <li key={i}><strong>{t('hotels.checkout.leadGuest', { n: i + 1 })}:</strong> {titleText(g.title, i18n.language)} {g.first_name} {g.last_name}</li>)}
      </ul>
      <p className="muted"><bdi dir="ltr">{c.guests?.contact.email}</bdi> · <bdi dir="ltr">{c.guests?.contact.phone}</bdi></p>
      {c.guests?.specialRequests ? <p className="muted small">{c.guests.specialRequests}</p> : null}
      {state.matches('priceChanged') ? (
        <Alert testId="price-changed" primary={{ label: t('hotels.checkout.acceptPrice'), onClick: () => actor.send({ type: 'ACCEPT_PRICE' }) }} secondary={{ label: t('hotels.checkout.otherRoom'), onClick: back }}>
          <p>{t('hotels.checkout.priceChanged', { total: c.failure?.total ? formatMoney(c.failure.total, i18n.language) : '' })}</p>
        </Alert>
      ) : null}
      {state.matches('rateExpired') ? (
        <Alert testId="rate-expired" primary={{ label: t('hotels.checkout.freshRates'), onClick: () => actor.send({ type: 'RETRY' }) }}>
          <p>{t('hotels.checkout.rateExpired')}</p>
        </Alert>
      ) : null}
      {state.matches('insufficientBalance') ? (
        <Alert testId="insufficient" secondary={{ label: t('hotels.checkout.back'), onClick: back }}>
          <p><strong>{t('hotels.checkout.insufficient')}</strong></p><p>{t('hotels.checkout.insufficientHint')}</p>
        </Alert>
      ) : null}
      {state.matches('bookingFailed') ? (
        <Alert primary={{ label: t('hotels.retry'), onClick: () => actor.send({ type: 'RETRY' }) }} secondary={{ label: t('hotels.checkout.back'), onClick: back }}>
          <p>{failureText}</p>
        </Alert>
      ) : null}
      {state.matches('review') || busy ? (
        <div className="pay-options">
          <h3>{t('hotels.checkout.howToPay')}</h3>
          <div className="button-row">
            {c.role === 'agent' ? <button type="button" className="btn btn-primary" disabled={busy} onClick={() => actor.send({ type: 'CONFIRM', method: 'wallet' })} data-testid="pay-wallet">{t('hotels.checkout.payWallet')}</button> : null}
            <button type="button" className={`btn ${c.role === 'agent' ? 'btn-secondary' : 'btn-primary'}`} disabled={busy} onClick={() => actor.send({ type: 'CONFIRM', method: 'card' })} data-testid="pay-card">{t('hotels.checkout.payCard')}</button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={back}>{t('hotels.checkout.editGuests')}</button>
          </div>
          {busy ? <p className="muted" aria-live="polite"><span className="spinner" aria-hidden="true" /> {t('hotels.checkout.booking')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The voucher with what can be done with it: print, cancel by the rate's policy (after saying what comes back). */
export function Booked({ state, actor, booking }: { state: Flow; actor: HotelFlowActor; booking: HotelBooking }) {
  const { t, i18n } = useTranslation();
  const quote = booking.cancellation_quote;
  return (
    <>
      <section className="card state-card no-print" data-testid="hotel-booked">
        <h2>{booking.status === 'canceled' ? t('hotels.voucher.canceledTitle') : booking.status === 'confirmed' ? t('hotels.voucher.confirmedTitle') : t('hotels.voucher.pendingTitle')}</h2>
        <div className="button-row">
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{t('hotels.voucher.print')}</button>
          {/* The voucher, invoice and receipt PDFs, as the booking page offers them; a guest's links carry the contact email. */}
          {booking.status === 'confirmed' || booking.status === 'canceled' ? <DocumentLinks links={hotelDocuments(booking, i18n.language, state.context.role === 'guest' ? booking.contact.email : null)} /> : null}
          {state.matches('confirmed') && booking.status === 'confirmed' && quote ? (
            <button type="button" className="btn btn-ghost" onClick={() => actor.send({ type: 'CANCEL_BOOKING' })} data-testid="cancel-booking">{t('hotels.voucher.cancel')}</button>
          ) : null}
          <Link href={hotelSearchPath(state.context.role)} className="btn btn-ghost" onClick={() => actor.send({ type: 'NEW_SEARCH' })}>{t('hotels.voucher.newSearch')}</Link>
        </div>
        {state.matches('confirmingCancel') || state.matches('cancelling') ? (
          <div className="form-alert" role="alert" data-testid="cancel-confirm">
            <p>{t('hotels.voucher.cancelQuote', { refund: formatMoney(quote?.refund, i18n.language), penalty: formatMoney(quote?.penalty, i18n.language) })}</p>
            <div className="button-row">
              <button type="button" className="btn btn-primary" disabled={state.matches('cancelling')} onClick={() => actor.send({ type: 'CONFIRM', method: booking.payment.method })} data-testid="confirm-cancel">{t('hotels.voucher.confirmCancel')}</button>
              <button type="button" className="btn btn-secondary" disabled={state.matches('cancelling')} onClick={() => actor.send({ type: 'BACK' })}>{t('hotels.voucher.keep')}</button>
            </div>
          </div>
        ) : null}
        {state.matches('cancelFailed') ? (
          <div className="form-alert" role="alert">
            <p>{state.context.failure?.notice?.text ? translateServer(state.context.failure.notice.text) : t('errors.generic')}</p>
            <div className="button-row">
              <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('hotels.retry')}</button>
              <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'BACK' })}>{t('hotels.voucher.keep')}</button>
            </div>
          </div>
        ) : null}
      </section>
      <Voucher booking={booking} />
    </>
  );
}
