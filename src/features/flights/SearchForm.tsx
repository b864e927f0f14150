import { useEffect, useRef, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PartyField, Stepper } from '../../ui/party';
import { addDays, MAX_DAYS_AHEAD, MAX_LEGS, MAX_SEATED, type Cabin } from '../../../contract/flight-choices';
import type { SearchParams } from '../../../machines/flight-booking';
import { datesReversed, flightSearchFormMachine, type SearchFormState } from '../../../machines/flight-search-form';
import { useMachine } from '../../app/actors';
import { usePreloadScreen } from '../../app/screen';
import { translateServer } from '../../i18n';
import { DatePicker, DateRangeFields } from '../../components/date-picker/DatePicker';
import { AirportField } from './AirportField';
import { PricedDatePicker, usePriceNotes } from './price-notes';
import { loadPreviousSearch, savePreviousSearch } from './previous-search';
import { useFlowRole } from './useRole';
import '../../ui/form.css';
import './flights.css';

type FormState = SearchFormState;
const todayIso = () => new Date().toISOString().slice(0, 10);

export function searchHref(base: string, q: SearchParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '' || k === '_labels') continue;
    qs.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  return `${base}?${qs}`;
}

/** Flight search: trip types, airports, dates, travellers and cabin; the form's rules and messages are the flight-search-form machine's. */
export function FlightSearchForm({ resultsPath = '/flight/search', initial, compact = false, onSearch }: { resultsPath?: string; initial?: SearchParams | null; compact?: boolean; onSearch?: (q: SearchParams) => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const role = useFlowRole();
  // The results screen's code is fetched once the user starts on the form (a visit that only looks does not), so
  // pressing search waits only for the search.
  const preloadScreen = usePreloadScreen();
  const warmResults = () => void preloadScreen(resultsPath);
  const [form, send, formActor] = useMachine(flightSearchFormMachine, { input: { initial: initial ?? loadPreviousSearch(), today: todayIso() } });
  const { form: f, errors, incomplete } = form.context;
  const set = (patch: Partial<FormState>) => send({ type: 'SET', patch });
  const min = todayIso();
  const max = addDays(min, MAX_DAYS_AHEAD);
  const req = (k: string) => { const m = errors[k]; return m ? (m.text ? translateServer(m.text) : t(m.key!)) : null; };
  const onValid = useRef<(q: SearchParams) => void>(null);
  onValid.current = (q) => {
    savePreviousSearch(q);
    onSearch?.(q);
    // The results screen is entered once its code is in (a second at most): entered before, the router would show its
    // loader, and React hold the screen back ~300 ms after the code came.
    const screen = Promise.race([preloadScreen(resultsPath), new Promise((done) => setTimeout(done, 1000))]);
    // Start the search now, while the results screen mounts (it sees the same query and does not search again).
    void import('./flow').then(async ({ flowActor }) => {
      flowActor(role).send({ type: 'SEARCH', query: JSON.parse(JSON.stringify(q, (_, v) => (typeof v === 'number' ? String(v) : v))) });
      await screen;
      navigate(searchHref(resultsPath, q));
    });
  };
  useEffect(() => {
    const sub = formActor.on('search', (e) => onValid.current?.(e.query));
    return () => sub.unsubscribe();
  }, [formActor]);
  const submit = (e: FormEvent) => { e.preventDefault(); send({ type: 'SUBMIT' }); };
  const swap = () => send({ type: 'SWAP' });
  // Each date's lowest price for its way: out for the departure, back for the return, each leg's own.
  const plain = f.flightType === 'multi-city';
  const outNotes = usePriceNotes(plain ? null : { origin: f.origin?.code, destination: f.destination?.code, adults: f.adults, children: f.children, infants: f.infants, cabin_class: f.cabin });
  const backNotes = usePriceNotes(f.flightType !== 'return' ? null : { origin: f.destination?.code, destination: f.origin?.code, adults: f.adults, children: f.children, infants: f.infants, cabin_class: f.cabin });

  return (
    <form className={`flight-search${compact ? ' is-compact' : ''}`} onSubmit={submit} noValidate aria-label={t('flights.search.title')} onFocus={warmResults} onPointerDown={warmResults}>
      <div className="trip-types" role="radiogroup" aria-label={t('flights.search.tripType')}>
        {(['one-way', 'return', 'multi-city'] as const).map((k) => (
          <label key={k} className={`trip-type${f.flightType === k ? ' is-active' : ''}`}>
            <input type="radio" name="flightType" value={k} checked={f.flightType === k} onChange={() => set({ flightType: k })} />
            {t(`flights.search.types.${k}`)}
          </label>
        ))}
      </div>

      {f.flightType === 'multi-city' ? (
        <div className="multi-legs">
          {f.trips.map((leg, i) => (
            <div className="search-row" key={i} data-testid={`leg-${i}`}>
              <AirportField label={t('flights.search.from')} value={leg.origin} error={req(`trips.${i}.origin`)} testId={`leg-${i}-origin`}
                onChange={(v) => set({ trips: f.trips.map((x, j) => (j === i ? { ...x, origin: v } : x)) })} />
              <AirportField label={t('flights.search.to')} value={leg.destination} error={req(`trips.${i}.destination`)} testId={`leg-${i}-destination`}
                onChange={(v) => set({ trips: f.trips.map((x, j) => (j === i ? { ...x, destination: v } : x)) })} />
              <PricedDatePicker route={{ origin: leg.origin?.code, destination: leg.destination?.code, adults: f.adults, children: f.children, infants: f.infants, cabin_class: f.cabin }}
                label={t('flights.search.departure')} value={leg.date} min={i > 0 ? f.trips[i - 1].date ?? min : min} max={max} error={req(`trips.${i}.date`)}
                onChange={(d) => set({ trips: f.trips.map((x, j) => (j === i ? { ...x, date: d } : x)) })} />
              {f.trips.length > 2 ? (
                <button type="button" className="btn btn-ghost leg-remove" onClick={() => send({ type: 'REMOVE_LEG', index: i })} aria-label={t('flights.search.removeLeg', { n: i + 1 })}>×</button>
              ) : null}
            </div>
          ))}
          {f.trips.length < MAX_LEGS ? (
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'ADD_LEG' })}>
              + {t('flights.search.addLeg')}
            </button>
          ) : null}
        </div>
      ) : (
        <div className="search-row">
          <AirportField label={t('flights.search.from')} value={f.origin} onChange={(v) => set({ origin: v })} error={req('origin')} testId="origin" />
          <button type="button" className="swap-btn" onClick={swap} aria-label={t('flights.search.swap')}>⇄</button>
          <AirportField label={t('flights.search.to')} value={f.destination} onChange={(v) => set({ destination: v })} error={req('destination')} testId="destination" />
          {f.flightType === 'return' ? (
            <DateRangeFields startLabel={t('flights.search.departure')} endLabel={t('flights.search.return')} start={f.departure} end={f.ret} min={min} max={max} swap={false}
              errors={{ start: req('departure'), end: req('ret') }} notes={{ start: outNotes, end: backNotes }} onChange={(r) => set({ departure: r.start, ret: r.end })} />
          ) : (
            <DatePicker label={t('flights.search.departure')} value={f.departure} min={min} max={max} error={req('departure')} testId="date-start" notes={outNotes} onChange={(d) => set({ departure: d })} />
          )}
        </div>
      )}

      {datesReversed(f) ? (
        <p className="form-question" role="status" data-testid="dates-reversed">
          {t('flights.search.datesReversed')}{' '}
          <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'SWAP_DATES' })}>{t('flights.search.swapDates')}</button>
        </p>
      ) : null}
      <div className="search-row search-row-end">
        <TravellersPicker f={f} set={set} error={req('travellers')} />
        <button type="submit" className="btn btn-primary search-submit">{t('flights.search.submit')}</button>
      </div>
      {incomplete ? <p className="form-alert" role="alert">{t('flights.search.incomplete')}</p> : null}
    </form>
  );
}

