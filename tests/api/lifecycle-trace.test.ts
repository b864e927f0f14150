import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { bookingBody, dayFrom, pickRate, type Stay } from '../support/hotels';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { expireHolds } from '../../server/bookings/tickets';
import { expireHotelHolds } from '../../server/hotels/payment';
import { users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import type { BookingTrace } from '../../contract/lifecycle';

/**
 * GET /api/bookings/{kind}/{reference}/trace: a booking's path on its lifecycle machine, the events its state takes
 * next and the deadlines that fire on their own. Staff who read bookings and analysts; never the owner.
 */
const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

// 10:00 UTC = 15:00 in Karachi, the default zone of the void window (midnight there is 19:00 UTC).
const START = new Date('2026-05-10T10:00:00Z');
beforeEach(() => { api.ctx.clock.now = new Date(START); });
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Trace${letters(seq)}`, last_name: 'Lifecycle', gender: 'M', dob: '1985-04-05', nationality: 'PK',
  document_type: 'passport', document_no: `TL${3000000 + seq++}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'trace.traveller@example.com', phone: '+92 300 7654321', country: 'PK' };
const agentId = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
await creditWallet(api.db, { agentId: await agentId(), amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:lifecycle-trace', description: 'test float' });

async function heldFlight() {
  const offer = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: `PK${700 + seq++}` }] });
  const res = await (await as('agent')).post('/api/bookings', { flight_id: offer, supplier: 'fake', main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; pnr: string; hold_expires_at: string };
}
const trace = async (kind: string, reference: string) => {
  const res = await (await as('analyst')).get(`/api/bookings/${kind}/${reference}/trace`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as BookingTrace;
};
const path = (t: BookingTrace) => t.steps.map((s) => `${s.from ?? '·'} ${s.event} ${s.to} by ${s.by.replace(/ #\d+$/, '')}`);

describe('a flight booking on its lifecycle', () => {
  it('held: the hold expiry as a deadline, what it may take next', async () => {
    const b = await heldFlight();
    const t = await trace('flight', b.pnr.toLowerCase());
    expect(t).toMatchObject({ machine: 'flight-lifecycle', state: 'booked' });
    expect(path(t)).toEqual(['· HOLD booked by agent']);
    expect(t.next).toEqual([{ event: 'PAY', to: 'ticketed' }, { event: 'CONFIRM', to: 'ticketed' }, { event: 'CANCEL', to: 'canceled' }, { event: 'EXPIRE', to: 'canceled' }]);
    expect(t.deadlines).toEqual([{ event: 'EXPIRE', at: b.hold_expires_at }]);
  });

  it('confirmed, void asked for and declined, then voided: each step with who and when, the void window as a deadline', async () => {
    const b = await heldFlight();
    const agent = await as('agent');
    const reservation = await as('reservation');
    expect((await agent.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
    expect((await agent.post('/api/void-booking', { id: b.id, reason: 'Plans changed' })).status).toBe(200);
    expect((await reservation.post('/api/approve-booking', { id: b.id, decision: 'reject', reason: 'Kept' })).status).toBe(200);
    const ticketed = await trace('flight', b.pnr);
    expect(ticketed.deadlines).toEqual([{ event: 'VOID_WINDOW_CLOSES', at: '2026-05-10T19:00:00.000Z' }]);
    expect((await reservation.post('/api/void-booking', { id: b.id, reason: null })).status).toBe(200);
    const t = await trace('flight', b.pnr);
    expect(path(t)).toEqual([
      '· HOLD booked by agent', 'booked CONFIRM ticketed by agent', 'ticketed REQUEST_VOID requested by agent',
      'requested REJECT_VOID ticketed by reservation', 'ticketed VOID voided by reservation',
    ]);
    expect(t.steps.every((s) => s.at === START.toISOString())).toBe(true);
    expect(t).toMatchObject({ state: 'voided', next: [], deadlines: [] });
  });

  it('a hold the job expires is a step by the system', async () => {
    const b = await heldFlight();
    api.ctx.clock.now = new Date(START.getTime() + 16 * 60_000);
    await expireHolds(api.ctx);
    const t = await trace('flight', b.pnr);
    expect(path(t)).toEqual(['· HOLD booked by agent', 'booked EXPIRE canceled by system']);
  });

  it('an event the state does not take is refused with 409 naming both', async () => {
    const b = await heldFlight();
    expect((await (await as('agent')).post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
    const { applyLifecycleEvent } = await import('../../server/lifecycle/apply');
    const refused = await api.db.transaction((tx) => applyLifecycleEvent(tx, api.ctx, 'flight', b.id, 'CONFIRM', { kind: 'system' })).catch((e) => e);
    expect([refused.status, refused.message]).toEqual([409, 'A booking that is ticketed cannot take CONFIRM.']);
    expect(refused.errors).toEqual({ state: ['ticketed'], event: ['A booking that is ticketed cannot take CONFIRM.'] });
  });
});

describe('a hotel booking on its lifecycle', () => {
  const stay = (): Stay => ({ check_in: dayFrom(api.ctx.clock.now, 70), check_out: dayFrom(api.ctx.clock.now, 72), rooms: [{ adults: 2, children_ages: [] }] });

  it('held by a guest, expired by the job', async () => {
    const guest = await api.as('anonymous');
    const s = stay();
    const { rate } = await pickRate(guest, s, { refundable: true });
    const res = await guest.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'card' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ref: string = res.body.data.reference;
    const held = await trace('hotel', ref);
    expect(held).toMatchObject({ machine: 'hotel-lifecycle', state: 'pending_payment' });
    expect(held.deadlines.map((d) => d.event)).toEqual(['EXPIRE']);
    api.ctx.clock.now = new Date(Date.parse(held.deadlines[0]!.at) + 1000);
    await expireHotelHolds(api.ctx);
    expect(path(await trace('hotel', ref))).toEqual(['· HOLD pending_payment by guest', 'pending_payment EXPIRE expired by system']);
  });

  it("an agent's wallet booking, canceled by staff", async () => {
    const agent = await as('agent');
    const s = stay();
    const { rate } = await pickRate(agent, s, { refundable: true });
    const res = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await (await as('reservation')).post(`/api/hotel-bookings/${res.body.data.id}/cancel`)).status).toBe(200);
    const t = await trace('hotel', res.body.data.reference);
    expect(path(t)).toEqual(['· PAY confirmed by agent', 'confirmed CANCEL canceled by reservation']);
    expect(t).toMatchObject({ state: 'canceled', next: [], deadlines: [] });
  });
});

describe('GET /api/bookings/{kind}/{reference}/trace: errors and who may read it', () => {
  it('staff who read bookings and analysts; 401 anonymous, 403 the owner agent, customers and pending agents', async () => {
    const b = await heldFlight();
    await expectRoleMatrix(as, (c) => c.get(`/api/bookings/flight/${b.pnr}/trace`), { accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });

  it('404 for an unknown reference or kind, 422 for a reference too long', async () => {
    const analyst = await as('analyst');
    const unknown = await analyst.get('/api/bookings/flight/ZZZZZZ/trace');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Booking not found.']);
    for (const kind of ['hotel', 'package', 'visa', 'insurance']) expect((await analyst.get(`/api/bookings/${kind}/NOPE-1/trace`)).status, kind).toBe(404);
    const kind = await analyst.get('/api/bookings/deposit/ABC123/trace');
    expect([kind.status, kind.body.message]).toEqual([404, 'There is no such kind of booking.']);
    const long = await analyst.get(`/api/bookings/flight/${'A'.repeat(41)}/trace`);
    expect(long.status).toBe(422);
    expect(long.body.errors.reference).toEqual(['Enter a reference of at most 40 characters.']);
  });
});
