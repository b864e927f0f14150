import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { expandSearchResponse } from '../../contract/flight-wire';
import { bookings, flightSeats, supplierOrders, users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { flightSuppliers } from '../../server/bookings/suppliers';
import { reconcileOrders } from '../../server/bookings/orphan-orders';
import { PUBLIC } from '../../server/pricing/margins';
import type { Order } from '../../server/suppliers/flight/types';
import '../../server/catalogue/register';

/**
 * A crash between the supplier's sale and our booking row (or between claiming a release and the supplier's
 * cancel) must not keep seats sold for ever: the supplier-orders job gives them back after the grace period.
 */
const api = await setupApi();
const GRACE = 2 * 60_000;
const later = (ms = GRACE + 1000) => { api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + ms); };
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const pax = () => ({
  type: 'ADT' as const, title: 'Mr', first_name: `Orphan${String.fromCharCode(65 + (n++ % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`, last_name: 'Crash', gender: 'M', dob: '1980-06-01',
  nationality: 'PK', document_type: 'passport', document_no: `OR${1_000_000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
});
const contact = { email: 'orphan@example.com', phone: '+92 300 5556667', country: 'PK' };
const safar = () => flightSuppliers(api.ctx).get('safar')!;
const totalSold = async () => (await api.db.select().from(flightSeats)).reduce((s, r) => s + r.sold, 0);
const segmentsOf = (o: Order) => o.offer.journeys.reduce((k, j) => k + j.segments.length, 0);
const stored = async (supplier: string, pnr: string) =>
  (await api.db.select().from(supplierOrders).where(and(eq(supplierOrders.supplier, supplier), eq(supplierOrders.pnr, pnr))))[0];

async function searchOffer(origin: string, destination: string, inDays: number) {
  const guest = await api.as('anonymous');
  const res = await guest.get('/api/flights', { flightType: 'one-way', origin, destination, departure_date: day(inDays), adults: 1 });
  expect(res.status).toBe(200);
  return { guest, offer: expandSearchResponse(res.body).flights[0] };
}

describe('supplier orders left by a crash', () => {
  it('an order no booking took (the server died after the supplier sold the seats) is canceled after the grace period', async () => {
    const { offer } = await searchOffer('KHI', 'DXB', 33);
    const before = await totalSold();
    // What a kill -9 between supplier.book and the booking insert leaves behind.
    const booked = await safar().book(offer.id, [pax()], contact, { pricing: PUBLIC });
    if (booked.status !== 'booked') throw new Error(booked.status);
    expect(await totalSold()).toBe(before + segmentsOf(booked.order));

    later(GRACE - 10_000);
    expect((await reconcileOrders(api.ctx)).orphans).toBe(0); // a booking request may still be on its way
    later(20_000);
    expect((await reconcileOrders(api.ctx)).orphans).toBeGreaterThanOrEqual(1);
    expect(await totalSold()).toBe(before);
    const row = await stored('safar', booked.order.pnr);
    expect(row.order.status).toBe('canceled');
    expect(row.abandonedAt).not.toBeNull();
    expect((await reconcileOrders(api.ctx)).orphans).toBe(0);
    expect(await totalSold()).toBe(before);
  });

  it('the order a reissue replaced, when the supplier did not void it at once, is voided after the grace period', async () => {
    const agent = await api.as('agent');
    const [me] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    await creditWallet(api.db, { agentId: me.id, amountMinor: 10_000_000_00, type: 'deposit', reference: 'orphan:reissue', description: 'test top-up' });
    const first = (await searchOffer('KHI', 'JED', 40)).offer;
    const paid = await agent.post('/api/bookings', { flight_id: first.id, supplier: first.supplier, main_contact: contact, travellers: [pax()], payment_method: 'wallet' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const oldPnr = (await api.db.select().from(bookings).where(eq(bookings.id, paid.body.data.id)))[0].supplierOrder as Order;
    const next = (await searchOffer('KHI', 'JED', 45)).offer;
    const quote = await agent.get(`/api/bookings/${paid.body.data.id}/reissue-quote`, { flight_id: next.id, supplier: next.supplier });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);

    const refused = vi.spyOn(safar(), 'void').mockRejectedValueOnce(new Error('supplier unreachable'));
    const moved = await agent.post(`/api/bookings/${paid.body.data.id}/reissue`, { flight_id: next.id, supplier: next.supplier, expected_total: quote.body.data.total });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(refused).toHaveBeenCalledTimes(1);
    refused.mockRestore();
    expect((await stored('safar', oldPnr.pnr)).order.status).toBe('ticketed'); // still holds its seats

    later(GRACE - 10_000);
    await reconcileOrders(api.ctx);
    expect((await stored('safar', oldPnr.pnr)).order.status).toBe('ticketed');
    later(20_000);
    expect((await reconcileOrders(api.ctx)).orphans).toBeGreaterThanOrEqual(1);
    expect((await stored('safar', oldPnr.pnr)).order.status).toBe('voided');
    const now = (await api.db.select().from(bookings).where(eq(bookings.id, paid.body.data.id)))[0];
    expect([now.status, now.pnr, (now.supplierOrder as Order).status]).toEqual(['ticketed', paid.body.data.pnr, 'ticketed']);
    expect((await stored('safar', (now.supplierOrder as Order).pnr)).order.status).toBe('ticketed');
  });

  it('never touches the order of a booking, held or paid from the wallet', async () => {
    const { guest, offer } = await searchOffer('LHE', 'DXB', 34);
    const held = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax()], payment_method: 'hold' });
    expect(held.status).toBe(201);
    const agent = await api.as('agent');
    const [me] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    await creditWallet(api.db, { agentId: me.id, amountMinor: 10_000_000_00, type: 'deposit', reference: 'orphan:topup', description: 'test top-up' });
    const paid = await agent.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax()], payment_method: 'wallet' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const sold = await totalSold();
    later();
    await reconcileOrders(api.ctx);
    later();
    await reconcileOrders(api.ctx);
    expect(await totalSold()).toBe(sold);
    expect((await stored('safar', held.body.data.pnr)).order.status).toBe('booked');
    expect((await stored('safar', paid.body.data.pnr)).order.status).toBe('ticketed');
    expect((await stored('safar', held.body.data.pnr)).abandonedAt).toBeNull();
  });

  it('a booking request slower than the grace period loses to the job: 409, no booking, seats given back once', async () => {
    const { guest, offer } = await searchOffer('ISB', 'DXB', 35);
    const before = await totalSold();
    const supplier = safar();
    const book = supplier.book.bind(supplier);
    // The request stalls after the supplier's sale, long enough for the job to run on another server.
    const stall = vi.spyOn(supplier, 'book').mockImplementationOnce(async (...args) => {
      const res = await book(...args);
      later();
      expect((await reconcileOrders(api.ctx)).orphans).toBe(1);
      return res;
    });
    const res = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax()], payment_method: 'hold' });
    stall.mockRestore();
    expect(res.status).toBe(409);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, offer.id))).toHaveLength(0);
    expect(await totalSold()).toBe(before);
  });

  it('a closed booking whose release never reached the supplier gets its seats back', async () => {
    const { guest, offer } = await searchOffer('KHI', 'IST', 36);
    const before = await totalSold();
    const res = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax()], payment_method: 'hold' });
    expect(res.status).toBe(201);
    expect(await totalSold()).toBeGreaterThan(before);
    // What a kill -9 right after releaseSeats claimed the release leaves behind.
    await api.db.update(bookings).set({ status: 'canceled', seatsReleasedAt: api.ctx.now() }).where(eq(bookings.id, res.body.data.id));
    expect((await reconcileOrders(api.ctx)).unreleased).toBe(0);
    later();
    expect((await reconcileOrders(api.ctx)).unreleased).toBe(1);
    expect(await totalSold()).toBe(before);
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, res.body.data.id));
    expect((row.supplierOrder as Order).status).toBe('canceled');
    expect((await stored('safar', row.pnr)).order.status).toBe('canceled');
    later();
    expect(await reconcileOrders(api.ctx)).toEqual({ orphans: 0, unreleased: 0 });
  });

  it('covers group tickets (own inventory) the same way', async () => {
    const admin = await api.as('admin');
    const ticket = (await admin.post('/api/group-tickets', {
      airline_code: 'PK', flight_number: '791', origin: 'LHE', destination: 'MED', departure_date: day(25), departure_time: '03:30', arrival_time: '06:45',
      seats_total: 4, price: '9000', baggage: '2 × 23 kg',
    })).body.data;
    const { offer } = await (async () => {
      const guest = await api.as('anonymous');
      const r = await guest.get('/api/flights', { flightType: 'one-way', origin: 'LHE', destination: 'MED', departure_date: day(25), adults: 2, limit: 200 });
      return { offer: expandSearchResponse(r.body).flights.find((f: { supplier: string }) => f.supplier === 'sooper')! };
    })();
    expect(offer).toBeTruthy();
    const booked = await flightSuppliers(api.ctx).get('sooper')!.book(offer.id, [pax(), pax()], contact, { pricing: PUBLIC });
    if (booked.status !== 'booked') throw new Error(booked.status);
    const seatsLeft = async () => (await admin.get(`/api/group-tickets/${ticket.id}`)).body.data.seats_available;
    expect(await seatsLeft()).toBe(2);
    later();
    expect((await reconcileOrders(api.ctx)).orphans).toBe(1);
    expect(await seatsLeft()).toBe(4);
    expect((await stored('sooper', booked.order.pnr)).order.status).toBe('canceled');
  });
});
