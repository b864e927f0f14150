import { useTranslation } from 'react-i18next';
import { useFlowRole } from '../flights/useRole';
import { HotelSearchForm } from './SearchForm';
import '../flights/flights.css';
import './hotels.css';
import './strings';

/** The hotel search form on its own page (agents: /agent/hotels). */
export default function HotelSearchPage() {
  const { t } = useTranslation();
  const role = useFlowRole();
  return (
    <div className="flights-page hotels-page">
      <section className="card search-card-standalone">
        <h1>{t('hotels.search.title')}</h1>
        <HotelSearchForm role={role} />
      </section>
    </div>
  );
}
