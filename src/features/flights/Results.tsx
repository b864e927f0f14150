import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '../../../contract/flights';
import { parseMinor } from '../../../contract/money';
import { hasFilters, NO_FILTERS, type SearchFilters, type SearchParams } from '../../../machines/flight-booking';
import { formatDay } from '../../../contract/format/time';
import { OfferCard } from './OfferCard';
import { DateStrip } from './DateStrip';
import { toQueryString } from './api';
import { flowActor, loadPreviousSearch, savePreviousSearch, useFlow } from './flow';
import { resultsPath, useFlowRole } from './useRole';
import { activeFilterCount, FiltersPanel, type FiltersState } from './FiltersPanel';
import { FiltersButton, SheetSlot, ShowMore, useFiltersSheet } from '../../ui/filters-button';
import { useAirportLabel, useRouteText } from '../../i18n/places';
import { WatchPrice } from '../price-alerts/WatchPrice';
import './flights.css';

const loadSheet = () => import('./FiltersSheet');
/**
 * The search form: on the results page only behind "Modify search" (or on its own when the address has no search),
 * so its code (the form machine, date picker and place suggestions, about 9 KB and 8 files) loads with the first
 * use, asked for as the pointer or focus reaches the button, not with the page.
 */
const loadForm = () => import('./SearchForm').then((m) => ({ default: m.FlightSearchForm }));
const FlightSearchForm = lazy(loadForm);
const FiltersSheet = lazy(loadSheet);

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
const SKELETONS = [0, 1, 2].map((i) => <div key={i} className="card offer-skeleton" aria-hidden="true" />);
const minor = (o: FlightOffer) => parseMinor(o.price.amount) ?? 0;

/**
 * The maximum price only narrows what is loaded (in the server's order): airlines, stops, time of day and sort
 * go to the server, which answers the best 50 among the matching offers. Sent to the server too, the slider's
 * range (the loaded prices) would shrink under the user's hand at every move.
 */
export const underMaxPrice = (list: FlightOffer[], maxPrice: number | null): FlightOffer[] =>
  maxPrice === null ? list : list.filter((o) => minor(o) <= maxPrice);

