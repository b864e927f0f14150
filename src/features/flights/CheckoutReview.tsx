import { useTranslation } from 'react-i18next';
import type { PayWith } from '../../../contract/pay-with';
import type { PaymentMethod } from '../../../contract/bookings';
import type { FlightBookingEvent } from '../../../machines/flight-booking';
import { translateServer } from '../../i18n';
import { formatDay } from '../../../contract/format/time';
import { titleText } from '../../../contract/titles';
import { sellsExtrasWithBooking } from '../../../contract/flight-extras';
import { Alert } from '../../ui/alert';
import { ReviewExtras } from '../extras/ReviewExtras';
import { segmentRoutes } from '../extras/CheckoutExtras';
import type { useFlow } from './flow';

/**
 * The review step: the passengers and contact as submitted, then how to pay; and what the server answered when
 * it did not book (the price changed, the wallet is short, another failure), each with its way on.
 */
export function CheckoutReview({ state, send }: { state: ReturnType<typeof useFlow>; send: (e: FlightBookingEvent) => void }) {
  const { t, i18n } = useTranslation();
  const c = state.context;
  const busy = state.matches('booking');
  const confirm = (method: PaymentMethod, payWith: PayWith = 'card') => send({ type: 'CONFIRM', method, payWith });
  const jazzCash = !!c.offer?.pay_with?.includes('jazzcash');
  const comma = i18n.language === 'ar' ? '، ' : ', ';
  const back = () => send({ type: 'BACK' });
  return (
    <section className="card review" aria-busy={busy}>
      <h2>{t('checkout.review')}</h2>
      <ul className="review-pax">
        {c.travellers.map((p, i) => (
          <li key={i}>
            <strong>{titleText(p.title, i18n.language)} <bdi>{p.first_name} {p.last_name}</bdi></strong>{' '}
            <span className="muted">({t(`checkout.paxType.${p.type}`)}{comma}{formatDay(p.dob, i18n.language, { weekday: false })}{comma}<bdi dir="ltr">{p.document_no}</bdi>)</span>
          </li>
        ))}
      </ul>
      <p className="muted"><bdi dir="ltr">{c.contact?.email}</bdi> · <bdi dir="ltr">{c.contact?.phone}</bdi></p>
      {c.offer && sellsExtrasWithBooking(c.selected?.supplier) ? (
        <ReviewExtras extras={c.extras} total={c.extrasTotal} fare={c.expectedTotal} names={c.travellers.map((p) => `${p.first_name} ${p.last_name}`)}
          routes={segmentRoutes(c.offer)} disabled={busy} onChoose={() => send({ type: 'CHOOSE_EXTRAS' })} />
      ) : null}
      {state.matches('priceChanged') ? (
        <Alert testId="price-changed" primary={{ label: t('checkout.acceptPrice'), onClick: () => send({ type: 'ACCEPT_PRICE' }) }} secondary={{ label: t('checkout.backToResults'), onClick: back }}>
          <p>{t('checkout.priceChanged')}</p>
        </Alert>
      ) : null}
      {state.matches('insufficientBalance') ? (
        <Alert testId="insufficient" primary={{ label: t('checkout.holdInstead'), onClick: () => send({ type: 'HOLD_INSTEAD' }) }} secondary={{ label: t('checkout.back'), onClick: back }}>
          <p><strong>{t('checkout.insufficient')}</strong></p>
          <p>{t('checkout.insufficientHint')}</p>
        </Alert>
      ) : null}
      {state.matches('bookingFailed') ? (
        <Alert primary={{ label: t('flights.retry'), onClick: () => send({ type: 'RETRY' }) }} secondary={{ label: t('checkout.back'), onClick: back }}>
          <p>{c.failure?.notice?.text ? translateServer(c.failure.notice.text) : t('errors.generic')}</p>
          {Object.values(c.fieldErrors).map((m) => <p key={m} className="small">{translateServer(m)}</p>)}
        </Alert>
      ) : null}
      {state.matches('review') || busy ? (
        <div className="pay-options">
          <h3>{t('checkout.howToPay')}</h3>
          <div className="button-row">
            {c.role === 'agent' ? <button type="button" className="btn btn-primary" disabled={busy} onClick={() => confirm('wallet')} data-testid="pay-wallet">{t('checkout.payWallet')}</button> : null}
            <button type="button" className={`btn ${c.role === 'agent' ? 'btn-secondary' : 'btn-primary'}`} disabled={busy} onClick={() => confirm('card')} data-testid="pay-card">{t('checkout.payCard')}</button>
            {jazzCash ? <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => confirm('card', 'jazzcash')} data-testid="pay-jazzcash">{t('checkout.payJazzCash')}</button> : null}
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => confirm('hold')} data-testid="hold">{t('checkout.hold')}</button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={back}>{t('checkout.editPassengers')}</button>
          </div>
          {busy ? <p className="muted" aria-live="polite"><span className="spinner" aria-hidden="true" /> {t('checkout.booking')}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
