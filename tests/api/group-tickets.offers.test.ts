import { describe, expect, it, vi } from 'vitest';
import { addDays, todayInZone, validateFlightSearch } from '../../contract/flights';
import { setupApi } from '../support/api';
import { GroupTicketSupplier, groupTicketOffers, groupTicketRef } from '../../server/catalogue/group-ticket-supplier';
import type { Passenger } from '../../server/suppliers/flight/types';
import { DbOrderStore } from '../../server/bookings/order-store';

const api = await setupApi();
const day = (n: number) => addDays(todayInZone('UTC'), n);
const admin = await api.as('admin');
const ticket = (await admin.post('/api/group-tickets', {
  airline_code: 'PK', flight_number: '741', origin: 'KHI', destination: 'JED', departure_date: day(20), departure_time: '04:30', arrival_time: '07:15',
  return_flight_number: '742', return_date: day(40), return_departure_time: '10:40', return_arrival_time: '17:55', seats_total: 5, price: '185000', baggage: '2 × 23 kg',
})).body.data;
const search = (over: Record<string, unknown> = {}) => {
  const r = validateFlightSearch({ flightType: 'one-way', origin: 'KHI', destination: 'JED', departure_date: day(20), adults: 2, children: 1, infants: 1, ...over });
  if (!r.success) throw new Error(JSON.stringify(r.errors));
  return r.output;
};
const pax = (type: Passenger['type'], i = 0): Passenger => ({ type, title: 'MR', first_name: `A${i}`, last_name: 'B', gender: 'M', dob: type === 'INF' ? day(-200) : '1990-01-01', nationality: 'PK', document_type: 'passport', document_no: `X${i}`, expiry_date: '2035-01-01', issue_country: 'PK' });
const contact = { email: 'a@b.example', phone: '+923001234567', country: 'PK' };

describe('groupTicketOffers', () => {
  it('offers a published ticket as an own-inventory (isSooperFlight) fare in the flight-search shape', async () => {
    const offers = await groupTicketOffers(api.db, search());
    expect(offers).toHaveLength(1);
    const o = offers[0];
    expect(o).toMatchObject({ supplier: 'sooper', is_sooper_flight: true, cabin_class: 'Y', stops: 0, seats_left: 5, validating_airline: { code: 'PK' }, price_per_adult: { amount: '185000.00' } });
    // 2 adults × 185000 + 1 child × 75 % + 1 infant × 10 %
    expect(o.price.amount).toBe(String(2 * 185000 + 138750 + 18500) + '.00');
    expect(o.journeys[0].segments[0]).toMatchObject({ flight_number: 'PK 741', departure_at: `${day(20)}T04:30:00+05:00`, arriving_at: `${day(20)}T07:15:00+03:00`, bags: { checked: '2 × 23 kg', checked_kg: 23, checked_pieces: 2 } });
    expect(o.journeys[0].duration_minutes).toBe(285);
  });

  it('matches return searches on the return date, and nothing else', async () => {
    expect(await groupTicketOffers(api.db, search({ flightType: 'return', return_date: day(40) }))).toHaveLength(1);
    expect((await groupTicketOffers(api.db, search({ flightType: 'return', return_date: day(40) })))[0].journeys).toHaveLength(2);
    expect(await groupTicketOffers(api.db, search({ flightType: 'return', return_date: day(41) }))).toHaveLength(0);
    expect(await groupTicketOffers(api.db, search({ departure_date: day(21) }))).toHaveLength(0);
    expect(await groupTicketOffers(api.db, search({ cabin_class: 'C' }))).toHaveLength(0);
    expect(await groupTicketOffers(api.db, search({ adults: 6, children: 0, infants: 0 }))).toHaveLength(0);
    expect(await groupTicketOffers(api.db, search({ airlines: 'EK' }))).toHaveLength(0);
    expect(await groupTicketOffers(api.db, search({ stops: '1+' }))).toHaveLength(0);
  });
});

