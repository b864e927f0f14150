import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { HotelDetail, HotelRate, HotelRoom } from '../../../contract/hotels';
import { formatDate, formatMoney } from '../../ui/format';
import { useFlowRole } from '../flights/useRole';
import { hotelFlowActor, useHotelFlow } from './flow';
import { Stars, useDistanceText } from './HotelCard';
import { CancellationPolicy } from './policy';
import { hotelResultsPath, sameStay, stayFromUrl, stayHref } from './paths';
import '../flights/flights.css';
import './hotels.css';
import './strings';
import { formatNumber } from '../../../contract/format/number';

/** /hotel/details?hotel=…&destination=…&check_in=…: photos, description, amenities, location, every room with its rates. */
export default function HotelDetails() {
  const { t } = useTranslation();
  const role = useFlowRole();
  const actor = hotelFlowActor(role);
  const state = useHotelFlow(actor);
  const search = useSearch();
  const hotelId = new URLSearchParams(search).get('hotel');
  const query = useMemo(() => stayFromUrl(search), [search]);
  const c = state.context;

  useEffect(() => {
    if (!hotelId || !query) return;
    const s = actor.getSnapshot();
    // Opened by its address (or another hotel's): load it; coming from the results the flow already is.
    if (s.context.hotelId !== hotelId || !sameStay(s.context.query, query)) actor.send({ type: 'VIEW_HOTEL', hotelId, query });
  }, [hotelId, query, actor]);

  if (!hotelId || !query) {
    return <div className="flights-page"><div className="card state-card"><h1>{t('hotels.details.missing')}</h1><Link href="/hotel/search" className="btn btn-primary">{t('hotels.search.title')}</Link></div></div>;
  }
  const back = c.results ? <button type="button" className="btn btn-ghost" onClick={() => actor.send({ type: 'BACK' })}>{t('hotels.details.back')}</button>
    : <Link href={stayHref(hotelResultsPath(role), query)} className="btn btn-ghost">{t('hotels.details.back')}</Link>;
  if (state.matches('loadingHotel') || (!c.hotel && !state.matches('hotelFailed'))) {
    return <div className="flights-page"><div className="card state-card" aria-busy="true"><span className="spinner-lg" aria-hidden="true" /><h1>{t('hotels.details.loading')}</h1></div></div>;
  }
  if (state.matches('hotelFailed') || !c.hotel) {
    return (
      <div className="flights-page"><div className="card state-card"><h1>{t('hotels.details.failed')}</h1>
        <div className="button-row"><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('hotels.retry')}</button>{back}</div></div></div>
    );
  }
  return (
    <div className="flights-page hotels-page hotel-details">
      <div className="button-row">{back}</div>
      <HotelOverview hotel={c.hotel} />
      <section className="card rooms-card" aria-labelledby="rooms-title">
        <h2 id="rooms-title">{t('hotels.details.rooms')}</h2>
        {c.hotel.rooms.length === 0 ? <p className="muted" data-testid="no-rooms">{t('hotels.details.noRooms')}</p> : null}
        {c.hotel.rooms.map((room) => (
          <RoomBlock key={room.code} room={room} nights={c.hotel!.nights} zone={c.hotel!.time_zone} busy={!state.matches('details')}
            onChoose={(rate) => actor.send({ type: 'CHOOSE_RATE', roomCode: room.code, rateId: rate.id })} />
        ))}
      </section>
    </div>
  );
}

export function HotelOverview({ hotel: h }: { hotel: HotelDetail }) {
  const { t, i18n } = useTranslation();
  const distance = useDistanceText();
  const [photo, setPhoto] = useState(0);
  const photos = h.photos.length ? h.photos : [h.photo];
  return (
    <section className="card hotel-overview">
      <div className="hotel-gallery">
        <img className="hotel-gallery-main" src={photos[photo] ?? h.photo} alt={t('hotels.details.photoOf', { name: h.name, n: photo + 1 })} width={720} height={400} />
        {photos.length > 1 ? (
          <div className="hotel-thumbs" role="group" aria-label={t('hotels.details.photos')}>
            {photos.map((p, i) => (
              <button key={p} type="button" className={i === photo ? 'is-current' : ''} aria-pressed={i === photo} aria-label={t('hotels.details.photoN', { n: i + 1 })} onClick={() => setPhoto(i)}>
                <img src={p} alt="" width={96} height={64} loading="lazy" />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className="hotel-facts">
        <h1 className="hotel-name"><bdi>{h.name}</bdi></h1>
        <p className="hotel-meta"><Stars n={h.stars} /> <span className="hotel-rating">{formatNumber(h.guest_rating, i18n.language, { min: 1 })}</span> <span className="muted small">{t('hotels.reviews', { count: h.review_count })}</span></p>
        {/* The address names its city once; coordinates say nothing to a traveller. */}
        <p dir="auto" data-testid="hotel-address">{h.address}</p>
        <p className="muted small">{distance(h)}</p>
        <p className="muted small">{t('hotels.details.times', { in: h.check_in_time, out: h.check_out_time })}</p>
        <p className="hotel-description" dir="auto">{h.description}</p>
        <h2 className="small-heading">{t('hotels.results.amenities')}</h2>
        <ul className="hotel-tags">{h.amenities.map((a) => <li key={a}>{t(`hotels.amenities.${a}`)}</li>)}</ul>
      </div>
    </section>
  );
}

function RoomBlock({ room, nights, zone, busy, onChoose }: { room: HotelRoom; nights: number; zone: string; busy: boolean; onChoose: (rate: HotelRate) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="room-block" data-testid={`room-${room.code}`}>
      <header className="room-head">
        {room.photo ? <img src={room.photo} alt="" width={120} height={80} loading="lazy" /> : null}
        <div>
          <h3><bdi>{room.name}</bdi></h3>
          <p className="muted small">{t(`hotels.roomTypes.${room.type}`)} · <bdi>{room.beds}</bdi> · {t('hotels.details.size', { m2: room.size_m2 })} · {t('hotels.details.sleeps', { count: room.max_guests })}</p>
        </div>
      </header>
      <ul className="rate-list">
        {room.rates.map((rate) => (
          <li key={rate.id} className="rate" data-testid="rate">
            <div className="rate-main">
              <strong>{t(`hotels.boards.${rate.board}`)}</strong>
              <CancellationPolicy refundable={rate.refundable} until={rate.free_cancellation_until} penalty={rate.cancellation_penalty} zone={zone} />
              {rate.rooms_left <= 3 ? <p className="small warn">{t('hotels.details.roomsLeft', { count: rate.rooms_left })}</p> : null}
              <details className="nightly">
                <summary>{t('hotels.details.perNight')}</summary>
                <table className="fare-table">
                  <tbody>
                    {rate.nightly.map((n) => <tr key={n.date}><th scope="row">{formatDate(n.date, i18n.language)}</th><td dir="ltr">{formatMoney(n.price, i18n.language)}</td></tr>)}
                    <tr><th scope="row">{t('hotels.taxes')}</th><td dir="ltr">{formatMoney(rate.taxes_and_fees, i18n.language)}</td></tr>
                  </tbody>
                </table>
              </details>
            </div>
            <div className="rate-price">
              <span className="muted small">{t('hotels.totalFor', { count: nights })}</span>
              <strong className="price-big" dir="ltr">{formatMoney(rate.total, i18n.language)}</strong>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onChoose(rate)} data-testid="choose-rate">{t('hotels.details.choose')}</button>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
