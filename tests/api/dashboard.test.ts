import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent, newBank, newDeposit } from '../support/agents';
import { bookings, deposits, directBookings, users } from '../../server/db/schema';

const api = await setupApi();
const as = identities(api);
// A fixed clock before anything the template holds was made (sessions made now stay valid then), so "today" and
// "this month" hold only what we seed. 07:00Z is noon in Asia/Karachi (the back office's default zone), whose
// midnight is 19:00Z.
const NOW = new Date('2026-03-15T07:00:00Z');
const OLD = new Date('2020-01-01T00:00:00Z');
let admin: TestClient;
let agent: Awaited<ReturnType<typeof newAgent>>;
let pendingAgentId: number;

let seq = 0;
const tag = `${Date.now().toString(36)}`.toUpperCase();
const flight = (over: Partial<typeof bookings.$inferInsert>) => {
  const i = seq++;
  return {
    pnr: `DB${tag}${i}`, supplier: 'test', offerId: `o-${tag}-${i}`, userId: agent.id, channel: 'agent' as const, status: 'ticketed' as const, paymentMethod: 'wallet' as const,
    contactEmail: 'a@example.com', contactPhone: '3001234567', contactCountry: 'PK', flightType: 'oneway', origin: 'KHI', destination: 'DXB',
    departureDate: '2026-04-01', lastTravelDate: '2026-04-01', cabin: 'Y', itinerary: {}, supplierOrder: {},
    baseMinor: 50_000_00, taxesMinor: 5_000_00, totalMinor: 55_000_00, currency: 'PKR', dupKey: `dup-${tag}-${i}`, createdAt: NOW, ...over,
  };
};

beforeAll(async () => {
  admin = await as('admin');
  agent = await newAgent(api, admin);
  const bank = await newBank(admin);
  const d = await newDeposit(agent.client, bank.id, '7500.00');
  // A pending top-up older than anything else pending, so it is the oldest.
  await api.db.update(deposits).set({ createdAt: OLD }).where(eq(deposits.id, d.id));
  pendingAgentId = (await newAgent(api, admin, { approved: false })).id;
  await api.db.update(users).set({ createdAt: OLD }).where(eq(users.id, pendingAgentId));
  api.ctx.clock.now = NOW;
  await api.db.insert(bookings).values([
    // ticketed today at 09:00 Karachi with the agent's own markup of 1,000
    flight({ ticketedAt: new Date('2026-03-15T04:00:00Z'), agentMarkupMinor: 1_000_00, totalMinor: 56_000_00 }),
    // ticketed earlier this month (March 2nd)
    flight({ ticketedAt: new Date('2026-03-02T10:00:00Z') }),
    // a void requested on a ticket issued today at 08:00 Karachi: due tonight
    flight({ status: 'requested', ticketedAt: new Date('2026-03-15T03:00:00Z') }),
    // a refund asked on a ticket issued in January (outside the month and the chart): in the queue, no deadline tonight
    flight({ status: 'refund_requested', ticketedAt: new Date('2026-01-10T10:00:00Z') }),
    // a hold lapsing in 20 minutes, and one lapsing in two hours (not counted)
    flight({ status: 'booked', holdExpiresAt: new Date(NOW.getTime() + 20 * 60_000) }),
    flight({ status: 'booked', holdExpiresAt: new Date(NOW.getTime() + 120 * 60_000) }),
    // canceled: not a sale
    flight({ status: 'canceled', ticketedAt: new Date('2026-03-15T05:00:00Z') }),
  ]);
  // A direct booking for the agent, ticketed today, with 2,500 of margin staff added.
  const [direct] = await api.db.insert(bookings).values(flight({ channel: 'staff', userId: null, ticketedAt: new Date('2026-03-15T06:00:00Z'), totalMinor: 40_000_00 })).returning({ id: bookings.id });
  await api.db.insert(directBookings).values({ bookingId: direct.id, agentId: agent.id, source: 'manual', marginMinor: 2_500_00 });
});

