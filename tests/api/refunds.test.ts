import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi, type Identity, type TestClient } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingEvents, bookings, ledgerTransactions, notifications, payments, users } from '../../server/db/schema';
import { paymentProvider, setPaymentProvider } from '../../server/payments/service';
import { MAX_REFUND_TRIES, retryCardRefunds } from '../../server/booking-ops/card-refunds';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

// Ticketed at 10:00 UTC (15:00 in Karachi); the void window closes at 19:00 UTC (midnight in Karachi).
const START = new Date('2026-05-10T10:00:00Z');
const AFTER_WINDOW = new Date('2026-05-11T09:00:00Z');
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const offer = (date = day(30)) => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date, flight_no: `PK${700 + seq++}` }] });
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Refund${letters(seq)}`, last_name: 'Siddiqui', gender: 'M', dob: '1985-04-05', nationality: 'PK',
  document_type: 'passport', document_no: `RP${3000000 + seq++}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'refund.traveller@example.com', phone: '+92 300 7654321', country: 'PK' };

const agentId = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
const balance = async () => (await walletBalance(api.db, await agentId())).balanceMinor;
await creditWallet(api.db, { agentId: await agentId(), amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:refunds-opening', description: 'test float' });

const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;
const statusOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0].status;

/** A ticketed booking of the agent (wallet) or the customer (card), issued at START. */
async function ticketed(who: 'agent' | 'customer' = 'agent', date?: string) {
  const res = await (await as(who)).post('/api/bookings', { flight_id: offer(date), supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status).toBe(201);
  const b = res.body.data as { id: number; pnr: string };
  if (who === 'customer') await api.db.insert(payments).values({ tracker: `trk-r-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: 45_000_00, currency: 'PKR', status: 'paid' });
  expect((await (await as(who)).post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  return b;
}
const quote = async (id: number, who: Identity = 'agent') => (await as(who)).get(`/api/bookings/${id}/refund-quote`);
const setCharge = async (refund_charge: string) => expect((await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'online', refund_charge })).status).toBe(200);

describe('refund quote', () => {
  it('a refundable fare: paid less the cancellation fee per passenger and the service charge', async () => {
    await setCharge('1500.00');
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const q = await quote(b.id);
    expect(q.status).toBe(200);
    expect(q.body.data).toEqual({
      paid: { amount: '45000.00', currency: 'PKR' }, airline_penalty: { amount: '5000.00', currency: 'PKR' },
      service_charge: { amount: '1500.00', currency: 'PKR' }, refund: { amount: '38500.00', currency: 'PKR' }, refundable: true,
    });
    expect((await quote(b.id, 'accounts')).status).toBe(200);
    await setCharge('0');
  });

  it('a non-refundable fare keeps everything but the taxes', async () => {
    await setCharge('1500.00');
    const b = await ticketed();
    await api.db.update(bookings).set({ itinerary: sql`jsonb_set(${bookings.itinerary}::jsonb, '{fare_rules,refundable}', 'false')::json` }).where(eq(bookings.id, b.id));
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id)).body.data;
    const taxes = row.taxesMinor / 100;
    expect(q.airline_penalty.amount).toBe((45_000 - taxes).toFixed(2));
    expect(q.refund.amount).toBe(Math.max(0, taxes - 1_500).toFixed(2));
    await setCharge('0');
  });

  it('409 inside the void window, when not ticketed, after departure and when already requested', async () => {
    const b = await ticketed();
    const inside = await quote(b.id);
    expect([inside.status, inside.body.message]).toEqual([409, 'The void window is still open: ask for a void instead (no airline penalty).']);
    const held = (await (await as('agent')).post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' })).body.data;
    api.ctx.clock.now = AFTER_WINDOW;
    expect((await quote(held.id)).body.message).toBe('Only a ticketed booking can be refunded; this one is booked.');
    const soon = await ticketed('agent', day(2));
    api.ctx.clock.now = new Date(`${day(3)}T00:00:00Z`);
    expect((await quote(soon.id)).body.message).toBe('The first flight has already departed; a refund can no longer be asked for here.');
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id)).body.data;
    expect((await (await as('agent')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(200);
    const again = await (await as('agent')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund });
    expect([again.status, again.body.message]).toEqual([409, 'A refund has already been requested for this booking.']);
    expect((await quote(b.id)).status).toBe(409);
  });
});

describe('request and decide', () => {
  it('request, then approve: the wallet is credited once, the statement words it, seats released, events recorded', async () => {
    await setCharge('1500.00');
    const b = await ticketed();
    const agent = await as('agent');
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id)).body.data;
    // A quote that changed meanwhile answers 409 with the new figures.
    const stale = await agent.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: '40000.00' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'quote_changed', quote: { refund: { amount: '38500.00' } } });
    expect((await agent.post(`/api/bookings/${b.id}/request-refund`, {})).status).toBe(422);
    const req = await agent.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund, reason: 'Trip cancelled' });
    expect([req.status, req.body.message, req.body.data.status]).toEqual([200, 'Refund request sent. Our staff will review it.', 'refund_requested']);
    const queue = await (await as('reservation')).get('/api/get-bookings', { kind: 'void-queue' });
    expect(queue.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
    // The service charge changes after the request: staff still approve what the agent saw.
    await setCharge('9000.00');
    const before = await balance();
    const ok = await (await as('reservation')).post(`/api/bookings/${b.id}/refund`, {});
    expect([ok.status, ok.body.message, ok.body.data.status]).toEqual([200, 'Refund approved and paid back.', 'refunded']);
    const retry = await (await as('admin')).post(`/api/bookings/${b.id}/refund`, {});
    expect([retry.status, retry.body.message]).toEqual([409, 'A refunded booking has no refund request to decide.']);
    expect(await balance()).toBe(before + 38_500_00);
    expect(await walletBalanceFromEntries(api.db, await agentId())).toBe(await balance());
    expect(await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:${b.pnr}`))).toHaveLength(1);
    const last = (await agent.get('/api/agent-statment')).body.data.rows.at(-1);
    expect(last).toMatchObject({ type: 'refund', reference: `refund:${b.pnr}`, credit: { amount: '38500.00' }, subject: { kind: 'flight', pnr: b.pnr, origin: 'KHI', destination: 'DXB' } });
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.seatsReleasedAt).not.toBeNull();
    expect((row.supplierOrder as { status: string }).status).toBe('voided');
    const events = (await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).map((e) => [e.action, e.toStatus, e.actorKind]);
    expect(events.slice(-2)).toEqual([['refund_requested', 'refund_requested', 'agent'], ['refund', 'refunded', 'reservation']]);
    expect((await mailsTo(api.db, contact.email))[0].subject).toBe(`Booking ${b.pnr} refunded`);
    await setCharge('0');
  });

  it('reject with a reason returns the booking to ticketed; a reason is required', async () => {
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id)).body.data;
    await (await as('agent')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund });
    const staff = await as('reservation');
    expect((await staff.post(`/api/bookings/${b.id}/reject-refund`, {})).status).toBe(422);
    const before = await balance();
    const no = await staff.post(`/api/bookings/${b.id}/reject-refund`, { reason: 'Ticket already flown in part' });
    expect([no.status, no.body.data.status]).toEqual([200, 'ticketed']);
    expect(await balance()).toBe(before);
    expect((await mailsTo(api.db, contact.email))[0].subject).toBe(`Refund request declined for booking ${b.pnr}`);
    // Asked again later, it may be approved.
    expect((await quote(b.id)).status).toBe(200);
  });

  it("a customer's card payment is refunded through the provider for the refund amount", async () => {
    const b = await ticketed('customer');
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id, 'customer')).body.data;
    expect(q.refund.amount).toBe('40000.00');
    expect((await (await as('customer')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(200);
    expect((await (await as('reservation')).post(`/api/bookings/${b.id}/refund`, {})).body.data.status).toBe('refunded');
    const [p] = await api.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(p.status).toBe('refunded');
    expect(p.failureReason).toContain('PKR 40,000');
  });
});

