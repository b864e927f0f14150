import { lazy, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { usePageFlowActor } from './flow';
import { formatMoney } from '../../ui/format';
import { bookingHref } from './Checkout';
import { useFlowRole } from './useRole';
import type { Role } from '../../../machines/flight-booking';
import { isHotelPayment } from '../hotels/payment-marker';
import './flights.css';
import './payment-strings';

/** A hotel's card checkout comes back here too: its result is the hotel flow's (loaded only then). */
const HotelPaymentResult = lazy(() => import('../hotels/PaymentResult'));

/** Views whose words differ for an item other than a flight (no seats, no ticket): see payment.item.* */
const ITEM_TEXTS = { success: 1, failed: 1, cancelled: 1, refunded: 1 };

export default function PaymentResultPage() {
  const tracker = new URLSearchParams(useSearch()).get('tracker') ?? '';
  const role = useFlowRole();
  if (isHotelPayment(tracker)) return <Suspense fallback={null}><HotelPaymentResult tracker={tracker} /></Suspense>;
  // A flow of its own per tracker and role (a signed-in reader's role is known after the first render).
  return <FlightPaymentResult key={`${role}:${tracker}`} role={role} tracker={tracker} />;
}

/** /payment-result?status=…&tracker=… : the server's word on the tracker decides what is shown, never the query. */
function FlightPaymentResult({ role, tracker }: { role: Role; tracker: string }) {
  const { t, i18n } = useTranslation();
  const actor = usePageFlowActor({ role, tracker });
  const state = useSelector(actor, (s) => s);
  const p = state.context.payment;
  const subject = p?.subject ?? null;

  // A hotel's payment opened where this tab kept no note of it (another tab, another address of the site).
  if ((p as { hotel_booking_id?: number | null } | null)?.hotel_booking_id) return <Suspense fallback={null}><HotelPaymentResult tracker={tracker} /></Suspense>;
  if (!tracker) return <div className="flights-page"><div className="card state-card"><h1>{t('payment.missing')}</h1><Link href="/" className="btn btn-primary">{t('payment.home')}</Link></div></div>;
  const view = state.matches('checkingPayment') || state.matches('retryingPayment') ? 'checking'
    : state.matches('paymentSucceeded') ? 'success'
    // Paid after the hold had expired: the money goes back, which is not a declined card.
    : state.matches('paymentFailed') ? (p?.status === 'refund_due' || p?.status === 'refunded' ? 'refunded' : 'failed') : state.matches('paymentCancelled') ? 'cancelled'
    : state.matches('paymentPending') ? 'pending' : state.matches('redirecting') ? 'redirecting' : 'unknown';
  return (
    <div className="flights-page">
      <section className={`card state-card payment-result is-${view}`} data-testid="payment-result" data-status={view}>
        {view === 'checking' || view === 'redirecting' ? <span className="spinner-lg" aria-hidden="true" /> : <span className={`result-icon is-${view}`} aria-hidden="true">{view === 'success' ? '✓' : view === 'pending' ? '…' : '!'}</span>}
        <h1>{t(`payment.${view}.title`)}</h1>
        <p>{t(subject && view in ITEM_TEXTS ? `payment.item.${view}` : `payment.${view}.text`, { pnr: p?.booking?.pnr ?? '', reference: subject?.reference ?? '', amount: formatMoney(p?.amount, i18n.language) })}</p>
        {p?.booking ? <p className="pnr-line">{t('payment.pnr')}: <strong data-testid="pnr">{p.booking.pnr}</strong></p> : null}
        {subject?.reference ? <p className="pnr-line">{t('payment.pnr')}: <strong data-testid="pnr">{subject.reference}</strong></p> : null}
        <div className="button-row">
          {(view === 'failed' || view === 'cancelled') && p?.booking?.status === 'booked' ? (
            <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'PAY_CARD' })}>{t('payment.tryAgain')}</button>
          ) : null}
          {view === 'pending' || view === 'unknown' ? <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'REFRESH' })}>{t('payment.refresh')}</button> : null}
          {p?.booking ? <Link href={bookingHref(p.booking.pnr, p.booking.email)} className="btn btn-secondary">{t('payment.viewBooking')}</Link> : null}
          {subject?.href ? <Link href={subject.href} className={view === 'failed' || view === 'cancelled' ? 'btn btn-primary' : 'btn btn-secondary'}>{t('payment.viewBooking')}</Link> : null}
          <Link href="/" className="btn btn-ghost">{t('payment.home')}</Link>
        </div>
      </section>
    </div>
  );
}
