import { assign, emit, setup } from 'xstate';
import { HOTEL_LIMITS, stayRuleErrors } from '../contract/hotel-rules';
import type { RoomRequest } from '../contract/hotels';
import type { FieldMessage } from './flight-search-form';

/**
 * The hotel search form: where, when and who (rooms up to nine, each with adults and children and every child's
 * age), checked with the stay rules the server applies (contract/hotel-rules.ts), so each field names its real
 * problem ("Check-out must be after check-in.", "A room takes at most 4 guests."). Nothing is marked before the
 * first search; after it, a message goes as soon as its field is right, and the form-wide message at the next
 * change.
 *
 *   filling ─SUBMIT, valid→ filling (emits search {query})
 *      └─SUBMIT, invalid→ correcting (a message per field, and the form-wide one)
 *   correcting ─SET / ADD_ROOM / REMOVE_ROOM / ADD_CHILD / REMOVE_CHILD→ correcting (messages of fields now right dropped)
 *      ├─every message gone→ filling
 *      └─SUBMIT→ correcting
 */

export type { FieldMessage };
export interface DestinationValue { id: string; label: string }
/** A child whose age is not chosen yet; the rules refuse it until it is. */
export const NO_AGE = -1;
export interface RoomForm { adults: number; children_ages: number[] }
export interface HotelSearchFormState { destination: DestinationValue | null; checkIn: string | null; checkOut: string | null; rooms: RoomForm[] }

/** The stay as GET /hotels takes it; `destination_label` rides along so the results page can name the place. */
export interface HotelSearchParams { destination: string; destination_label?: string; check_in: string; check_out: string; rooms: RoomRequest[] }

export interface HotelSearchFormContext {
  form: HotelSearchFormState;
  errors: Record<string, FieldMessage>;
  incomplete: boolean;
  /** Today (YYYY-MM-DD) for the date rules; the app passes the reader's today. */
  today: string;
}

export type HotelSearchFormEvent =
  | { type: 'SET'; patch: Partial<Pick<HotelSearchFormState, 'destination' | 'checkIn' | 'checkOut'>> }
  | { type: 'SET_ROOM'; index: number; room: RoomForm }
  | { type: 'ADD_ROOM' }
  | { type: 'REMOVE_ROOM'; index: number }
  | { type: 'SUBMIT' };

export type HotelSearchFormEmitted = { type: 'search'; query: HotelSearchParams };

const ONE_ROOM: RoomForm = { adults: 2, children_ages: [] };

/** The form from the previous search (or a URL's query): past dates are dropped, rooms kept within the limits. */
export function hotelFormFromQuery(q: Partial<HotelSearchParams> | null, today: string): HotelSearchFormState {
  const future = (d: unknown) => (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= today ? d : null);
  const rooms = Array.isArray(q?.rooms) && q.rooms.length
    ? q.rooms.slice(0, HOTEL_LIMITS.maxRooms).map((r) => ({ adults: Number(r?.adults) || 1, children_ages: Array.isArray(r?.children_ages) ? r.children_ages.map(Number) : [] }))
    : [ONE_ROOM];
  return {
    destination: q?.destination ? { id: q.destination, label: q.destination_label ?? q.destination } : null,
    checkIn: future(q?.check_in), checkOut: future(q?.check_out), rooms,
  };
}

export function toHotelSearchParams(f: HotelSearchFormState): HotelSearchParams {
  return {
    destination: f.destination?.id ?? '', destination_label: f.destination?.label, check_in: f.checkIn ?? '', check_out: f.checkOut ?? '',
    rooms: f.rooms.map((r) => ({ adults: r.adults, children_ages: [...r.children_ages] })),
  };
}

/** The rules' field names as the form names its fields. */
const FORM_FIELD: Record<string, string> = { check_in: 'checkIn', check_out: 'checkOut' };

