import { assign, emit, setup } from 'xstate';
import { searchRuleErrors, type SearchFields } from '../contract/flight-rules';
import { MAX_LEGS, type Cabin, type FlightType } from '../contract/flight-choices';
import type { SearchParams } from './flight-booking';

/**
 * The flight search form: what the traveller filled in, checked with the same rules the server applies, so the
 * form names the real problem under the field it concerns ("Origin and destination must be different.", "The
 * date cannot be in the past.") instead of a bare "Required". Nothing is marked before the first search; after
 * it, a message goes away as soon as its field is put right, and the form-wide "Please Ensure that these fields
 * are filled properly." goes away at the next change.
 *
 *   filling ─SUBMIT, valid→ filling (emits search {query})
 *      └─SUBMIT, invalid→ correcting (a message per field, and the form-wide one)
 *   correcting ─SET / SWAP / ADD_LEG / REMOVE_LEG→ correcting (messages of fields now right dropped)
 *      ├─every message gone→ filling
 *      └─SUBMIT→ correcting (messages again: a field shown wrong still is)
 *   SET / SWAP / ADD_LEG / REMOVE_LEG change the form in either state; SWAP_DATES too, when the return is before
 *   the departure (the date pickers leave that as picked, and the form asks rather than swapping them unseen).
 */

export interface AirportValue { code: string; label: string }
export interface SearchLeg { origin: AirportValue | null; destination: AirportValue | null; date: string | null }
export interface SearchFormState {
  flightType: FlightType; origin: AirportValue | null; destination: AirportValue | null; departure: string | null; ret: string | null;
  trips: SearchLeg[]; adults: number; children: number; infants: number; cabin: Cabin;
}
/** A field's message: a text of the search rules (translated by the app) or an i18n key. */
export interface FieldMessage { text?: string; key?: string }

export interface SearchFormContext {
  form: SearchFormState;
  errors: Record<string, FieldMessage>;
  /** The form-wide message after a refused search. */
  incomplete: boolean;
  /** Today (YYYY-MM-DD) for the date rules; the app passes the reader's today. */
  today: string;
}

export type SearchFormEvent =
  | { type: 'SET'; patch: Partial<SearchFormState> }
  | { type: 'SWAP' }
  /** The traveller's answer to "the return is before the departure: swap them?" (the form asks; it never swaps on its own). */
  | { type: 'SWAP_DATES' }
  | { type: 'ADD_LEG' }
  | { type: 'REMOVE_LEG'; index: number }
  | { type: 'SUBMIT' };

export type SearchFormEmitted = { type: 'search'; query: SearchParams };

const EMPTY_LEG: SearchLeg = { origin: null, destination: null, date: null };

const sameAirport = (a: AirportValue | null, b: AirportValue | null) => (a?.code ?? null) === (b?.code ?? null);

/**
 * A leg's new arrival becomes the next leg's departure while the traveller has not chosen one of its own (it is
 * empty, or still the arrival it was filled from), as a new leg starts where the last one arrives.
 */
export function followArrivals(before: readonly SearchLeg[], after: readonly SearchLeg[]): SearchLeg[] {
  const legs = after.map((l) => ({ ...l }));
  for (let i = 0; i + 1 < legs.length; i++) {
    const was = before[i]?.destination ?? null;
    if (sameAirport(was, legs[i].destination)) continue;
    const next = legs[i + 1];
    if (next.origin === null || sameAirport(next.origin, was)) next.origin = legs[i].destination;
  }
  return legs;
}
const isCode = (code: unknown): code is string => typeof code === 'string' && /^[A-Z]{3}$/.test(code);
const airport = (code: unknown, labels?: Record<string, string>): AirportValue | null => (isCode(code) ? { code, label: labels?.[code] ?? code } : null);

/** The form's state from the previous search (or a URL query), so a returning user finds it filled in; past dates are dropped. */
export function formFromQuery(q: SearchParams | null, today: string): SearchFormState {
  const labels = (q?._labels ?? {}) as unknown as Record<string, string>;
  const future = (d: unknown) => (typeof d === 'string' && d >= today ? d : null);
  const trips = Array.isArray(q?.trips) ? q!.trips.map((t) => ({ origin: airport(t.origin, labels), destination: airport(t.destination, labels), date: future(t.date) })) : [];
  return {
    flightType: (q?.flightType as FlightType) ?? 'return',
    origin: airport(q?.origin, labels), destination: airport(q?.destination, labels),
    departure: future(q?.departure_date), ret: future(q?.return_date),
    trips: trips.length >= 2 ? trips : [EMPTY_LEG, EMPTY_LEG],
    adults: Number(q?.adults ?? 1) || 1, children: Number(q?.children ?? 0), infants: Number(q?.infants ?? 0), cabin: (q?.cabin_class as Cabin) ?? 'Y',
  };
}

