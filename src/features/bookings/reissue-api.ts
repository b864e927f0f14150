import { fromPromise } from 'xstate';
import type { Booking, ReissueQuote } from '../../../contract/bookings';
import type { FlightOffer } from '../../../contract/flights';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { searchFlights } from '../flights/api';
import type { ConfirmInput, QuoteInput, ReissueFailure, ReissueTrip, SearchInput } from '../../../machines/reissue';
import type { BookingStatus } from '../../../machines/booking-actions';

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

/** The trip the booking is, searched again with other dates (one-way and return trips; multi-city ones by staff). */
export function tripOf(b: Booking): ReissueTrip | null {
  const it = b.itinerary;
  if (b.flight_type === 'multi-city' || !it?.journeys?.length) return null;
  return {
    id: b.id, status: b.status as BookingStatus, origin: b.origin, destination: b.destination, cabin: it.cabin_class,
    adults: it.passengers.adults, children: it.passengers.children, infants: it.passengers.infants,
    departure_date: b.departure_date, return_date: b.flight_type === 'return' && it.journeys[1] ? it.journeys[1].departure_at.slice(0, 10) : null,
  };
}

export const reissueActors = {
  searchOffers: call<FlightOffer[], SearchInput>(async ({ trip, date, returnDate }, signal) => (await searchFlights({
    flightType: returnDate ? 'return' : 'one-way', origin: trip.origin, destination: trip.destination, departure_date: date, return_date: returnDate ?? undefined,
    adults: trip.adults, children: trip.children, infants: trip.infants, cabin_class: trip.cabin, limit: 20,
  }, signal)).flights),
  loadQuote: call<ReissueQuote, QuoteInput>(async (q, signal) =>
    (await request<{ data: ReissueQuote }>(`/bookings/${q.id}/reissue-quote`, { query: { flight_id: q.flight_id, supplier: q.supplier }, signal })).data),
  confirmReissue: call<{ message: string }, ConfirmInput>(async (c, signal) => {
    const res = await request<{ message: string }>(`/bookings/${c.id}/reissue`, {
      method: 'POST', signal, body: { flight_id: c.flight_id, supplier: c.supplier, expected_total: c.expected_total, status: c.status },
    });
    return { message: res.message };
  }),
};
