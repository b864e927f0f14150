import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { formatMoney } from '../../ui/format';
import { translateServer } from '../../i18n';
import { useFlowRole } from '../flights/useRole';
import { usePageHotelFlowActor } from './flow';
import type { HotelRole } from '../../../machines/hotel-booking';
import { Booked } from './Checkout';
import '../flights/flights.css';
import './hotels.css';
import './strings';
import '../flights/payment-strings';

/** /payment-result for a hotel booking: the server's word on the tracker decides what is shown, never the query. */
export default function HotelPaymentResult({ tracker }: { tracker: string }) {
  const role = useFlowRole();
  // A flow of its own per tracker and role (a signed-in reader's role is known after the first render).
  return <HotelResult key={`${role}:${tracker}`} role={role} tracker={tracker} />;
}

function HotelResult({ role, tracker }: { role: HotelRole; tracker: string }) {
  const { t, i18n } = useTranslation();
  const actor = usePageHotelFlowActor({ role, tracker });
  const state = useSelector(actor, (s) => s);
  const { payment: p, booking } = state.context;
  const view = state.matches('checkingPayment') || state.matches('retryingPayment') ? 'checking'
    : state.matches('redirecting') ? 'redirecting' : state.matches('payRefused') ? 'refused' : state.matches('payAgainFailed') ? 'failed'
    : ['confirmed', 'confirmingCancel', 'cancelling', 'cancelFailed', 'canceled'].some((s) => state.matches(s as never)) ? 'success'
    : state.matches('paymentFailed') ? (p?.status === 'refund_due' || p?.status === 'refunded' ? 'refunded' : 'failed')
    : state.matches('paymentCancelled') ? 'cancelled' : state.matches('paymentPending') ? 'pending' : 'unknown';
  // The machine's guard decides whether paying again is offered; the view only asks it.
  const canPayAgain = (view === 'failed' || view === 'cancelled') && state.can({ type: 'PAY_CARD' });
  const retry = state.matches('payAgainFailed');
  if (view === 'success' && booking) {
    return <div className="flights-page hotels-page" data-testid="payment-result" data-status="success"><Booked state={state} actor={actor} booking={booking} /></div>;
  }
  return (
    <div className="flights-page">
      <section className={`card state-card payment-result is-${view}`} data-testid="payment-result" data-status={view}>
        {view === 'checking' || view === 'redirecting' ? <span className="spinner-lg" aria-hidden="true" /> : <span className={`result-icon is-${view}`} aria-hidden="true">{view === 'pending' ? '…' : '!'}</span>}
        <h1>{view === 'refused' ? t('hotels.payAgain.refusedTitle') : t(`payment.${view}.title`)}</h1>
        <p>
          {view === 'refused' ? translateServer(state.context.failure?.notice?.text ?? '')
            : view === 'redirecting' ? t('hotels.payAgain.redirecting')
            : canPayAgain || retry ? t('hotels.payAgain.held', { reference: booking?.reference ?? '' })
            : t(`hotels.paymentResult.${view}`, { reference: booking?.reference ?? '', amount: formatMoney(p?.amount, i18n.language) })}
        </p>
        <div className="button-row">
          {canPayAgain ? <button type="button" className="btn btn-primary" data-testid="pay-again" onClick={() => actor.send({ type: 'PAY_CARD' })}>{t('hotels.payAgain.button')}</button> : null}
          {retry ? <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('hotels.payAgain.button')}</button> : null}
          {view === 'pending' || view === 'unknown' ? <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'REFRESH' })}>{t('payment.refresh')}</button> : null}
          <Link href="/hotel/search" className="btn btn-ghost">{t('hotels.search.title')}</Link>
        </div>
      </section>
    </div>
  );
}