const dashboard = async (who: Parameters<typeof as>[0]) => {
  const res = await (await as(who)).get('/api/back-office-dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('GET /back-office-dashboard', () => {
  it('counts pending top-ups and agents awaiting approval with the oldest of each', async () => {
    const d = await dashboard('admin');
    expect(d.topups.count).toBeGreaterThanOrEqual(1);
    expect(Number(d.topups.total.amount)).toBeGreaterThanOrEqual(7500);
    expect(d.topups.oldest).toBe(OLD.toISOString());
    expect(d.pending_agents.count).toBeGreaterThanOrEqual(1);
    expect(d.pending_agents.oldest).toBe(OLD.toISOString());
  });

  it('counts the void due tonight with its deadline (midnight Karachi), the refund request beside it and the hold lapsing within the hour', async () => {
    const d = await dashboard('reservation');
    expect(d.voids).toEqual({ count: 2, due_tonight: 1, soonest: '2026-03-15T19:00:00.000Z', refunds: 1 });
    expect(d.holds).toEqual({ count: 1, soonest: new Date(NOW.getTime() + 20 * 60_000).toISOString() });
  });

  it("adds up today's and this month's sales per product, margin only where it is kept, top agents and the chart", async () => {
    const d = await dashboard('accounts');
    const flights = d.sales.by_product.find((p: { product: string }) => p.product === 'flights');
    // today: 56,000 + 55,000 (the requested void is still ticketed) + 40,000 + 2,500 margin
    expect(flights.today).toEqual({ count: 3, sales: { amount: '153500.00', currency: 'PKR' }, margin: { amount: '2500.00', currency: 'PKR' } });
    expect(flights.month).toEqual({ count: 4, sales: { amount: '208500.00', currency: 'PKR' }, margin: { amount: '2500.00', currency: 'PKR' } });
    for (const p of d.sales.by_product.filter((x: { product: string }) => x.product !== 'flights')) {
      expect(p.today).toEqual({ count: 0, sales: { amount: '0.00', currency: 'PKR' }, margin: null });
    }
    expect(d.sales.today).toBe('2026-03-15');
    expect(d.sales.daily).toHaveLength(30);
    expect(d.sales.daily[29]).toMatchObject({ day: '2026-03-15', sales: { flights: { amount: '153500.00' }, hotels: { amount: '0.00' } } });
    expect(d.sales.daily[0].day).toBe('2026-02-14');
    expect(d.sales.daily.find((x: { day: string }) => x.day === '2026-03-02').sales.flights.amount).toBe('55000.00');
    expect(d.top_agents[0]).toMatchObject({ id: agent.id, count: 4, sales: { amount: '208500.00' }, company_name: 'Test Travels' });
  });

  it('gives each role only its sections', async () => {
    const keys = async (who: Parameters<typeof as>[0]) => Object.keys(await dashboard(who)).sort();
    expect(await keys('admin')).toEqual(['holds', 'now', 'pending_agents', 'sales', 'top_agents', 'topups', 'voids']);
    expect(await keys('accounts')).toEqual(['now', 'sales', 'top_agents', 'topups']);
    expect(await keys('reservation')).toEqual(['holds', 'now', 'voids']);
    expect(await keys('analyst')).toEqual(['now', 'pending_agents', 'sales', 'top_agents', 'topups']);
  });

  it('role matrix: staff only', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/back-office-dashboard'), { accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });
});

describe('GET /agent-dashboard figures', () => {
  it("shows the agent's own sales, markup, expiring hold and 30 days", async () => {
    const res = await agent.client.get('/api/agent-dashboard');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.sales_today).toEqual({ amount: '153500.00', currency: 'PKR' });
    expect(d.sales_month).toEqual({ amount: '208500.00', currency: 'PKR' });
    expect(d.markup_today).toEqual({ amount: '1000.00', currency: 'PKR' });
    expect(d.markup_month).toEqual({ amount: '1000.00', currency: 'PKR' });
    expect(d.holds.count).toBe(1);
    expect(d.daily).toHaveLength(30);
    // still there
    expect(d.spend_by_month).toHaveLength(6);
  });

  it("another agent sees none of it", async () => {
    const other = await newAgent(api, admin);
    const d = (await other.client.get('/api/agent-dashboard')).body.data;
    expect(d.sales_month.amount).toBe('0.00');
    expect(d.holds).toEqual({ count: 0, soonest: null });
  });
});
