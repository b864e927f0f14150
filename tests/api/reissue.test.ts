import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi, type Identity, type TestClient } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingEvents, bookings, ledgerTransactions, notifications, payments, users } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';
import { decodeEventNote } from '../../contract/event-notes';

const api = await setupApi();
const seats = new DbSeatStore(api.db);
const fake = new FakeFlightSupplier(seats, () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

// Ticketed at 10:00 UTC (15:00 in Karachi); the void window closes at 19:00 UTC (midnight in Karachi).
const START = new Date('2026-05-10T10:00:00Z');
const AFTER_WINDOW = new Date('2026-05-11T09:00:00Z');
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
/** A KHI-DXB flight on a day; adultBase in minor units (the default fare is 40000.00 + 5000.00 taxes). */
const flight = (date = day(30), adultBase?: number, extra: Partial<Parameters<typeof fake.addOffer>[0]> = {}) => {
  const flight_no = `PK${900 + seq++}`;
  return { id: fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date, flight_no }], adultBase, ...extra }), flight_no, date };
};
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Change${letters(seq)}`, last_name: 'Qureshi', gender: 'M', dob: '1982-03-04', nationality: 'PK',
  document_type: 'passport', document_no: `RI${4000000 + seq++}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'reissue.traveller@example.com', phone: '+92 300 1112223', country: 'PK' };