function TravellersPicker({ f, set, error }: { f: FormState; set: (p: Partial<FormState>) => void; error: string | null }) {
  const { t } = useTranslation();
  const total = f.adults + f.children + f.infants;
  const row = (key: 'adults' | 'children' | 'infants', minV: number, maxV: number) => (
    <div className="pax-row">
      <span><strong>{t(`flights.search.pax.${key}`)}</strong><small className="muted">{t(`flights.search.pax.${key}Hint`)}</small></span>
      <Stepper
        value={f[key]} min={minV} max={maxV} onChange={(n) => set({ [key]: n } as Partial<FormState>)} testId={`pax-${key}`}
        lessLabel={t('flights.search.pax.less', { what: t(`flights.search.pax.${key}`) })} moreLabel={t('flights.search.pax.more', { what: t(`flights.search.pax.${key}`) })}
      />
    </div>
  );
  return (
    <PartyField
      label={t('flights.search.travellersCabin')} error={error} testId="pax-trigger"
      summary={<>{t('flights.search.travellerCount', { count: total })}, {t(`flights.cabins.${f.cabin}`)}</>}
    >
      {row('adults', 1, MAX_SEATED - f.children)}
      {row('children', 0, MAX_SEATED - f.adults)}
      {row('infants', 0, f.adults)}
      <label className="field">
        <span className="field-label">{t('flights.search.cabin')}</span>
        <select className="field-input" value={f.cabin} onChange={(e) => set({ cabin: e.target.value as Cabin })} data-testid="cabin">
          {(['Y', 'S', 'C', 'F'] as const).map((c) => <option key={c} value={c}>{t(`flights.cabins.${c}`)}</option>)}
        </select>
      </label>
    </PartyField>
  );
}
