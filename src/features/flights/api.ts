import { fromPromise } from 'xstate';
import { FetchError } from 'ofetch';
import { request } from '../../api/client';
import { reloadForNewBuild } from '../../api/build';
import { describeError } from '../../api/messages';
import type { Booking, FareSummary } from '../../../contract/bookings';
import type { FlightOfferDetail, FlightSearchResponse } from '../../../contract/flights';
import { expandSearchResponse, type FlightSearchWire } from '../../../contract/flight-wire';
import type { BookingFailure, BookingFailureCode, BookingRequest, PaymentFor, PaymentResult, SavedTraveller, SearchParams } from '../../../machines/flight-booking';
import type { OfferRef } from '../../../machines/flight-booking';
import type { BookingQuery } from '../../../machines/booking-lookup';

/** API calls of the booking flow, and the machine's actors built from them (abortable: leaving a screen cancels). */

export { searchAirports, type AirportOption } from './airports-api';

export function toQueryString(q: SearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '' || v === null || k.startsWith('_')) continue;
    out[k] = Array.isArray(v) ? JSON.stringify(v) : String(v);
  }
  return out;
}

export async function searchFlights(query: SearchParams, signal?: AbortSignal): Promise<FlightSearchResponse> {
  const wire = await request<FlightSearchWire>('/flights', { query: toQueryString(query), signal });
  try {
    return expandSearchResponse(wire);
  } catch (err) {
    // An answer in a shape this app cannot read comes from a newer build: load it (once) rather than fail each try.
    reloadForNewBuild();
    throw err;
  }
}

export async function loadOffer(o: OfferRef, signal?: AbortSignal): Promise<FlightOfferDetail> {
  const res = await request<{ data?: FlightOfferDetail } & FlightOfferDetail>(`/flight/${encodeURIComponent(o.id)}/${encodeURIComponent(o.supplier)}/${o.is_sooper_flight ? 1 : 0}`, { signal });
  return (res.data ?? res) as FlightOfferDetail;
}

export async function createBooking(r: BookingRequest, locale: string, signal?: AbortSignal): Promise<Booking> {
  const res = await request<{ data: Booking }>('/bookings', {
    method: 'POST', signal, headers: { 'Idempotency-Key': r.idempotencyKey },
    body: {
      flight_id: r.offer.id, supplier: r.offer.supplier, main_contact: r.contact, travellers: r.travellers, payment_method: r.payment_method, pay_with: r.payment_method === 'card' ? r.pay_with : undefined,
      agent_markup: r.agent_markup ?? undefined, expected_total: r.expected_total ?? undefined, extras: r.extras ?? undefined, locale,
    },
  });
  return res.data;
}

export async function paymentUrl(p: PaymentFor, signal?: AbortSignal): Promise<{ url: string; tracker: string }> {
  const payWith = p.pay_with === 'card' ? {} : { pay_with: p.pay_with };
  const query = p.booking_id ? { booking_id: p.booking_id, ...payWith } : { pnr: p.pnr, email: p.email, ...payWith };
  try {
    return (await request<{ data: { url: string; tracker: string } }>('/safepay-url', { query, signal })).data;
  } catch (err) {
    // A guest is not the owner by id: ask by PNR and email instead.
    if (p.booking_id && p.pnr && err instanceof FetchError && err.status === 404) {
      return (await request<{ data: { url: string; tracker: string } }>('/safepay-url', { query: { pnr: p.pnr, email: p.email, ...payWith }, signal })).data;
    }
    throw err;
  }
}

export const paymentResult = async (tracker: string, signal?: AbortSignal) =>
  (await request<{ data: PaymentResult }>('/payment-result', { query: { tracker }, signal })).data;

export const bookingByPnr = async (pnr: string, email: string, signal?: AbortSignal) =>
  (await request<{ data: Booking }>('/get-customer-flight-booking-details', { query: { pnr, email }, signal })).data;
export const bookingById = async (id: string, agent: boolean, signal?: AbortSignal) =>
  (await request<{ data: Booking }>(agent ? '/get-flight-booking-details' : '/get-customer-flight-booking-details', { query: { id }, signal })).data;

export type { SavedTraveller };
export async function savedTravellers(signal?: AbortSignal): Promise<SavedTraveller[]> {
  const res = await request<{ data: SavedTraveller[] } | SavedTraveller[]>('/get-travellers', { query: { per_page: 100 }, signal });
  return Array.isArray(res) ? res : res.data ?? [];
}

/** An API failure as the flow machine branches on it. */
export function toBookingFailure(err: unknown): BookingFailure {
  const f = describeError(err);
  const e = err as { status?: number; data?: { message?: string; code?: string; fare?: FareSummary } };
  const status = e?.status;
  let code: BookingFailureCode = 'other';
  if (status === 410) code = 'expired';
  else if (status === 409 && e.data?.code === 'price_changed') code = 'price_changed';
  else if (status === 422 && e.data?.message === 'Insufficient Balance') code = 'insufficient_balance';
  else if (status === 409 && /no longer available/i.test(e.data?.message ?? '')) code = 'unavailable';
  else if (status === 409) code = 'duplicate';
  else if (status === 422) code = 'invalid';
  return { ...f, code, status, fare: e?.data?.fare };
}

/** A call as an actor whose failure is thrown as `toError` makes it (what the machine branches on). */
const calling = (toError: (err: unknown) => unknown) => <I, O>(fn: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await fn(input, signal);
    } catch (err) {
      throw toError(err);
    }
  });
const wrap = calling(toBookingFailure);
const failed = calling(describeError);

export const flightActors = (locale: () => string) => ({
  searchFlights: wrap<{ query: SearchParams }, FlightSearchResponse>(({ query }, s) => searchFlights(query, s)),
  loadOffer: wrap<{ offer: OfferRef }, FlightOfferDetail>(({ offer }, s) => loadOffer(offer, s)),
  createBooking: wrap<BookingRequest, Booking>((r, s) => createBooking(r, locale(), s)),
  getPaymentUrl: wrap<PaymentFor, { url: string; tracker: string }>((p, s) => paymentUrl(p, s)),
  fetchPaymentResult: wrap<{ tracker: string }, PaymentResult>(({ tracker }, s) => paymentResult(tracker, s)),
  loadSavedTravellers: wrap<void, SavedTraveller[]>((_, s) => savedTravellers(s)),
});

/** The booking look-up's calls: the owner (an agent or staff) asks by id through the agent path. */
/**
 * A customer's own booking by id comes with what its actions need (who may act, the void window and what a void
 * gives back): the booking operations' detail, a superset of the booking.
 */
export const customerBookingById = async (id: string, signal?: AbortSignal) =>
  (await request<{ data: Booking }>('/get-booking-ops-details', { query: { id }, signal })).data;

export const lookupActors = (asOwner: boolean, customer = false) => ({
  loadBooking: failed<BookingQuery, Booking>((q, s) => (q.id ? (customer ? customerBookingById(q.id, s) : bookingById(q.id, asOwner, s)) : bookingByPnr(q.pnr!, q.email!, s))),
  getPaymentUrl: failed<Booking, { url: string; tracker: string }>((b, s) => paymentUrl({ booking_id: b.id, pnr: b.pnr, email: b.main_contact.email, pay_with: 'card' }, s)),
});

/** Leaves the app for the card checkout, telling it the reader's language. */
export function leaveFor(address: string, lang: string) {
  const url = new URL(address, window.location.origin);
  url.searchParams.set('lang', lang);
  window.location.assign(url.toString());
}
