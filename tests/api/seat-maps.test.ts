import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expandSearchResponse } from '../../contract/flight-wire';
import type { FlightOffer } from '../../contract/flights';
import type { SeatElement, SeatMap } from '../../contract/seat-maps';
import { bookingPassengers, bookings } from '../../server/db/schema';
import { holdSeat } from '../../server/seat-maps/store';
import { aircraftByCode } from '../../server/suppliers/flight';
import { expectRoleMatrix } from '../support/agents';
import { setupApi, type TestClient } from '../support/api';

/** Seat maps of real embedded-supplier offers: layout, prices by row, and seats taken by bookings. */
const api = await setupApi();
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'seats@example.com', phone: '+92 300 5556668', country: 'PK' };
const pax = (first: string) => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Seated', gender: 'M', dob: '1981-02-01', nationality: 'PK',
  document_type: 'passport', document_no: 'SM1234567', expiry_date: '2036-01-01', issue_country: 'PK',
});

async function firstOffer(c: TestClient, query: Record<string, string | number>): Promise<FlightOffer> {
  const search = await c.get('/api/flights', { adults: 1, ...query });
  expect(search.status).toBe(200);
  return expandSearchResponse(search.body).flights[0];
}
const mapUrl = (id: string) => `/api/offers/${encodeURIComponent(id)}/seat-map`;
const seatsOf = (map: SeatMap): SeatElement[] =>
  map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.filter((e): e is SeatElement => e.type === 'seat'))));

describe('GET /api/offers/{offer_id}/seat-map', () => {
  it("answers one map per segment of a real offer: the aircraft's cabin, every seat, taken ones unpriced, paid rows priced", async () => {
    const guest = await api.as('anonymous');
    const offer = await firstOffer(guest, { flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(30), return_date: day(37) });
    const res = await guest.get(mapUrl(offer.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const segments = offer.journeys.flatMap((j) => j.segments);
    const maps = res.body.data as SeatMap[];
    expect(maps.map((m) => m.segment_id)).toEqual(segments.map((s) => `${s.flight_number}-${s.departure_at.slice(0, 10)}`));
    maps.forEach((map, i) => {
      expect(map.aircraft).toEqual(segments[i].aircraft);
      expect(map.cabins.map((c) => c.cabin_class)).toEqual([offer.cabin_class]);
      const seats = seatsOf(map);
      expect(seats).toHaveLength(aircraftByCode.get(map.aircraft.code)!.cabins[offer.cabin_class]!.seats);
      expect(new Set(seats.map((s) => s.designator)).size).toBe(seats.length);
      expect(seats.some((s) => s.available) && seats.some((s) => !s.available)).toBe(true);
      for (const s of seats) {
        expect(s.price === null).toBe(!s.available);
        expect(s.characteristics.some((c) => c === 'window' || c === 'aisle' || c === 'middle')).toBe(true);
        if (!s.available) continue;
        const paid = s.characteristics.includes('exit_row') ? '7500.00' : s.characteristics.includes('extra_legroom') ? '6000.00' : s.characteristics.includes('front_row') ? '2500.00' : '0.00';
        expect(s.price, s.designator).toEqual({ amount: paid, currency: 'PKR' });
      }
      const cabin = map.cabins[0];
      expect(cabin.rows.length).toBeGreaterThan(0);
      expect(cabin.rows.every((r) => r.sections.length === cabin.aisles + 1)).toBe(true);
    });
    // Nobody booked or chose meanwhile: the same map again.
    expect((await guest.get(mapUrl(offer.id))).body).toEqual(res.body);
  });

  it('a seat a booking holds shows taken to everyone, and no other booking can hold it', async () => {
    const guest = await api.as('anonymous');
    const offer = await firstOffer(guest, { flightType: 'one-way', origin: 'LHE', destination: 'KHI', departure_date: day(24), adults: 3 });
    const before = ((await guest.get(mapUrl(offer.id))).body.data as SeatMap[])[0];
    const seat = seatsOf(before).find((s) => s.available)!;
    const booked = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Saad'), pax('Sami'), pax('Sana')], payment_method: 'hold' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [booking] = await api.db.select().from(bookings).where(eq(bookings.pnr, booked.body.data.pnr));
    const passengers = await api.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, booking.id));
    const segment = { flightNo: before.flight_number, date: before.departure_date, designator: seat.designator, bookingId: booking.id };
    expect(await holdSeat(api.db, { ...segment, passengerId: passengers[0].id })).toBe('held');
    expect(await holdSeat(api.db, { ...segment, passengerId: passengers[1].id })).toBe('taken');
    // Two passengers asking for one more seat at the same moment: exactly one gets it.
    const other = seatsOf(before).filter((s) => s.available)[1];
    const race = await Promise.all(passengers.slice(1).map((p) => holdSeat(api.db, { ...segment, designator: other.designator, passengerId: p.id })));
    expect(race.sort()).toEqual(['held', 'taken']);

    const agent = await api.as('agent');
    const after = ((await agent.get(mapUrl(offer.id))).body.data as SeatMap[])[0];
    expect(seatsOf(after).find((s) => s.designator === seat.designator)).toMatchObject({ available: false, price: null });
    expect(seatsOf(after).find((s) => s.designator === other.designator)!.available).toBe(false);
    // Three seats sold through us, two of them chosen: three fewer free seats than before the booking.
    const free = (m: SeatMap) => seatsOf(m).filter((s) => s.available).length;
    expect(free(after)).toBe(free(before) - 3);
  });

  it('answers 404 for an offer never made, 410 once it expired, 422 for what is no offer id', async () => {
    const guest = await api.as('anonymous');
    expect((await guest.get(mapUrl('mb2x4k.1a2b3c.Y100.EK601-260315.AAAAAAAAAAAA'))).status).toBe(404);
    expect((await guest.get(mapUrl('off_0000AbCdEfGh'))).status).toBe(404);
    const bad = await guest.get(mapUrl('not!an!offer'));
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'This is not a flight offer id.', errors: { offer_id: ['This is not a flight offer id.'] } });
    expect((await guest.get(mapUrl('a'.repeat(601)))).status).toBe(422);

    const offer = await firstOffer(guest, { flightType: 'one-way', origin: 'KHI', destination: 'JED', departure_date: day(26) });
    const now = api.ctx.clock.now;
    api.ctx.clock.now = new Date(now.getTime() + 31 * 60_000);
    try {
      const expired = await guest.get(mapUrl(offer.id));
      expect(expired.status).toBe(410);
    } finally {
      api.ctx.clock.now = now;
    }
  });

  it('everyone may read an offer’s seat maps, as they may read the offer', async () => {
    const offer = await firstOffer(await api.as('anonymous'), { flightType: 'one-way', origin: 'ISB', destination: 'DXB', departure_date: day(28) });
    await expectRoleMatrix(api.as, (c) => c.get(mapUrl(offer.id)), {
      anonymous: 200, customer: 200, unapprovedAgent: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
  });
});
