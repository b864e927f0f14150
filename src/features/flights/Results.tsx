import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '../../../contract/flights';
import { parseMinor } from '../../../contract/money';
import type { SearchParams } from '../../../machines/flight-booking';
import { FlightSearchForm } from './SearchForm';
import { OfferCard } from './OfferCard';
import { flowActor, loadPreviousSearch, savePreviousSearch, useFlow } from './flow';
import { checkoutPath, resultsPath, useFlowRole } from './useRole';
import { formatMoney, slotOf } from './format';
import './flights.css';

/** The URL query (the shareable search) → SearchParams. */
export function paramsFromUrl(search: string): SearchParams | null {
  const qs = new URLSearchParams(search);
  if (!qs.get('flightType') && !qs.get('origin')) return null;
  const q: SearchParams = {};
  for (const [k, v] of qs) {
    if (k === 'trips') { try { q.trips = JSON.parse(v); } catch { /* ignore */ } } else q[k] = v;
  }
  const prev = loadPreviousSearch();
  if (prev?._labels) q._labels = prev._labels;
  return q;
}
const sameQuery = (a: SearchParams | null, b: SearchParams | null) => {
  const strip = (q: SearchParams | null) => JSON.stringify(Object.fromEntries(Object.entries(q ?? {}).filter(([k]) => !k.startsWith('_')).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]).sort()));
  return strip(a) === strip(b);
};

const PAGE = 15;
interface Filters { airlines: string[]; stops: 'all' | '0' | '1+'; times: string[]; maxPrice: number | null; sort: 'price' | 'duration' | 'departure' }
const minor = (o: FlightOffer) => parseMinor(o.price.amount) ?? 0;

export function applyFilters(list: FlightOffer[], f: Filters): FlightOffer[] {
  const out = list.filter((o) =>
    (f.airlines.length === 0 || o.airlines.some((a) => f.airlines.includes(a)) || f.airlines.includes(o.validating_airline.code))
    && (f.stops === 'all' || (f.stops === '0' ? o.stops === 0 : o.stops > 0))
    && (f.times.length === 0 || f.times.includes(slotOf(o.journeys[0].departure_at)))
    && (f.maxPrice === null || minor(o) <= f.maxPrice));
  const dep = (o: FlightOffer) => Date.parse(o.journeys[0].departure_at);
  return out.sort((a, b) => (f.sort === 'price' ? minor(a) - minor(b) : f.sort === 'duration' ? a.duration_minutes - b.duration_minutes : dep(a) - dep(b)) || minor(a) - minor(b));
}

