import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../ui/records';
import { formatMoney } from '../../ui/format';
import { useFlowRole } from '../flights/useRole';
import { featuredHotels } from './api';
import { Stars } from './HotelCard';
import { hotelDetailsPath, hotelSearchPath, stayHref } from './paths';
import './strings';

/**
 * The home page's featured hotels: a hotel in each popular city
 * with its photo, stars, city and a "from" price per night, each opening that hotel's rooms for the default stay
 * it was priced for. A chunk of its own, loaded once the home page is idle, inside the fixed box the home page
 * keeps for it (its styles are in home.css), so neither its code nor its arrival moves anything.
 */
export default function FeaturedHotels() {
  const { t, i18n } = useTranslation();
  const role = useFlowRole();
  const { data: res } = useRecordOf((signal) => featuredHotels(signal).then((data) => ({ data })), '');
  const ar = i18n.language === 'ar';
  return (
    <>
      <div className="featured-head fh-head">
        <h2 className="section-title">{t('hotels.featured.title')}</h2>
        <Link href={hotelSearchPath(role)} className="btn btn-ghost">{t('hotels.featured.all')}</Link>
      </div>
      <ul className="fh-row" aria-busy={!res}>
        {res ? res.data.map((h) => {
          const city = (ar && h.destination.name_ar) || h.destination.name;
          const stay = { destination: h.destination.id, destination_label: city, ...res.meta };
          return (
            <li key={h.id} className="fh-item">
              <Link href={stayHref(hotelDetailsPath(role), stay, { hotel: h.id })} className="card fh-card" data-testid="featured-hotel">
                <img className="fh-img" src={h.photo} alt="" width={256} height={120} loading="lazy" />
                <span className="fh-body">
                  <strong className="fh-name" dir="auto">{h.name}</strong>
                  <span className="fh-meta"><Stars n={h.stars} /> <span className="muted">{city}</span></span>
                  <span className="fh-price"><span className="muted">{t('hotels.featured.from')}</span> <strong dir="ltr">{formatMoney(h.cheapest.nightly, i18n.language)}</strong> <span className="muted">{t('hotels.perNight')}</span></span>
                </span>
              </Link>
            </li>
          );
        }) : [0, 1, 2, 3].map((i) => <li key={i} className="fh-item"><span className="card fh-card fh-skeleton" /></li>)}
      </ul>
    </>
  );
}