/** Every field the stay rules refuse, with its message; an empty object means the form can be searched. */
export function hotelFormErrors(f: HotelSearchFormState, today: string): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const [field, message] of Object.entries(stayRuleErrors(toHotelSearchParams(f), { today }))) out[FORM_FIELD[field] ?? field] ??= { text: message };
  // An empty picker or an unchosen age is simply not filled in yet: "Required" says so better than a format.
  if (!f.checkIn) out.checkIn = { key: 'hotels.search.required' };
  if (!f.checkOut) out.checkOut = { key: 'hotels.search.required' };
  f.rooms.forEach((r, i) => r.children_ages.forEach((age, j) => { if (age === NO_AGE) out[`rooms.${i}.children_ages.${j}`] = { key: 'hotels.search.chooseAge' }; }));
  return out;
}

function stillWrong(context: HotelSearchFormContext, form: HotelSearchFormState): Record<string, FieldMessage> {
  const shown = Object.keys(context.errors);
  if (!shown.length) return {};
  const now = hotelFormErrors(form, context.today);
  return Object.fromEntries(shown.filter((k) => now[k]).map((k) => [k, now[k]]));
}
const edited = (context: HotelSearchFormContext, form: HotelSearchFormState) => ({ form, errors: stillWrong(context, form), incomplete: false });

export const hotelSearchFormMachine = setup({
  types: {
    context: {} as HotelSearchFormContext,
    events: {} as HotelSearchFormEvent,
    input: {} as { initial: Partial<HotelSearchParams> | null; today: string },
    emitted: {} as HotelSearchFormEmitted,
  },
  guards: {
    isValid: ({ context }) => Object.keys(hotelFormErrors(context.form, context.today)).length === 0,
    allRight: ({ context }) => !context.incomplete && Object.keys(context.errors).length === 0,
    canAddRoom: ({ context }) => context.form.rooms.length < HOTEL_LIMITS.maxRooms,
    canRemoveRoom: ({ context }) => context.form.rooms.length > 1,
  },
  actions: {
    set: assign(({ context, event }) => (event.type === 'SET' ? edited(context, { ...context.form, ...event.patch }) : {})),
    setRoom: assign(({ context, event }) => (event.type === 'SET_ROOM'
      ? edited(context, { ...context.form, rooms: context.form.rooms.map((r, i) => (i === event.index ? { adults: event.room.adults, children_ages: [...event.room.children_ages] } : r)) })
      : {})),
    addRoom: assign(({ context }) => edited(context, { ...context.form, rooms: [...context.form.rooms, { adults: 1, children_ages: [] }] })),
    removeRoom: assign(({ context, event }) => (event.type === 'REMOVE_ROOM' ? edited(context, { ...context.form, rooms: context.form.rooms.filter((_, i) => i !== event.index) }) : {})),
    refuse: assign(({ context }) => ({ errors: hotelFormErrors(context.form, context.today), incomplete: true })),
    search: emit(({ context }) => ({ type: 'search' as const, query: toHotelSearchParams(context.form) })),
  },
}).createMachine({
  id: 'hotelSearchForm',
  context: ({ input }) => ({ form: hotelFormFromQuery(input.initial, input.today), errors: {}, incomplete: false, today: input.today }),
  initial: 'filling',
  on: {
    SET: { actions: 'set' },
    SET_ROOM: { actions: 'setRoom' },
    ADD_ROOM: { guard: 'canAddRoom', actions: 'addRoom' },
    REMOVE_ROOM: { guard: 'canRemoveRoom', actions: 'removeRoom' },
  },
  states: {
    filling: {
      on: { SUBMIT: [{ guard: 'isValid', actions: 'search' }, { target: 'correcting', actions: 'refuse' }] },
    },
    correcting: {
      always: { guard: 'allRight', target: 'filling' },
      on: { SUBMIT: { target: 'correcting', reenter: true, actions: 'refuse' } },
    },
  },
});
