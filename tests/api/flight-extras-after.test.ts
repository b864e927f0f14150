import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SeatMap } from '../../contract/seat-maps';
import { extraPurchases, ledgerTransactions, seatAssignments } from '../../server/db/schema';
import { debitWallet, walletBalance } from '../../server/ledger/service';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix } from '../support/agents';
import { sandbox } from '../support/insurance';
import { PAY_WITHIN_MINUTES, releaseUnpaidExtras } from '../../server/flight-extras/payment';
import { contact, dayFrom, firstOffer, freeSeat, fundAgent, minor, offerBags, offerMaps, pax, seatsOf } from '../support/flight-extras';

/** Seats and bags after booking: an offer's bag options, a booking's seat maps, and extras its owner buys. */
const api = await setupApi();
const day = (n: number) => dayFrom(api, n);
const extrasUrl = (pnr: string) => `/api/bookings/flight/${pnr}/extras`;
const mapUrl = (pnr: string) => `/api/bookings/flight/${pnr}/seat-map`;

async function booked(c: TestClient, query: Record<string, string | number>, payment_method = 'hold', email = contact.email) {
  const offer = await firstOffer(c, query);
  const res = await c.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: { ...contact, email }, travellers: [pax('Eman'), pax('Faraz')], payment_method });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { offer, pnr: res.body.data.pnr as string, id: res.body.data.id as number };
}

