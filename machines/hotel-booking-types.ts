import * as v from 'valibot';
import { ContactInput } from '../contract/bookings';
import { HotelGuestInput, type HotelBooking, type HotelDetail, type HotelPaymentMethod, type HotelSearchMeta, type HotelSummary } from '../contract/hotels';
import type { Money } from '../contract/money';
import type { Failure, Notice } from './notice';
import { NO_HOTEL_FILTERS, type HotelFilters } from './hotel-filters';
import type { HotelSearchParams } from './hotel-search-form';

/** The hotel booking flow's data: what it holds, the events it takes, what it emits, and the guest form's check. */

export type HotelRole = 'guest' | 'customer' | 'agent';

export type HotelFailureCode = 'expired' | 'price_changed' | 'insufficient_balance' | 'invalid' | 'unavailable' | 'other';
/** A failed call as the app's actors throw it: the usual Failure plus what the flow branches on. */
export interface HotelFailure extends Failure {
  code: HotelFailureCode;
  status?: number;
  /** price_changed: the server's new total, when it says. */
  total?: Money;
}

/** What the search call answers: a page of hotels and what it matched. */
export interface HotelSearchResult { data: HotelSummary[]; meta: HotelSearchMeta }

export interface ChosenRate { hotelId: string; roomCode: string; rateId: string }
/** The guest form as typed: a title is the guest's to choose, so it starts empty (the schema refuses it so). */
export interface GuestsForm { guests: Record<'title' | 'first_name' | 'last_name', string>[]; contact: v.InferInput<typeof ContactInput>; specialRequests: string }

export interface HotelBookingRequest {
  rate_id: string;
  check_in: string;
  check_out: string;
  rooms: HotelSearchParams['rooms'];
  guests: HotelGuestInput[];
  contact: ContactInput;
  special_requests: string;
  payment_method: HotelPaymentMethod;
  expected_total: string | null;
  idempotencyKey: string;
}

/** What the payment-result page learns about a hotel payment: the provider's word and the booking it paid. */
export interface HotelPaymentResult {
  tracker: string;
  status: 'created' | 'paid' | 'failed' | 'canceled' | 'refund_due' | 'refunded';
  amount: Money | null;
  booking: HotelBooking | null;
}

export interface HotelBookingContext {
  role: HotelRole;
  query: HotelSearchParams | null;
  /** The panel's choice, applied at once to the loaded results. */
  filters: HotelFilters;
  /** The filters the loaded results were asked with (the server's part). */
  askedFilters: HotelFilters;
  results: HotelSearchResult | null;
  /** Whether the unfiltered search answered every hotel it matched: then filters never need the server. */
  complete: boolean;
  hotelId: string | null;
  hotel: HotelDetail | null;
  chosen: ChosenRate | null;
  guests: GuestsForm | null;
  idempotencyKey: string | null;
  expectedTotal: string | null;
  method: HotelPaymentMethod | null;
  booking: HotelBooking | null;
  tracker: string | null;
  payment: HotelPaymentResult | null;
  failure: HotelFailure | null;
  /** Guest-form and server field errors, by the request's field paths ("guests.0.first_name"). */
  fieldErrors: Record<string, string>;
}

export interface HotelBookingInput { role: HotelRole; tracker?: string | null }

export type HotelBookingEvent =
  | { type: 'SEARCH'; query: HotelSearchParams }
  | { type: 'MODIFY' }
  | { type: 'FILTER'; filters: HotelFilters }
  /** Raised by the machine after a pause in filter changes, when the server must be asked too. */
  | { type: 'FILTERS_SETTLED' }
  /** A hotel's page opened by its link (a shared address): the stay comes with it. */
  | { type: 'VIEW_HOTEL'; hotelId: string; query: HotelSearchParams }
  | { type: 'SELECT'; hotelId: string }
  | { type: 'CHOOSE_RATE'; roomCode: string; rateId: string }
  | { type: 'SUBMIT_GUESTS'; form: GuestsForm; idempotencyKey: string }
  /** The guest form changed: a shown message goes as soon as its field is right. */
  | { type: 'EDIT_GUESTS'; form: GuestsForm }
  | { type: 'CONFIRM'; method: HotelPaymentMethod }
  | { type: 'ACCEPT_PRICE' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'PAYMENT_RETURNED'; tracker: string }
  | { type: 'REFRESH' }
  /** Pay the same booking again after a declined or abandoned card payment. */
  | { type: 'PAY_CARD' }
  | { type: 'CANCEL_BOOKING' }
  | { type: 'NEW_SEARCH' };

/** `show`: the app moves to that screen (the machine knows screens, the app knows their paths). */
export type HotelBookingEmitted =
  | { type: 'redirect'; url: string }
  | { type: 'notify'; notice: Notice }
  | { type: 'show'; screen: 'details' | 'checkout' | 'results' };

/** The guest form checked with the booking's own schema: one lead guest per room, the contact, the requests. */
export function guestFormErrors(form: GuestsForm, rooms: number): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (prefix: string, issues: v.BaseIssue<unknown>[]) => {
    for (const issue of issues) out[`${prefix}.${v.getDotPath(issue) ?? ''}`.replace(/\.$/, '')] ??= issue.message;
  };
  for (let i = 0; i < rooms; i++) {
    const r = v.safeParse(HotelGuestInput, form.guests[i] ?? {});
    if (!r.success) add(`guests.${i}`, r.issues);
  }
  const c = v.safeParse(ContactInput, form.contact);
  if (!c.success) add('contact', c.issues);
  if (form.specialRequests.trim().length > 500) out.special_requests = 'Special requests are at most 500 characters.';
  return out;
}

export function initialHotelContext(input: HotelBookingInput): HotelBookingContext {
  return {
    role: input.role, query: null, filters: NO_HOTEL_FILTERS, askedFilters: NO_HOTEL_FILTERS, results: null, complete: false, hotelId: null, hotel: null,
    chosen: null, guests: null, idempotencyKey: null, expectedTotal: null, method: null, booking: null, tracker: input.tracker ?? null, payment: null,
    failure: null, fieldErrors: {},
  };
}
