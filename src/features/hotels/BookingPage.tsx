import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { HotelBooking } from '../../../contract/hotels';
import { can } from '../../../contract/permissions';
import { isStaff } from '../../../contract/roles';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { Alert } from '../../ui/alert';
import { Deadline, formatMoney } from '../../ui/format';
import { useRecord } from '../../ui/records';
import { cancelHotelBooking, hotelBooking } from './api';
import { Voucher } from './Voucher';
import { DocumentLinks } from '../documents/DocumentLinks';
import { hotelDocuments } from '../documents/links';
import { HotelTrail } from './Trail';
import { TraceLink } from '../flows/TraceLink';
import { AgentContactCard } from '../bookings/AgentContact';
import '../flights/flights.css';
import './hotels.css';
import './strings';
import '../trips/strings';

/**
 * /hotel/booking?reference=…&email=… (the confirmation mail's link; agents: /agent/hotel-booking?reference=…;
 * staff: /admin/hotel-booking?reference=…): the voucher on the record machine, and cancelling by the rate's policy
 * after saying what comes back. Staff who only read bookings see no cancel (the server refuses it too).
 */
export default function HotelBookingPage() {
  const { t, i18n } = useTranslation();
  const qs = new URLSearchParams(useSearch());
  const reference = qs.get('reference') ?? qs.get('id') ?? '';
  const email = qs.get('email');
  const record = useRecord<HotelBooking>((_, signal) => hotelBooking(reference, email, signal), reference,
    async (_, signal) => { await cancelHotelBooking(reference, email, signal); return { message: t('hotels.voucher.canceledToast') }; });
  const { snapshot, send, data: b } = record;
  const failure = snapshot.context.failure?.notice;
  const role = useUser()?.role;
  const mayCancel = !isStaff(role) || can(role, 'bookings.manage');
  const back = isStaff(role) ? { href: '/admin/hotel-bookings', label: t('hotels.lists.backToList') }
    : role === 'agent' ? { href: '/agent/hotel-bookings', label: t('hotels.lists.backToList') }
      : role === 'customer' ? { href: '/my-trips', label: t('trips.back') } : null;

  if (!reference) return <div className="flights-page"><div className="card state-card"><h1>{t('hotels.details.missing')}</h1></div></div>;
  if (record.failed) {
    return (
      <div className="flights-page"><div className="card state-card">
        <h1>{failure?.text ? translateServer(failure.text) : t('errors.generic')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('hotels.retry')}</button>
      </div></div>
    );
  }
  if (!b) return <div className="flights-page"><div className="card state-card" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /></div></div>;
  const quote = b.cancellation_quote;
  return (
    <div className="flights-page hotels-page">
      <section className="card state-card no-print" data-testid="hotel-booked">
        {b.status === 'pending_payment' && b.hold_expires_at ? <p className="notice-inline" data-testid="hotel-hold"><Deadline at={b.hold_expires_at} sentence="hotels.voucher.heldUntil" /></p> : null}
        <div className="button-row">
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{t('hotels.voucher.print')}</button>
          {b.status === 'confirmed' || b.status === 'canceled' ? <DocumentLinks links={hotelDocuments(b, i18n.language, email)} /> : null}
          {mayCancel && ((b.status === 'confirmed' && quote) || b.status === 'pending_payment') && snapshot.matches('shown') ? (
            <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'ACT', action: 'cancel', confirm: true })} data-testid="cancel-booking">{t('hotels.voucher.cancel')}</button>
          ) : null}
          {b.status === 'pending_payment' && b.payment.checkout_url ? <a className="btn btn-primary" href={b.payment.checkout_url}>{t('hotels.checkout.payCard')}</a> : null}
          <TraceLink reference={b.reference} kind="hotel" />
          {back ? <Link href={back.href} className="btn btn-ghost" data-testid="hotel-bookings-back">{back.label}</Link> : null}
          {!isStaff(role) ? <Link href={role === 'agent' ? '/agent/hotels' : '/hotel/search'} className="btn btn-ghost">{t('hotels.voucher.newSearch')}</Link> : null}
        </div>
        {snapshot.matches('confirming') || snapshot.matches('acting') ? (
          <Alert testId="cancel-confirm"
            primary={{ label: t('hotels.voucher.confirmCancel'), onClick: () => send({ type: 'CONFIRM' }), testId: 'confirm-cancel', disabled: snapshot.matches('acting') }}
            secondary={{ label: t('hotels.voucher.keep'), onClick: () => send({ type: 'CANCEL' }), disabled: snapshot.matches('acting') }}>
            {/* An unpaid booking simply ends: nothing was taken, so there is nothing to refund or charge. */}
            <p>{b.status === 'pending_payment' ? t('hotels.voucher.cancelUnpaid')
              : t('hotels.voucher.cancelQuote', { refund: formatMoney(quote?.refund, i18n.language), penalty: formatMoney(quote?.penalty, i18n.language) })}</p>
          </Alert>
        ) : null}
      </section>
      {b.agent_contact ? <div className="no-print"><AgentContactCard contact={b.agent_contact} reference={b.reference} /></div> : null}
      <Voucher booking={b} />
      {b.events?.length ? <HotelTrail events={b.events} /> : null}
    </div>
  );
}
