import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contract/bookings';
import { describeError } from '../../api/messages';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { bookingById, bookingByPnr, paymentUrl } from './api';
import { FareSummaryBox } from './Checkout';
import { JourneyDetails, JourneyLine } from './OfferCard';
import { formatDay } from './format';
import './flights.css';

/**
 * Booking details and the printable itinerary / e-ticket: for the owner by id, for anyone with the PNR and
 * the contact email (guests). `?print=1` opens the print dialog.
 */
export default function BookingDetails() {
  const { t, i18n } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const user = useUser();
  const qs = new URLSearchParams(search);
  const [pnr, setPnr] = useState(qs.get('pnr') ?? '');
  const [email, setEmail] = useState(qs.get('email') ?? '');
  const id = qs.get('id');
  const [booking, setBooking] = useState<Booking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const p = qs.get('pnr'), e = qs.get('email');
    if (!id && !(p && e)) return;
    const ctrl = new AbortController();
    setLoading(true);
    (id ? bookingById(id, user?.role === 'agent' || (user?.role ?? 'customer') !== 'customer', ctrl.signal) : bookingByPnr(p!, e!, ctrl.signal))
      .then((b) => { setBooking(b); setError(null); if (qs.get('print') === '1') setTimeout(() => window.print(), 300); })
      .catch((err) => { if (!ctrl.signal.aborted) setError(describeError(err).notice?.text ?? t('errors.generic')); })
      .finally(() => setLoading(false));
    return () => ctrl.abort();
  }, [search, user?.role]); // eslint-disable-line react-hooks/exhaustive-deps

  const lookup = (e: FormEvent) => { e.preventDefault(); navigate(`/booking?pnr=${encodeURIComponent(pnr.trim())}&email=${encodeURIComponent(email.trim())}`); };
  const pay = async () => {
    if (!booking) return;
    try {
      const r = await paymentUrl({ booking_id: booking.id, pnr: booking.pnr, email: booking.main_contact.email });
      const u = new URL(r.url, window.location.origin); u.searchParams.set('lang', i18n.language); window.location.assign(u.toString());
    } catch (err) { setError(describeError(err).notice?.text ?? t('errors.generic')); }
  };

  if (!booking) {
    return (
      <div className="flights-page">
        <form className="card lookup-card" onSubmit={lookup}>
          <h1>{t('booking.lookup.title')}</h1>
          <p className="muted">{t('booking.lookup.text')}</p>
          <label className="field"><span className="field-label">{t('booking.lookup.pnr')}</span><input className="field-input" value={pnr} onChange={(e) => setPnr(e.target.value)} dir="ltr" required /></label>
          <label className="field"><span className="field-label">{t('booking.lookup.email')}</span><input className="field-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} dir="ltr" required /></label>
          {error ? <p className="form-alert" role="alert">{translateServer(error)}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={loading}>{t('booking.lookup.submit')}</button>
        </form>
      </div>
    );
  }
  const b = booking;
  return (
    <div className="flights-page booking-details">
      <section className="card ticket" data-testid="booking-details">
        <header className="ticket-head">
          <div>
            <p className="eyebrow">{b.status === 'ticketed' ? t('booking.eticket') : t('booking.itinerary')}</p>
            <h1>{t('booking.pnr')}: <span dir="ltr" data-testid="booking-pnr">{b.pnr}</span></h1>
          </div>
          <span className={`status-chip is-${b.status}`} data-testid="booking-status">{t(`booking.status.${b.status}`)}</span>
        </header>
        {b.status === 'booked' && b.hold_expires_at ? <p className="notice-inline">{t('booking.holdUntil', { time: new Date(b.hold_expires_at).toLocaleString(i18n.language) })}</p> : null}
        <h2>{t('checkout.itinerary')}</h2>
        {b.itinerary.journeys.map((j, i) => <div key={i} className="ticket-journey"><JourneyLine j={j} /><JourneyDetails j={j} /></div>)}
        <h2>{t('booking.passengers')}</h2>
        <table className="pax-table">
          <thead><tr><th>{t('booking.name')}</th><th>{t('booking.type')}</th><th>{t('checkout.fields.documentNo')}</th><th>{t('booking.ticket')}</th></tr></thead>
          <tbody>{b.travellers.map((p, i) => (
            <tr key={i}><td>{p.title} {p.first_name} {p.last_name}</td><td>{t(`checkout.paxType.${p.type}`)}</td><td dir="ltr">{p.document_no}</td><td dir="ltr" data-testid={`ticket-${i}`}>{p.ticket_number ?? '—'}</td></tr>
          ))}</tbody>
        </table>
        <p className="muted small">{t('booking.contact')}: {b.main_contact.email} · {b.main_contact.phone} · {t('booking.bookedOn', { date: formatDay(b.created_at, i18n.language) })}</p>
        {b.events?.length ? (
          <details className="no-print"><summary>{t('booking.history')}</summary>
            <ul>{b.events.map((e, i) => <li key={i}>{new Date(e.at).toLocaleString(i18n.language)} — {t(`booking.status.${e.to_status}`, { defaultValue: e.to_status })} ({e.actor}){e.note ? ` · ${e.note}` : ''}</li>)}</ul>
          </details>
        ) : null}
      </section>
      <FareSummaryBox fare={b.fare} />
      <div className="button-row no-print">
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{t('booking.print')}</button>
        {b.status === 'booked' ? <button type="button" className="btn btn-primary" onClick={pay}>{t('checkout.payCard')}</button> : null}
      </div>
      {error ? <p className="form-alert" role="alert">{translateServer(error)}</p> : null}
    </div>
  );
}
