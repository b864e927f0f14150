import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, ledgerTransactions, seatAssignments } from '../../server/db/schema';
import { walletBalance } from '../../server/ledger/service';
import { setupApi } from '../support/api';
import { contact, dayFrom, firstOffer, freeSeat, fundAgent, minor, offerBags, offerMaps, pax, seatsOf } from '../support/flight-extras';

/** Seats and bags chosen with a new booking: checked, priced, paid with the fare and held with the booking. */
const api = await setupApi();
const day = (n: number) => dayFrom(api, n);
const book = (offer: { id: string; supplier: string }, travellers: unknown[], extras: unknown, over: Record<string, unknown> = {}) =>
  ({ flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers, payment_method: 'hold', extras, ...over });

describe('POST /api/bookings with extras', () => {
  it('an agent pays a seat and a bag with the fare from the wallet: listed, in the total, on the ledger line, the seat taken', async () => {
    const aid = await fundAgent(api, 1_000_000_00, 'extras-1');
    const agent = await api.as('agent');
    const offer = await firstOffer(agent, { origin: 'KHI', destination: 'DXB', departure_date: day(30) });
    const [map] = await offerMaps(agent, offer.id);
    const [bag] = (await offerBags(agent, offer.id)).filter((b) => b.weight_kg === 23);
    const seat = freeSeat(map, 'paid');
    const before = (await walletBalance(api.db, aid)).balanceMinor;
    const res = await agent.post('/api/bookings', book(offer, [pax('Amir')], {
      seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }],
      bags: [{ passenger: 0, segment_id: map.segment_id, service_id: bag.id, quantity: 2 }],
    }, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect(b.status).toBe('ticketed');
    const extrasMinor = minor(seat.price!.amount) + 2 * minor(bag.price.amount);
    expect(b.extras).toEqual([
      { kind: 'seat', passenger: 0, segment_id: map.segment_id, designator: seat.designator, price: seat.price, status: 'confirmed' },
      { kind: 'bag', passenger: 0, segment_id: map.segment_id, service_id: bag.id, weight_kg: 23, quantity: 2, price: { amount: (2 * minor(bag.price.amount) / 100).toFixed(2), currency: 'PKR' }, status: 'confirmed' },
    ]);
    expect(minor(b.fare.total.amount)).toBe(minor(offer.price.amount) + extrasMinor);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before - minor(b.fare.total.amount));
    const [line] = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `booking:${b.pnr}`));
    expect(line.description).toContain(`seat ${seat.designator}`);
    expect(line.description).toContain('2 × 23 kg bag');
    const [after] = await offerMaps(agent, offer.id);
    expect(seatsOf(after).find((s) => s.designator === seat.designator)!.available).toBe(false);
  }, 60_000); // the first search builds the embedded network

  it('refuses what cannot be sold (422) and a taken seat (409), with nothing booked, charged or held', async () => {
    const guest = await api.as('anonymous');
    const offer = await firstOffer(guest, { origin: 'LHE', destination: 'DXB', departure_date: day(33), adults: 1, children: 1, infants: 1 });
    const [map] = await offerMaps(guest, offer.id);
    const bags = await offerBags(guest, offer.id);
    const family = [pax('Bilal'), pax('Bano', 'CNN'), pax('Baby', 'INF')];
    const seg = map.segment_id;
    const exit = freeSeat(map, 'exit');
    const cases: [unknown, string, string][] = [
      [{ seats: [{ passenger: 2, segment_id: seg, designator: freeSeat(map).designator }] }, 'extras.seats.0.passenger', 'An infant travels on a lap and has no seat of their own.'],
      [{ bags: [{ passenger: 2, segment_id: seg, service_id: bags[0].id, quantity: 1 }] }, 'extras.bags.0.passenger', 'An infant has no bag allowance to add to.'],
      [{ seats: [{ passenger: 1, segment_id: seg, designator: exit.designator }] }, 'extras.seats.0.designator', 'Exit-row seats are only for adults.'],
      [{ seats: [{ passenger: 0, segment_id: seg, designator: '99K' }] }, 'extras.seats.0.designator', 'This seat is not on this aircraft.'],
      [{ seats: [{ passenger: 0, segment_id: 'XX999-2030-01-01', designator: '12A' }] }, 'extras.seats.0.segment_id', 'This booking has no such flight.'],
      [{ seats: [{ passenger: 5, segment_id: seg, designator: '12A' }] }, 'extras.seats.0.passenger', 'This booking has no such passenger.'],
      [{ bags: [{ passenger: 0, segment_id: seg, service_id: `bag40-${seg}`, quantity: 1 }] }, 'extras.bags.0.service_id', 'This flight does not sell this bag.'],
      [{ bags: [{ passenger: 0, segment_id: seg, service_id: bags[0].id, quantity: 2 }, { passenger: 0, segment_id: seg, service_id: bags[0].id, quantity: 2 }] }, 'extras.bags.1.quantity', 'At most three bags per passenger and flight.'],
      [{ seats: [{ passenger: 0, segment_id: seg, designator: freeSeat(map).designator }, { passenger: 1, segment_id: seg, designator: freeSeat(map).designator }] }, 'extras.seats.1.designator', 'Two passengers cannot share a seat.'],
      [{ seats: [{ passenger: 0, segment_id: seg, designator: 'A12' }] }, 'extras.seats.0.designator', 'Choose a seat such as 14C.'],
    ];
    for (const [extras, field, message] of cases) {
      const res = await guest.post('/api/bookings', book(offer, family, extras));
      expect([res.status, res.body.errors?.[field]], JSON.stringify(res.body)).toEqual([422, [message]]);
    }
    // In Arabic for an Arabic reader: the app words the server's sentence from locales/ar.json.
    const taken = seatsOf(map).find((s) => !s.available)!;
    const busy = await guest.post('/api/bookings', book(offer, family, { seats: [{ passenger: 0, segment_id: seg, designator: taken.designator }] }));
    expect([busy.status, busy.body.message]).toEqual([409, 'This seat has just been taken. Please choose another.']);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, offer.id))).toEqual([]);
  });

  it('two bookings racing for one seat: exactly one gets it, the other is refused and leaves nothing behind', async () => {
    const guest = await api.as('anonymous');
    const offer = await firstOffer(guest, { origin: 'ISB', destination: 'DXB', departure_date: day(35) });
    const [map] = await offerMaps(guest, offer.id);
    const seat = freeSeat(map, 'free');
    const choose = { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] };
    const [a, b] = await Promise.all([
      guest.post('/api/bookings', book(offer, [pax('Cyrus')], choose)),
      (await api.as('anonymous')).post('/api/bookings', book(offer, [pax('Dara')], choose, { main_contact: { ...contact, email: 'other@example.com' } })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const held = await api.db.select().from(seatAssignments).where(eq(seatAssignments.designator, seat.designator));
    expect(held.filter((h) => h.flightNo === map.flight_number && h.date === map.departure_date)).toHaveLength(1);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, offer.id))).toHaveLength(1);
    const won = a.status === 201 ? a : b;
    expect(won.body.data.extras[0]).toMatchObject({ designator: seat.designator, status: 'confirmed' });
  });
});
