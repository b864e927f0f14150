import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { bookingBody, dayFrom, pickRate, type Stay } from '../support/hotels';
import { creditWallet } from '../../server/ledger/service';

/** The hotel booking lists the agent and back-office screens read, the hotel margin form's calls, and the agent dashboard's hotel bookings. */
const api = await setupApi();
const as = identities(api);
const day = (n: number) => dayFrom(new Date(), n);
const stay = (checkIn: number): Stay => ({ check_in: day(checkIn), check_out: day(checkIn + 2), rooms: [{ adults: 2, children_ages: [] }] });
let ref = 0;
const topUp = (agentId: number) => creditWallet(api.db, { agentId, amountMinor: 50_000_000_00, type: 'deposit', reference: `test:hotel-lists-${Date.now()}-${ref++}`, description: 'test float' });

type Row = { id: number; reference: string; status: string; check_in: string; total: { amount: string; currency: string }; agent: { id: number; company_name: string | null; agent_code: string | null } | null };
const ids = (rows: Row[]) => rows.map((r) => r.id);

let agentId = 0;
let other: Awaited<ReturnType<typeof newAgent>>;
const mine: Row[] = [];
let theirs: Row;

beforeAll(async () => {
  const agent = await as('agent');
  agentId = (await agent.get('/api/user')).body.data.id;
  await topUp(agentId);
  // Three stays of the demo agent (one then canceled) and one of a second agent.
  for (const n of [30, 50, 70]) {
    const s = stay(n);
    const { rate } = await pickRate(agent, s, { refundable: true });
    const res = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    mine.push(res.body.data);
  }
  expect((await agent.post(`/api/hotel-bookings/${mine[1].id}/cancel`)).status).toBe(200);
  other = await newAgent(api, await as('admin'));
  await topUp(other.id);
  const s = stay(40);
  const { rate } = await pickRate(other.client, s, { refundable: true });
  theirs = (await other.client.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }))).body.data;
}, 120_000);

