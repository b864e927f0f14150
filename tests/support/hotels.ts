import { expect } from 'vitest';
import type { Res, TestClient } from './api';
import type { HotelBookingWrite } from '../../server/hotels/booking-write';
import type { RoomNightKey } from '../../server/suppliers/hotel/types';

/** Helpers of the hotel tests: a stay, a rate from a hotel's detail, a booking body. */
export const MAKKAH = 'city:104515';
export const dayFrom = (now: Date, n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

export interface Stay { check_in: string; check_out: string; rooms: { adults: number; children_ages: number[] }[] }
export const stayQuery = (s: Stay, extra: Record<string, string | number> = {}) => ({ check_in: s.check_in, check_out: s.check_out, rooms: JSON.stringify(s.rooms), ...extra });

/** The first hotel of a search with a rate that matches `want`, and that rate. */
export async function pickRate(client: TestClient, stay: Stay, want: { refundable: boolean; destination?: string }) {
  const search = await client.get('/api/hotels', stayQuery(stay, { destination: want.destination ?? MAKKAH, per_page: 5 }));
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  for (const h of search.body.data) {
    const detail = await client.get(`/api/hotels/${h.id}`, stayQuery(stay));
    expect(detail.status).toBe(200);
    for (const room of detail.body.data.rooms) {
      const rate = room.rates.find((r: { refundable: boolean }) => r.refundable === want.refundable);
      if (rate) return { hotel: detail.body.data, room, rate };
    }
  }
  throw new Error('no rate found');
}

let seq = 0;
export function bookingBody(stay: Stay, rateId: string, over: Record<string, unknown> = {}) {
  seq++;
  return {
    rate_id: rateId, ...stay,
    guests: stay.rooms.map((_, i) => ({ title: 'MR', first_name: `Ahmed${String.fromCharCode(65 + ((seq + i) % 26))}`, last_name: 'Khan' })),
    contact: { email: 'hotel.guest@example.com', phone: '+92 300 1234567', country: 'PK' },
    payment_method: 'card', ...over,
  };
}

/** Pays a card booking on the sandbox's hosted page with the test card that succeeds. */
export async function payBySandbox(client: TestClient, checkoutUrl: string): Promise<Res> {
  const path = new URL(checkoutUrl).pathname;
  return client.request('POST', path, new URLSearchParams({ card: '4242 4242 4242 4242', action: 'pay', lang: 'en' }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
}

let writes = 0;
/** A guest's card booking of `nights` (one hotel and room), for writeHotelBooking; each night's capacity by its index. */
export function hotelBookingWrite(cityId: number, nights: RoomNightKey[], capacity: (i: number) => number, rooms = 1): HotelBookingWrite {
  const at = new Date('2026-07-01T09:30:00Z');
  const reference = `HTL-WRT${++writes}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const first = nights[0];
  return {
    cityId, rooms, nights: nights.map((key, i) => ({ key, capacity: capacity(i) })),
    booking: {
      reference, status: 'pending_payment', userId: null, agencyId: null, channel: 'guest', supplier: 'embedded',
      rateId: `rate-${reference}`, hotelId: first.hotel_id, cityId,
      hotel: { id: first.hotel_id, name: 'Test Hotel' }, room: { code: first.room_code, name: 'Twin', type: 'twin' },
      board: 'RO', refundable: true, freeCancellationUntil: null, checkIn: first.date, checkOut: nights.at(-1)!.date, nights: nights.length,
      rooms: Array.from({ length: rooms }, () => ({ adults: 2, children_ages: [] })), guests: [{ title: 'MR', first_name: 'Ali', last_name: 'Raza' }],
      contactEmail: 'write@example.com', contactPhone: '+92 300 1234567', contactCountry: 'PK', specialRequests: '',
      nightly: [], taxesMinor: 1_000, totalMinor: 90_000, penaltyMinor: 0, currency: 'PKR',
      paymentMethod: 'card', paymentStatus: 'pending', holdExpiresAt: new Date(at.getTime() + 15 * 60_000),
      idempotencyKey: null, locale: 'en', createdAt: at, updatedAt: at, confirmedAt: null,
    },
    event: { action: 'created', fromStatus: null, toStatus: 'pending_payment', actorId: null, actorKind: 'guest', note: 'card', createdAt: at },
  };
}
