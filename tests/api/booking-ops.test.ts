import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi, type Identity, type TestClient } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingEvents, bookings, flightSeats, ledgerTransactions, payments, users } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

// 10:00 UTC = 15:00 in Karachi, the default zone of the void window.
const START = new Date('2026-05-10T10:00:00Z');
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const offer = () => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: `PK${600 + seq++}` }] });
const adult = (first = `Ops${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + Math.floor(seq / 26) % 26)}${seq}`.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)])) => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Qureshi', gender: 'M', dob: '1988-02-03', nationality: 'PK',
  document_type: 'passport', document_no: `QP${2000000 + seq++}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'ops.traveller@example.com', phone: '+92 300 7654321', country: 'PK' };

const userId = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].id;
const agentId = () => userId('agent@demo.safar');
const balance = async () => (await walletBalance(api.db, await agentId())).balanceMinor;
await creditWallet(api.db, { agentId: await agentId(), amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:booking-ops-opening', description: 'test float' });

const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;

/** A held booking of the demo agent (or of the customer). */
async function held(who: 'agent' | 'customer' = 'agent', first?: string) {
  const res = await (await as(who)).post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [adult(first)], payment_method: 'hold' });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; pnr: string; itinerary: { journeys: { segments: { flight_number: string }[] }[] } };
}
async function ticketed() {
  const b = await held();
  const r = await (await as('agent')).post('/api/confirm-pnr', { id: b.id });
  expect([r.status, r.body.message]).toEqual([200, 'Booking confirmed and ticketed.']);
  return b;
}
async function requested() {
  const b = await ticketed();
  const r = await (await as('agent')).post('/api/void-booking', { id: b.id, reason: 'Passenger changed plans' });
  expect(r.status).toBe(200);
  return b;
}
const statusOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0].status;

async function directPayload(over: Record<string, unknown> = {}) {
  return {
    agent_id: await agentId(), source: 'manual', airline_pnr: 'PK7QX2',
    segments: [{ airline: 'PK', flight_number: 'PK203', booking_class: 'Y', cabin: 'Y', date: day(20), origin: 'LHE', destination: 'JED', departure_time: '03:00', arrival_time: '06:20' }],
    passengers: [{ type: 'ADT', title: 'Mr', first_name: 'Imran', last_name: 'Butt' }, { type: 'ADT', title: 'Mrs', first_name: 'Nadia', last_name: 'Butt' }],
    fares: [{ type: 'ADT', base: '60000.00', taxes: '12500.00' }],
    margin: '3000.00', ...over,
  };
}

describe('booking lists', () => {
  it('role matrix: agents their own, customers theirs, accounts and reservation everyone, others refused', async () => {
    const a = await held('agent');
    const c = await held('customer');
    const expected: Record<Identity, [number, number, number]> = {
      // get-bookings, get-customer-bookings, get-admin-bookings
      anonymous: [401, 401, 401], customer: [403, 200, 403], unapprovedAgent: [403, 403, 403], agent: [200, 403, 200],
      accounts: [200, 200, 200], reservation: [200, 200, 200], analyst: [200, 200, 200], admin: [200, 200, 200],
    };
    for (const who of ALL_IDENTITIES) {
      const cl = await as(who);
      const got = [await cl.get('/api/get-bookings'), await cl.get('/api/get-customer-bookings'), await cl.get('/api/get-admin-bookings')];
      expect([who, ...got.map((g) => g.status)]).toEqual([who, ...expected[who]]);
    }
    const mine = (await (await as('agent')).get('/api/get-bookings')).body.data.map((b: { id: number }) => b.id);
    expect(mine).toContain(a.id);
    expect(mine).not.toContain(c.id);
    const theirs = (await (await as('customer')).get('/api/get-customer-bookings')).body.data.map((b: { id: number }) => b.id);
    expect(theirs).toEqual(expect.arrayContaining([c.id]));
    expect(theirs).not.toContain(a.id);
    // Details: the agent cannot open the customer's booking; accounts can read it.
    expect((await (await as('agent')).get('/api/get-booking-ops-details', { id: c.id })).status).toBe(404);
    expect((await (await as('accounts')).get('/api/get-booking-ops-details', { id: c.id })).body.data.access).toBe('read');
  });

  it('filters by status, PNR, passenger, agent and dates, with counters per status under the same filters', async () => {
    const one = await held('agent', 'Filterwala');
    const two = await ticketed();
    const staff = await as('reservation');
    const byPnr = await staff.get('/api/get-bookings', { pnr: one.pnr.toLowerCase() });
    expect(byPnr.body.data.map((b: { id: number }) => b.id)).toEqual([one.id]);
    const byName = await staff.get('/api/get-bookings', { passenger: 'filterWALA' });
    expect(byName.body.data.map((b: { id: number }) => b.id)).toEqual([one.id]);
    expect(byName.body.data[0]).toMatchObject({ lead_passenger: 'Qureshi/Filterwala', passengers: 1, agent: { id: await agentId() } });
    const ticketedOnly = await staff.get('/api/get-bookings', { status: 'ticketed', agent_id: String(await agentId()), per_page: 100 });
    expect(ticketedOnly.body.data.every((b: { status: string }) => b.status === 'ticketed')).toBe(true);
    expect(ticketedOnly.body.data.map((b: { id: number }) => b.id)).toContain(two.id);
    const counts = ticketedOnly.body.meta.status_counts;
    expect(counts.ticketed).toBe(ticketedOnly.body.meta.total);
    expect(counts.booked).toBeGreaterThan(0);
    expect(counts.all).toBe(Object.entries(counts).filter(([k]) => k !== 'all').reduce((s, [, n]) => s + (n as number), 0));
    expect((await staff.get('/api/get-bookings', { from: day(1) })).body.meta.total).toBe(0);
    expect((await staff.get('/api/get-bookings', { from: day(0), to: day(0) })).body.meta.total).toBeGreaterThan(1);
    expect((await staff.get('/api/get-bookings', { from: day(2), to: day(1) })).status).toBe(422);
    expect((await staff.get('/api/get-bookings', { status: 'flying' })).status).toBe(422);
    const page = await staff.get('/api/get-bookings', { per_page: 1, page: 2 });
    expect(page.body.meta).toMatchObject({ page: 2, per_page: 1 });
    expect(page.body.data).toHaveLength(1);
  });
});

describe('role matrix of the actions', () => {
  it('who may act on an agent booking: 401 anonymous, 403 roles that act on no booking (before any lookup), 404 another owner, 403 accounts and analyst (read only), then the lifecycle (409)', async () => {
    const b = await held();
    await (await as('agent')).post('/api/cancel-pnr', { id: b.id });
    const expected: Record<Identity, number> = { anonymous: 401, customer: 404, unapprovedAgent: 403, agent: 409, accounts: 403, reservation: 409, analyst: 403, admin: 409 };
    const staffOnly: Record<Identity, number> = { ...expected, customer: 403, agent: 403 };
    for (const who of ALL_IDENTITIES) {
      const c = await as(who);
      const got = {
        cancel: (await c.post('/api/cancel-pnr', { id: b.id })).status,
        confirm: (await c.post('/api/confirm-pnr', { id: b.id })).status,
        void: (await c.post('/api/void-booking', { id: b.id })).status,
        approve: (await c.post('/api/approve-booking', { id: b.id })).status,
      };
      expect([who, got]).toEqual([who, { cancel: expected[who], confirm: expected[who], void: expected[who], approve: staffOnly[who] }]);
    }
    expect(await statusOf(b.id)).toBe('canceled');
  });

  it('who may enter, import and read direct bookings', async () => {
    const d = (await (await as('reservation')).post('/api/admin-booking', await directPayload())).body.data;
    const expected: Record<Identity, [number, number, number, number]> = {
      // admin-booking, parse-pnr, get-admin-booking, update-booking
      anonymous: [401, 401, 401, 401], customer: [403, 403, 403, 403], unapprovedAgent: [403, 403, 403, 403], agent: [403, 200, 200, 403],
      accounts: [403, 403, 200, 403], reservation: [201, 200, 200, 200], analyst: [403, 403, 200, 403], admin: [201, 200, 200, 200],
    };
    for (const who of ALL_IDENTITIES) {
      const c = await as(who);
      const got = [
        (await c.post('/api/admin-booking', await directPayload({ pnr: undefined }))).status,
        (await c.post('/api/parse-pnr', { text: '1.KHAN/AHMED MR' })).status,
        (await c.get('/api/get-admin-booking', { id: d.id })).status,
        (await c.post('/api/update-booking', { id: d.id, note: `checked by ${who}` })).status,
      ];
      expect([who, ...got]).toEqual([who, ...expected[who]]);
    }
  });
});

describe('cancel, confirm, void', () => {
  it('cancel: the owner or reservation; seats released; recorded with who and when; accounts may only read', async () => {
    const b = await held();
    const flight = b.itinerary.journeys[0].segments[0].flight_number;
    expect((await (await as('customer')).post('/api/cancel-pnr', { id: b.id })).status).toBe(404);
    const acc = await (await as('accounts')).post('/api/cancel-pnr', { id: b.id });
    expect(acc.status).toBe(403);
    expect(acc.body.message).toBe('Your role can view bookings but not change them.');
    const res = await (await as('agent')).post('/api/cancel-pnr', { id: b.id });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('canceled');
    const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flight));
    expect(seat.sold).toBe(0);
    const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 'booked', toStatus: 'canceled', actorKind: 'agent', actorId: await agentId() });
    expect(events.at(-1)!.createdAt.toISOString()).toBe(START.toISOString());
    const again = await (await as('reservation')).post('/api/cancel-pnr', { id: b.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a held booking can be canceled; this one is canceled.');
    const other = await held();
    // An action decided on a status the booking no longer has is refused (the screens send what they showed).
    const stale = await (await as('reservation')).post('/api/cancel-pnr', { id: other.id, status: 'ticketed' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This booking changed meanwhile. Reload it and try again. It is now booked.');
    expect((await (await as('reservation')).post('/api/cancel-pnr', { id: other.id, status: 'booked' })).body.data.status).toBe('canceled');
  });

  it('confirm: an agent booking is paid from the wallet in the same step; not enough money keeps the hold', async () => {
    const before = await balance();
    const b = await held();
    const res = await (await as('agent')).post('/api/confirm-pnr', { id: b.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Booking confirmed and ticketed.');
    expect(res.body.data.status).toBe('ticketed');
    expect(res.body.data.travellers[0].ticket_number).toMatch(/^214/);
    expect(await balance()).toBe(before - 45_000_00);
    const [tx] = await api.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.type, 'booking'), eq(ledgerTransactions.reference, `booking:${b.pnr}`)));
    expect(tx.createdBy).toBe(await agentId());

    // Drain the wallet to 100.00 and try again.
    const poor = await held();
    const { debitWallet } = await import('../../server/ledger/service');
    const left = await balance();
    await debitWallet(api.db, { agentId: await agentId(), amountMinor: left - 100_00, type: 'charge', reference: 'test:drain', description: 'drain' });
    const refused = await (await as('agent')).post('/api/confirm-pnr', { id: poor.id });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Insufficient Balance');
    expect(await statusOf(poor.id)).toBe('booked');
    await creditWallet(api.db, { agentId: await agentId(), amountMinor: 2_000_000_00, type: 'deposit', reference: 'test:refill', description: 'refill' });
  });

  it('confirm: a customer booking needs a verified card payment', async () => {
    const b = await held('customer');
    const res = await (await as('customer')).post('/api/confirm-pnr', { id: b.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('no verified payment');
    await api.db.insert(payments).values({ tracker: `trk-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: 45_000_00, currency: 'PKR', status: 'paid' });
    const ok = await (await as('reservation')).post('/api/confirm-pnr', { id: b.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('ticketed');
  });

  it('void: the agent asks, reservation approves until midnight of the issue day; refund = total − void charge', async () => {
    const admin = await as('admin');
    const set = await admin.post('/api/update-booking-status-settings', { mode: 'online', void_charge: '2500.00' });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Booking Status updated successfully');
    const b = await ticketed();
    const afterTicket = await balance();
    const agent = await as('agent');
    // The refund is told before the request, by the rule the approval applies.
    const before = await agent.get('/api/get-booking-ops-details', { id: b.id });
    expect(before.body.data).toMatchObject({ void_charge: { amount: '2500.00' }, void_refund: { amount: '42500.00', currency: 'PKR' }, void_window_open: true });
    const req = await agent.post('/api/void-booking', { id: b.id, reason: 'Wrong date' });
    expect(req.status).toBe(200);
    expect(req.body.data.status).toBe('requested');
    expect(req.body.message).toBe('Void request sent. Our staff will review it today.');
    expect((await agent.post('/api/void-booking', { id: b.id })).status).toBe(409);
    expect((await agent.post('/api/approve-booking', { id: b.id })).status).toBe(403);
    expect((await (await as('accounts')).post('/api/approve-booking', { id: b.id })).status).toBe(403);
    const queue = await (await as('reservation')).get('/api/get-bookings', { kind: 'void-queue' });
    expect(queue.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
    expect(queue.body.data.every((x: { status: string }) => x.status === 'requested')).toBe(true);

    api.ctx.clock.now = new Date('2026-05-10T18:59:00Z'); // 23:59 in Karachi
    const ok = await (await as('reservation')).post('/api/approve-booking', { id: b.id });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Booking has been voided successfully.');
    expect(ok.body.data.status).toBe('voided');
    expect(await balance()).toBe(afterTicket + 45_000_00 - 2_500_00);
    expect(await walletBalanceFromEntries(api.db, await agentId())).toBe(await balance());
    const statement = await agent.get('/api/agent-statment');
    const last = statement.body.data.rows.at(-1);
    expect(last).toMatchObject({ type: 'void', reference: `void:${b.pnr}`, credit: { amount: '42500.00', currency: 'PKR' } });
    const events = (await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).map((e) => [e.action, e.toStatus, e.actorKind]);
    expect(events).toEqual([['create', 'booked', 'agent'], ['confirm', 'ticketed', 'agent'], ['void_requested', 'requested', 'agent'], ['void', 'voided', 'reservation']]);
    expect((await mailsTo(api.db, contact.email))[0].subject).toBe(`Booking ${b.pnr} voided`);
    await admin.post('/api/update-booking-status-settings', { mode: 'online', void_charge: '0' });
  });

  it('after midnight of the issue day the void is refused, to the agent and to staff', async () => {
    const b = await ticketed();
    const c = await ticketed();
    await (await as('agent')).post('/api/void-booking', { id: c.id });
    api.ctx.clock.now = new Date('2026-05-10T19:00:00Z'); // midnight in Karachi
    const late = await (await as('agent')).post('/api/void-booking', { id: b.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The void window closed at midnight of the issue day (11 May 2026, 00:00 Pakistan Standard Time). Ask for a refund instead.');
    expect((await (await as('reservation')).post('/api/void-booking', { id: c.id })).status).toBe(409);
    expect(await statusOf(c.id)).toBe('requested');
    // Declining still works after the window: the ticket stands.
    const keep = await (await as('reservation')).post('/api/approve-booking', { id: c.id, decision: 'reject' });
    expect(keep.status).toBe(200);
    expect(keep.body.data.status).toBe('ticketed');
  });

  it('staff void a ticketed booking at once; a customer void is marked refund_due on the card payment', async () => {
    const b = await ticketed();
    const before = await balance();
    const res = await (await as('reservation')).post('/api/void-booking', { id: b.id });
    expect(res.body.message).toBe('Booking has been voided successfully.');
    expect(await balance()).toBe(before + 45_000_00);
    const cb = await held('customer');
    await api.db.insert(payments).values({ tracker: `trk-c-${cb.id}`, bookingId: cb.id, provider: 'sandbox', amountMinor: 45_000_00, currency: 'PKR', status: 'paid' });
    await (await as('customer')).post('/api/confirm-pnr', { id: cb.id });
    expect((await (await as('customer')).post('/api/void-booking', { id: cb.id })).body.data.status).toBe('requested');
    expect((await (await as('reservation')).post('/api/approve-booking', { id: cb.id })).body.data.status).toBe('voided');
    const [p] = await api.db.select().from(payments).where(eq(payments.bookingId, cb.id));
    expect(p.status).toBe('refund_due');
  });

  it('every illegal transition answers 409 and changes nothing', async () => {
    const make: Record<string, () => Promise<{ id: number }>> = {
      booked: () => held(),
      ticketed,
      requested,
      canceled: async () => { const b = await held(); await (await as('agent')).post('/api/cancel-pnr', { id: b.id }); return b; },
      voided: async () => { const b = await ticketed(); await (await as('reservation')).post('/api/void-booking', { id: b.id }); return b; },
      pending: async () => ({ id: (await (await as('reservation')).post('/api/admin-booking', await directPayload({ airline_pnr: null, margin: '0' }))).body.data.id }),
      rejected: async () => { const r = await (await as('reservation')).post('/api/admin-booking', await directPayload()); await (await as('reservation')).post('/api/approve-booking', { id: r.body.data.id, decision: 'reject' }); return { id: r.body.data.id }; },
    };
    // [who, call, body extra, statuses where it is legal]
    const actions: [Identity, string, Record<string, unknown>, string[]][] = [
      ['agent', '/api/cancel-pnr', {}, ['booked']],
      ['reservation', '/api/cancel-pnr', {}, ['booked']],
      ['agent', '/api/confirm-pnr', {}, ['booked']],
      ['reservation', '/api/confirm-pnr', {}, ['booked', 'requested']],
      ['agent', '/api/void-booking', {}, ['ticketed']],
      ['reservation', '/api/void-booking', {}, ['ticketed', 'requested']],
      ['reservation', '/api/approve-booking', { decision: 'approve' }, ['requested', 'pending']],
      ['reservation', '/api/approve-booking', { decision: 'reject' }, ['requested', 'pending']],
    ];
    for (const [status, create] of Object.entries(make)) {
      const b = await create();
      expect(await statusOf(b.id)).toBe(status);
      for (const [who, path, extra, legal] of actions) {
        if (legal.includes(status)) continue;
        // Agents do not act on direct bookings' approval; their own direct bookings are still theirs to see.
        const res = await (await as(who)).post(path, { id: b.id, ...extra });
        expect([status, who, path, res.status]).toEqual([status, who, path, 409]);
        expect(typeof res.body.message).toBe('string');
        expect(await statusOf(b.id)).toBe(status);
      }
    }
  });
});

describe('direct bookings', () => {
  it('reservation enters one for an agent and tickets it: the agent pays total + margin', async () => {
    const staff = await as('reservation');
    const before = await balance();
    const res = await staff.post('/api/admin-booking', await directPayload({ issue: true }));
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({ status: 'ticketed', channel: 'staff', origin: 'LHE', destination: 'JED', payable: { amount: '148000.00' }, direct: { source: 'manual', margin: { amount: '3000.00' }, airline_pnr: 'PK7QX2' } });
    expect(d.fare.total.amount).toBe('145000.00');
    expect(d.travellers.map((t: { first_name: string; dob: string }) => [t.first_name, t.dob])).toEqual([['IMRAN', ''], ['NADIA', '']]);
    expect(d.itinerary.journeys[0].segments[0]).toMatchObject({ flight_number: 'PK203', departure_at: `${day(20)}T03:00:00+05:00`, arriving_at: `${day(20)}T06:20:00+03:00` });
    expect(await balance()).toBe(before - 148_000_00);
    const agentList = await (await as('agent')).get('/api/get-admin-bookings');
    expect(agentList.body.data.map((x: { id: number }) => x.id)).toContain(d.id);
    expect((await (await as('agent')).get('/api/get-admin-booking', { id: d.id })).body.data.direct.margin.amount).toBe('3000.00');
    expect((await (await as('agent')).get('/api/get-bookings')).body.data.map((x: { id: number }) => x.id)).not.toContain(d.id);
    const dup = await staff.post('/api/admin-booking', await directPayload({ pnr: d.pnr }));
    expect(dup.status).toBe(409);
  });

  it('pending until staff ticket (update-booking) or reject it; accounts and agents cannot enter one; too little money saves nothing', async () => {
    const staff = await as('reservation');
    const pend = await staff.post('/api/admin-booking', await directPayload());
    expect(pend.body.data.status).toBe('pending');
    // Two passengers: the list counts both and names the first by position.
    const listed = (await staff.get('/api/get-admin-bookings', { per_page: 100 })).body.data.find((b: { id: number }) => b.id === pend.body.data.id);
    expect(listed).toMatchObject({ lead_passenger: 'BUTT/IMRAN', passengers: 2 }); // direct bookings keep names in capitals
    const before = await balance();
    const upd = await staff.post('/api/update-booking', { id: pend.body.data.id, status: 'ticketed', ticket_numbers: ['214-1111111111', '214-1111111112'] });
    expect(upd.status).toBe(200);
    expect(upd.body.data.status).toBe('ticketed');
    expect(upd.body.data.travellers[1].ticket_number).toBe('214-1111111112');
    expect(await balance()).toBe(before - 148_000_00);
    expect((await (await as('accounts')).post('/api/admin-booking', await directPayload())).status).toBe(403);
    expect((await (await as('agent')).post('/api/admin-booking', await directPayload())).status).toBe(403);
    expect((await (await as('accounts')).post('/api/update-booking', { id: pend.body.data.id, note: 'x' })).status).toBe(403);
    const invalid = await staff.post('/api/admin-booking', await directPayload({ segments: [], passengers: [{ type: 'INF', title: 'Mstr', first_name: 'A', last_name: 'B' }] }));
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(expect.arrayContaining(['segments', 'passengers']));
    // A title is chosen, never assumed.
    const untitled = await staff.post('/api/admin-booking', await directPayload({ passengers: [{ type: 'ADT', title: ' ', first_name: 'A', last_name: 'B' }] }));
    expect(untitled.body.errors).toEqual({ 'passengers.0.title': ['Choose a title.'] });
    const count = (await api.db.select().from(bookings)).length;
    const huge = await staff.post('/api/admin-booking', await directPayload({ issue: true, fares: [{ type: 'ADT', base: '90000000.00', taxes: '0' }] }));
    expect(huge.status).toBe(422);
    expect(huge.body.message).toBe('Insufficient Balance');
    expect((await api.db.select().from(bookings)).length).toBe(count);
  });
});

describe('PNR import', () => {
  const display = () => `RP/LHEPK2100/LHEPK2100            AA/SU  10MAY26/0912Z   R4T7YU
  1.AHMED/BILAL MR   2.AHMED/SANA MRS
  3  EK 623 Y 12JUN 5 LHEDXB HK2  0415 0640  12JUN  E  EK/R4T7YU
  4  EK 624 Y 20JUN 6 DXBLHE HK2  2150 0155+1   E  EK/R4T7YU
TOTAL PKR 210000`;

  it('paste → preview → save for an agent with a margin: the agent pays total + margin', async () => {
    const staff = await as('reservation');
    const pre = await staff.post('/api/parse-pnr', { text: display() });
    expect(pre.status).toBe(200);
    const p = pre.body.data;
    expect(p).toMatchObject({ source: 'display', pnr: 'R4T7YU', errors: [], total: { currency: 'PKR', amount: '210000.00' } });
    expect(p.segments.map((s: { flight_number: string; date: string; arrival_day_offset: number }) => [s.flight_number, s.date, s.arrival_day_offset])).toEqual([['EK623', '2026-06-12', 0], ['EK624', '2026-06-20', 1]]);
    expect(p.passengers).toHaveLength(2);
    const before = await balance();
    const saved = await staff.post('/api/import-pnr', {
      agent_id: await agentId(), source: 'display', pnr: p.pnr, segments: p.segments, passengers: p.passengers,
      fares: [{ type: 'ADT', base: '90000.00', taxes: '15000.00' }], margin: '4000.00', issue: true, raw_display: display(),
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ pnr: 'R4T7YU', status: 'ticketed', flight_type: 'return', payable: { amount: '214000.00' }, direct: { source: 'display' } });
    expect(await balance()).toBe(before - 214_000_00);
    const details = await (await as('agent')).get('/api/get-pnr-details', { pnr: 'r4t7yu' });
    expect(details.body.data.booking.id).toBe(saved.body.data.id);
    expect((await (await as('customer')).post('/api/parse-pnr', { text: display() })).status).toBe(403);
  });

  it('a paste that is no booking display is refused with what it looks like; nothing is saved', async () => {
    const staff = await as('reservation');
    const cases: [string, string][] = [
      ['', 'Paste the itinerary.'],
      ['   \n  ', 'Paste the itinerary.'],
      ['\u0001\u0002\u00fe\u0080 junk \u0003\u0004', 'This is not text a GDS terminal prints. Copy the booking display (RT, *A or *R) and paste it as text.'],
      ['** AMADEUS AVAILABILITY - AN ** DXB DUBAI.AE\n1  PK 213 J9 C9 D9 Y9 B9 KHIDXB 0930 1130\n2  EK 601 J9 C9 Y9 B9 M9 KHIDXB 0445 0630', 'This is an availability display, not a booking. Paste the booking display (RT, *A or *R).'],
      ['nothing here', 'No booking was found in this text: no passenger names and no flights. Paste the booking display (RT, *A or *R).'],
    ];
    for (const [text, message] of cases) {
      const res = await staff.post('/api/parse-pnr', { text });
      expect([text, res.status, res.body]).toEqual([text, 422, { message, errors: { text: [message] } }]);
    }
  });

  it('lines that were not read are listed, and saving then needs the user to confirm them', async () => {
    const staff = await as('reservation');
    const text = `${display().replaceAll('R4T7YU', 'R4T7YV')}\n  5  EK 625 Y 22JUN`;
    const pre = (await staff.post('/api/parse-pnr', { text })).body.data;
    expect(pre).toMatchObject({ gds: 'amadeus', unread_lines: 1, airline_locators: [{ airline: 'EK', locator: 'R4T7YV' }] });
    expect(pre.warnings).toEqual([{ line: 6, kind: 'unread', code: 'unread_flight', params: {}, looks_like: 'flight', message: 'This flight line was not read: check it by hand.', text: '5  EK 625 Y 22JUN' }]);
    const body = {
      agent_id: await agentId(), source: 'display', pnr: pre.pnr, segments: pre.segments, passengers: pre.passengers,
      fares: [{ type: 'ADT', base: '90000.00', taxes: '15000.00' }], margin: '0', issue: false, raw_display: text,
    };
    const refused = await staff.post('/api/admin-booking', body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ unread_checked: ['Some lines of the display were not read: check them against the preview and confirm.'] });
    expect((await staff.post('/api/admin-booking', { ...body, unread_checked: true })).status).toBe(201);
  });

  it('segments that hold no seat are shown as left out, never dropped unseen; titles are never invented', async () => {
    const pre = (await (await as('reservation')).post('/api/parse-pnr', { text: `1.1AHMED/BILAL  2.1AHMED/SANA MRS
 1 EK 623Y 12JUN F LHEDXB HK2  415A  640A
 2 EK 624Y 20JUN J DXBLHE UN2  950P  155A+1` })).body.data;
    expect(pre.gds).toBe('sabre');
    expect(pre.passengers.map((p: { title: string; gender: string | null }) => [p.title, p.gender])).toEqual([['', null], ['Mrs', 'F']]);
    expect(pre.segments.map((x: { flight_number: string }) => x.flight_number)).toEqual(['EK623']);
    expect(pre.left_out).toEqual([{ line: 3, flight_number: 'EK624', origin: 'DXB', destination: 'LHE', date: expect.stringMatching(/-06-20$/), status: 'UN', change: 'canceled' }]);
    expect(pre.warnings[0]).toMatchObject({ line: 3, kind: 'status', message: expect.stringContaining('EK624 DXB-LHE is UN') });
  });

  it('by record locator from the supplier; an agent importing its own waits for staff as pending', async () => {
    const id = offer();
    const booked = await fake.book(id, [{ ...adult('Locator'), type: 'ADT' }], contact);
    if (booked.status !== 'booked') throw new Error('fake book failed');
    const pnr = booked.order.pnr;
    const agent = await as('agent');
    const pre = await agent.get('/api/get-pnr-details', { pnr });
    expect(pre.status).toBe(200);
    expect(pre.body.data.preview).toMatchObject({ source: 'supplier', pnr, supplier: 'fake', total: { amount: '45000.00' } });
    expect((await agent.get('/api/get-pnr-details', { pnr: 'ZZZZZ9' })).status).toBe(404);
    const before = await balance();
    const saved = await agent.post('/api/import-pnr', { source: 'supplier', pnr, margin: '9999.00', agent_id: 1 });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ status: 'pending', agent: { id: await agentId() }, direct: { source: 'supplier', margin: { amount: '0.00' } } });
    expect(await balance()).toBe(before);
    const ok = await (await as('reservation')).post('/api/approve-booking', { id: saved.body.data.id });
    expect(ok.body.data.status).toBe('ticketed');
    expect(await balance()).toBe(before - 45_000_00);
    expect((await (await as('unapprovedAgent')).get('/api/get-pnr-details', { pnr })).status).toBe(403);
  });
});

