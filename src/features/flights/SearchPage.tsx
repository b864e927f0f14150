import { useTranslation } from 'react-i18next';
import { FlightSearchForm } from './SearchForm';
import { resultsPath, useFlowRole } from './useRole';
import './flights.css';

/** The search form on its own page (agent /agent/flights). */
export default function SearchPage() {
  const { t } = useTranslation();
  const role = useFlowRole();
  return (
    <div className="flights-page">
      <section className="card search-card-standalone">
        <h1>{t('flights.search.title')}</h1>
        <FlightSearchForm resultsPath={resultsPath(role)} />
      </section>
    </div>
  );
}
