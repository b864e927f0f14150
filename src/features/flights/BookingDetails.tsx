import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../app/auth';
import { translateServer } from '../../i18n';
import { useTitleText } from '../../i18n/titles';
import { bookingLookupMachine } from '../../../machines/booking-lookup';
import { useMachineScreen } from '../../ui/machines';
import { leaveFor, lookupActors } from './api';
import { FareSummaryBox } from './Checkout';
import { JourneyDetails, JourneyLine } from './OfferCard';
import { Deadline, formatDate, formatMoney } from '../../ui/format';
import { FlightTripActions } from '../trips/FlightTripActions';
import { ScheduleChangesPanel } from '../schedule-changes/ScheduleChangesPanel';
import { BookingExtras, extrasTotalOf } from '../extras/BookingExtras';
import { DocumentLinks } from '../documents/DocumentLinks';
import { historyActor, historyNotes } from '../bookings/history-note';
import { flightDocuments } from '../documents/links';
import './flights.css';
import './checkout-strings';
import './booking-strings';

/**
 * Booking details and the printable itinerary / e-ticket: for the owner by id, for anyone with the PNR and
 * the contact email (guests). `?print=1` opens the print dialog.
 */
export default function BookingDetails() {
  const search = useSearch();
  const user = useUser();
  // The address holds the look-up: a new one starts the screen's machine again.
  return <BookingLookup key={`${search}|${user?.role ?? ''}`} search={search} asOwner={!!user && user.role !== 'customer'} customer={user?.role === 'customer'} />;
}

function BookingLookup({ search, asOwner, customer }: { search: string; asOwner: boolean; customer: boolean }) {
  const { t, i18n } = useTranslation();
  const title = useTitleText();
  const qs = new URLSearchParams(search);
  const [pnr, setPnr] = useState(qs.get('pnr') ?? '');
  const [email, setEmail] = useState(qs.get('email') ?? '');
  const [state, send] = useMachineScreen(bookingLookupMachine, {
    input: { id: qs.get('id'), pnr: qs.get('pnr'), email: qs.get('email'), print: qs.get('print') === '1' },
    actors: lookupActors(asOwner, customer),
    on: (e) => {
      if (e.type === 'print') setTimeout(() => window.print(), 300);
      if (e.type === 'leave') leaveFor(String(e.url), i18n.language);
    },
  });
  const { booking, failure } = state.context;
  const notice = failure?.notice;
  const error = notice ? (notice.text ? translateServer(notice.text) : t(notice.key ?? 'errors.generic')) : null;
  const lookup = (e: FormEvent) => { e.preventDefault(); send({ type: 'LOOKUP', pnr, email }); };

  if (!booking) {
    return (
      <div className="flights-page">
        <form className="card lookup-card" onSubmit={lookup}>
          <h1>{t('booking.lookup.title')}</h1>
          <p className="muted">{t('booking.lookup.text')}</p>
          <label className="field"><span className="field-label">{t('booking.lookup.pnr')}</span><input className="field-input" value={pnr} onChange={(e) => setPnr(e.target.value)} dir="ltr" required /></label>
          <label className="field"><span className="field-label">{t('booking.lookup.email')}</span><input className="field-input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} dir="ltr" required /></label>
          {error ? <p className="form-alert" role="alert">{error}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={state.matches('loading')}>{t('booking.lookup.submit')}</button>
        </form>
      </div>
    );
  }
  const b = booking;
  return (
    <div className="flights-page booking-details">
      {/* The airline's changes to this booking's flights, for a signed-in owner (or staff) to answer. */}
      {asOwner || customer ? <ScheduleChangesPanel pnr={b.pnr} onReload={() => send({ type: 'RELOAD' })} /> : null}
      <section className="card ticket" data-testid="booking-details">
        <header className="ticket-head">
          <div>
            <p className="eyebrow">{b.status === 'ticketed' ? t('booking.eticket') : t('booking.itinerary')}</p>
            <h1>{t('booking.pnr')}: <span dir="ltr" data-testid="booking-pnr">{b.pnr}</span></h1>
          </div>
          <span className={`status-chip is-${b.status}`} data-testid="booking-status">{t(`booking.status.${b.status}`)}</span>
        </header>
        {b.status === 'booked' && b.hold_expires_at ? <p className="notice-inline" data-testid="booking-hold"><Deadline at={b.hold_expires_at} sentence="booking.holdUntil" /></p> : null}
        <h2>{t('checkout.itinerary')}</h2>
        {b.itinerary.journeys.map((j, i) => <div key={i} className="ticket-journey"><JourneyLine j={j} /><JourneyDetails j={j} /></div>)}
        <h2>{t('booking.passengers')}</h2>
        <table className="pax-table">
          <thead><tr><th>{t('booking.name')}</th><th>{t('booking.type')}</th><th>{t('checkout.fields.documentNo')}</th><th>{t('booking.ticket')}</th></tr></thead>
          <tbody>{b.travellers.map((p, i) => (
            <tr key={i}><td><bdi>{title(p.title)} {p.first_name} {p.last_name}</bdi></td><td>{t(`checkout.paxType.${p.type}`)}</td><td dir="ltr">{p.document_no}</td><td data-testid={`ticket-${i}`}><span className="code-whole">{p.ticket_number ?? '—'}</span></td></tr>
          ))}</tbody>
        </table>
        <BookingExtras booking={b} />
        <p className="muted small">{t('booking.contact')}: <bdi dir="ltr">{b.main_contact.email}</bdi> · <bdi dir="ltr">{b.main_contact.phone}</bdi> · {t('booking.bookedOn', { date: formatDate(b.created_at, i18n.language) })}</p>
        {b.events?.length ? (
          <details className="no-print"><summary>{t('booking.history')}</summary>
            <ul>{b.events.map((e, i) => <li key={i}>{formatDate(e.at, i18n.language, true)} — {t(`booking.status.${e.to_status}`, { defaultValue: e.to_status })} ({historyActor(e.actor, t)}){historyNotes(e, t, i18n.language).map((n) => ` · ${n}`).join('')}</li>)}</ul>
          </details>
        ) : null}
      </section>
      <FareSummaryBox fare={b.fare} extras={extrasTotalOf(b)} />
      <div className="button-row no-print">
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>{b.status === 'ticketed' ? t('trips.actions.printTicket') : t('booking.print')}</button>
        <DocumentLinks links={flightDocuments(b, i18n.language, qs.get('email'))} />
        {b.status === 'booked' ? <button type="button" className="btn btn-primary" onClick={() => send({ type: 'PAY' })} disabled={state.matches('paying')} data-testid="pay-card">{t('trips.actions.pay', { amount: formatMoney(b.fare.total, i18n.language) })}</button> : null}
      </div>
      <FlightTripActions booking={b} onReload={() => send({ type: 'RELOAD' })} />
      {error ? <p className="form-alert" role="alert">{error}</p> : null}
    </div>
  );
}
