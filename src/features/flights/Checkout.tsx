import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { translateServer } from '../../i18n';
import { Deadline } from '../../ui/format';
import { JourneyDetails, JourneyLine } from './OfferCard';
import { flowActor, loadPreviousSearch, useFlow } from './flow';
import { resultsPath, searchPath, useFlowRole } from './useRole';
import { searchHref } from './SearchForm';
import { useUser } from '../../app/auth';
import { CheckoutReview } from './CheckoutReview';
import { FareSummaryBox } from './FareSummary';
import { PassengersForm } from './PassengersForm';
import { CheckoutExtras } from '../extras/CheckoutExtras';
import './flights.css';
import './checkout-strings';

export { FareSummaryBox };

/** The review step's states: the review itself and every answer of the booking call that comes back to it. */
const REVIEW_STATES = ['review', 'booking', 'priceChanged', 'insufficientBalance', 'bookingFailed'] as const;

/** /flight/checkout (and the agent's): the chosen offer's passengers, the review and payment, and the outcome. */
export default function Checkout() {
  const { t } = useTranslation();
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);
  const user = useUser();
  const { offer, booking, failure } = state.context;
  const prev = loadPreviousSearch();

  if (!offer && !booking) {
    return (
      <div className="flights-page">
        <div className="card state-card">
          <h1>{t('checkout.nothingSelected')}</h1>
          <Link href={prev ? searchHref(resultsPath(role), prev) : searchPath(role)} className="btn btn-primary">{t('checkout.backToResults')}</Link>
        </div>
      </div>
    );
  }
  const step = state.matches('passengers') ? 1 : state.matches('extras') ? 2 : REVIEW_STATES.some((s) => state.matches(s)) ? 3 : 4;
  return (
    <div className="flights-page checkout">
      <h1 className="checkout-title">{t('checkout.title')}</h1>
      <ol className="steps" aria-label={t('checkout.steps')}>
        {(['passengers', 'extras', 'review', 'done'] as const).map((s, i) => <li key={s} className={step === i + 1 ? 'is-current' : step > i + 1 ? 'is-done' : ''} aria-current={step === i + 1 ? 'step' : undefined}>{t(`checkout.step.${s}`)}</li>)}
      </ol>
      <div className="checkout-layout">
        <div className="checkout-main">
          {offer ? (
            <section className="card itinerary-card">
              <h2>{t('checkout.itinerary')}</h2>
              {offer.journeys.map((j, i) => <JourneyLine key={i} j={j} />)}
              <details><summary>{t('flights.flightDetails')}</summary>{offer.journeys.map((j, i) => <JourneyDetails key={i} j={j} />)}</details>
            </section>
          ) : null}
          {state.matches('passengers') ? <PassengersForm context={state.context} email={user?.email ?? ''} send={actor.send} /> : null}
          {state.matches('extras') && offer ? (
            <CheckoutExtras offer={offer} passengers={state.context.travellers.map((p) => ({ type: p.type, name: `${p.first_name} ${p.last_name}` }))} initial={state.context.extras}
              onChosen={(extras, total) => actor.send({ type: 'SET_EXTRAS', extras, total })} onSkip={() => actor.send({ type: 'BACK' })} />
          ) : null}
          {step === 3 ? <CheckoutReview state={state} send={actor.send} /> : null}
          {state.matches('held') && booking ? (
            <section className="card state-card" data-testid="booking-held">
              <h2>{t('checkout.held.title', { pnr: booking.pnr })}</h2>
              <p>{booking.hold_expires_at ? <Deadline at={booking.hold_expires_at} sentence="checkout.held.until" /> : t('checkout.held.noDeadline')}</p>
              <div className="button-row">
                <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'PAY_CARD', payWith: 'card' })}>{t('checkout.payCard')}</button>
                {offer?.pay_with?.includes('jazzcash') ? <button type="button" className="btn btn-secondary" data-testid="held-pay-jazzcash" onClick={() => actor.send({ type: 'PAY_CARD', payWith: 'jazzcash' })}>{t('checkout.payJazzCash')}</button> : null}
                <Link className="btn btn-secondary" href={bookingHref(booking.pnr, booking.main_contact.email, role)}>{t('checkout.viewBooking')}</Link>
              </div>
            </section>
          ) : null}
          {state.matches('confirmed') && booking ? (
            <section className="card state-card" data-testid="booking-confirmed">
              <h2>{t('checkout.confirmed.title', { pnr: booking.pnr })}</h2>
              <p>{t('checkout.confirmed.text')}</p>
              <Link className="btn btn-primary" href={bookingHref(booking.pnr, booking.main_contact.email, role)}>{t('checkout.viewBooking')}</Link>
            </section>
          ) : null}
          {(state.matches('redirecting') || state.matches('startingPayment')) ? (
            <section className="card state-card"><span className="spinner-lg" aria-hidden="true" /><h2>{t('checkout.redirecting')}</h2></section>
          ) : null}
          {state.matches('paymentFailed') && failure ? <p className="form-alert" role="alert">{failure.notice?.text ? translateServer(failure.notice.text) : t('errors.generic')}</p> : null}
        </div>
        <FareSummaryBox offer={offer} fare={booking?.fare ?? (state.matches('priceChanged') ? state.context.newFare : null)} markup={state.context.agentMarkup} extras={state.context.extrasTotal} />
      </div>
    </div>
  );
}

export const bookingHref = (pnr: string, email: string, role?: string) =>
  `${role === 'agent' ? '/agent/pnr-details' : '/booking'}?pnr=${encodeURIComponent(pnr)}&email=${encodeURIComponent(email)}`;
