import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { flightSeats, supplierOrders } from '../../server/db/schema';
import { DbOrderStore } from '../../server/bookings/order-store';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { defaultSuppliers } from '../../server/bookings/suppliers';
import { EmbeddedFlightSupplier } from '../../server/suppliers/flight/embedded';
import { PUBLIC } from '../../server/pricing/margins';
import type { Passenger } from '../../server/suppliers/flight/types';

/** The embedded supplier's orders live in the database: another server (or this one restarted) finds them by PNR. */
const api = await setupApi();
const clock = () => api.ctx.now().getTime();
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const pax = (first: string): Passenger => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Restart', gender: 'M', dob: '1980-06-01', nationality: 'PK',
  document_type: 'passport', document_no: 'RS1234567', expiry_date: '2036-01-01', issue_country: 'PK',
});
const contact = { email: 'restart@example.com', phone: '+92 300 5556667', country: 'PK' };
/** A fresh supplier over the same database, as a second app server or a restarted one would build it. */
const freshSupplier = () => new EmbeddedFlightSupplier({ seats: new DbSeatStore(api.db, clock), orders: new DbOrderStore(api.db, 'safar'), clock });
/** The supplier as the server composes it: a sale and its order in one statement, other changes in one transaction. */
const serverSupplier = () => defaultSuppliers(api.ctx)[0];
const totalSold = async () => (await api.db.select().from(flightSeats)).reduce((s, r) => s + r.sold, 0);
const firstOffer = async (supplier: EmbeddedFlightSupplier | ReturnType<typeof serverSupplier>, origin: string, destination: string, inDays: number) => {
  const found = await supplier.search({
    flightType: 'one-way', legs: [{ origin, destination, date: day(inDays) }], adults: 1, children: 0, infants: 0,
    cabin_class: 'Y', stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
  }, { pricing: PUBLIC });
  return found.offers[0].id;
};

