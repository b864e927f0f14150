import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import { takeLoad } from '../../api/early';
import { get, send } from '../../api/calls';
import { describeError } from '../../api/messages';
import type { ItemResponse, ListResponse, SaveResponse } from '../../../contract/http';
import type { FeaturedHotels, HotelBooking, HotelBookingListRow, HotelDestination, HotelDetail, HotelMarginSetting } from '../../../contract/hotels';
import type { ListQuery } from '../../../machines/resource-list';
import type { Money } from '../../../contract/money';
import type { HotelBookingRequest, HotelFailure, HotelFailureCode, HotelPaymentResult, HotelSearchResult } from '../../../machines/hotel-booking';
import type { HotelSearchParams } from '../../../machines/hotel-search-form';
import { rememberHotelPayment } from './payment-marker';

/** The hotel API's calls, and the machines' actors built from them (abortable: leaving a screen cancels). */

/** The stay as query parameters: `rooms` as JSON, as GET /hotels and GET /hotels/{id} take it. */
export const stayQuery = (q: HotelSearchParams) => ({ check_in: q.check_in, check_out: q.check_out, rooms: JSON.stringify(q.rooms) });

export async function searchDestinations(q: string, signal?: AbortSignal): Promise<HotelDestination[]> {
  return (await request<{ data: HotelDestination[] }>('/hotel-destinations', { query: { q }, signal })).data ?? [];
}

/** The home page's featured hotels with the default stay they were priced for. */
export const featuredHotels = (signal?: AbortSignal) => request<FeaturedHotels>('/featured-hotels', { signal });

/**
 * One page large enough that most cities load whole, so filters answer on the loaded results. The results page's
 * shell asks for the address's search before the app runs (vite/app-shell.ts): taken here once, when it answered.
 */
export async function searchHotels(query: HotelSearchParams, filters: Record<string, string>, signal?: AbortSignal) {
  const q = { destination: query.destination, ...stayQuery(query), ...filters, per_page: 100 };
  return (await takeLoad<HotelSearchResult>('/hotels', q)) ?? request<HotelSearchResult>('/hotels', { query: q, signal });
}

export const loadHotel = async (id: string, query: HotelSearchParams, signal?: AbortSignal) =>
  (await request<{ data: HotelDetail }>(`/hotels/${encodeURIComponent(id)}`, { query: stayQuery(query), signal })).data;

export async function createHotelBooking(r: HotelBookingRequest, locale: string, signal?: AbortSignal): Promise<HotelBooking> {
  const { idempotencyKey, ...body } = r;
  const res = await request<{ data: HotelBooking }>('/hotel-bookings', { method: 'POST', signal, headers: { 'Idempotency-Key': idempotencyKey }, body: { ...body, expected_total: body.expected_total ?? undefined, locale } });
  return noted(res.data);
}

/**
 * A booking answer that opened a card checkout names its tracker; the checkout returns to /payment-result with only
 * that, so this tab notes it as a hotel's (whichever screen then sends the browser to pay).
 */
function noted(b: HotelBooking): HotelBooking {
  rememberHotelPayment(b.payment?.tracker);
  return b;
}

/** By id for its owner; a guest opens it by reference with the contact email that made it. */
export const hotelBooking = async (id: number | string, email: string | null, signal?: AbortSignal) =>
  noted((await request<{ data: HotelBooking }>(`/hotel-bookings/${encodeURIComponent(String(id))}`, { query: email ? { email } : {}, signal })).data);

export const cancelHotelBooking = async (reference: string, email: string | null, signal?: AbortSignal) =>
  (await request<{ data: HotelBooking }>(`/hotel-bookings/${encodeURIComponent(reference)}/cancel`, { method: 'POST', body: email ? { email } : {}, signal })).data;

/** A page of hotel bookings: staff's every booking (filtered), an agent's or a customer's own. */
export const listHotelBookings = (q: ListQuery, signal?: AbortSignal) =>
  get<ListResponse<HotelBookingListRow>>('/hotel-bookings', { page: q.page, per_page: q.per_page, ...q.filters }, signal);

