import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { bookings, flightSeats, supplierOrders } from '../../server/db/schema';
import { flightSuppliers } from '../../server/bookings/suppliers';
import { bookingPricing } from '../../server/pricing';
import { expandSearchResponse } from '../../contract/flight-wire';

/** The booking service on the real embedded supplier: search, then book the offer the search handed out. */
const api = await setupApi();
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const pax = (first: string) => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Embedded', gender: 'M', dob: '1980-06-01', nationality: 'PK',
  document_type: 'passport', document_no: 'EM1234567', expiry_date: '2036-01-01', issue_country: 'PK',
});
const contact = { email: 'embedded@example.com', phone: '+92 300 5556667', country: 'PK' };

describe('booking an embedded-supplier offer', () => {
  it('books at the searched price and consumes seats on every segment', async () => {
    const guest = await api.as('anonymous');
    const search = await guest.get('/api/flights', { flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(30), return_date: day(37), adults: 1 });
    expect(search.status).toBe(200);
    const offer = expandSearchResponse(search.body).flights[0];
    const res = await guest.post('/api/bookings', {
      flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Asad')], payment_method: 'hold', expected_total: offer.price,
    }, { 'idempotency-key': 'embedded-0001' });
    expect(res.status).toBe(201);
    expect(res.body.data.fare.total).toEqual(offer.price);
    expect(res.body.data.flight_type).toBe('return');
    // The answer is built from the values written: the same booking as a later read of it.
    const stored = await guest.get('/api/get-customer-flight-booking-details', { pnr: res.body.data.pnr, email: contact.email });
    expect({ ...stored.body.data, events: undefined }).toEqual(res.body.data);
    const segments = offer.journeys.flatMap((j: { segments: { flight_number: string }[] }) => j.segments);
    for (const s of segments) {
      const [row] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, s.flight_number));
      expect(row?.sold, s.flight_number).toBeGreaterThanOrEqual(1);
    }
  });

  it('an expired embedded offer answers 410', async () => {
    const guest = await api.as('anonymous');
    const search = await guest.get('/api/flights', { flightType: 'one-way', origin: 'LHE', destination: 'JED', departure_date: day(20), adults: 1 });
    const offer = search.body.flights[0];
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 31 * 60_000);
    const res = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Bilal')], payment_method: 'hold' });
    api.ctx.clock.now = new Date();
    expect(res.status).toBe(410);
  });

  it("answers an agent's new hold compressed when the client takes it: 201, then 200 with the same booking for its key", async () => {
    const agent = await api.as('agent');
    const search = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'JED', departure_date: day(25), adults: 1 });
    const offer = expandSearchResponse(search.body).flights[0];
    const post = () => api.app.request('/api/bookings', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agent.accessToken}`, 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'br', 'idempotency-key': 'embedded-br-0001',
      },
      body: JSON.stringify({ flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Chand')], payment_method: 'hold' }),
    });
    const first = await post();
    expect(first.status).toBe(201);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('content-type')).toBe('application/json');
    const created = JSON.parse(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString());
    expect(created).toMatchObject({ message: 'Booking created.', data: { status: 'booked', travellers: [{ first_name: 'Chand' }] } });
    const again = await post();
    expect(again.status).toBe(200);
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString()).data).toEqual(created.data);
  });

  it('prices a hold once: book() takes the offer the booking service just priced, unless it has expired since', async () => {
    const supplier = flightSuppliers(api.ctx).get('safar')!;
    const guest = await api.as('anonymous');
    const search = await guest.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'LHE', departure_date: day(22), adults: 1 });
    const offer = expandSearchResponse(search.body).flights[0];
    const price = vi.spyOn(supplier, 'price');
    try {
      const res = await guest.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Dawood')], payment_method: 'hold' });
      expect(res.status).toBe(201);
      expect(res.body.data.fare.total).toEqual(offer.price);
      expect(price).toHaveBeenCalledTimes(1);
      // A priced offer past its expiry is priced again, which answers expired.
      const { pricing } = await bookingPricing(api.db, null);
      const confirmed = await supplier.price(offer.id, { pricing });
      if (confirmed.status !== 'confirmed') throw new Error(confirmed.status);
      const stale = { ...confirmed.offer, expires_at: new Date(api.ctx.clock.now.getTime() - 1000).toISOString() };
      api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 31 * 60_000);
      expect(await supplier.book(offer.id, [{ ...pax('Ehsan'), type: 'ADT' }], contact, { pricing, priced: stale })).toEqual({ status: 'expired' });
    } finally {
      price.mockRestore();
      api.ctx.clock.now = new Date();
    }
  });
  it("an agent's double click whose twin writes first, between its key check and its sale, answers that booking and sells once", async () => {
    // An agent's plain hold is sold and written in one statement: the loser's unique key undoes its whole sale.
    const supplier = flightSuppliers(api.ctx).get('safar')!;
    const agent = await api.as('agent');
    const search = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(27), adults: 1 });
    const offer = expandSearchResponse(search.body).flights[0];
    const book = supplier.book.bind(supplier);
    // Both requests pass their key checks before either sells: the first waits at book() for the second.
    let release: () => void = () => undefined;
    let arrived = 0;
    const spy = vi.spyOn(supplier, 'book').mockImplementation(async (...args) => {
      if (++arrived === 1) await new Promise<void>((r) => { release = r; });
      else release();
      return book(...args);
    });
    try {
      const payload = { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Faisal')], payment_method: 'hold' };
      const [a, b] = await Promise.all([
        agent.post('/api/bookings', payload, { 'idempotency-key': 'embedded-twin-0001' }),
        agent.post('/api/bookings', payload, { 'idempotency-key': 'embedded-twin-0001' }),
      ]);
      expect(arrived).toBe(2);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.data.id).toBe(b.body.data.id);
      expect(await api.db.select().from(bookings).where(eq(bookings.idempotencyKey, 'embedded-twin-0001'))).toHaveLength(1);
      const flightNo = offer.journeys[0].segments[0].flight_number;
      const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flightNo));
      expect(seat.sold).toBe(1);
      // One order, the booking's: the loser's was undone with its seats, so the orphan-order job has nothing to free.
      const orders = (await api.db.select().from(supplierOrders)).filter((o) => o.order.offer_id === offer.id);
      expect(orders.map((o) => [o.pnr, o.attachedAt !== null])).toEqual([[a.body.data.pnr, true]]);
    } finally {
      spy.mockRestore();
    }
  });
  it("an agent's plain hold is not looked up first: its key still answers it after the offer expired, and a duplicate sells nothing", async () => {
    const agent = await api.as('agent');
    const search = await agent.get('/api/flights', { flightType: 'one-way', origin: 'LHE', destination: 'DXB', departure_date: day(26), adults: 1 });
    const offer = expandSearchResponse(search.body).flights[0];
    const payload = { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Ghazan')], payment_method: 'hold' };
    const first = await agent.post('/api/bookings', payload, { 'idempotency-key': 'embedded-late-0001' });
    expect(first.status).toBe(201);
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const soldNow = async () => (await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flightNo)))[0].sold;
    const sold = await soldNow();
    // The same passengers under a new key: refused by the live duplicate's key in the sale's own statement.
    const dup = await agent.post('/api/bookings', payload, { 'idempotency-key': 'embedded-late-0002' });
    expect(dup.status).toBe(409);
    expect(await soldNow()).toBe(sold);
    // Someone else's key is not a way to read the booking.
    const customer = await api.as('customer');
    expect((await customer.post('/api/bookings', { ...payload, travellers: [pax('Hamza')] }, { 'idempotency-key': 'embedded-late-0001' })).status).toBe(422);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 31 * 60_000);
    try {
      const late = await agent.post('/api/bookings', payload, { 'idempotency-key': 'embedded-late-0001' });
      expect(late.status).toBe(200);
      expect(late.body.data.id).toBe(first.body.data.id);
    } finally {
      api.ctx.clock.now = new Date();
    }
    expect(await soldNow()).toBe(sold);
  });
});
