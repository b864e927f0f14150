import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { activeHotelFilterCount, NO_HOTEL_FILTERS, visibleHotels, type HotelFilters } from '../../../machines/hotel-filters';
import { FiltersButton, SheetSlot, ShowMore, useFiltersSheet } from '../../ui/filters-button';
import { formatDate } from '../../ui/format';
import { useFlowRole } from '../flights/useRole';
import { hotelFlowActor, useHotelFlow } from './flow';
import { HotelCard } from './HotelCard';
import { HotelFiltersPanel, type HotelFiltersState } from './FiltersPanel';
import { sameStay, stayFromUrl } from './paths';
import { savePreviousHotelSearch } from './previous-search';
import '../flights/flights.css';
import './hotels.css';
import './strings';

const loadSheet = () => import('./FiltersSheet');
/**
 * The search form: on the results page only behind "Modify search" (or on its own when the address has no search),
 * so its code (the form machine, date picker and place suggestions, about 9 KB and 8 files) loads with the first
 * use, asked for as the pointer or focus reaches the button, not with the page.
 */
const loadForm = () => import('./SearchForm').then((m) => ({ default: m.HotelSearchForm }));
const HotelSearchForm = lazy(loadForm);
const FiltersSheet = lazy(loadSheet);
const PAGE = 15;
/** The destination as the server names it, in Arabic where the data has an Arabic name. */
const placeName = (d: { name: string; name_ar?: string | null } | undefined, lng: string) => (d ? (lng === 'ar' && d.name_ar) || d.name : undefined);

