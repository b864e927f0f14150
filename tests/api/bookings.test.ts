import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi, type Identity } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { expireHolds } from '../../server/bookings/tickets';
import { bookingMail } from '../../server/bookings/mails';
import { agentMargins, bookingEvents, bookings, flightSeats, users } from '../../server/db/schema';
import { creditWallet, debitWallet, walletBalance } from '../../server/ledger/service';

const api = await setupApi();
const seats = new DbSeatStore(api.db);
const fake = new FakeFlightSupplier(seats, () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let flightSeq = 100;
/** A fresh one-way offer (own flight number, so tests never share seats). */
function offer(over: Partial<Parameters<FakeFlightSupplier['addOffer']>[0]> = {}) {
  const no = `PK${flightSeq++}`;
  return fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: no }], ...over });
}
let paxSeq = 0;
const adult = (over: Record<string, unknown> = {}) => ({
  type: 'ADT', title: 'Mr', first_name: `Ali${String.fromCharCode(65 + (paxSeq++ % 26))}${String.fromCharCode(65 + Math.floor(paxSeq / 26) % 26)}`, last_name: 'Khan', gender: 'M',
  dob: '1990-04-12', nationality: 'PK', document_type: 'passport', document_no: `AB${1000000 + paxSeq}`, expiry_date: '2035-01-01', issue_country: 'PK', ...over,
});
const contact = { email: 'guest.traveller@example.com', phone: '+92 300 1234567', country: 'PK' };
const body = (flight_id: string, over: Record<string, unknown> = {}) => ({
  flight_id, supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold', ...over,
});
const agentId = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('POST /api/bookings', () => {
  it('a guest holds a booking: PNR, 15-minute hold, seats consumed, event and email', async () => {
    const guest = await api.as('anonymous');
    const id = offer();
    const res = await guest.post('/api/bookings', body(id), { 'idempotency-key': 'guest-hold-0001' });
    expect(res.status).toBe(201);
    const b = res.body.data;
    expect(b.pnr).toMatch(/^[A-Z0-9]{6}$/);
    expect(b.status).toBe('booked');
    expect(b.channel).toBe('guest');
    expect(Date.parse(b.hold_expires_at) - api.ctx.clock.now.getTime()).toBe(15 * 60_000);
    expect(b.fare.total).toEqual({ amount: '45000.00', currency: 'PKR' });
    expect(b.travellers).toHaveLength(1);
    const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, b.itinerary.journeys[0].segments[0].flight_number));
    expect(seat.sold).toBe(1);
    const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.map((e) => [e.action, e.toStatus, e.actorKind])).toEqual([['create', 'booked', 'guest']]);
    const mails = await mailsTo(api.db, contact.email);
    expect(mails[0].subject).toContain(b.pnr);
    // Written with the booking's passengers before they were read back: the same mail as from the stored rows.
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    const fromRows = await bookingMail(api.db, 'en', 'held', row, api.ctx.config.appUrl);
    expect(mails[0].textBody).toContain(b.travellers[0].first_name);
    expect([mails[0].textBody, mails[0].htmlBody]).toEqual([fromRows.text, fromRows.html]);
    // The answer is built from the values written, not read back: it must be the booking as stored.
    const stored = await guest.get('/api/get-customer-flight-booking-details', { pnr: b.pnr, email: contact.email });
    expect({ ...stored.body.data, events: undefined }).toEqual(b);
  });

  it('never trusts a client total: the server prices it, and a changed price answers 409 with the new fare', async () => {
    const c = await api.as('customer');
    const id = offer();
    fake.reprice(id, 1.1);
    const res = await c.post('/api/bookings', body(id, { expected_total: '45000.00' }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('price_changed');
    expect(res.body.fare.total.amount).toBe('49000.00');
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toHaveLength(0);
    const ok = await c.post('/api/bookings', body(id, { expected_total: res.body.fare.total, total: '1.00' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.fare.total.amount).toBe('49000.00');
  });

  it('the same Idempotency-Key returns the same booking, never a second one', async () => {
    const c = await api.as('customer');
    const id = offer();
    const payload = body(id);
    const [a, b] = await Promise.all([
      c.post('/api/bookings', payload, { 'idempotency-key': 'double-click-1234' }),
      c.post('/api/bookings', payload, { 'idempotency-key': 'double-click-1234' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const again = await c.post('/api/bookings', payload, { 'idempotency-key': 'double-click-1234' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(a.body.data.id);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toHaveLength(1);
    const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, a.body.data.itinerary.journeys[0].segments[0].flight_number));
    expect(seat.sold).toBe(1);
    // Someone else's key is not a way to read their booking.
    const other = await api.as('agent');
    const stolen = await other.post('/api/bookings', payload, { 'idempotency-key': 'double-click-1234' });
    expect(stolen.status).toBe(422);
  });

  it('a retry with its key answers its booking whatever became of the offer since', async () => {
    // The offer is priced before the key is looked up (one read for the key and the duplicate check): a known key
    // still wins over a new price, an expired offer and the booking's own duplicate.
    const c = await api.as('customer');
    const id = offer();
    const payload = body(id, { expected_total: '45000.00' });
    const first = await c.post('/api/bookings', payload, { 'idempotency-key': 'retry-later-0001' });
    expect(first.status).toBe(201);
    fake.reprice(id, 1.1);
    const repriced = await c.post('/api/bookings', payload, { 'idempotency-key': 'retry-later-0001' });
    expect([repriced.status, repriced.body.data.id]).toEqual([200, first.body.data.id]);
    fake.expire(id);
    const expired = await c.post('/api/bookings', payload, { 'idempotency-key': 'retry-later-0001' });
    expect([expired.status, expired.body.data.id]).toEqual([200, first.body.data.id]);
    expect((await c.post('/api/bookings', payload, { 'idempotency-key': 'retry-later-0002' })).status).toBe(410);
  });

  it('a duplicate of a live booking (same passengers, sector and date) answers 409', async () => {
    const c = await api.as('customer');
    const pax = adult();
    const first = await c.post('/api/bookings', body(offer(), { travellers: [pax] }));
    expect(first.status).toBe(201);
    const dup = await c.post('/api/bookings', body(offer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: 'PK999' }] }), { travellers: [pax] }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('These passengers already have a booking on this flight.');
  });

  it('refuses expired (410) and unknown (404) offers and unknown suppliers (422)', async () => {
    const c = await api.as('anonymous');
    const id = offer();
    fake.expire(id);
    expect((await c.post('/api/bookings', body(id))).status).toBe(410);
    expect((await c.post('/api/bookings', body('nope'))).status).toBe(404);
    const bad = await c.post('/api/bookings', body(offer(), { supplier: 'gds-x' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.supplier).toBeDefined();
  });

  it('refuses a sold-out flight with 409 and leaves the seat count alone', async () => {
    const id = offer({ capacity: 1, party: { adults: 2, children: 0, infants: 0 } });
    const c = await api.as('anonymous');
    const res = await c.post('/api/bookings', body(id, { travellers: [adult(), adult()] }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This flight is no longer available.');
  });

  it('validates passengers against the travel dates', async () => {
    const c = await api.as('anonymous');
    const returnOffer = () => fake.addOffer({
      legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: `PK${flightSeq++}` }, { origin: 'DXB', destination: 'KHI', date: day(60), flight_no: `PK${flightSeq++}` }],
      party: { adults: 1, children: 1, infants: 1 },
    });
    const ymd = (daysAgoYears: number, plusDays: number) => {
      const d = new Date(api.ctx.clock.now.getTime() + plusDays * 86_400_000);
      d.setUTCFullYear(d.getUTCFullYear() - daysAgoYears);
      return d.toISOString().slice(0, 10);
    };
    const res = await c.post('/api/bookings', body(returnOffer(), {
      travellers: [
        adult({ dob: ymd(11, 0) }), // 11 on the travel date: not an adult
        adult({ type: 'CNN', title: 'Mstr', dob: ymd(5, 0) }),
        adult({ type: 'INF', title: 'Mstr', dob: ymd(2, 45), expiry_date: day(40) }), // turns 2 before the return; passport ends before it
      ],
    }));
    expect(res.status).toBe(422);
    expect(res.body.errors['travellers.0.dob']).toEqual(['An adult must be 12 or older on the travel date.']);
    expect(res.body.errors['travellers.1.dob']).toBeUndefined();
    expect(res.body.errors['travellers.2.dob']).toEqual(['An infant must be under 2 on every travel date.']);
    expect(res.body.errors['travellers.2.expiry_date']).toEqual(['The passport must be valid on the last travel date.']);

    const womanAsMr = await c.post('/api/bookings', body(offer(), { travellers: [adult({ gender: 'F' })] }));
    expect(womanAsMr.status).toBe(422);
    expect(womanAsMr.body.errors['travellers.0.title']).toEqual(['The title does not match the gender.']);

    const mismatch = await c.post('/api/bookings', body(offer(), { travellers: [adult(), adult()] }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.travellers).toEqual(['The passengers do not match the offer.']);

    const missing = await c.post('/api/bookings', { flight_id: offer(), supplier: 'fake', payment_method: 'hold' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['main_contact', 'travellers']));

    const badContact = await c.post('/api/bookings', body(offer(), { main_contact: { email: 'x', phone: '1', country: 'Pakistan' } }));
    expect(Object.keys(badContact.body.errors).sort()).toEqual(['main_contact.country', 'main_contact.email', 'main_contact.phone']);
  });

  it('role matrix: guests, customers and approved agents book; pending agents and staff do not', async () => {
    const expected: Record<Identity, number> = { anonymous: 201, customer: 201, agent: 201, unapprovedAgent: 403, accounts: 403, reservation: 403, analyst: 403, admin: 403 };
    for (const who of ALL_IDENTITIES) {
      const c = await api.as(who);
      const res = await c.post('/api/bookings', body(offer()));
      expect(res.status, who).toBe(expected[who]);
    }
  });

  it('an agent pays from the wallet: ticketed, ledger debit, ticket numbers, markup in the total', async () => {
    const aid = await agentId();
    await creditWallet(api.db, { agentId: aid, amountMinor: 100_000_00, type: 'deposit', reference: 'test:wallet-1', description: 'test' });
    const before = (await walletBalance(api.db, aid)).balanceMinor;
    const agent = await api.as('agent');
    const res = await agent.post('/api/bookings', body(offer(), { payment_method: 'wallet', agent_markup: '1500.00' }));
    expect(res.status).toBe(201);
    const b = res.body.data;
    expect(b.status).toBe('ticketed');
    expect(b.fare.agent_markup.amount).toBe('1500.00');
    expect(b.fare.total.amount).toBe('46500.00');
    expect(b.travellers[0].ticket_number).toMatch(/^\d{13}$/);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before - 46_500_00);
    const details = await agent.get('/api/get-flight-booking-details', { id: b.id });
    expect(details.body.data.events.map((e: { action: string }) => e.action)).toEqual(['create', 'pay_wallet']);
  });

  it("an agent's standing own markup goes on a hold it types none for", async () => {
    const aid = await agentId();
    await api.db.insert(agentMargins).values({ agentId: aid, ownMarkupMinor: 750_00 })
      .onConflictDoUpdate({ target: agentMargins.agentId, set: { ownMarkupMinor: 750_00 } });
    try {
      const agent = await api.as('agent');
      const res = await agent.post('/api/bookings', body(offer()));
      expect(res.status).toBe(201);
      expect(res.body.data.fare.agent_markup.amount).toBe('750.00');
      expect(res.body.data.fare.total.amount).toBe('45750.00');
    } finally {
      await api.db.delete(agentMargins).where(eq(agentMargins.agentId, aid));
    }
  });

  it('"Insufficient Balance" (422) leaves no booking behind and holds no seat', async () => {
    const agent = await api.as('agent');
    const aid = await agentId();
    const balance = (await walletBalance(api.db, aid)).balanceMinor;
    const id = offer({ adultBase: balance + 1_000_00 });
    const res = await agent.post('/api/bookings', body(id, { payment_method: 'wallet' }));
    expect([res.status, res.body.message, res.body.errors]).toEqual([422, 'Insufficient Balance', { amount: ['Insufficient Balance'] }]);
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toEqual([]);
    expect((await api.db.select().from(flightSeats)).filter((s) => s.sold > 0 && s.flightNo === id.split('-')[1])).toEqual([]);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(balance);
  });

  it('a wallet emptied between the check and the debit: the debit refuses, the booking is rolled back and its seats given back', async () => {
    const agent = await api.as('agent');
    const aid = await agentId();
    const id = offer();
    const book = fake.book.bind(fake);
    // Another payment of the agent's lands while the supplier holds the seats.
    fake.book = async (...args) => {
      const left = (await walletBalance(api.db, aid)).balanceMinor;
      await debitWallet(api.db, { agentId: aid, amountMinor: left, type: 'charge', reference: 'test:race-drain', description: 'drain' });
      return book(...args);
    };
    try {
      const res = await agent.post('/api/bookings', body(id, { payment_method: 'wallet' }));
      expect([res.status, res.body.message]).toEqual([422, 'Insufficient Balance']);
    } finally {
      fake.book = book;
      await creditWallet(api.db, { agentId: aid, amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:race-refill', description: 'refill' });
    }
    expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toEqual([]);
    expect((await api.db.select().from(flightSeats)).filter((s) => s.sold > 0 && s.flightNo === id.split('-')[1])).toEqual([]);
  });

  it('only agents pay from the wallet', async () => {
    const c = await api.as('customer');
    const res = await c.post('/api/bookings', body(offer(), { payment_method: 'wallet' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.payment_method).toBeDefined();
  });

  it('the hold job cancels unpaid holds after 15 minutes and releases seats, and survives a restart', async () => {
    const c = await api.as('anonymous');
    const res = await c.post('/api/bookings', body(offer()));
    const flightNo = res.body.data.itinerary.journeys[0].segments[0].flight_number;
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 14 * 60_000);
    await expireHolds(api.ctx);
    expect((await api.db.select().from(bookings).where(eq(bookings.id, res.body.data.id)))[0].status).toBe('booked');
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 2 * 60_000);
    // A second server (or a restarted one) running the job at the same time does not cancel twice.
    await Promise.all([expireHolds(api.ctx), expireHolds(api.ctx)]);
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, res.body.data.id));
    expect(row.status).toBe('canceled');
    expect(row.seatsReleasedAt).not.toBeNull();
    const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flightNo));
    expect(seat.sold).toBe(0);
    const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, row.id));
    expect(events.map((e) => [e.action, e.actorKind])).toEqual([['create', 'guest'], ['hold_expired', 'system']]);
  });
});

describe('booking details', () => {
  it('a guest reads a booking by PNR and email; others cannot', async () => {
    const guest = await api.as('anonymous');
    const res = await guest.post('/api/bookings', body(offer()));
    const { pnr, id } = res.body.data;
    const ok = await guest.get('/api/get-customer-flight-booking-details', { pnr: pnr.toLowerCase(), email: 'GUEST.traveller@example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.pnr).toBe(pnr);
    expect((await guest.get('/api/get-customer-flight-booking-details', { pnr, email: 'someone@example.com' })).status).toBe(404);
    expect((await guest.get('/api/get-customer-flight-booking-details', { id })).status).toBe(401);
    const customer = await api.as('customer');
    expect((await customer.get('/api/get-customer-flight-booking-details', { id })).status).toBe(404);
    const reservation = await api.as('reservation');
    expect((await reservation.get('/api/get-flight-booking-details', { id })).status).toBe(200);
  });

  it('lists: agents see their own, customers their own', async () => {
    const agent = await api.as('agent');
    await agent.post('/api/bookings', body(offer()));
    const list = await agent.get('/api/get-bookings');
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBeGreaterThan(0);
    const aid = await agentId();
    expect(list.body.data.every((b: { channel: string }) => b.channel === 'agent')).toBe(true);
    expect(aid).toBeGreaterThan(0);
    const customer = await api.as('customer');
    expect((await customer.get('/api/get-bookings')).status).toBe(403);
    const mine = await customer.get('/api/get-customer-bookings');
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((b: { channel: string }) => b.channel === 'customer')).toBe(true);
  });
});