const agentId = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
const balance = async () => (await walletBalance(api.db, await agentId())).balanceMinor;
await creditWallet(api.db, { agentId: await agentId(), amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:reissue-opening', description: 'test float' });

const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;
const rowOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const sold = async (f: { flight_no: string; date: string }) => (await seats.sold([{ flight_no: f.flight_no, date: f.date, cabin: 'Y' }]))[0];

/** A ticketed booking of the agent (wallet) or the customer (card), issued at START. */
async function ticketed(who: 'agent' | 'customer' = 'agent', date?: string) {
  const res = await (await as(who)).post('/api/bookings', { flight_id: flight(date).id, supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status).toBe(201);
  const b = res.body.data as { id: number; pnr: string };
  if (who === 'customer') await api.db.insert(payments).values({ tracker: `trk-ri-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: 45_000_00, currency: 'PKR', status: 'paid' });
  expect((await (await as(who)).post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  return b;
}
const quote = async (id: number, flightId: string, who: Identity = 'agent') => (await as(who)).get(`/api/bookings/${id}/reissue-quote`, { flight_id: flightId, supplier: 'fake' });
const confirm = async (id: number, body: Record<string, unknown>, who: Identity = 'agent') => (await as(who)).post(`/api/bookings/${id}/reissue`, { supplier: 'fake', ...body });
const setCharge = async (reissue_charge: string) => expect((await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'online', reissue_charge })).status).toBe(200);

describe('reissue quote', () => {
  it('a dearer flight: the fare difference, the change fee per passenger and the service charge; a cheaper one says nothing comes back', async () => {
    await setCharge('1000.00');
    const b = await ticketed();
    // Inside the void window a change is allowed: it is not a cancellation.
    const dear = await quote(b.id, flight(day(35), 45_000_00).id);
    expect(dear.status).toBe(200);
    expect(dear.body.data).toMatchObject({
      departure_date: day(35), old_fare: { amount: '45000.00' }, new_fare: { amount: '50000.00' }, fare_difference: { amount: '5000.00' },
      change_fee: { amount: '3000.00' }, service_charge: { amount: '1000.00' }, total: { amount: '9000.00', currency: 'PKR' }, cheaper: false, pay_by: 'wallet',
    });
    const cheap = (await quote(b.id, flight(day(36), 30_000_00).id)).body.data;
    expect([cheap.fare_difference.amount, cheap.total.amount, cheap.cheaper]).toEqual(['0.00', '4000.00', true]);
    expect((await quote(b.id, flight(day(35)).id, 'accounts')).status).toBe(200);
    const settings = await (await as('admin')).get('/api/get-booking-status-settings');
    expect(settings.body.data.reissue_charge).toEqual({ amount: '1000.00', currency: 'PKR' });
    expect((await (await as('admin')).post('/api/update-booking-status-settings', { mode: 'online', reissue_charge: '-5' })).body.errors).toEqual({ reissue_charge: ['Enter the reissue service charge such as 1000.00.'] });
    await setCharge('0');
  });

  it('each validation error: no flight, another route, party or cabin, the same flights, unknown and expired offers', async () => {
    const b = await ticketed();
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    const no = await (await as('agent')).get(`/api/bookings/${b.id}/reissue-quote`);
    expect([no.status, no.body.errors]).toEqual([422, { flight_id: ['The flight id field is required.'] }]);
    const other = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'JED', date: day(35), flight_no: 'PK777' }] });
    expect((await quote(b.id, other)).body.errors).toEqual({ flight_id: ['Choose a flight on the same route as the booking.'] });
    const two = flight(day(35), undefined, { party: { adults: 2, children: 0, infants: 0 } });
    expect((await quote(b.id, two.id)).body.errors).toEqual({ flight_id: ['Choose a flight for the same travellers.'] });
    const business = flight(day(35), undefined, { cabin: 'C' });
    expect((await quote(b.id, business.id)).body.errors).toEqual({ flight_id: ['Choose a flight in the same cabin.'] });
    const same = await quote(b.id, row.offerId);
    expect([same.status, same.body.message]).toEqual([409, 'The booking is already on these flights.']);
    expect((await quote(b.id, 'FK-nope')).status).toBe(404);
    const gone = flight(day(35));
    fake.expire(gone.id);
    expect((await quote(b.id, gone.id)).status).toBe(410);
    expect((await (await as('agent')).get(`/api/bookings/${b.id}/reissue-quote`, { flight_id: flight(day(35)).id, supplier: 'other' })).body.errors).toEqual({ supplier: ['Choose a flight from the same supplier as the booking.'] });
  });

  it('409: a fare without a change fee, after departure, while a void or a refund is asked for, and when not ticketed', async () => {
    const b = await ticketed();
    await api.db.update(bookings).set({ itinerary: sql`jsonb_set(${bookings.itinerary}::jsonb, '{fare_rules,change_fee}', 'null')::json` }).where(eq(bookings.id, b.id));
    const fixed = await quote(b.id, flight(day(35)).id);
    expect([fixed.status, fixed.body.message]).toEqual([409, 'This fare does not allow changes: its rules carry no change fee.']);

    const soon = await ticketed('agent', day(2));
    api.ctx.clock.now = new Date(`${day(3)}T00:00:00Z`);
    expect((await quote(soon.id, flight(day(35)).id)).body.message).toBe('The first flight has already departed; the date can no longer be changed here.');

    api.ctx.clock.now = new Date(START);
    const v = await ticketed();
    expect((await (await as('agent')).post('/api/void-booking', { id: v.id })).status).toBe(200);
    expect((await quote(v.id, flight(day(35)).id)).body.message).toBe('A void has been requested for this booking; its date cannot be changed meanwhile.');
    const total = (await quote(b.id, flight(day(35)).id)).status; // b cannot change at all (no fee)
    expect(total).toBe(409);

    const r = await ticketed();
    api.ctx.clock.now = AFTER_WINDOW;
    const rq = (await (await as('agent')).get(`/api/bookings/${r.id}/refund-quote`)).body.data;
    expect((await (await as('agent')).post(`/api/bookings/${r.id}/request-refund`, { expected_refund: rq.refund })).status).toBe(200);
    const asked = await confirm(r.id, { flight_id: flight(day(35)).id, expected_total: '3000.00' });
    expect([asked.status, asked.body.message]).toEqual([409, 'A refund has been requested for this booking; its date cannot be changed meanwhile.']);

    const held = (await (await as('agent')).post('/api/bookings', { flight_id: flight().id, supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' })).body.data;
    expect((await quote(held.id, flight(day(35)).id)).body.message).toBe('Only a ticketed booking can change its date; this one is booked.');
  });
});

describe('confirm', () => {
  it('the agent confirms: one re_issue debit worded on the statement, the new itinerary and ticket, the old order voided, mail and notice; no void afterwards', async () => {
    await setCharge('1000.00');
    const b = await ticketed();
    const before = await rowOf(b.id);
    const next = flight(day(35), 45_000_00);
    const q = (await quote(b.id, next.id)).body.data;
    const agent = await as('agent');
    expect((await confirm(b.id, { flight_id: next.id })).body.errors).toEqual({ expected_total: ['The expected total field is required.'] });
    expect((await agent.post(`/api/bookings/${b.id}/reissue`, { expected_total: q.total })).body.errors).toEqual({ flight_id: ['The flight id field is required.'] });
    expect((await confirm(b.id, { flight_id: next.id, expected_total: 'lots' })).body.errors).toEqual({ expected_total: ['Send the total of the quote.'] });
    expect((await confirm(b.id, { flight_id: next.id, expected_total: q.total, status: 'flying' })).body.errors).toEqual({ status: ['Unknown status.'] });
    const changed = await confirm(b.id, { flight_id: next.id, expected_total: q.total, status: 'requested' });
    expect([changed.status, changed.body.message]).toEqual([409, 'This booking changed meanwhile. Reload it and try again. It is now ticketed.']);
    const wallet = await balance();
    const ok = await confirm(b.id, { flight_id: next.id, expected_total: q.total, status: 'ticketed', reason: 'Meeting moved' });
    expect([ok.status, ok.body.message, ok.body.data.status, ok.body.data.departure_date]).toEqual([200, 'Date changed: the new ticket is issued.', 'ticketed', day(35)]);
    expect(ok.body.data.itinerary.journeys[0].segments[0].flight_number).toBe(next.flight_no);
    expect(ok.body.data.travellers[0].ticket_number).toMatch(/^214/);
    expect(ok.body.data.void_window_open).toBe(false);
    expect(await balance()).toBe(wallet - 9_000_00);
    expect(await walletBalanceFromEntries(api.db, await agentId())).toBe(await balance());
    const entries = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `re_issue:${b.pnr}:1`));
    expect(entries).toHaveLength(1);
    const last = (await agent.get('/api/agent-statment')).body.data.rows.at(-1);
    expect(last).toMatchObject({ type: 're_issue', debit: { amount: '9000.00' }, subject: { kind: 'flight', pnr: b.pnr, origin: 'KHI', destination: 'DXB' } });

    const row = await rowOf(b.id);
    expect(row.totalMinor).toBe(before.totalMinor + 5_000_00);
    expect(row.reissuedAt).not.toBeNull();
    expect((await fake.retrieve((before.supplierOrder as { pnr: string }).pnr))?.status).toBe('voided');
    expect((row.supplierOrder as { status: string }).status).toBe('ticketed');
    const [ev] = (await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).slice(-1);
    expect([ev.action, ev.fromStatus, ev.toStatus, ev.actorKind]).toEqual(['reissued', 'ticketed', 'ticketed', 'agent']);
    // The history words the change from data (contract/event-notes), the agent's reason beside it as written.
    expect(decodeEventNote(ev.note)).toMatchObject({ say: { key: 'reissued', params: { route: 'KHI-DXB', from_local: expect.stringMatching(new RegExp(`^${day(30)}T`)), total_minor: 9_000_00, currency: 'PKR' } }, note: 'Meeting moved' });
    expect((await mailsTo(api.db, contact.email))[0].subject).toBe(`New e-ticket for booking ${b.pnr} (date changed)`);
    const staff = await api.db.select().from(notifications).where(and(eq(notifications.kind, 'booking_reissued'), eq(notifications.subjectId, b.id)));
    expect(staff.length).toBeGreaterThan(0);

    // A reissued ticket is not voidable, even on the issue day; a second change is a second entry.
    const v = await (await as('reservation')).post('/api/void-booking', { id: b.id, status: 'ticketed' });
    expect([v.status, v.body.message]).toEqual([409, 'This ticket was reissued on a new date: a reissued ticket cannot be voided. Ask for a refund instead.']);
    const again = flight(day(40));
    const q2 = (await quote(b.id, again.id)).body.data;
    expect(q2.fare_difference.amount).toBe('0.00');
    expect((await confirm(b.id, { flight_id: again.id, expected_total: q2.total })).status).toBe(200);
    expect(await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `re_issue:${b.pnr}:2`))).toHaveLength(1);
    // The same request again is refused: the booking is already there.
    expect((await confirm(b.id, { flight_id: again.id, expected_total: q2.total })).status).toBe(409);
    await setCharge('0');
  });

  it('a multi-city booking moves each of its flights to a new date; an offer without all its flights is refused; lists name its whole route', async () => {
    const trip = (d1: string, d2: string) => {
      const [a, b] = [`PK${900 + seq++}`, `TK${900 + seq++}`];
      return fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: d1, flight_no: a }, { origin: 'DXB', destination: 'IST', date: d2, flight_no: b }] });
    };
    const res = await (await as('agent')).post('/api/bookings', { flight_id: trip(day(30), day(34)), supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' });
    expect(res.status).toBe(201);
    const b = res.body.data as { id: number; pnr: string };
    expect((await (await as('agent')).post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
    const one = await ticketed();
    const rows = (await (await as('agent')).get('/api/get-bookings', { per_page: 50 })).body.data as { id: number; multi_city_route: string[] | null }[];
    expect(rows.find((r) => r.id === b.id)?.multi_city_route).toEqual(['KHI', 'DXB', 'IST']);
    expect(rows.find((r) => r.id === one.id)?.multi_city_route).toBeNull();
    // Its notices name the whole trip too.
    const ticketedNotice = (await api.db.select().from(notifications).where(and(eq(notifications.subjectId, b.id), eq(notifications.kind, 'booking_ticketed'))))[0];
    expect((ticketedNotice?.params as { route?: string } | undefined)?.route).toBe(`KHI-DXB-IST ${day(30)}`);

    expect((await quote(b.id, flight(day(31)).id)).body.errors).toEqual({ flight_id: ['Choose a flight on the same route as the booking.'] });
    const next = trip(day(31), day(38));
    const q = await quote(b.id, next);
    expect([q.status, q.body.data.departure_date]).toEqual([200, day(31)]);
    const ok = await confirm(b.id, { flight_id: next, expected_total: q.body.data.total });
    expect(ok.status).toBe(200);
    expect(ok.body.data.itinerary.journeys.map((j: { origin: string; destination: string; departure_at: string }) => `${j.origin}-${j.destination} ${j.departure_at.slice(0, 10)}`))
      .toEqual([`KHI-DXB ${day(31)}`, `DXB-IST ${day(38)}`]);
  });

  it('a changed quote answers 409 with the new one and holds no seats', async () => {
    const b = await ticketed();
    const next = flight(day(35), 45_000_00);
    const stale = await confirm(b.id, { flight_id: next.id, expected_total: '3000.00' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'quote_changed', message: 'The date change quote has changed since you saw it. Check the new figures and confirm again.', quote: { total: { amount: '8000.00' } } });
    expect(await sold(next)).toBe(0);
    expect((await rowOf(b.id)).departureDate).toBe(day(30));
  });

  it('Insufficient Balance refuses it and changes nothing; the new seats are given back', async () => {
    const b = await ticketed();
    const wallet = await balance();
    expect(wallet + 1_00).toBeLessThanOrEqual(100_000_000_00);
    await setCharge(((wallet + 1_00) / 100).toFixed(2));
    const next = flight(day(35));
    const q = (await quote(b.id, next.id)).body.data;
    const res = await confirm(b.id, { flight_id: next.id, expected_total: q.total });
    expect([res.status, res.body.message]).toEqual([422, 'Insufficient Balance']);
    expect(await balance()).toBe(wallet);
    expect(await sold(next)).toBe(0);
    const row = await rowOf(b.id);
    expect([row.departureDate, row.reissuedAt]).toEqual([day(30), null]);
    await setCharge('0');
  });

  it('a card booking reads the quote and is sent to our support team; staff change an agent booking on its behalf, charged to its wallet', async () => {
    const c = await ticketed('customer');
    const cq = await quote(c.id, flight(day(35)).id, 'customer');
    expect([cq.status, cq.body.data.pay_by]).toEqual([200, 'support']);
    const no = await confirm(c.id, { flight_id: flight(day(35)).id, expected_total: cq.body.data.total }, 'customer');
    expect([no.status, no.body.message]).toEqual([409, 'Date changes of bookings paid by card are made by our support team: contact us with this quote.']);

    const b = await ticketed();
    const next = flight(day(35));
    const q = (await quote(b.id, next.id, 'reservation')).body.data;
    const wallet = await balance();
    const ok = await confirm(b.id, { flight_id: next.id, expected_total: q.total, status: 'ticketed' }, 'reservation');
    expect(ok.status).toBe(200);
    expect(await balance()).toBe(wallet - 3_000_00);
    const [entry] = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `re_issue:${b.pnr}:1`));
    const staffId = (await api.db.select().from(users).where(eq(users.role, 'reservation')))[0].id;
    expect(entry.createdBy).toBe(staffId);
    const told = await api.db.select().from(notifications).where(and(eq(notifications.kind, 'reissued_by_staff'), eq(notifications.subjectId, b.id)));
    expect(told.map((n) => n.userId)).toEqual([await agentId()]);
  });
});

describe('role matrix of the reissue routes', () => {
  it('quote: owner and readers; confirm: owner and bookings.manage', async () => {
    const b = await ticketed();
    const next = flight(day(35)).id;
    const expected: Record<Identity, [number, number]> = {
      // quote, confirm with a wrong total (409 quote_changed for whoever may confirm)
      anonymous: [401, 401], customer: [404, 404], unapprovedAgent: [403, 403], agent: [200, 409],
      accounts: [200, 403], reservation: [200, 409], analyst: [200, 403], admin: [200, 409],
    };
    for (const who of ALL_IDENTITIES) {
      const got = [(await quote(b.id, next, who)).status, (await confirm(b.id, { flight_id: next, expected_total: '1.00' }, who)).status];
      expect([who, ...got]).toEqual([who, ...expected[who]]);
    }
    expect((await rowOf(b.id)).departureDate).toBe(day(30));
  });
});