/** /hotel/search: the form alone, or (with a stay in the address) the results with filters and sort that answer at once. */
export default function HotelResults() {
  const { t, i18n } = useTranslation();
  const role = useFlowRole();
  const actor = hotelFlowActor(role);
  const state = useHotelFlow(actor);
  const search = useSearch();
  const query = useMemo(() => stayFromUrl(search), [search]);
  const [modify, setModify] = useState(false);
  const sheet = useFiltersSheet(loadSheet);
  const [limit, setLimit] = useState(PAGE);
  const c = state.context;
  useEffect(() => setLimit(PAGE), [c.filters, c.results]);

  const ask = () => {
    if (!query) return;
    const shown = ['searching', 'results', 'noResults', 'loadingHotel'].some((s) => actor.getSnapshot().matches(s as never));
    if (!shown || !sameStay(actor.getSnapshot().context.query, query)) {
      savePreviousHotelSearch(query);
      actor.send({ type: 'SEARCH', query });
    }
  };
  // The first search is asked for as the page first renders: the one the page's shell started has usually answered,
  // and its results then arrive (microtasks) while the first render is still being prepared, so the first frame
  // the app paints already lists them instead of replacing the shell's first hotel with an empty list for a frame.
  useState(ask);
  useEffect(ask, [query, actor]);

  const loaded = useMemo(() => c.results?.data ?? [], [c.results]);
  const shownHotels = useMemo(() => visibleHotels(loaded, c.filters), [loaded, c.filters]);
  const searching = state.matches('searching');
  const showing = state.matches('results') || state.matches('loadingHotel') || state.matches('hotelFailed') || (searching && loaded.length > 0);
  const loading = searching && loaded.length === 0;
  const setFilters = (filters: HotelFilters) => actor.send({ type: 'FILTER', filters });
  const filtering = activeHotelFilterCount(c.filters) > 0;
  const clear = () => setFilters({ ...NO_HOTEL_FILTERS, sort: c.filters.sort });
  const panel: HotelFiltersState = { filters: c.filters, setFilters, hotels: loaded, currency: loaded[0]?.cheapest.nightly.currency ?? 'PKR' };
  const q = c.query ?? query;
  const nights = c.results?.meta.nights ?? 1;
  const total = c.results?.meta.total ?? 0;

  if (!query) {
    return (
      <div className="flights-page hotels-page">
        <div className="card search-card-standalone"><h1>{t('hotels.search.title')}</h1><Suspense fallback={<div className="form-loading" />}><HotelSearchForm role={role} /></Suspense></div>
      </div>
    );
  }
  return (
    <div className="flights-page hotels-page">
      <section className="card searching-for" aria-live="polite">
        <div>
          <p className="eyebrow">{t('hotels.results.searchingFor')}</p>
          <h1 className="searching-route">{placeName(c.results?.meta.destination, i18n.language) ?? q?.destination_label ?? q?.destination}</h1>
          <p className="muted" data-testid="searching-summary">
            {[`${formatDate(q?.check_in, i18n.language)} – ${formatDate(q?.check_out, i18n.language)}`, t('hotels.search.roomCount', { count: q?.rooms.length ?? 1 }),
              t('hotels.search.guestCount', { count: (q?.rooms ?? []).reduce((n, r) => n + r.adults + (r.children_ages?.length ?? 0), 0) })].join(' · ')}
          </p>
        </div>
        <button type="button" className="btn btn-secondary" onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} onClick={() => setModify(!modify)} aria-expanded={modify}>{t('hotels.results.modify')}</button>
        {searching ? <div className="progress" role="progressbar" aria-label={t('hotels.results.searching')}><span /></div> : null}
      </section>
      {modify ? <div className="card modify-card"><Suspense fallback={<div className="form-loading" />}><HotelSearchForm role={role} initial={q} compact onSearch={() => setModify(false)} /></Suspense></div> : null}

      <div className="results-layout">
        <aside className="filters filters-side card" aria-label={t('hotels.results.filters')}>
          <div className="filters-head">
            <h2>{t('hotels.results.filters')}</h2>
            {filtering ? <button type="button" className="btn btn-ghost filters-clear" onClick={clear}>{t('hotels.results.clearFilters')}</button> : null}
          </div>
          <HotelFiltersPanel {...panel} idPrefix="side" />
        </aside>

        <section className={loading ? 'results-list is-loading' : 'results-list'} aria-busy={loading}>
          <div className="results-bar">
            <FiltersButton
              {...sheet.button} label={t('hotels.results.filters')} active={activeHotelFilterCount(c.filters)}
              matches={showing ? t('hotels.results.matches', { count: shownHotels.length }) : loading ? t('hotels.results.searchingShort') : ''}
            />
          </div>
          {loading ? (
            <>
              <p className="muted small result-count">{t('hotels.results.searching')}</p>
              {[0, 1, 2].map((i) => <div key={i} className="card offer-skeleton" aria-hidden="true" />)}
            </>
          ) : null}
          {state.matches('noResults') ? (
            <div className="card state-card" data-testid="nothing-found">
              <h2>{t('hotels.results.nothingFound')}</h2><p className="muted">{t('hotels.results.nothingFoundHint')}</p>
              {filtering ? <button type="button" className="btn btn-secondary" onClick={clear}>{t('hotels.results.clearFilters')}</button>
                : <button type="button" className="btn btn-secondary" onClick={() => setModify(true)}>{t('hotels.results.modify')}</button>}
            </div>
          ) : null}
          {state.matches('searchFailed') ? (
            <div className="card state-card"><h2>{t('hotels.results.failed')}</h2><button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'RETRY' })}>{t('hotels.retry')}</button></div>
          ) : null}
          {state.matches('hotelFailed') ? (
            <p className="form-alert" role="alert">{t('hotels.details.failed')} <button type="button" className="btn btn-ghost" onClick={() => actor.send({ type: 'RETRY' })}>{t('hotels.retry')}</button></p>
          ) : null}
          {showing ? (
            <>
              <p className="muted small result-count" data-testid="result-count">{t('hotels.results.count', { count: shownHotels.length, total })}</p>
              {shownHotels.length === 0 ? (
                <div className="card state-card" data-testid="nothing-found"><h2>{t('hotels.results.nothingFound')}</h2><p className="muted">{t('hotels.results.noMatchHint')}</p>
                  <button type="button" className="btn btn-secondary" onClick={clear}>{t('hotels.results.clearFilters')}</button></div>
              ) : null}
              {shownHotels.slice(0, limit).map((h, i) => (
                <HotelCard key={h.id} first={i === 0} hotel={h} nights={nights} busy={state.matches('loadingHotel')} onOpen={() => actor.send({ type: 'SELECT', hotelId: h.id })} />
              ))}
              <ShowMore left={shownHotels.length - limit} label={t('hotels.results.showMore', { count: shownHotels.length - limit })} onMore={() => setLimit(limit + PAGE * 2)} />
            </>
          ) : null}
        </section>
      </div>
      <SheetSlot used={sheet.used}>
        <FiltersSheet {...panel} {...sheet.props} count={shownHotels.length} onClear={clear} canClear={filtering} />
      </SheetSlot>
    </div>
  );
}