describe('supplier orders in the database', () => {
  it('an order booked through the API is retrieved and cancelled by a new supplier instance', async () => {
    const guest = await api.as('anonymous');
    const search = await guest.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(30), adults: 1 });
    expect(search.status).toBe(200);
    const offer = search.body.flights[0];
    const res = await guest.post('/api/bookings', {
      flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Asad')], payment_method: 'hold', expected_total: offer.price,
    }, { 'idempotency-key': 'supplier-orders-0001' });
    expect(res.status).toBe(201);

    const rows = await api.db.select().from(supplierOrders).where(eq(supplierOrders.supplier, 'safar'));
    expect(rows).toHaveLength(1);
    const pnr = rows[0].pnr;
    expect(rows[0].order.status).toBe('booked');

    const restarted = freshSupplier();
    const found = await restarted.retrieve(pnr);
    expect(found?.pnr).toBe(pnr);
    expect(found?.offer_id).toBe(offer.id);
    expect(found?.passengers[0].first_name).toBe('Asad');
    expect((await restarted.retrieve(pnr.toLowerCase()))?.pnr).toBe(pnr);

    const seg = found!.offer.journeys[0].segments[0];
    const soldOf = async () => (await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, seg.flight_number)))
      .reduce((s, r) => s + (r.cabin === seg.cabin ? r.sold : 0), 0);
    const before = await soldOf();
    const canceled = await restarted.cancel(found!);
    expect(canceled.status).toBe('canceled');
    expect(await soldOf()).toBe(before - 1);
    // A third instance sees the cancellation.
    expect((await freshSupplier().retrieve(pnr))?.status).toBe('canceled');
    const [row] = await api.db.select().from(supplierOrders).where(and(eq(supplierOrders.supplier, 'safar'), eq(supplierOrders.pnr, pnr)));
    expect(row.order.status).toBe('canceled');
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
  });

  it('an order booked on the supplier directly is ticketed and voided after a restart', async () => {
    const first = freshSupplier();
    const found = await first.search({
      flightType: 'one-way', legs: [{ origin: 'LHE', destination: 'JED', date: day(40) }], adults: 1, children: 0, infants: 0,
      cabin_class: 'Y', stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
    }, { pricing: PUBLIC });
    expect(found.offers.length).toBeGreaterThan(0);
    const booked = await first.book(found.offers[0].id, [pax('Bilal')], contact, { pricing: PUBLIC });
    expect(booked.status).toBe('booked');
    if (booked.status !== 'booked') return;
    const pnr = booked.order.pnr;

    const second = freshSupplier();
    const order = await second.retrieve(pnr);
    expect(order).toEqual(booked.order);
    const ticketed = await second.ticket(order!);
    expect(ticketed.tickets).toHaveLength(1);

    const third = freshSupplier();
    const again = await third.retrieve(pnr);
    expect(again?.status).toBe('ticketed');
    expect((await third.void(again!)).status).toBe('voided');
    expect((await freshSupplier().retrieve(pnr))?.status).toBe('voided');
    expect(await freshSupplier().retrieve('ZZZZZZ')).toBeUndefined();
  });

  it('a failure between taking the seats and saving the order leaves no seat sold (one statement)', async () => {
    const supplier = serverSupplier();
    const offerId = await firstOffer(supplier, 'ISB', 'DXB', 45);
    const before = await totalSold();
    // The order fails inside the statement that sells its seats: PostgreSQL takes no \u0000 in JSON.
    await expect(supplier.book(offerId, [pax('Cra\u0000sh')], contact, { pricing: PUBLIC })).rejects.toThrow();
    expect(await totalSold()).toBe(before);
    const booked = await supplier.book(offerId, [pax('Crash')], contact, { pricing: PUBLIC });
    if (booked.status !== 'booked') throw new Error(booked.status);
    expect(await totalSold()).toBe(before + booked.order.offer.journeys.reduce((n, j) => n + j.segments.length, 0));
  });

  it('the same when the sale goes the transaction way (as a short flight does): one transaction', async () => {
    const seats = new DbSeatStore(api.db, clock);
    const orders = new DbOrderStore(api.db, 'safar');
    const supplier = new EmbeddedFlightSupplier({
      seats, orders, clock, transaction: (work) => seats.during((bind) => api.db.transaction((tx) => work({ seats: bind(tx), orders: orders.bind(tx) }))),
    });
    const offerId = await firstOffer(supplier, 'ISB', 'DXB', 46);
    const before = await totalSold();
    const save = vi.spyOn(DbOrderStore.prototype, 'create').mockRejectedValueOnce(new Error('process killed'));
    try {
      await expect(supplier.book(offerId, [pax('Crash')], contact, { pricing: PUBLIC })).rejects.toThrow('process killed');
    } finally {
      save.mockRestore();
    }
    expect(await totalSold()).toBe(before);
    const booked = await supplier.book(offerId, [pax('Crash')], contact, { pricing: PUBLIC });
    if (booked.status !== 'booked') throw new Error(booked.status);
    expect(await totalSold()).toBe(before + booked.order.offer.journeys.reduce((n, j) => n + j.segments.length, 0));
  });

  it('a new order never replaces a stored one with the same PNR', async () => {
    const supplier = serverSupplier();
    const booked = await supplier.book(await firstOffer(supplier, 'LHE', 'DXB', 47), [pax('First')], contact, { pricing: PUBLIC });
    if (booked.status !== 'booked') throw new Error(booked.status);
    const store = new DbOrderStore(api.db, 'safar');
    expect(await store.create({ ...booked.order, passengers: [pax('Second')] })).toBe(false);
    expect((await store.get(booked.order.pnr))?.passengers.map((p) => p.first_name)).toEqual(['First']);
  });

  it('an order canceled by several servers at once gives its seats back once', async () => {
    const offerId = await firstOffer(serverSupplier(), 'KHI', 'JED', 46);
    const before = await totalSold();
    // Two orders on the same flights, so a second release would show (sold never goes below zero).
    const [booked, other] = await Promise.all([pax('Twice'), pax('Stays')].map((p) => serverSupplier().book(offerId, [p], contact, { pricing: PUBLIC })));
    if (booked.status !== 'booked' || other.status !== 'booked') throw new Error('not booked');
    const segments = booked.order.offer.journeys.reduce((n, j) => n + j.segments.length, 0);
    expect(await totalSold()).toBe(before + 2 * segments);
    const results = await Promise.all([serverSupplier().cancel(booked.order), serverSupplier().cancel(booked.order), serverSupplier().cancel(booked.order)]);
    expect(results.map((o) => o.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(await totalSold()).toBe(before + segments);
    expect((await serverSupplier().retrieve(booked.order.pnr))?.status).toBe('canceled');
  });
});