/** The search query of the form (the airports' labels ride along so the results page can show them). */
export function toSearchParams(f: SearchFormState): SearchParams {
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

/** The rules' field names as the form names its fields. */
const FORM_FIELD: Record<string, string> = { departure_date: 'departure', return_date: 'ret', adults: 'travellers', children: 'travellers', infants: 'travellers' };

/** Every field the search rules refuse, with its message; an empty object means the form can be searched. */
export function formErrors(f: SearchFormState, today: string): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const [field, message] of Object.entries(searchRuleErrors(toSearchParams(f) as SearchFields, { today }))) {
    const name = FORM_FIELD[field] ?? field;
    out[name] ??= { text: message };
  }
  // An empty date picker is simply not filled in yet: "Required" says so better than a date format.
  const emptyDates = f.flightType === 'multi-city'
    ? f.trips.flatMap((t, i) => (t.date ? [] : [`trips.${i}.date`]))
    : [...(f.departure ? [] : ['departure']), ...(f.flightType === 'return' && !f.ret ? ['ret'] : [])];
  for (const name of emptyDates) out[name] = { key: 'flights.search.required' };
  // Empty legs fail the list's own check too; the form always has between 2 and the most legs, so that one says nothing.
  if (f.flightType === 'multi-city' && f.trips.length >= 2 && f.trips.length <= MAX_LEGS) delete out.trips;
  return out;
}

/** A round trip whose return comes before its departure: the form asks whether to swap them (SWAP_DATES). */
export const datesReversed = (f: SearchFormState) => f.flightType === 'return' && !!f.departure && !!f.ret && f.ret < f.departure;

/** After a refused search, the messages of fields now right go; the others follow the field's new value. */
function stillWrong(context: SearchFormContext, form: SearchFormState): Record<string, FieldMessage> {
  const shown = Object.keys(context.errors);
  if (!shown.length) return {};
  const now = formErrors(form, context.today);
  return Object.fromEntries(shown.filter((k) => now[k]).map((k) => [k, now[k]]));
}
const edited = (context: SearchFormContext, form: SearchFormState) => ({ form, errors: stillWrong(context, form), incomplete: false });

export const flightSearchFormMachine = setup({
  types: {
    context: {} as SearchFormContext,
    events: {} as SearchFormEvent,
    input: {} as { initial: SearchParams | null; today: string },
    emitted: {} as SearchFormEmitted,
  },
  guards: {
    isValid: ({ context }) => Object.keys(formErrors(context.form, context.today)).length === 0,
    /** Every field that carried a message is right now, and the form-wide message is gone. */
    allRight: ({ context }) => !context.incomplete && Object.keys(context.errors).length === 0,
    datesReversed: ({ context }) => datesReversed(context.form),
    canAddLeg: ({ context }) => context.form.trips.length < MAX_LEGS,
    canRemoveLeg: ({ context }) => context.form.trips.length > 2,
  },
  actions: {
    set: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      const next = { ...context.form, ...event.patch };
      return edited(context, event.patch.trips ? { ...next, trips: followArrivals(context.form.trips, event.patch.trips) } : next);
    }),
    swap: assign(({ context }) => edited(context, { ...context.form, origin: context.form.destination, destination: context.form.origin })),
    swapDates: assign(({ context }) => edited(context, { ...context.form, departure: context.form.ret, ret: context.form.departure })),
    // A new leg starts where the last one arrives.
    addLeg: assign(({ context }) => edited(context, { ...context.form, trips: [...context.form.trips, { ...EMPTY_LEG, origin: context.form.trips.at(-1)!.destination }] })),
    removeLeg: assign(({ context, event }) => (event.type === 'REMOVE_LEG' ? edited(context, { ...context.form, trips: context.form.trips.filter((_, i) => i !== event.index) }) : {})),
    refuse: assign(({ context }) => ({ errors: formErrors(context.form, context.today), incomplete: true })),
    search: emit(({ context }) => ({ type: 'search' as const, query: toSearchParams(context.form) })),
  },
}).createMachine({
  id: 'flightSearchForm',
  context: ({ input }) => ({ form: formFromQuery(input.initial, input.today), errors: {}, incomplete: false, today: input.today }),
  initial: 'filling',
  on: {
    SET: { actions: 'set' },
    SWAP: { actions: 'swap' },
    SWAP_DATES: { guard: 'datesReversed', actions: 'swapDates' },
    ADD_LEG: { guard: 'canAddLeg', actions: 'addLeg' },
    REMOVE_LEG: { guard: 'canRemoveLeg', actions: 'removeLeg' },
  },
  states: {
    filling: {
      on: { SUBMIT: [{ guard: 'isValid', actions: 'search' }, { target: 'correcting', actions: 'refuse' }] },
    },
    correcting: {
      always: { guard: 'allRight', target: 'filling' },
      on: {
        // Still here means some shown field is still wrong (once every one is right the form is back to filling).
        SUBMIT: { target: 'correcting', reenter: true, actions: 'refuse' },
      },
    },
  },
});
