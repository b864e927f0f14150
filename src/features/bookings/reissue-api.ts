import { fromPromise } from 'xstate';
import type { Booking, ReissueQuote } from '../../../contract/bookings';
import type { FlightOffer } from '../../../contract/flights';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { searchFlights } from '../flights/api';
import type { ConfirmInput, QuoteInput, ReissueFailure, ReissueTrip, SearchInput } from '../../../machines/reissue';
import type { BookingStatus } from '../../../machines/booking-actions';
import type { SearchParams } from '../../../machines/flight-booking-types';

/** A failed call as the change-date machine reads it: the notice, the HTTP status, and a changed quote's new figures. */
const failure = (err: unknown): ReissueFailure => {
  const e = err as { status?: number; statusCode?: number; data?: { code?: string; quote?: ReissueQuote } };
  return { ...describeError(err), status: e.status ?? e.statusCode, code: e.data?.code, quote: e.data?.quote };
};
const call = <O, I>(fn: (input: I, signal: AbortSignal) => Promise<O>) => fromPromise<O, I>(async ({ input, signal }) => {
  try {
    return await fn(input, signal);
  } catch (err) {
    throw failure(err);
  }
});

/** The trip the booking is, each of its flights searched again on a new date (one-way, return and multi-city). */
export function tripOf(b: Booking): ReissueTrip | null {
  const it = b.itinerary;
  if (!it?.journeys?.length) return null;
  const kind = b.flight_type === 'return' || b.flight_type === 'multi-city' ? b.flight_type : 'one-way';
  return {
    id: b.id, status: b.status as BookingStatus, kind, cabin: it.cabin_class,
    legs: it.journeys.map((j) => ({ origin: j.origin, destination: j.destination, date: j.departure_at.slice(0, 10) })),
    adults: it.passengers.adults, children: it.passengers.children, infants: it.passengers.infants,
  };
}

/** The search of the trip on the new dates, as the search form would send it. */
export function reissueSearch({ trip, dates }: SearchInput): SearchParams {
  const party = { adults: trip.adults, children: trip.children, infants: trip.infants, cabin_class: trip.cabin, limit: 20 };
  const [first] = trip.legs;
  if (trip.kind === 'multi-city') return { flightType: 'multi-city', trips: trip.legs.map((l, i) => ({ origin: l.origin, destination: l.destination, date: dates[i] })), ...party };
  if (trip.kind === 'return') return { flightType: 'return', origin: first.origin, destination: first.destination, departure_date: dates[0], return_date: dates[1], ...party };
  return { flightType: 'one-way', origin: first.origin, destination: first.destination, departure_date: dates[0], ...party };
}

export const reissueActors = {
  searchOffers: call<FlightOffer[], SearchInput>(async (input, signal) => (await searchFlights(reissueSearch(input), signal)).flights),
  loadQuote: call<ReissueQuote, QuoteInput>(async (q, signal) =>
    (await request<{ data: ReissueQuote }>(`/bookings/${q.id}/reissue-quote`, { query: { flight_id: q.flight_id, supplier: q.supplier }, signal })).data),
  confirmReissue: call<{ message: string }, ConfirmInput>(async (c, signal) => {
    const res = await request<{ message: string }>(`/bookings/${c.id}/reissue`, {
      method: 'POST', signal, body: { flight_id: c.flight_id, supplier: c.supplier, expected_total: c.expected_total, status: c.status },
    });
    return { message: res.message };
  }),
};