export default function Results() {
  const { t, i18n } = useTranslation();
  const airportLabel = useAirportLabel();
  const routeText = useRouteText();
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [modify, setModify] = useState(false);
  const sheet = useFiltersSheet(loadSheet);
  const query = useMemo(() => paramsFromUrl(search), [search]);
  // The panel shows the user's latest choice at once; the machine searches once the clicks pause.
  const applied = state.context.filters;
  const draft = state.context.draftFilters;
  const setDraft = (filters: SearchFilters) => actor.send({ type: 'FILTER', filters });
  const [maxPrice, setMaxPrice] = useState<number | null>(null);
  // The first page of offers paints at once; more on request (50 cards at once cost a visible moment).
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setLimit(PAGE), [maxPrice, state.context.results]);

  useEffect(() => {
    if (!query) return;
    const ctx = actor.getSnapshot().context;
    const busyOrShown = ['searching', 'results', 'noResults', 'loadingOffer'].some((s) => actor.getSnapshot().matches(s as never));
    if (!busyOrShown || !sameQuery(ctx.query, query)) {
      savePreviousSearch(query);
      actor.send({ type: 'SEARCH', query });
      setMaxPrice(null);
    }
  }, [query, actor]);

  const results = state.context.results;
  const shown = useMemo(() => underMaxPrice(results?.flights ?? [], maxPrice), [results, maxPrice]);
  // The cards render in a second, interruptible pass: the machine's snapshot comes through a store, whose updates
  // React renders in one go, and the page, its filters and fifteen cards in one go were a single task of a quarter
  // to half a second on a mid-range phone (the page's longest). Until they are ready, the skeletons hold their place.
  // The count line goes with the cards it counts, out of all the offers matching the search and its filters.
  const list = useMemo(() => ({ offers: shown, total: results?.total ?? results?.flights.length ?? 0 }), [shown, results]);
  const drawn = useDeferredValue(list);
  const cards = drawn.offers;
  const cardsPending = drawn !== list && cards.length === 0;
  const airlines = state.context.airlineChoices ?? [];
  const prices = (results?.flights ?? []).map(minor);
  const priceMax = prices.length ? Math.max(...prices) : 0;
  const priceMin = prices.length ? Math.min(...prices) : 0;
  const q = state.context.query ?? query;
  const labels = (q?._labels ?? {}) as unknown as Record<string, string>;
  const place = (c: unknown) => (typeof c === 'string' ? airportLabel(c, labels[c]) : '');
  const route = q?.flightType === 'multi-city' && Array.isArray(q.trips)
    ? q.trips.map((l) => routeText(place(l.origin), place(l.destination))).join(i18n.language === 'ar' ? '، ' : ', ')
    : routeText(place(q?.origin), place(q?.destination), q?.flightType === 'return');
  const searching = state.matches('searching');
  const showing = state.matches('results') || state.matches('loadingOffer') || state.matches('offerFailed');
  // Until the search has an answer to show (including the moment before it starts), the list holds its place.
  const loading = !showing && !['noResults', 'searchFailed', 'offerExpired'].some((s) => state.matches(s as never));
  const filters: FiltersState = {
    draft, setDraft, maxPrice, setMaxPrice, priceMin, priceMax, airlines, currency: results?.flights[0]?.price.currency ?? 'PKR',
  };
  // A day chosen on the strip or the grid is a new search: its address, which the effect above searches.
  const chooseDates = (depart: string, ret?: string) => {
    if (!q) return;
    navigate(`${resultsPath(role)}?${new URLSearchParams(toQueryString({ ...q, departure_date: depart, ...(ret ? { return_date: ret } : {}) }))}`);
  };
  const clearFilters = () => { setDraft(NO_FILTERS); setMaxPrice(null); };
  const filtering = hasFilters(draft) || maxPrice !== null;
  const active = activeFilterCount(draft, maxPrice);

  if (!query) {
    return (
      <div className="flights-page">
        <div className="card search-card-standalone"><h1>{t('flights.search.title')}</h1><Suspense fallback={<div className="form-loading" />}><FlightSearchForm resultsPath={resultsPath(role)} /></Suspense></div>
      </div>
    );
  }
  return (
    <div className="flights-page">
      <section className="card searching-for" aria-live="polite">
        <div>
          <p className="eyebrow">{t('flights.results.searchingFor')}</p>
          <h1 className="searching-route">{route}</h1>
          <p className="muted" data-testid="searching-summary">
            {[
              // A multi-city search has its dates on the legs, not departure_date/return_date.
              (q?.flightType === 'multi-city' && Array.isArray(q.trips) ? q.trips.map((l) => l.date) : [q?.departure_date, q?.flightType === 'return' ? q?.return_date : null]).filter((d): d is string => !!d).map((d) => formatDay(d, i18n.language, { year: false })).join(' – '),
              t('flights.search.travellerCount', { count: Number(q?.adults ?? 1) + Number(q?.children ?? 0) + Number(q?.infants ?? 0) }),
              t(`flights.cabins.${String(q?.cabin_class ?? 'Y')}`),
            ].filter(Boolean).join(' · ')}
          </p>
        </div>
        <button type="button" className="btn btn-secondary" onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} onClick={() => setModify(!modify)} aria-expanded={modify}>{t('flights.results.modify')}</button>
        <WatchPrice query={q} />
        {/* Drawn over the card's lower edge: it takes no room, so the results do not move when it goes. */}
        {searching ? <div className="progress" role="progressbar" aria-label={t('flights.results.searching')}><span /></div> : null}
      </section>
      {modify ? <div className="card modify-card"><Suspense fallback={<div className="form-loading" />}><FlightSearchForm resultsPath={resultsPath(role)} initial={q} compact onSearch={() => setModify(false)} /></Suspense></div> : null}
      <DateStrip query={q} onChoose={chooseDates} />

      <div className="results-layout">
        <aside className="filters filters-side card" aria-label={t('flights.results.filters')}>
          <div className="filters-head">
            <h2>{t('flights.results.filters')}</h2>
            {filtering ? (
              <button type="button" className="btn btn-ghost filters-clear" data-testid="clear-filters" onClick={clearFilters}>{t('flights.results.clearFilters')}</button>
            ) : null}
          </div>
          <FiltersPanel {...filters} idPrefix="side" />
        </aside>

        {/* Busy too while the cards of a new answer are still being drawn (the deferred pass): the old ones go then. */}
        <section className={loading ? 'results-list is-loading' : 'results-list'} aria-busy={loading || drawn !== list}>
          <div className="results-bar">
            <FiltersButton
              {...sheet.button} label={t('flights.results.filters')} active={active} activeLabel={t('flights.results.activeFilters', { count: active })}
              matches={showing ? t('flights.results.matches', { count: shown.length }) : loading ? t('flights.results.searchingShort') : ''}
            />
          </div>
          {loading ? (
            // Holds the place of the count line and the first cards, so nothing moves when the offers arrive.
            <>
              <p className="muted small result-count">{t('flights.results.searching')}</p>
              {SKELETONS}
            </>
          ) : null}
          {state.matches('noResults') && hasFilters(applied) ? (
            <div className="card state-card" data-testid="nothing-found"><h2>{t('flights.results.noMatch')}</h2><p className="muted">{t('flights.results.noMatchHint')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => setDraft(NO_FILTERS)}>{t('flights.results.clearFilters')}</button></div>
          ) : state.matches('noResults') ? (
            <div className="card state-card" data-testid="nothing-found"><h2>{t('flights.results.nothingFound')}</h2><p className="muted">{t('flights.results.nothingFoundHint')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => setModify(true)}>{t('flights.results.modify')}</button></div>
          ) : null}
          {state.matches('searchFailed') ? (
            <div className="card state-card"><h2>{t('flights.results.failed')}</h2><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('flights.retry')}</button></div>
          ) : null}
          {state.matches('offerExpired') ? (
            <div className="card state-card"><h2>{t('flights.offerExpired')}</h2><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('flights.searchAgain')}</button></div>
          ) : null}
          {showing ? (
            <>
              <p className="muted small result-count" data-testid="result-count">{cardsPending ? t('flights.results.searching') : t('flights.results.count', { count: cards.length, total: drawn.total })}</p>
              {results?.left_out?.length ? <p className="notice-inline small" role="status" data-testid="left-out">{t('flights.results.leftOut')}</p> : null}
              {cards.length === 0 && !cardsPending ? (
                <div className="card state-card"><h2>{t('flights.results.noMatch')}</h2>
                  <button type="button" className="btn btn-secondary" onClick={() => setMaxPrice(null)}>{t('flights.results.clearMaxPrice')}</button></div>
              ) : null}
              {cardsPending ? SKELETONS : cards.slice(0, limit).map((o) => (
                <OfferCard key={o.id} offer={o} busy={state.matches('loadingOffer')} onBook={() => actor.send({ type: 'SELECT', offer: { id: o.id, supplier: o.supplier, is_sooper_flight: o.is_sooper_flight } })} />
              ))}
              <ShowMore left={cards.length - limit} label={t('flights.results.showMore', { count: cards.length - limit })} onMore={() => setLimit(limit + PAGE * 2)} />
            </>
          ) : null}
        </section>
      </div>
      <SheetSlot used={sheet.used}>
        <FiltersSheet {...filters} {...sheet.props} count={shown.length} searching={loading} onClear={clearFilters} canClear={filtering} />
      </SheetSlot>
    </div>
  );
}
