import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { bookingBody, dayFrom, payBySandbox, pickRate, type Stay } from '../support/hotels';
import { creditWallet } from '../../server/ledger/service';
import { hotelBookingEvents, users } from '../../server/db/schema';
import { expireHotelHolds } from '../../server/hotels/payment';

/** The audit trail of hotel bookings: each status change with who and when, shown to staff and the booking agent only. */
const api = await setupApi();
const as = identities(api);
const day = (n: number) => dayFrom(api.ctx.clock.now, n);
const stay = (): Stay => ({ check_in: day(70), check_out: day(72), rooms: [{ adults: 2, children_ages: [] }] });
const EMAIL = 'hotel.guest@example.com';
type Event = { action: string; from_status: string | null; to_status: string; actor: string; actor_name: string | null; at: string; note: string | null };
const trail = async (id: number) => (await (await as('analyst')).get(`/api/hotel-bookings/${id}`)).body.data.events as Event[];
const steps = (events: Event[]) => events.map((e) => [e.action, e.from_status, e.to_status, e.actor]);

beforeEach(() => { api.ctx.clock.now = new Date(); });

async function book(client: TestClient, method: 'card' | 'wallet' = 'card') {
  const s = stay();
  const { rate } = await pickRate(client, s, { refundable: true });
  const res = await client.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: method }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; reference: string; total: { amount: string }; payment: { checkout_url: string } };
}
const decline = (client: TestClient, url: string) => client.request('POST', new URL(url).pathname,
  new URLSearchParams({ card: '4000 0000 0000 0002', action: 'pay', lang: 'en' }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });

describe('hotel booking trail', () => {
  it("a guest's booking: held, a declined card, paid, canceled with its refund, each by whom and when", async () => {
    const guest = await api.as('anonymous');
    const b = await book(guest);
    await decline(guest, b.payment.checkout_url);
    const again = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL });
    await payBySandbox(guest, again.body.data.url);
    await guest.post(`/api/hotel-bookings/${b.reference}/cancel`, { email: EMAIL });
    const events = await trail(b.id);
    expect(steps(events)).toEqual([
      ['created', null, 'pending_payment', 'guest'],
      ['payment_failed', 'pending_payment', 'pending_payment', 'payment'],
      ['paid', 'pending_payment', 'confirmed', 'payment'],
      ['canceled', 'confirmed', 'canceled', 'guest'],
    ]);
    expect(events[2].note).toMatch(/^card /);
    expect(events[3].note).toBe(`refund ${b.total.amount} PKR (card)`);
    for (const e of events) expect(Math.abs(Date.parse(e.at) - api.ctx.clock.now.getTime())).toBeLessThan(60_000);
    // Neither the guest nor its voucher link sees the trail.
    expect((await guest.get(`/api/hotel-bookings/${b.reference}`, { email: EMAIL })).body.data.events).toBeUndefined();
  });

  it("an agent's wallet booking, canceled by reservation staff: the agent sees the trail with the names", async () => {
    const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
    await creditWallet(api.db, { agentId, amountMinor: 50_000_000_00, type: 'deposit', reference: `test:events-${Date.now()}`, description: 'test float' });
    const agent = await as('agent');
    const b = await book(agent, 'wallet');
    expect((await (await as('reservation')).post(`/api/hotel-bookings/${b.id}/cancel`)).status).toBe(200);
    const seen = (await agent.get(`/api/hotel-bookings/${b.id}`)).body.data.events as Event[];
    expect(steps(seen)).toEqual([['created', null, 'confirmed', 'agent'], ['canceled', 'confirmed', 'canceled', 'reservation']]);
    const nameOf = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].name;
    expect(seen.map((e) => e.actor_name)).toEqual([await nameOf('agent@demo.safar'), await nameOf('reservation@demo.safar')]);
    expect(seen[1].note).toBe(`refund ${b.total.amount} PKR (wallet)`);
  });

  it('an unpaid hold the job expires is recorded as the system', async () => {
    const customer = await as('customer');
    const b = await book(customer);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    await expireHotelHolds(api.ctx);
    expect(steps(await trail(b.id))).toEqual([['created', null, 'pending_payment', 'customer'], ['expired', 'pending_payment', 'expired', 'system']]);
    // A cancel after it changes nothing and records nothing.
    expect((await customer.post(`/api/hotel-bookings/${b.id}/cancel`)).status).toBe(409);
    expect(await api.db.select().from(hotelBookingEvents).where(eq(hotelBookingEvents.hotelBookingId, b.id))).toHaveLength(2);
  });

  it("role matrix on a customer's booking: staff who read bookings see the trail, the customer its voucher only", async () => {
    const b = await book(await as('customer'));
    const withTrail = new Set<string>();
    await expectRoleMatrix(as, async (c, who) => {
      const res = await c.get(`/api/hotel-bookings/${b.id}`);
      if (res.body?.data?.events) withTrail.add(who);
      return res;
    }, { anonymous: 422, customer: 200, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    expect([...withTrail].sort()).toEqual(['accounts', 'admin', 'analyst', 'reservation']);
  });
});