describe('booking-status setting and quotations', () => {
  it('everyone signed in reads the setting; only settings.manage (admin) changes it', async () => {
    for (const who of ALL_IDENTITIES) {
      const r = await (await as(who)).get('/api/get-booking-status-settings');
      expect([who, r.status]).toEqual([who, who === 'anonymous' ? 401 : 200]);
    }
    expect((await (await as('reservation')).post('/api/update-booking-status-settings', { mode: 'offline' })).status).toBe(403);
    const bad = await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'sometimes', time_zone: 'Mars/Base' });
    expect(bad.status).toBe(422);
    const ok = await (await as('admin')).put('/api/booking-status-settings', { mode: 'offline', void_charge: '1500.00', time_zone: 'Asia/Dubai' });
    expect(ok.body.data).toMatchObject({ mode: 'offline', status: 0, void_charge: { amount: '1500.00' }, time_zone: 'Asia/Dubai' });
    await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'online', void_charge: '0', time_zone: 'Asia/Karachi' });
  });

  it('the hold time is a setting (15 minutes until changed): a new flight hold lasts it; out of range is refused in words', async () => {
    const admin = await as('admin');
    expect((await admin.get('/api/get-booking-status-settings')).body.data.hold_minutes).toBe(15);
    for (const bad of ['4', '1441', '12.5', 'soon']) {
      const r = await admin.post('/api/update-booking-status-settings', { mode: 'online', hold_minutes: bad });
      expect([bad, r.status, r.body.errors?.hold_minutes]).toEqual([bad, 422, ['Enter the hold time in whole minutes, from 5 to 1440.']]);
    }
    const set = await admin.post('/api/update-booking-status-settings', { mode: 'online', hold_minutes: '45' });
    expect(set.body.data.hold_minutes).toBe(45);
    try {
      const b = await held();
      const row = (await api.db.select().from(bookings).where(eq(bookings.id, b.id)))[0];
      expect(row.holdExpiresAt!.getTime() - row.createdAt.getTime()).toBe(45 * 60_000);
    } finally {
      await admin.post('/api/update-booking-status-settings', { mode: 'online', hold_minutes: 15 });
    }
  });

  it('offline mode: POST bookings keeps a local PNR (no supplier seats); paid, staff enter the ticket numbers by hand', async () => {
    const admin = await as('admin');
    await admin.post('/api/update-booking-status-settings', { mode: 'offline' });
    try {
      const b = await held();
      const row = (await api.db.select().from(bookings).where(eq(bookings.id, b.id)))[0];
      expect(row.supplier).toBe('offline');
      expect(await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, b.itinerary.journeys[0].segments[0].flight_number))).toEqual([]);
      const before = await balance();
      const ok = await (await as('agent')).post('/api/confirm-pnr', { id: b.id, status: 'booked' });
      expect(ok.body.data).toMatchObject({ status: 'ticketed', offline: true });
      expect(ok.body.data.travellers[0].ticket_number).toBeNull();
      expect(await balance()).toBe(before - 45_000_00);
      const tn = await (await as('reservation')).post('/api/update-booking', { id: b.id, ticket_numbers: ['176-2233445566'] });
      expect(tn.body.data.travellers[0].ticket_number).toBe('176-2233445566');
      const list = await (await as('reservation')).get('/api/get-bookings', { pnr: b.pnr });
      expect(list.body.data[0].offline).toBe(true);
    } finally {
      await admin.post('/api/update-booking-status-settings', { mode: 'online' });
    }
  });

  it('an agent sends a quotation of two offers by email with a printable view', async () => {
    const agent = await as('agent');
    const a = offer(), b = offer();
    const preview = await agent.get(`/api/flight-quotation?flight_id=${a}&flight_id=${b}&supplier=fake&markup=1000`);
    expect(preview.status).toBe(200);
    expect(preview.body.data.map((x: { total: { amount: string } }) => x.total.amount)).toEqual(['46000.00', '46000.00']);
    const res = await agent.post('/api/send-sooper-quote', { offers: [{ flight_id: a, supplier: 'fake' }, { flight_id: b, supplier: 'fake' }], email: 'Client@Example.com', name: 'Farah', markup: '1000', note: 'Valid today' });
    expect(res.status).toBe(201);
    const ref = res.body.data.reference;
    const [mail] = await mailsTo(api.db, 'client@example.com');
    expect(mail.subject).toBe(`Flight quotation ${ref}`);
    expect(mail.textBody).toContain('PKR 46,000');
    expect(mail.textBody).toContain(`/api/quotes/${ref}/print`);
    const page = await (await as('anonymous')).request('GET', `/api/quotes/${ref}/print`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Flight quotation');
    expect((await agent.get('/api/flight-quotation', { reference: ref })).body.data.reference).toBe(ref);
    expect((await (await as('customer')).post('/api/send-sooper-quote', { offers: [{ flight_id: a, supplier: 'fake' }], email: 'x@example.com' })).status).toBe(403);
    expect((await agent.post('/api/send-sooper-quote', { offers: [], email: 'nope' })).status).toBe(422);
  });
});
