import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { translateServer } from '../../i18n';
import { Deadline, formatDate, formatMoney } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { usePlaceName, useRouteText } from '../../i18n/places';
import { useRecord, useRecordOf } from '../../ui/records';
import { scheduleChangeWorklist } from '../schedule-changes/api';
import '../schedule-changes/strings';
import '../schedule-changes/schedule-changes.css';
import { loadTrips } from './api';
import { groupTrips, localDay, type Trip, type TripGroups } from './trips';
import './trips.css';
import './strings';
import { calendarLink } from '../documents/links';

/**
 * /my-trips: a signed-in customer's flights and hotels on the record machine (loaded once, Try again after a
 * failure), grouped upcoming / past / canceled. Each card opens the booking's own page, where its actions are.
 */
export default function MyTrips() {
  const { t } = useTranslation();
  const record = useRecord<Trip[]>((_, signal) => loadTrips(signal, t));
  // The flights an airline changed and the customer has not answered yet: their cards say so.
  const changed = new Set((useRecordOf(scheduleChangeWorklist('unanswered'), 'mine').data ?? []).map((c) => c.pnr));
  const notice = record.snapshot.context.failure?.notice;
  if (record.failed) {
    return (
      <div className="flights-page trips-page">
        <h1>{t('trips.title')}</h1>
        <div className="card state-card" role="alert">
          <p>{notice?.text ? translateServer(notice.text) : t(notice?.key ?? 'errors.generic')}</p>
          <button type="button" className="btn btn-primary" onClick={() => record.send({ type: 'RETRY' })}>{t('common.retry')}</button>
        </div>
      </div>
    );
  }
  if (!record.data) return <div className="flights-page trips-page" aria-busy="true"><h1>{t('trips.title')}</h1><span className="spinner-lg" aria-hidden="true" /></div>;
  const groups = groupTrips(record.data, localDay());
  return (
    <div className="flights-page trips-page">
      <header className="trips-head">
        <h1>{t('trips.title')}</h1>
        <p className="muted">{t('trips.subtitle')}</p>
      </header>
      {record.data.length === 0 ? (
        <div className="card state-card" data-testid="trips-empty">
          <p>{t('trips.empty')}</p>
          <div className="button-row">
            <Link href="/" className="btn btn-primary">{t('trips.searchFlights')}</Link>
            <Link href="/hotel/search" className="btn btn-secondary">{t('trips.searchHotels')}</Link>
          </div>
        </div>
      ) : (['upcoming', 'past', 'canceled'] as (keyof TripGroups)[]).map((g) => (
        <section key={g} className="trips-group" aria-labelledby={`trips-${g}`} data-testid={`trips-${g}`}>
          <h2 id={`trips-${g}`}>{t(`trips.groups.${g}`)} <span className="trips-count">{groups[g].length}</span></h2>
          {groups[g].length ? <ul className="trips-list">{groups[g].map((trip) => <li key={`${trip.kind}-${trip.id}`}><TripCard trip={trip} changed={trip.kind === 'flight' && changed.has(trip.reference)} />{g === 'upcoming' ? <TripCalendar trip={trip} /> : null}</li>)}</ul>
            : <p className="muted">{t(`trips.none.${g}`)}</p>}
        </section>
      ))}
    </div>
  );
}

/** An upcoming flight or stay to add to a calendar: beside its card, which is itself a link. */
function TripCalendar({ trip }: { trip: Trip }) {
  const { t, i18n } = useTranslation();
  const link = trip.kind === 'flight' || trip.kind === 'hotel' ? calendarLink(trip.kind, trip.kind === 'flight' ? trip.id : trip.reference, trip.status, i18n.language) : null;
  return link ? <a className="trip-calendar" href={link.href} download data-testid={link.testId}>{t('downloads.calendar')}</a> : null;
}

function TripCard({ trip, changed = false }: { trip: Trip; changed?: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const place = usePlaceName();
  const route = useRouteText();
  const day = (iso: string) => formatDate(iso, lng);
  return (
    <Link href={trip.href} className={`card trip-card is-${trip.status}`} data-testid="trip-card" data-reference={trip.reference}>
      <span className="trip-icon" aria-hidden="true"><Icon name={trip.item?.icon ?? (trip.kind === 'flight' ? 'plane' : 'hotel')} size={22} /></span>
      <span className="trip-main">
        {trip.item ? (
          <span className="trip-title"><span dir="auto">{trip.item.title}</span>{trip.item.subtitle ? <span className="trip-kind" dir="auto">{trip.item.subtitle}</span> : null}</span>
        ) : trip.flight ? (
          <span className="trip-title">
            <span dir={lng === 'ar' ? undefined : 'ltr'}>{trip.flight.airports.map((code) => place(code, code)).reduce((from, to) => route(from, to))}</span>
            <span className="trip-kind">{t(`trips.flightType.${trip.flight.flightType}`, { defaultValue: t('trips.flight') })}</span>
          </span>
        ) : (
          <span className="trip-title"><span dir="auto">{trip.hotel!.name}</span><span className="trip-kind" dir="auto">{(lng === 'ar' && trip.hotel!.cityAr) || trip.hotel!.city}</span></span>
        )}
        <span className="trip-meta">
          {trip.item ? (trip.endDate ? `${day(trip.startDate)} – ${day(trip.endDate)}` : day(trip.startDate))
            : trip.endDate ? t('trips.stay', { from: day(trip.startDate), to: day(trip.endDate), count: trip.hotel!.nights }) : t('trips.departs', { date: day(trip.startDate) })}
          {' · '}
          {trip.item ? trip.item.detail : trip.kind === 'flight' ? t('trips.passengers', { count: trip.travellers }) : t('trips.guests', { count: trip.travellers })}
        </span>
        <span className="trip-meta">
          {trip.kind === 'flight' ? t('trips.pnr') : t('trips.reference')}: <strong dir="ltr" className="trip-ref">{trip.reference}</strong>
        </span>
        {changed ? <span className="trip-meta trip-changed" data-testid="trip-schedule-change">{t('scheduleChanges.tripsBadge')}</span> : null}
        {trip.status === 'booked' && trip.flight?.holdExpiresAt ? <span className="trip-meta trip-hold"><Deadline at={trip.flight.holdExpiresAt} sentence="trips.heldUntil" /></span> : null}
      </span>
      <span className="trip-side">
        <span className={`trip-status is-${trip.status}`} data-testid="trip-status">{trip.item?.statusLabel ?? t(`trips.status.${trip.kind}.${trip.status}`, { defaultValue: trip.status })}</span>
        {/* Money is one shape for every kind of booking: its code and the amount, paisa only when there are some. */}
        <strong className="trip-total">{formatMoney(trip.total, lng)}</strong>
      </span>
    </Link>
  );
}