/** The hotel margin staff set (back office). */
export const getHotelMargin = (signal?: AbortSignal) => get<ItemResponse<HotelMarginSetting>>('/get-hotel-margin', {}, signal).then((r) => r.data);
export const saveHotelMargin = (body: unknown, signal?: AbortSignal) => send<SaveResponse<HotelMarginSetting>>('POST', '/save-hotel-margin', body, signal);

/**
 * A new card checkout for the same booking after a declined or abandoned payment, remembered as the first was (the
 * provider comes back with only a tracker). By reference and contact email, which finds it for a guest and its owner.
 */
export async function payHotelBookingAgain(reference: string, email: string | null, signal?: AbortSignal): Promise<{ url: string; tracker: string }> {
  const res = await request<{ data: { url: string; tracker: string } }>(`/hotel-bookings/${encodeURIComponent(reference)}/checkout`, { method: 'POST', body: email ? { email } : {}, signal });
  rememberHotelPayment(res.data.tracker);
  return res.data;
}

interface PaymentAnswer {
  tracker: string;
  status: HotelPaymentResult['status'];
  amount: Money | null;
  hotel_booking?: { id: number; reference: string; email: string } | null;
}

/** The provider's word on the tracker, then the booking it paid, by the reference and contact email the answer names. */
export async function hotelPaymentResult(tracker: string, signal?: AbortSignal): Promise<HotelPaymentResult> {
  const p = (await request<{ data: PaymentAnswer }>('/payment-result', { query: { tracker }, signal })).data;
  const paid = p.hotel_booking;
  const booking = paid ? await hotelBooking(paid.reference, paid.email, signal) : null;
  return { tracker: p.tracker ?? tracker, status: p.status, amount: p.amount ?? booking?.total ?? null, booking };
}

/** An API failure as the flow branches on it. */
export function toHotelFailure(err: unknown): HotelFailure {
  const f = describeError(err);
  const e = err as { status?: number; data?: { message?: string; code?: string; total?: Money; data?: { total?: Money } } };
  const status = e?.status;
  let code: HotelFailureCode = 'other';
  if (status === 410) code = 'expired';
  else if (status === 409 && (e.data?.code === 'price_changed' || !!e.data?.total)) code = 'price_changed';
  else if (status === 422 && e.data?.message === 'Insufficient Balance') code = 'insufficient_balance';
  else if (status === 409) code = 'unavailable';
  else if (status === 422) code = 'invalid';
  return { ...f, code, status, total: e?.data?.total ?? e?.data?.data?.total };
}

const calling = <I, O>(fn: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await fn(input, signal);
    } catch (err) {
      throw toHotelFailure(err);
    }
  });

export const hotelActors = (locale: () => string) => ({
  searchHotels: calling<{ query: HotelSearchParams; filters: Record<string, string> }, HotelSearchResult>(({ query, filters }, s) => searchHotels(query, filters, s)),
  loadHotel: calling<{ hotelId: string; query: HotelSearchParams }, HotelDetail>(({ hotelId, query }, s) => loadHotel(hotelId, query, s)),
  createBooking: calling<HotelBookingRequest, HotelBooking>((r, s) => createHotelBooking(r, locale(), s)),
  fetchPaymentResult: calling<{ tracker: string }, HotelPaymentResult>(({ tracker }, s) => hotelPaymentResult(tracker, s)),
  cancelBooking: calling<{ reference: string; email: string | null }, HotelBooking>(({ reference, email }, s) => cancelHotelBooking(reference, email, s)),
  payAgain: calling<{ reference: string; email: string | null }, { url: string; tracker: string }>(({ reference, email }, s) => payHotelBookingAgain(reference, email, s)),
});

export const destinationActors = {
  lookUp: fromPromise<HotelDestination[], { q: string }>(({ input, signal }) => searchDestinations(input.q, signal)),
};