describe('GET /api/hotel-bookings', () => {
  it('answers customers, approved agents and every staff role that reads bookings', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/hotel-bookings'), { customer: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });

  it('an agent sees its own bookings only, newest first, with no agent filter of its own', async () => {
    const agent = await as('agent');
    const res = await agent.get('/api/hotel-bookings', { per_page: 100 });
    expect(res.status).toBe(200);
    const got = ids(res.body.data);
    for (const b of mine) expect(got).toContain(b.id);
    expect(got).not.toContain(theirs.id);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    // agent_id names another agent: still only its own.
    expect(ids((await agent.get('/api/hotel-bookings', { agent_id: String(other.id) })).body.data)).not.toContain(theirs.id);
  });

  it("a customer sees only its own bookings (My trips reads this), each naming its city in Arabic too", async () => {
    const customer = await as('customer');
    const s = stay(60);
    const { rate } = await pickRate(customer, s, { refundable: true });
    const own = await customer.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'card' }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const res = await customer.get('/api/hotel-bookings', { per_page: 100 });
    expect(res.status).toBe(200);
    const got = ids(res.body.data);
    expect(got).toContain(own.body.data.id);
    for (const b of [...mine, theirs]) expect(got).not.toContain(b.id);
    const row = res.body.data.find((r: Row) => r.id === own.body.data.id);
    expect(row.hotel).toMatchObject({ city: 'Makkah', city_ar: 'مكة المكرمة' });
  });

  it('staff see every agent booking with who the agent is, and filter by agent, status, reference and check-in dates', async () => {
    const staff = await as('reservation');
    const all = (await staff.get('/api/hotel-bookings', { per_page: 100 })).body.data as Row[];
    expect(ids(all)).toEqual(expect.arrayContaining([...ids(mine), theirs.id]));
    const row = all.find((r) => r.id === theirs.id)!;
    expect(row.agent).toMatchObject({ id: other.id, company_name: 'Test Travels' });
    expect(row.agent?.agent_code).toMatch(/^AGN-/);

    const byAgent = (await staff.get('/api/hotel-bookings', { agent_id: String(other.id) })).body;
    expect(byAgent).toMatchObject({ meta: { total: 1 }, data: [{ id: theirs.id }] });

    const canceled = (await staff.get('/api/hotel-bookings', { agent_id: String(agentId), status: 'canceled', per_page: 100 })).body.data as Row[];
    expect(ids(canceled)).toContain(mine[1].id);
    expect(canceled.every((r) => r.status === 'canceled')).toBe(true);

    expect((await staff.get('/api/hotel-bookings', { reference: mine[2].reference.toLowerCase() })).body).toMatchObject({ meta: { total: 1 }, data: [{ id: mine[2].id }] });

    const window = (await staff.get('/api/hotel-bookings', { from: day(45), to: day(55), per_page: 100 })).body.data as Row[];
    expect(ids(window)).toContain(mine[1].id);
    expect(ids(window)).not.toContain(mine[0].id);
    expect(ids(window)).not.toContain(mine[2].id);
    expect(window.every((r) => r.check_in >= day(45) && r.check_in <= day(55))).toBe(true);
  });

  it('pages: per_page rows, the total over every page', async () => {
    const agent = await as('agent');
    const first = (await agent.get('/api/hotel-bookings', { per_page: 2, page: 1 })).body;
    const second = (await agent.get('/api/hotel-bookings', { per_page: 2, page: 2 })).body;
    expect(first.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(first.meta.total).toBeGreaterThanOrEqual(3);
    expect(first.data).toHaveLength(2);
    expect(second.meta.page).toBe(2);
    expect(ids(second.data).some((id) => ids(first.data).includes(id))).toBe(false);
  });

  it('answers 422 with the field for each bad filter', async () => {
    const staff = await as('admin');
    for (const [q, field] of [
      [{ status: 'booked' }, 'status'], [{ from: '25-11-2026' }, 'from'], [{ to: 'tomorrow' }, 'to'],
      [{ agent_id: 'AGN-1' }, 'agent_id'], [{ page: '0' }, 'page'], [{ per_page: '500' }, 'per_page'],
    ] as const) {
      const res = await staff.get('/api/hotel-bookings', q);
      expect(res.status, JSON.stringify(q)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });
});

describe('hotel margin', () => {
  it('GET and POST are for staff with margin rights', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/get-hotel-margin'), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/save-hotel-margin', { type: 'markup', percent: 0 }), { accounts: 200, admin: 200 });
  });

  it('saves and reads back, with the message the form shows', async () => {
    const admin = await as('admin');
    const saved = await admin.post('/api/save-hotel-margin', { type: 'discount', percent: '2.5' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Hotel margin saved.', data: { type: 'discount', percent: 2.5 } });
    const read = (await admin.get('/api/get-hotel-margin')).body.data;
    expect(read).toMatchObject({ type: 'discount', percent: 2.5 });
    expect(read.updated_at).toEqual(expect.any(String));
    await admin.post('/api/save-hotel-margin', { type: 'markup', percent: 0 });
  });

  it('answers 422 with the field for each bad value', async () => {
    const admin = await as('admin');
    for (const [body, field] of [
      [{ type: 'fee', percent: 5 }, 'type'], [{ percent: 5 }, 'type'], [{ type: 'markup', percent: 101 }, 'percent'],
      [{ type: 'markup', percent: -1 }, 'percent'], [{ type: 'markup', percent: 'ten' }, 'percent'], [{ type: 'markup' }, 'percent'],
    ] as const) {
      const res = await admin.post('/api/save-hotel-margin', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });
});

describe('the agent dashboard', () => {
  it("lists the agent's own recent hotel bookings, newest first, and counts their wallet debits in this month's spend", async () => {
    const res = await (await as('agent')).get('/api/agent-dashboard');
    expect(res.status).toBe(200);
    const recent = res.body.data.recent_hotel_bookings as { id: number; reference: string; hotel: string; city: string; status: string }[];
    expect(recent.slice(0, 3).map((r) => r.id)).toEqual([mine[2].id, mine[1].id, mine[0].id]);
    expect(recent.map((r) => r.id)).not.toContain(theirs.id);
    expect(recent[1]).toMatchObject({ reference: mine[1].reference, status: 'canceled', check_in: mine[1].check_in, hotel: expect.any(String), city: 'Makkah' });

    // The second agent's only debit is its one hotel booking: that is this month's spend, to the paisa.
    const theirsDash = (await other.client.get('/api/agent-dashboard')).body.data;
    expect(theirsDash.recent_hotel_bookings.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect(theirsDash.spend_by_month.at(-1).spend).toEqual(theirs.total);
  });
});
