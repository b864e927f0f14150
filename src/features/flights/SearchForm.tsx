import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PopoverButton } from '../../ui/popover';
import { addDays, MAX_DAYS_AHEAD, MAX_LEGS, MAX_SEATED, type Cabin, type FlightType } from '../../../contract/flight-choices';
import type { SearchParams } from '../../../machines/flight-booking';
import { DatePicker, DateRangeFields } from '../../components/date-picker/DatePicker';
import { AirportField, type AirportValue } from './AirportField';
import { loadPreviousSearch, savePreviousSearch } from './previous-search';
import { useFlowRole } from './useRole';
import '../../ui/form.css';
import './flights.css';

interface Leg { origin: AirportValue | null; destination: AirportValue | null; date: string | null }
interface FormState {
  flightType: FlightType; origin: AirportValue | null; destination: AirportValue | null; departure: string | null; ret: string | null;
  trips: Leg[]; adults: number; children: number; infants: number; cabin: Cabin;
}

const todayIso = () => new Date().toISOString().slice(0, 10);
const airport = (code: unknown, labels?: Record<string, string>): AirportValue | null =>
  typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? { code, label: labels?.[code] ?? code } : null;

/** The form's state from the previous search (or a URL query), so a returning user finds it filled in. */
export function formFromQuery(q: SearchParams | null): FormState {
  const labels = (q?._labels ?? {}) as unknown as Record<string, string>;
  const trips = Array.isArray(q?.trips) ? q!.trips.map((t) => ({ origin: airport(t.origin, labels), destination: airport(t.destination, labels), date: t.date || null })) : [];
  const future = (d: unknown) => (typeof d === 'string' && d >= todayIso() ? d : null);
  return {
    flightType: (q?.flightType as FlightType) ?? 'return',
    origin: airport(q?.origin, labels), destination: airport(q?.destination, labels),
    departure: future(q?.departure_date), ret: future(q?.return_date),
    trips: trips.length >= 2 ? trips.map((t) => ({ ...t, date: future(t.date) })) : [{ origin: null, destination: null, date: null }, { origin: null, destination: null, date: null }],
    adults: Number(q?.adults ?? 1) || 1, children: Number(q?.children ?? 0), infants: Number(q?.infants ?? 0), cabin: ((q?.cabin_class as Cabin) ?? 'Y'),
  };
}

export function toSearchParams(f: FormState): SearchParams {
  const labels: Record<string, string> = {};
  const note = (a: AirportValue | null) => { if (a) labels[a.code] = a.label; return a?.code; };
  const base = { adults: f.adults, children: f.children, infants: f.infants, cabin_class: f.cabin };
  if (f.flightType === 'multi-city') {
    return { flightType: 'multi-city', trips: f.trips.map((t) => ({ origin: note(t.origin) ?? '', destination: note(t.destination) ?? '', date: t.date ?? '' })), ...base, _labels: labels as never };
  }
  return {
    flightType: f.flightType, origin: note(f.origin), destination: note(f.destination), departure_date: f.departure ?? undefined,
    return_date: f.flightType === 'return' ? f.ret ?? undefined : undefined, ...base, _labels: labels as never,
  };
}

/** Missing or contradictory fields, by form field; an empty object means the form can be searched. */
export function incompleteFields(f: FormState): Record<string, true> {
  const bad: Record<string, true> = {};
  if (f.flightType === 'multi-city') {
    f.trips.forEach((t, i) => {
      if (!t.origin) bad[`trips.${i}.origin`] = true;
      if (!t.destination || t.destination.code === t.origin?.code) bad[`trips.${i}.destination`] = true;
      if (!t.date || (i > 0 && f.trips[i - 1].date && t.date < f.trips[i - 1].date!)) bad[`trips.${i}.date`] = true;
    });
  } else {
    if (!f.origin) bad.origin = true;
    if (!f.destination || f.destination.code === f.origin?.code) bad.destination = true;
    if (!f.departure) bad.departure = true;
    if (f.flightType === 'return' && !f.ret) bad.ret = true;
  }
  if (f.adults < 1 || f.adults + f.children > MAX_SEATED || f.infants > f.adults) bad.travellers = true;
  return bad;
}

export function searchHref(base: string, q: SearchParams): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '' || k === '_labels') continue;
    qs.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  return `${base}?${qs}`;
}