describe('GET /api/offers/{offer_id}/services', () => {
  it('answers each segment’s bag options, priced by weight and flight length, to everyone', async () => {
    const guest = await api.as('anonymous');
    const offer = await firstOffer(guest, { flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(40), return_date: day(45) });
    const bags = await offerBags(guest, offer.id);
    const segments = offer.journeys.flatMap((j) => j.segments).map((s) => `${s.flight_number}-${s.departure_at.slice(0, 10)}`);
    expect([...new Set(bags.map((b) => b.segment_id))]).toEqual(segments);
    for (const b of bags) {
      expect(b.id).toBe(`bag${b.weight_kg}-${b.segment_id}`);
      expect(b.maximum_quantity).toBe(3);
      expect(minor(b.price.amount)).toBeGreaterThan(0);
    }
    const [b23, b32] = bags.filter((b) => b.segment_id === segments[0]);
    expect(minor(b32.price.amount)).toBeGreaterThan(minor(b23.price.amount));
    expect((await guest.get('/api/offers/not!an!offer/services')).status).toBe(422);
    expect((await guest.get('/api/offers/off_0000AbCdEfGh/services')).status).toBe(404);
    await expectRoleMatrix(api.as, (c) => c.get(`/api/offers/${encodeURIComponent(offer.id)}/services`), {
      anonymous: 200, customer: 200, unapprovedAgent: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
  }, 60_000); // the first search builds the embedded network
});

describe('POST /api/bookings/flight/{pnr}/extras and the booking’s seat map', () => {
  it('an agent buys a seat and a bag from the wallet once per Idempotency-Key; the map marks the seat; a new seat replaces it', async () => {
    const aid = await fundAgent(api, 500_000_00, 'extras-after');
    const agent = await api.as('agent');
    const { offer, pnr } = await booked(agent, { origin: 'KHI', destination: 'JED', departure_date: day(38), adults: 2 });
    const [map] = await offerMaps(agent, offer.id);
    const seat = freeSeat(map, 'paid');
    const [bag] = await offerBags(agent, offer.id);
    const body = { seats: [{ passenger: 1, segment_id: map.segment_id, designator: seat.designator }], bags: [{ passenger: 0, segment_id: map.segment_id, service_id: bag.id, quantity: 1 }] };
    const before = (await walletBalance(api.db, aid)).balanceMinor;
    const headers = { 'idempotency-key': 'extras-key-0001' };
    const [first, again] = await Promise.all([agent.post(extrasUrl(pnr), body, headers), agent.post(extrasUrl(pnr), body, headers)]);
    expect([first.status, again.status].sort(), JSON.stringify([first.body, again.body])).toEqual([200, 201]);
    expect(first.body.data).toEqual(again.body.data);
    const total = minor(seat.price!.amount) + minor(bag.price.amount);
    expect(first.body.data.charged).toEqual({ amount: (total / 100).toFixed(2), currency: 'PKR' });
    expect(first.body.data.checkout_url).toBeUndefined();
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before - total);
    const lines = (await api.db.select().from(ledgerTransactions)).filter((t) => t.reference.startsWith(`extras:${pnr}:`));
    expect(lines).toHaveLength(1);
    expect(lines[0].description).toBe(`Extras for PNR ${pnr}: seat ${seat.designator} ${map.flight_number}, 1 × ${bag.weight_kg} kg bag ${map.flight_number}`);

    const mine = (await agent.get(mapUrl(pnr))).body.data as SeatMap[];
    expect(seatsOf(mine[0]).find((s) => s.designator === seat.designator)).toMatchObject({ available: false, passenger: 1 });
    // A free seat instead: the old one goes back to the flight, nothing is charged.
    const other = freeSeat(mine[0], 'free');
    const change = await agent.post(extrasUrl(pnr), { seats: [{ passenger: 1, segment_id: map.segment_id, designator: other.designator }] }, { 'idempotency-key': 'extras-key-0002' });
    expect([change.status, change.body.data.charged.amount]).toEqual([201, '0.00']);
    const details = await agent.get('/api/get-customer-flight-booking-details', { pnr });
    expect(details.body.data.extras.filter((e: { kind: string }) => e.kind === 'seat').map((e: { designator: string }) => e.designator)).toEqual([other.designator]);
    const held = (await api.db.select().from(seatAssignments)).filter((s) => s.flightNo === map.flight_number && s.date === map.departure_date);
    expect(held.map((h) => h.designator)).toEqual([other.designator]);
    // Too many bags with those already bought; a wallet too short says so and holds nothing.
    const tooMany = await agent.post(extrasUrl(pnr), { bags: [{ passenger: 0, segment_id: map.segment_id, service_id: bag.id, quantity: 3 }] });
    expect([tooMany.status, tooMany.body.errors['bags.0.quantity']]).toEqual([422, ['At most three bags per passenger and flight.']]);
    const balance = (await walletBalance(api.db, aid)).balanceMinor;
    await debitWallet(api.db, { agentId: aid, amountMinor: balance, type: 'charge', reference: 'test:drain-extras', description: 'test' });
    const pricey = freeSeat(mine[0], 'paid', [seat.designator]);
    const short = await agent.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: pricey.designator }] });
    expect([short.status, short.body.message]).toEqual([422, 'Insufficient Balance']);
    const stillHeld = (await api.db.select().from(seatAssignments)).filter((s) => s.flightNo === map.flight_number && s.date === map.departure_date);
    expect(stillHeld.map((h) => h.designator)).toEqual([other.designator]);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(0);
  });

  it('a customer pays by card: the extras wait for the payment, then stand; a declined card releases the seat', async () => {
    const customer = await api.as('customer');
    const { offer, pnr } = await booked(customer, { origin: 'LHE', destination: 'JED', departure_date: day(39), adults: 2 });
    const [map] = await offerMaps(customer, offer.id);
    const paid = freeSeat(map, 'paid');
    const res = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: paid.designator }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.extras[0].status).toBe('awaiting_payment');
    expect((await sandbox(customer, res.body.data.checkout_url, 'pay')).status).toBe(303);
    const after = await customer.get('/api/get-customer-flight-booking-details', { pnr });
    expect(after.body.data.extras).toEqual([expect.objectContaining({ designator: paid.designator, status: 'confirmed' })]);

    const second = freeSeat(map, 'paid', [paid.designator]);
    const declined = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 1, segment_id: map.segment_id, designator: second.designator }] });
    expect((await sandbox(customer, declined.body.data.checkout_url, 'decline')).status).toBe(303);
    const held = (await api.db.select().from(seatAssignments)).filter((s) => s.flightNo === map.flight_number && s.date === map.departure_date).map((s) => s.designator);
    expect(held).toEqual([paid.designator]);
    expect((await api.db.select().from(extraPurchases)).some((p) => p.status === 'failed')).toBe(true);
    // Left unpaid past its time: the job releases it and its seat.
    const third = freeSeat(map, 'paid', [paid.designator, second.designator]);
    const unpaid = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 1, segment_id: map.segment_id, designator: third.designator }] });
    expect(unpaid.body.data.extras[0]).toMatchObject({ designator: third.designator, status: 'awaiting_payment' });
    const now = api.ctx.clock.now;
    api.ctx.clock.now = new Date(now.getTime() + (PAY_WITHIN_MINUTES + 1) * 60_000);
    try {
      expect(await releaseUnpaidExtras(api.ctx)).toBe(1);
    } finally {
      api.ctx.clock.now = now;
    }
    const left = (await api.db.select().from(seatAssignments)).filter((s) => s.flightNo === map.flight_number && s.date === map.departure_date).map((s) => s.designator);
    expect(left).toEqual([paid.designator]);
  });

  it('canceling the booking frees its seats; a closed booking takes no extras (409)', async () => {
    const customer = await api.as('customer');
    const { offer, pnr, id } = await booked(customer, { origin: 'ISB', destination: 'JED', departure_date: day(41), adults: 2 });
    const [map] = await offerMaps(customer, offer.id);
    const seat = freeSeat(map, 'free');
    expect((await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] })).status).toBe(201);
    expect((await api.db.select().from(seatAssignments).where(eq(seatAssignments.bookingId, id)))).toHaveLength(1);
    const canceled = await customer.post('/api/cancel-pnr', { id });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await api.db.select().from(seatAssignments).where(eq(seatAssignments.bookingId, id))).toEqual([]);
    const late = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] });
    expect([late.status, late.body.message]).toEqual([409, 'Seats and bags can be added only to a booked or ticketed booking.']);
  });

  it('answers 422 for nothing chosen or a bad key, 404 for another’s booking; the role matrix of both routes', async () => {
    const customer = await api.as('customer');
    const { offer, pnr } = await booked(customer, { origin: 'KHI', destination: 'IST', departure_date: day(42), adults: 2 }, 'hold', 'customer@demo.safar');
    const [map] = await offerMaps(customer, offer.id);
    expect((await customer.post(extrasUrl(pnr), {})).body.errors).toEqual({ seats: ['Choose a seat or a bag.'] });
    expect((await customer.post(extrasUrl(pnr), { seats: [] }, { 'idempotency-key': 'short' })).status).toBe(422);
    expect((await customer.post(extrasUrl('nope!'), { seats: [] })).status).toBe(422);
    const choose = { seats: [{ passenger: 0, segment_id: map.segment_id, designator: freeSeat(map, 'free').designator }] };
    await expectRoleMatrix(api.as, (c) => c.post(extrasUrl(pnr), choose), {
      anonymous: 401, customer: [200, 201], unapprovedAgent: 403, agent: 404, accounts: 403, reservation: 403, analyst: 403, admin: 403,
    });
    await expectRoleMatrix(api.as, (c) => c.get(mapUrl(pnr)), {
      anonymous: 422, customer: 200, unapprovedAgent: 404, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
    const guest = await api.as('anonymous');
    expect((await guest.get(mapUrl(pnr), { email: 'customer@demo.safar' })).status).toBe(200);
    expect((await guest.get(mapUrl(pnr), { email: 'someone@example.com' })).status).toBe(404);
  });

  it('answers a booking’s own bag options, as its offer did, to whoever may read its seat map', async () => {
    const customer = await api.as('customer');
    const { offer, pnr } = await booked(customer, { origin: 'KHI', destination: 'DXB', departure_date: day(43), adults: 2 }, 'hold', 'customer@demo.safar');
    const bagsUrl = `/api/bookings/flight/${pnr}/services`;
    const bags = (await customer.get(bagsUrl)).body.data.bags;
    expect(bags).toEqual(await offerBags(customer, offer.id));
    expect(bags.length).toBeGreaterThan(0);
    await expectRoleMatrix(api.as, (c) => c.get(bagsUrl), {
      anonymous: 422, customer: 200, unapprovedAgent: 404, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
    const guest = await api.as('anonymous');
    expect((await guest.get(bagsUrl, { email: 'customer@demo.safar' })).status).toBe(200);
    expect((await guest.get('/api/bookings/flight/nope!/services', { email: 'customer@demo.safar' })).status).toBe(422);
  });
});