describe('GroupTicketSupplier', () => {
  const supplier = new GroupTicketSupplier(api.ctx);

  it('books seats out of the ticket inventory and gives them back on cancel', async () => {
    const { offers } = await supplier.search(search({ adults: 1, children: 1, infants: 1 }), { pricing: {} as never });
    const look = await supplier.getOffer(offers[0].id, { pricing: {} as never });
    expect(look.status).toBe('ok');
    expect((await supplier.price(offers[0].id, { pricing: {} as never })).status).toBe('confirmed');
    const booked = await supplier.book(offers[0].id, [pax('ADT'), pax('CNN', 1), pax('INF', 2)], contact, { pricing: {} as never });
    expect(booked.status).toBe('booked');
    const seats = async () => (await api.client().get(`/api/group-tickets/${ticket.id}`)).body.data.seats_available;
    expect(await seats()).toBe(3); // infants take no seat
    if (booked.status !== 'booked') return;
    expect((await supplier.retrieve(booked.order.pnr))?.status).toBe('booked');
    await supplier.cancel(booked.order);
    expect(await seats()).toBe(5);
  });

  it('keeps seats and orders together: a failed order save takes no seat, a cancel asked three times gives seats back once', async () => {
    const stored = new GroupTicketSupplier(api.ctx, new DbOrderStore(api.db, 'sooper', api.ctx.now));
    const seats = async () => (await api.client().get(`/api/group-tickets/${ticket.id}`)).body.data.seats_available;
    const { offers } = await stored.search(search({ adults: 1, children: 0, infants: 0 }), { pricing: {} as never });
    const save = vi.spyOn(DbOrderStore.prototype, 'save').mockRejectedValueOnce(new Error('process killed'));
    try {
      await expect(stored.book(offers[0].id, [pax('ADT', 7)], contact, { pricing: {} as never })).rejects.toThrow('process killed');
    } finally {
      save.mockRestore();
    }
    expect(await seats()).toBe(5);
    const [a, b] = await Promise.all([8, 9].map((i) => stored.book(offers[0].id, [pax('ADT', i)], contact, { pricing: {} as never })));
    if (a.status !== 'booked' || b.status !== 'booked') throw new Error('not booked');
    expect(await seats()).toBe(3);
    const closed = await Promise.all([stored.cancel(a.order), stored.cancel(a.order), stored.void(a.order)]);
    expect(closed.every((o) => o.status === 'canceled' || o.status === 'voided')).toBe(true);
    expect(await seats()).toBe(4);
    await stored.cancel(b.order);
    expect(await seats()).toBe(5);
  });

  it('never oversells under concurrent bookings', async () => {
    const { offers } = await supplier.search(search({ adults: 2, children: 0, infants: 0 }), { pricing: {} as never });
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => supplier.book(offers[0].id, [pax('ADT', i * 2), pax('ADT', i * 2 + 1)], contact, { pricing: {} as never })));
    expect(results.filter((r) => r.status === 'booked')).toHaveLength(2);
    expect(results.filter((r) => r.status === 'unavailable')).toHaveLength(2);
    expect((await api.client().get(`/api/group-tickets/${ticket.id}`)).body.data.seats_available).toBe(1);
  });

  it('"Book" on a group ticket: its detail page opens that fare itself for the party, and checkout books its signed id', async () => {
    const guest = api.client();
    const own = (await admin.post('/api/group-tickets', {
      airline_code: 'PK', flight_number: '751', origin: 'LHE', destination: 'MED', departure_date: day(25), departure_time: '03:10', arrival_time: '06:40',
      return_flight_number: '752', return_date: day(45), return_departure_time: '11:00', return_arrival_time: '18:30', seats_total: 6, price: '185000', baggage: '2 × 23 kg',
    })).body.data;
    const before = (await guest.get(`/api/group-tickets/${own.id}`)).body.data.seats_available;
    const res = await guest.get(`/api/flight/${groupTicketRef(own.id, { adults: 2, children: 0, infants: 0 })}/sooper/1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const offer = res.body.data;
    expect(offer).toMatchObject({ supplier: 'sooper', is_sooper_flight: true, fare_family: 'Group fare', passengers: { adults: 2, children: 0, infants: 0 }, price: { amount: '370000.00', currency: 'PKR' } });
    expect(offer.journeys).toHaveLength(2); // the ticket's own return
    expect(offer.id).not.toMatch(/^group-/);
    const booked = await supplier.book(offer.id, [pax('ADT', 7), pax('ADT', 8)], contact, { pricing: {} as never });
    expect(booked.status).toBe('booked');
    expect((await guest.get(`/api/group-tickets/${own.id}`)).body.data.seats_available).toBe(before - 2);
    if (booked.status === 'booked') await supplier.cancel(booked.order);
    // More travellers than seats, an unknown ticket or a malformed party: not found, said in words.
    for (const ref of [groupTicketRef(own.id, { adults: 7, children: 0, infants: 0 }), groupTicketRef(999_999, { adults: 1, children: 0, infants: 0 }), `group-${own.id}-0.1.0`]) {
      const miss = await guest.get(`/api/flight/${ref}/sooper/1`);
      expect(miss.status, ref).toBe(404);
      expect(miss.body.message).toBe('This flight offer was not found. Please search again.');
    }
  });

  it('tells unknown from expired offers', async () => {
    expect((await supplier.getOffer('nope', { pricing: {} as never })).status).toBe('unknown');
    const { offers } = await supplier.search(search({ adults: 1, children: 0, infants: 0 }), { pricing: {} as never });
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 31 * 60_000);
    expect((await supplier.getOffer(offers[0].id, { pricing: {} as never })).status).toBe('expired');
  });
});