/** Flight search (spec §2, §4, §5): trip types, airports, dates, travellers and cabin. */
export function FlightSearchForm({ resultsPath = '/flight/search', initial, compact = false, onSearch, prefetch }: { resultsPath?: string; initial?: SearchParams | null; compact?: boolean; onSearch?: (q: SearchParams) => void; prefetch?: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const role = useFlowRole();
  const [f, setF] = useState<FormState>(() => formFromQuery(initial ?? loadPreviousSearch()));
  const [bad, setBad] = useState<Record<string, true>>({});
  const [showIncomplete, setShowIncomplete] = useState(false);
  const set = (patch: Partial<FormState>) => { setF((o) => ({ ...o, ...patch })); setShowIncomplete(false); };
  const min = todayIso();
  const max = addDays(min, MAX_DAYS_AHEAD);
  const req = (k: string) => (bad[k] ? t('flights.search.required') : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = incompleteFields(f);
    setBad(missing);
    if (Object.keys(missing).length) { setShowIncomplete(true); return; }
    const q = toSearchParams(f);
    savePreviousSearch(q);
    onSearch?.(q);
    // Start the search now, while the results screen mounts (it sees the same query and does not search again).
    void import('./flow').then(({ flowActor }) => {
      flowActor(role).send({ type: 'SEARCH', query: JSON.parse(JSON.stringify(q, (_, v) => (typeof v === 'number' ? String(v) : v))) });
      navigate(searchHref(resultsPath, q));
    });
  };
  const swap = () => set({ origin: f.destination, destination: f.origin });

  return (
    <form className={`flight-search${compact ? ' is-compact' : ''}`} onSubmit={submit} noValidate aria-label={t('flights.search.title')} onFocus={prefetch} onPointerDown={prefetch}>
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
              <DatePicker label={t('flights.search.departure')} value={leg.date} min={i > 0 ? f.trips[i - 1].date ?? min : min} max={max} error={req(`trips.${i}.date`)}
                onChange={(d) => set({ trips: f.trips.map((x, j) => (j === i ? { ...x, date: d } : x)) })} />
              {f.trips.length > 2 ? (
                <button type="button" className="btn btn-ghost leg-remove" onClick={() => set({ trips: f.trips.filter((_, j) => j !== i) })} aria-label={t('flights.search.removeLeg', { n: i + 1 })}>×</button>
              ) : null}
            </div>
          ))}
          {f.trips.length < MAX_LEGS ? (
            <button type="button" className="btn btn-secondary" onClick={() => set({ trips: [...f.trips, { origin: f.trips[f.trips.length - 1].destination, destination: null, date: null }] })}>
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
            <DateRangeFields startLabel={t('flights.search.departure')} endLabel={t('flights.search.return')} start={f.departure} end={f.ret} min={min} max={max}
              errors={{ start: req('departure'), end: req('ret') }} onChange={(r) => set({ departure: r.start, ret: r.end })} />
          ) : (
            <DatePicker label={t('flights.search.departure')} value={f.departure} min={min} max={max} error={req('departure')} testId="date-start" onChange={(d) => set({ departure: d })} />
          )}
        </div>
      )}

      <div className="search-row search-row-end">
        <TravellersPicker f={f} set={set} invalid={!!bad.travellers} />
        <button type="submit" className="btn btn-primary search-submit">{t('flights.search.submit')}</button>
      </div>
      {showIncomplete ? <p className="form-alert" role="alert">{t('flights.search.incomplete')}</p> : null}
    </form>
  );
}

function TravellersPicker({ f, set, invalid }: { f: FormState; set: (p: Partial<FormState>) => void; invalid: boolean }) {
  const { t } = useTranslation();
  const total = f.adults + f.children + f.infants;
  const row = (key: 'adults' | 'children' | 'infants', minV: number, maxV: number) => (
    <div className="pax-row">
      <span><strong>{t(`flights.search.pax.${key}`)}</strong><small className="muted">{t(`flights.search.pax.${key}Hint`)}</small></span>
      <span className="stepper">
        <button type="button" aria-label={t('flights.search.pax.less', { what: t(`flights.search.pax.${key}`) })} disabled={f[key] <= minV} onClick={() => set({ [key]: f[key] - 1 } as Partial<FormState>)}>−</button>
        <output aria-live="polite" data-testid={`pax-${key}`}>{f[key]}</output>
        <button type="button" aria-label={t('flights.search.pax.more', { what: t(`flights.search.pax.${key}`) })} disabled={f[key] >= maxV} onClick={() => set({ [key]: f[key] + 1 } as Partial<FormState>)}>+</button>
      </span>
    </div>
  );
  return (
    <div className={`field pax-field${invalid ? ' is-invalid' : ''}`}>
      <span className="field-label">{t('flights.search.travellersCabin')}</span>
      <PopoverButton
        label={t('flights.search.travellersCabin')} className="pax-popover" buttonClassName="field-input pax-trigger" dialogClassName="pax-dialog" placement="bottom end" testId="pax-trigger"
        content={(
          <>
            {row('adults', 1, MAX_SEATED - f.children)}
            {row('children', 0, MAX_SEATED - f.adults)}
            {row('infants', 0, f.adults)}
            <label className="field">
              <span className="field-label">{t('flights.search.cabin')}</span>
              <select className="field-input" value={f.cabin} onChange={(e) => set({ cabin: e.target.value as Cabin })} data-testid="cabin">
                {(['Y', 'S', 'C', 'F'] as const).map((c) => <option key={c} value={c}>{t(`flights.cabins.${c}`)}</option>)}
              </select>
            </label>
          </>
        )}
      >
        {t('flights.search.travellerCount', { count: total })}, {t(`flights.cabins.${f.cabin}`)}
      </PopoverButton>
    </div>
  );
}
