import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOffer, Journey } from '../../../contract/flights';
import { formatClock, formatDay, formatLocal } from '../../../contract/format/time';
import { flightNumberText } from '../../../contract/format/flight-number';
import { MoneyText } from '../../ui/format';
import { formatDuration } from './format';
import { useAircraftName, useAirlineName, useAirportName, usePlaceName } from '../../i18n/places';
import { translateServer } from '../../i18n';

export function JourneyLine({ j }: { j: Journey }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="journey">
      <div className="journey-end">
        <span className="journey-time">{formatClock(j.departure_at)}</span>
        <span className="journey-code">{j.origin}</span>
        <span className="journey-date muted">{formatDay(j.departure_at, i18n.language, { year: false })}</span>
      </div>
      <div className="journey-mid">
        <span className="muted">{formatDuration(j.duration_minutes, t)}</span>
        <span className="journey-line" aria-hidden="true" />
        <span className={j.stops ? 'stops-some' : 'stops-none'}>
          {j.stops === 0 ? t('flights.nonStop') : t('flights.stopCount', { count: j.stops })}{j.layovers.length ? ` · ${j.layovers.map((l) => l.airport).join(', ')}` : ''}
        </span>
      </div>
      <div className="journey-end journey-end-arr">
        <span className="journey-time">{formatClock(j.arriving_at)}</span>
        <span className="journey-code">{j.destination}</span>
        <span className="journey-date muted">{formatDay(j.arriving_at, i18n.language, { year: false })}</span>
      </div>
    </div>
  );
}

export function JourneyDetails({ j }: { j: Journey }) {
  const { t, i18n } = useTranslation();
  const place = usePlaceName();
  const airline = useAirlineName();
  const airport = useAirportName();
  const aircraft = useAircraftName();
  const comma = i18n.language === 'ar' ? '، ' : ', ';
  return (
    <ol className="segments">
      {j.segments.map((s, i) => (
        <li key={i} className="segment">
          <div className="segment-head"><strong>{airline(s.airline)}</strong> · <bdi dir="ltr" data-testid="flight-number">{flightNumberText(s.airline.code, s.flight_number)}</bdi> · {t('flights.labels.aircraft')}: <bdi>{aircraft(s.aircraft.name)}</bdi></div>
          <dl className="segment-grid">
            <div><dt>{t('flights.labels.departureAt')}</dt><dd><time dateTime={s.departure_at} data-testid="departure-at">{formatLocal(s.departure_at, i18n.language)}</time> — {airport(s.origin)} <bdi dir="ltr">({s.origin.code})</bdi>{s.origin.terminal ? `${comma}${t('flights.labels.terminal')} ${s.origin.terminal}` : ''}</dd></div>
            <div><dt>{t('flights.labels.arrivingAt')}</dt><dd>{formatLocal(s.arriving_at, i18n.language)} — {airport(s.destination)} <bdi dir="ltr">({s.destination.code})</bdi>{s.destination.terminal ? `${comma}${t('flights.labels.terminal')} ${s.destination.terminal}` : ''}</dd></div>
            <div><dt>{t('flights.labels.duration')}</dt><dd>{formatDuration(s.duration_minutes, t)}</dd></div>
            <div><dt>{t('flights.labels.cabin')}</dt><dd>{t(`flights.cabins.${s.cabin}`)} ({s.booking_class})</dd></div>
            <div><dt>{t('flights.labels.carryOn')}</dt><dd>{translateServer(s.bags.carry_on, i18n.language)}</dd></div>
            <div><dt>{t('flights.labels.checked')}</dt><dd>{translateServer(s.bags.checked, i18n.language)}</dd></div>
          </dl>
          {j.layovers[i] ? (
            <p className="layover">{t('flights.labels.layover')}: {place(j.layovers[i].airport, j.layovers[i].city)} <bdi dir="ltr">({j.layovers[i].airport})</bdi> · {formatDuration(j.layovers[i].duration_minutes, t)}{j.layovers[i].change_of_terminal ? ` · ${t('flights.terminalChange')}` : ''}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function OfferCard({ offer, onBook, busy }: { offer: FlightOffer; onBook: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const airline = useAirlineName();
  const [open, setOpen] = useState(false);
  return (
    <article className="offer card" data-testid="offer" data-supplier={offer.supplier}>
      <div className="offer-main">
        <div className="offer-airline">
          <span className="airline-badge" aria-hidden="true">{offer.validating_airline.code}</span>
          <span>{airline(offer.validating_airline)}</span>
        </div>
        <div className="offer-journeys">{offer.journeys.map((j, i) => <JourneyLine key={i} j={j} />)}</div>
        <div className="offer-price">
          <span className="price" data-testid="offer-price"><MoneyText value={offer.price} /></span>
          <span className="muted small">{t('flights.totalFor', { count: offer.fares.reduce((s, f) => s + f.count, 0) })}</span>
          {offer.seats_left <= 5 ? <span className="seats-left">{t('flights.seatsLeft', { count: offer.seats_left })}</span> : null}
          <button type="button" className="btn btn-primary" onClick={onBook} disabled={busy} data-testid="book-now">{t('flights.bookNow')}</button>
        </div>
      </div>
      <button type="button" className="offer-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('flights.flightDetails')} {open ? '▴' : '▾'}
      </button>
      {open ? (
        <div className="offer-details">
          {offer.journeys.map((j, i) => <JourneyDetails key={i} j={j} />)}
          <p className="muted small">{translateServer(offer.fare_family, i18n.language)} · {offer.refundable ? t('flights.refundable') : t('flights.nonRefundable')}</p>
        </div>
      ) : null}
    </article>
  );
}