describe('staff start a refund on the owner\'s behalf', () => {
  it('reservation starts it after the void window with the quote it saw; the history names them, the contact is told, the owner cannot ask twice', async () => {
    const b = await ticketed();
    const staff = await as('reservation');
    // Inside the void window a void is the way: nothing to start yet, and the page offers none.
    expect((await staff.get('/api/get-booking-ops-details', { id: b.id })).body.data).toMatchObject({ access: 'manage', refund_open: false, void_window_open: true });
    expect((await staff.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: '40000.00' })).status).toBe(409);
    api.ctx.clock.now = AFTER_WINDOW;
    expect((await staff.get('/api/get-booking-ops-details', { id: b.id })).body.data).toMatchObject({ access: 'manage', refund_open: true, void_window_open: false });
    const q = (await quote(b.id, 'reservation')).body.data;
    // Staff who only read bookings may not start one.
    expect((await (await as('accounts')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(403);
    const res = await staff.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund, reason: 'Agent phoned: passenger ill' });
    expect([res.status, res.body.message, res.body.data.status, res.body.data.refund_quote.refund.amount]).toEqual([200, "Refund started on the booker's behalf. It waits for a decision with the other refund requests.", 'refund_requested', q.refund.amount]);
    const [staffUser] = await api.db.select().from(users).where(eq(users.email, 'reservation@demo.safar'));
    const [step] = (await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).slice(-1);
    expect([step.action, step.toStatus, step.actorKind, step.actorId]).toEqual(['refund_requested', 'refund_requested', 'reservation', staffUser.id]);
    const history = (await staff.get('/api/get-booking-ops-details', { id: b.id })).body.data.events.at(-1);
    expect(history).toMatchObject({ actor: 'reservation', say: { key: 'refund_started', params: { staff: staffUser.name, refund_minor: 40_000_00 } }, note: 'Agent phoned: passenger ill' });
    const [mail] = await mailsTo(api.db, contact.email);
    expect(mail.subject).toBe(`Refund requested for booking ${b.pnr}`);
    expect([mail.kind, mail.textBody]).toEqual(['booking-refund-started', expect.stringContaining('Our staff asked for a refund of booking')]);
    expect((await (await as('agent')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(409);
    // Staff then decide it as any other request.
    expect((await (await as('admin')).post(`/api/bookings/${b.id}/refund`, {})).body.data.status).toBe('refunded');
  });
});

describe('decisions on a booking that changed, and card refunds the provider refuses', () => {
  it('approve and reject send the status staff saw: a booking that changed meanwhile is refused', async () => {
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const q = (await quote(b.id)).body.data;
    await (await as('agent')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund });
    const staff = await as('reservation');
    const stale = await staff.post(`/api/bookings/${b.id}/refund`, { status: 'requested' });
    expect([stale.status, stale.body.message]).toEqual([409, 'This booking changed meanwhile. Reload it and try again. It is now refund_requested.']);
    expect((await staff.post(`/api/bookings/${b.id}/refund`, { status: 'bogus' })).body.errors).toEqual({ status: ['Unknown status.'] });
    expect((await staff.post(`/api/bookings/${b.id}/reject-refund`, { reason: 'No', status: 'ticketed' })).status).toBe(409);
    expect(await statusOf(b.id)).toBe('refund_requested');
    expect((await staff.post(`/api/bookings/${b.id}/refund`, { status: 'refund_requested' })).body.data.status).toBe('refunded');
  });

  it('a refused card refund is marked refund_failed, told to accounts and reservation, shown on the booking, and retried a bounded number of times', async () => {
    const sandbox = paymentProvider(api.ctx)!;
    let refuse = true;
    const flaky = Object.assign(Object.create(sandbox), {
      refund: async (p: Parameters<typeof sandbox.refund>[0]) => { if (refuse) throw new Error('Card account closed'); return sandbox.refund(p); },
    });
    setPaymentProvider(api.ctx, flaky);
    try {
      const b = await ticketed('customer');
      api.ctx.clock.now = AFTER_WINDOW;
      const q = (await quote(b.id, 'customer')).body.data;
      await (await as('customer')).post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund });
      expect((await (await as('reservation')).post(`/api/bookings/${b.id}/refund`, { status: 'refund_requested' })).body.data.status).toBe('refunded');
      const [p] = await api.db.select().from(payments).where(eq(payments.bookingId, b.id));
      expect([p.status, p.refundMinor, p.refundTries, p.failureReason]).toEqual(['refund_failed', 40_000_00, 1, 'Card account closed']);
      const told = await api.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.kind, 'card_refund_failed'), eq(notifications.subjectId, b.id)));
      const roles = new Set((await api.db.select().from(users).where(inArray(users.id, told.map((n) => n.userId)))).map((u) => u.role));
      expect([...roles].sort()).toEqual(['accounts', 'admin', 'reservation']);
      const detail = (await (await as('accounts')).get('/api/get-booking-ops-details', { id: b.id })).body.data;
      expect(detail.card_refund).toMatchObject({ status: 'refund_failed', amount: { amount: '40000.00' }, reason: 'Card account closed', tries: 1, max_tries: MAX_REFUND_TRIES });
      // Still refused: each run is one more try, up to the bound; then it waits for accounts.
      for (let i = 0; i < MAX_REFUND_TRIES + 2; i++) await retryCardRefunds(api.ctx);
      const [still] = await api.db.select().from(payments).where(eq(payments.id, p.id));
      expect([still.status, still.refundTries]).toEqual(['refund_failed', MAX_REFUND_TRIES]);

      // A second booking whose provider recovers: the next run refunds it.
      const c = await ticketed('customer');
      api.ctx.clock.now = new Date(AFTER_WINDOW.getTime() + 86_400_000);
      const cq = (await quote(c.id, 'customer')).body.data;
      await (await as('customer')).post(`/api/bookings/${c.id}/request-refund`, { expected_refund: cq.refund });
      await (await as('reservation')).post(`/api/bookings/${c.id}/refund`, {});
      refuse = false;
      expect(await retryCardRefunds(api.ctx)).toBe(1);
      const [paid] = await api.db.select().from(payments).where(eq(payments.bookingId, c.id));
      expect([paid.status, paid.refundTries]).toEqual(['refunded', 2]);
      expect(paid.failureReason).toContain('PKR 40,000');
    } finally {
      setPaymentProvider(api.ctx, sandbox);
    }
  });
});

describe('role matrix of the refund routes', () => {
  it('quote: owner and readers; request: owner and bookings.manage (on its behalf); approve and reject: bookings.manage', async () => {
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const expected: Record<Identity, [number, number, number, number]> = {
      // quote, request (wrong amount: 409 for the owner), approve, reject (nothing requested: 409)
      anonymous: [401, 401, 401, 401], customer: [404, 404, 403, 403], unapprovedAgent: [403, 403, 403, 403], agent: [200, 409, 403, 403],
      accounts: [200, 403, 403, 403], reservation: [200, 409, 409, 409], analyst: [200, 403, 403, 403], admin: [200, 409, 409, 409],
    };
    for (const who of ALL_IDENTITIES) {
      const c = await as(who);
      const got = [
        (await c.get(`/api/bookings/${b.id}/refund-quote`)).status,
        (await c.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: '1.00' })).status,
        (await c.post(`/api/bookings/${b.id}/refund`, {})).status,
        (await c.post(`/api/bookings/${b.id}/reject-refund`, { reason: 'No' })).status,
      ];
      expect([who, ...got]).toEqual([who, ...expected[who]]);
    }
    expect(await statusOf(b.id)).toBe('ticketed');
  });
});
