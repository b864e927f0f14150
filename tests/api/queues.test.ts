import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QueueName, QueueRow, QueueSummary } from '../../contract/queues';
import { QUEUES } from '../../contract/queues';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, payments, scheduleChanges, users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { expectRoleMatrix, newAgent } from '../support/agents';
import { setupApi, type Identity, type TestClient } from '../support/api';

/** Ticketing queues: a booking is in a queue while its condition holds, and leaves it when someone acts. */
const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

// 10:00 UTC = 15:00 in Karachi (the booking rules' zone): a ticket issued now stops being voidable at 19:00 UTC.
const START = new Date('2026-05-10T10:00:00Z');
const AFTER_WINDOW = new Date('2026-05-11T09:00:00Z');
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const offer = () => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: `PK${800 + seq++}` }] });
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Queue${letters(seq++)}`, last_name: 'Waiting', gender: 'M', dob: '1985-04-03', nationality: 'PK',
  document_type: 'passport', document_no: `QQ${3000000 + seq++}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'queue.traveller@example.com', phone: '+92 300 7654000', country: 'PK' };

const userId = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].id;
await creditWallet(api.db, { agentId: await userId('agent@demo.safar'), amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:queues-opening', description: 'test float' });

const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;

async function held(who: 'agent' | 'customer' = 'agent', c?: TestClient) {
  const res = await (c ?? await as(who)).post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; pnr: string };
}
async function ticketed() {
  const b = await held();
  expect((await (await as('agent')).post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  return b;
}

const rows = async (queue: QueueName, who: Identity = 'reservation', q: Record<string, string> = {}) => {
  const res = await (await as(who)).get(`/api/queues/${queue}`, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as QueueRow[];
};
const ids = async (queue: QueueName, who: Identity = 'reservation', q: Record<string, string> = {}) => (await rows(queue, who, q)).map((r) => r.booking_id);
const summary = async (who: Identity = 'reservation') => (await (await as(who)).get('/api/queues')).body.data as QueueSummary[];

describe('GET /api/queues', () => {
  it('answers every queue with its count and nearest deadline', async () => {
    const b = await held();
    const all = await summary();
    expect(all.map((s) => s.queue)).toEqual([...QUEUES]);
    const holds = all.find((s) => s.queue === 'holds_expiring')!;
    expect(holds.count).toBe((await rows('holds_expiring')).length);
    expect(holds.count).toBeGreaterThan(0);
    const hold = (await api.db.select().from(bookings).where(eq(bookings.id, b.id)))[0].holdExpiresAt!;
    expect(Date.parse(holds.oldest_deadline!)).toBeLessThanOrEqual(hold.getTime());
  });

  it('refuses an unknown time zone and an unknown queue', async () => {
    const c = await as('reservation');
    const tz = await c.get('/api/queues', { tz: 'Mars/Olympus' });
    expect([tz.status, tz.body.errors]).toEqual([422, { tz: ['Unknown time zone.'] }]);
    const q = await c.get('/api/queues/everything');
    expect([q.status, q.body.errors]).toEqual([422, { queue: ['Choose one of the queues.'] }]);
    expect((await c.get('/api/queues/holds_expiring', { tz: 'Nowhere/Else' })).status).toBe(422);
  });

  it('is for staff who read bookings and approved agents', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/queues'), { agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.get('/api/queues/refunds_pending'), { agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });
});

describe('each queue gets a row while its condition holds and loses it when acted on', () => {
  it('holds_expiring: a hold until it is ticketed or canceled', async () => {
    const a = await held(), b = await held();
    const [row] = (await rows('holds_expiring')).filter((r) => r.booking_id === a.id);
    expect(row).toMatchObject({ pnr: a.pnr, route: 'KHI-DXB', reason: 'hold_expires', action: 'ticket_or_cancel', link: `/admin/booking-details?id=${a.id}`, status: 'booked' });
    expect(row.deadline).toBe((await api.db.select().from(bookings).where(eq(bookings.id, a.id)))[0].holdExpiresAt!.toISOString());
    expect((await rows('holds_expiring', 'agent')).find((r) => r.booking_id === a.id)?.link).toBe(`/agent/pnr-details?id=${a.id}`);
    expect((await (await as('agent')).post('/api/confirm-pnr', { id: a.id })).status).toBe(200);
    expect((await (await as('agent')).post('/api/cancel-pnr', { id: b.id })).status).toBe(200);
    const left = await ids('holds_expiring');
    expect(left).not.toContain(a.id);
    expect(left).not.toContain(b.id);
  });

  it('ticketing_time_limit: a held supplier order with a deadline to pay, until ticketed', async () => {
    const b = await held();
    expect(await ids('ticketing_time_limit')).not.toContain(b.id);
    // A remote supplier's held order carries its own deadline to pay and issue (Duffel's payment_required_by).
    const limit = new Date(START.getTime() + 6 * 3_600_000).toISOString();
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    await api.db.update(bookings).set({ supplierOrder: { ...(row.supplierOrder as object), remote: { order_id: 'ord_test', mode: 'hold', amount: '100.00', currency: 'USD', rate_micros: 280_000_000, payment_required_by: limit, booking_reference: null } } }).where(eq(bookings.id, b.id));
    expect((await rows('ticketing_time_limit')).find((r) => r.booking_id === b.id)).toMatchObject({ reason: 'supplier_time_limit', deadline: limit, action: 'issue_before_limit' });
    await api.db.update(bookings).set({ status: 'ticketed', ticketedAt: START, holdExpiresAt: null }).where(eq(bookings.id, b.id));
    expect(await ids('ticketing_time_limit')).not.toContain(b.id);
  });

  it('void_window_closing: a ticket issued today, in the reader\'s today, until voided', async () => {
    const b = await ticketed();
    const [row] = (await rows('void_window_closing')).filter((r) => r.booking_id === b.id);
    expect(row).toMatchObject({ reason: 'void_window_closes', deadline: '2026-05-10T19:00:00.000Z', action: 'check_or_void' });
    // In Auckland it is already 22:00 and the window closes tomorrow there; in Los Angeles it closes today.
    expect(await ids('void_window_closing', 'reservation', { tz: 'Pacific/Auckland' })).not.toContain(b.id);
    expect(await ids('void_window_closing', 'reservation', { tz: 'America/Los_Angeles' })).toContain(b.id);
    expect((await (await as('agent')).post('/api/void-booking', { id: b.id, reason: 'Wrong name' })).status).toBe(200);
    expect(await ids('void_window_closing')).not.toContain(b.id);
    // The void request now waits for staff, with the window's end as its deadline.
    expect((await rows('refunds_pending')).find((r) => r.booking_id === b.id)).toMatchObject({ reason: 'void_requested', action: 'decide_void', deadline: '2026-05-10T19:00:00.000Z' });
    expect((await (await as('reservation')).post('/api/approve-booking', { id: b.id })).status).toBe(200);
    expect(await ids('refunds_pending')).not.toContain(b.id);
  });

  it('void_window_closing: a closed window leaves the queue', async () => {
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    expect(await ids('void_window_closing')).not.toContain(b.id);
  });

  it('refunds_pending: a refund asked for, until staff decide it', async () => {
    const b = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const agent = await as('agent');
    const q = (await agent.get(`/api/bookings/${b.id}/refund-quote`)).body.data;
    expect((await agent.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(200);
    expect((await rows('refunds_pending')).find((r) => r.booking_id === b.id)).toMatchObject({ reason: 'refund_requested', action: 'decide_refund', deadline: null });
    expect((await (await as('reservation')).post(`/api/bookings/${b.id}/refund`, {})).status).toBe(200);
    expect(await ids('refunds_pending')).not.toContain(b.id);
  });

  it('schedule_changes: an unanswered change, until answered', async () => {
    const b = await ticketed();
    const seg = { flight_number: 'PK800', departure_at: `${day(30)}T09:00:00+05:00`, arriving_at: `${day(30)}T11:00:00+04:00`, origin: 'KHI', destination: 'DXB' };
    const [change] = await api.db.insert(scheduleChanges).values({ bookingId: b.id, flightNo: 'PK800', date: day(30), changeKey: `test-${b.id}`, kind: 'time', oldSegment: seg, newSegment: { ...seg, departure_at: `${day(30)}T10:00:00+05:00` }, source: 'console' }).returning();
    const [row] = (await rows('schedule_changes')).filter((r) => r.booking_id === b.id);
    expect(row).toMatchObject({ reason: 'schedule_change_unanswered', action: 'answer_change' });
    expect(row.deadline).not.toBeNull();
    const res = await (await as('agent')).post(`/api/bookings/flight/${b.pnr}/schedule-changes/${change.id}/accept`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await ids('schedule_changes')).not.toContain(b.id);
  });

  it('failed_payments: a hold whose card payment failed until paid, and a refused card refund until settled', async () => {
    const b = await held('customer');
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    await api.db.insert(payments).values({ tracker: `trk-q-fail-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: row.totalMinor, currency: 'PKR', status: 'failed' });
    expect((await rows('failed_payments')).find((r) => r.booking_id === b.id)).toMatchObject({ reason: 'payment_failed', action: 'pay_again', link: `/admin/customer-booking-details?id=${b.id}` });
    // A later attempt that went through clears it.
    await api.db.insert(payments).values({ tracker: `trk-q-paid-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: row.totalMinor, currency: 'PKR', status: 'paid' });
    expect(await ids('failed_payments')).not.toContain(b.id);

    const t = await ticketed();
    const [refund] = await api.db.insert(payments).values({ tracker: `trk-q-refund-${t.id}`, bookingId: t.id, provider: 'sandbox', amountMinor: 1000_00, currency: 'PKR', status: 'refund_failed', refundMinor: 1000_00 }).returning();
    expect((await rows('failed_payments')).find((r) => r.booking_id === t.id)).toMatchObject({ reason: 'refund_failed', action: 'settle_refund', deadline: null });
    await api.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, refund.id));
    expect(await ids('failed_payments')).not.toContain(t.id);
  });
});

describe('an agent reads its own queues only', () => {
  it('sees its bookings, never another agent\'s or a customer\'s', async () => {
    const mine = await held();
    const customers = await held('customer');
    const other = await newAgent(api, await as('admin'));
    const theirs = await ids('holds_expiring', 'agent');
    expect(theirs).toContain(mine.id);
    expect(theirs).not.toContain(customers.id);
    const res = await other.client.get('/api/queues/holds_expiring');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const counts = (await other.client.get('/api/queues')).body.data as QueueSummary[];
    expect(counts.every((s) => s.count === 0 && s.oldest_deadline === null)).toBe(true);
    expect(await ids('holds_expiring', 'analyst')).toEqual(expect.arrayContaining([mine.id, customers.id]));
  });
});
