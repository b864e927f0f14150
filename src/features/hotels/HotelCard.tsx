import { useTranslation } from 'react-i18next';
import type { HotelSummary } from '../../../contract/hotels';
import { formatMoney } from '../../ui/format';
import { formatNumber } from '../../../contract/format/number';

/** "★★★★☆" with its words for screen readers. */
export function Stars({ n }: { n: number }) {
  const { t } = useTranslation();
  return <span className="hotel-stars" role="img" aria-label={t('hotels.stars', { count: n })}>{'★'.repeat(n)}<span className="muted">{'★'.repeat(5 - n)}</span></span>;
}

/** How far: from the Haram in Makkah and Madinah (what umrah travellers choose by), from the centre elsewhere. */
export function useDistanceText() {
  const { t, i18n } = useTranslation();
  const num = (n: number, digits = 1) => formatNumber(n, i18n.language, { max: digits });
  return (h: Pick<HotelSummary, 'distance_km' | 'distance_haram_m'>) => (h.distance_haram_m !== null
    ? t('hotels.fromHaram', { m: num(h.distance_haram_m, 0) })
    : t('hotels.fromCentre', { km: num(h.distance_km) }));
}

/** `first`: the list's first card, whose photo is the page's largest paint on a phone: fetched at once, ahead of the others. */
export function HotelCard({ hotel: h, nights, busy, onOpen, first = false }: { hotel: HotelSummary; nights: number; busy: boolean; onOpen: () => void; first?: boolean }) {
  const { t, i18n } = useTranslation();
  const distance = useDistanceText();
  const rating = formatNumber(h.guest_rating, i18n.language, { min: 1 });
  return (
    <article className="card hotel-card" data-testid="hotel-card">
      <img className="hotel-photo" src={h.photo} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} width={240} height={160} />
      <div className="hotel-main">
        <h2 className="hotel-name"><bdi>{h.name}</bdi></h2>
        <p className="hotel-meta"><Stars n={h.stars} /> <span className="hotel-rating">{rating}</span> <span className="muted small">{t('hotels.reviews', { count: h.review_count })}</span></p>
        <p className="muted small"><bdi>{h.address}</bdi> · {distance(h)}</p>
        <ul className="hotel-tags">
          <li>{t(`hotels.boards.${h.cheapest.board}`)}</li>
          {h.free_cancellation ? <li className="is-good">{t('hotels.freeCancellation')}</li> : <li>{t('hotels.nonRefundable')}</li>}
          {h.amenities.slice(0, 3).map((a) => <li key={a}>{t(`hotels.amenities.${a}`)}</li>)}
        </ul>
      </div>
      <div className="hotel-price">
        <span className="muted small">{t('hotels.perNight')}</span>
        <strong className="price-big" dir="ltr">{formatMoney(h.cheapest.nightly, i18n.language)}</strong>
        <span className="muted small">{t('hotels.totalFor', { count: nights })} <span dir="ltr" data-testid="hotel-total">{formatMoney(h.cheapest.total, i18n.language)}</span></span>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onOpen} data-testid="see-rooms">{t('hotels.results.seeRooms')}</button>
      </div>
    </article>
  );
}