export default function Results() {
  const { t, i18n } = useTranslation();
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [modify, setModify] = useState(false);
  const query = useMemo(() => paramsFromUrl(search), [search]);
  const [filters, setFilters] = useState<Filters>({ airlines: [], stops: 'all', times: [], maxPrice: null, sort: 'price' });
  // The first page of offers paints at once; more on request (50 cards at once cost a visible moment).
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setLimit(PAGE), [filters, state.context.results]);

  useEffect(() => {
    if (!query) return;
    const ctx = actor.getSnapshot().context;
    const busyOrShown = ['searching', 'results', 'noResults', 'loadingOffer'].some((s) => actor.getSnapshot().matches(s as never));
    if (!busyOrShown || !sameQuery(ctx.query, query)) {
      savePreviousSearch(query);
      actor.send({ type: 'SEARCH', query });
      setFilters((f) => ({ ...f, airlines: [], maxPrice: null }));
    }
  }, [query, actor]);

  useEffect(() => {
    if (state.matches('passengers')) navigate(checkoutPath(role));
  }, [state, role, navigate]);

  const results = state.context.results;
  const shown = useMemo(() => applyFilters(results?.flights ?? [], filters), [results, filters]);
  const prices = (results?.flights ?? []).map(minor);
  const priceMax = prices.length ? Math.max(...prices) : 0;
  const priceMin = prices.length ? Math.min(...prices) : 0;
  const q = state.context.query ?? query;
  const labels = (q?._labels ?? {}) as unknown as Record<string, string>;
  const place = (c: unknown) => (typeof c === 'string' ? labels[c] ?? c : '');
  const route = q?.flightType === 'multi-city' && Array.isArray(q.trips)
    ? q.trips.map((l) => `${l.origin} → ${l.destination}`).join(', ')
    : `${place(q?.origin)} ${q?.flightType === 'return' ? '⇄' : '→'} ${place(q?.destination)}`;
  const searching = state.matches('searching');

  if (!query) {
    return (
      <div className="flights-page">
        <div className="card search-card-standalone"><h1>{t('flights.search.title')}</h1><FlightSearchForm resultsPath={resultsPath(role)} /></div>
      </div>
    );
  }
  return (
    <div className="flights-page">
      <section className="card searching-for" aria-live="polite">
        <div>
          <p className="eyebrow">{t('flights.results.searchingFor')}</p>
          <h1 className="searching-route">{route}</h1>
          <p className="muted">
            {[q?.departure_date, q?.flightType === 'return' ? q?.return_date : null].filter(Boolean).join(' – ')}
            {' · '}{t('flights.search.travellerCount', { count: Number(q?.adults ?? 1) + Number(q?.children ?? 0) + Number(q?.infants ?? 0) })}
            {' · '}{t(`flights.cabins.${String(q?.cabin_class ?? 'Y')}`)}
          </p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setModify(!modify)} aria-expanded={modify}>{t('flights.results.modify')}</button>
      </section>
      {modify ? <div className="card modify-card"><FlightSearchForm resultsPath={resultsPath(role)} initial={q} compact onSearch={() => setModify(false)} /></div> : null}
      {searching ? <div className="progress" role="progressbar" aria-label={t('flights.results.searching')}><span /></div> : null}

      <div className="results-layout">
        <aside className="filters card" aria-label={t('flights.results.filters')}>
          <h2>{t('flights.results.filters')}</h2>
          <label className="field">
            <span className="field-label">{t('flights.results.sort')}</span>
            <select className="field-input" value={filters.sort} onChange={(e) => setFilters({ ...filters, sort: e.target.value as Filters['sort'] })} data-testid="sort">
              {(['price', 'duration', 'departure'] as const).map((s) => <option key={s} value={s}>{t(`flights.results.sortBy.${s}`)}</option>)}
            </select>
          </label>
          <fieldset className="filter-group">
            <legend>{t('flights.results.stops')}</legend>
            {(['all', '0', '1+'] as const).map((s) => (
              <label key={s} className="check"><input type="radio" name="stops" checked={filters.stops === s} onChange={() => setFilters({ ...filters, stops: s })} />{t(`flights.results.stopsOpt.${s}`)}</label>
            ))}
          </fieldset>
          <fieldset className="filter-group">
            <legend>{t('flights.results.timeOfDay')}</legend>
            {(['morning', 'afternoon', 'evening'] as const).map((s) => (
              <label key={s} className="check"><input type="checkbox" checked={filters.times.includes(s)} onChange={(e) => setFilters({ ...filters, times: e.target.checked ? [...filters.times, s] : filters.times.filter((x) => x !== s) })} />{t(`flights.results.times.${s}`)}</label>
            ))}
          </fieldset>
          {priceMax > 0 ? (
            <fieldset className="filter-group">
              <legend>{t('flights.results.maxPrice')}</legend>
              <input type="range" min={priceMin} max={priceMax} step={100} value={filters.maxPrice ?? priceMax} aria-label={t('flights.results.maxPrice')}
                onChange={(e) => setFilters({ ...filters, maxPrice: Number(e.target.value) >= priceMax ? null : Number(e.target.value) })} />
              <span className="muted small">{formatMoney({ amount: ((filters.maxPrice ?? priceMax) / 100).toFixed(2), currency: results?.flights[0]?.price.currency ?? 'PKR' }, i18n.language)}</span>
            </fieldset>
          ) : null}
          {results?.available_airlines.length ? (
            <fieldset className="filter-group">
              <legend>{t('flights.results.airlines')}</legend>
              {results.available_airlines.map((a) => (
                <label key={a.code} className="check">
                  <input type="checkbox" checked={filters.airlines.includes(a.code)} onChange={(e) => setFilters({ ...filters, airlines: e.target.checked ? [...filters.airlines, a.code] : filters.airlines.filter((x) => x !== a.code) })} />
                  <span className="airline-filter-name">{a.name}</span><span className="muted small">{formatMoney(a.min_price, i18n.language)}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </aside>

        <section className="results-list" aria-busy={searching}>
          {searching ? <p className="muted">{t('flights.results.searching')}</p> : null}
          {state.matches('noResults') ? (
            <div className="card state-card" data-testid="nothing-found"><h2>{t('flights.results.nothingFound')}</h2><p className="muted">{t('flights.results.nothingFoundHint')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => setModify(true)}>{t('flights.results.modify')}</button></div>
          ) : null}
          {state.matches('searchFailed') ? (
            <div className="card state-card"><h2>{t('flights.results.failed')}</h2><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('flights.retry')}</button></div>
          ) : null}
          {state.matches('offerExpired') ? (
            <div className="card state-card"><h2>{t('flights.offerExpired')}</h2><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('flights.searchAgain')}</button></div>
          ) : null}
          {(state.matches('results') || state.matches('loadingOffer') || state.matches('offerFailed')) ? (
            <>
              <p className="muted small" data-testid="result-count">{t('flights.results.count', { count: shown.length, total: results?.flights.length ?? 0 })}</p>
              {shown.length === 0 ? <div className="card state-card"><h2>{t('flights.results.nothingFound')}</h2></div> : null}
              {shown.slice(0, limit).map((o) => (
                <OfferCard key={o.id} offer={o} busy={state.matches('loadingOffer')} onBook={() => actor.send({ type: 'SELECT', offer: { id: o.id, supplier: o.supplier, is_sooper_flight: o.is_sooper_flight } })} />
              ))}
              {shown.length > limit ? (
                <button type="button" className="btn btn-secondary" onClick={() => setLimit(limit + PAGE * 2)}>{t('flights.results.showMore', { count: shown.length - limit })}</button>
              ) : null}
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
