import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { newPlan, policyBody } from '../support/insurance';
import { ISM } from '../../contract/insurance';
import { creditWallet } from '../../server/ledger/service';

/** Reading policies: the lists (own, or every one for staff with filters and paging), one policy, paying again. */
const api = await setupApi();
const as = identities(api);
const plan = await newPlan(await as('admin'));
const body = (over: Record<string, unknown> = {}) => policyBody(plan.id, new Date(), over);

const customer = await as('customer');
const agent = await as('agent');
const agentId: number = (await agent.get('/api/user')).body.data.id;
await creditWallet(api.db, { agentId, amountMinor: 100_000_00, type: 'deposit', reference: `test:ins-read-${Date.now()}`, description: 'test float' });
const mine = (await customer.post('/api/insurance-policies', body())).body.data;
const agents = (await agent.post('/api/insurance-policies', body({ payment_method: 'wallet' }))).body.data;
const guests = (await (await api.as('anonymous')).post('/api/insurance-policies', body({ contact: { email: 'reader.guest@example.com', phone: '+923001234567' } }))).body.data;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('GET /insurance-policies', () => {
  it('a customer and an agent see their own only', async () => {
    expect(ids((await customer.get('/api/insurance-policies')).body.data)).toEqual([mine.id]);
    expect(ids((await agent.get('/api/insurance-policies')).body.data)).toEqual([agents.id]);
  });

  it('staff with bookings.read see every policy with its buyer, filtered by status and number, paged', async () => {
    const staff = await as('reservation');
    const all = await staff.get('/api/insurance-policies', { per_page: 2 });
    expect(all.body.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(ids(all.body.data)).toEqual([guests.id, agents.id]);
    expect(ids((await staff.get('/api/insurance-policies', { per_page: 2, page: 2 })).body.data)).toEqual([mine.id]);
    const issued = await staff.get('/api/insurance-policies', { status: 'issued' });
    expect(issued.body.data.map((r: { id: number; buyer: { role: string } }) => [r.id, r.buyer.role])).toEqual([[agents.id, 'agent']]);
    expect(ids((await staff.get('/api/insurance-policies', { policy_number: mine.policy_number.toLowerCase() })).body.data)).toEqual([mine.id]);
    expect((await staff.get('/api/insurance-policies', { status: 'sold' })).status).toBe(422);
    expect((await staff.get('/api/insurance-policies', { per_page: 500 })).status).toBe(422);
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/insurance-policies'), { customer: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });
});

describe('GET /insurance-policies/{id or number}', () => {
  it('its buyer by id or number, staff by either, a guest by number and email', async () => {
    expect((await customer.get(`/api/insurance-policies/${mine.id}`)).body.data.policy_number).toBe(mine.policy_number);
    expect((await customer.get(`/api/insurance-policies/${mine.policy_number}`)).body.data.id).toBe(mine.id);
    expect((await (await as('analyst')).get(`/api/insurance-policies/${agents.policy_number}`)).status).toBe(200);
    const guest = await api.as('anonymous');
    expect((await guest.get(`/api/insurance-policies/${guests.policy_number}`, { email: 'Reader.Guest@example.com' })).body.data.id).toBe(guests.id);
  });

  it('refuses strangers with 404, a guest without an email with 422, a guest by id with 404', async () => {
    expect((await customer.get(`/api/insurance-policies/${agents.id}`)).status).toBe(404);
    expect((await agent.get(`/api/insurance-policies/${mine.policy_number}`)).body.message).toBe(ISM.notFound);
    const guest = await api.as('anonymous');
    const bare = await guest.get(`/api/insurance-policies/${guests.policy_number}`);
    expect([bare.status, bare.body.errors.email]).toEqual([422, [ISM.lookup]]);
    expect((await guest.get(`/api/insurance-policies/${guests.id}`, { email: 'reader.guest@example.com' })).status).toBe(404);
    const wrong = await guest.get(`/api/insurance-policies/${guests.policy_number}`, { email: 'other@example.com' });
    expect([wrong.status, wrong.body.message]).toEqual([404, ISM.lookupFailed]);
  });

  // The policy number with the contact email opens it for anyone holding the mail, as with hotel bookings.
  it('role matrix', async () => {
    await expectRoleMatrix(as, (c, who) => c.get(`/api/insurance-policies/${mine.policy_number}`, who === 'anonymous' ? { email: 'insured.guest@example.com' } : {}),
      { anonymous: 200, customer: 200, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
  });
});

describe('POST /insurance-policies/{id}/checkout', () => {
  it('the buyer opens a checkout for an unpaid policy (the same one while it is open); a paid one is 409', async () => {
    const first = await customer.post(`/api/insurance-policies/${mine.id}/checkout`, {});
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.url).toContain(first.body.data.tracker);
    expect((await customer.post(`/api/insurance-policies/${mine.id}/checkout`, {})).body.data.tracker).toBe(first.body.data.tracker);
    const paid = await agent.post(`/api/insurance-policies/${agents.id}/checkout`, {});
    expect([paid.status, paid.body.message]).toEqual([409, ISM.paidAlready]);
  });

  it("nobody pays another's policy; staff do not pay", async () => {
    expect((await agent.post(`/api/insurance-policies/${mine.id}/checkout`, {})).status).toBe(404);
    await expectRoleMatrix(as, (c, who) => c.post(`/api/insurance-policies/${mine.policy_number}/checkout`, who === 'anonymous' ? { email: 'insured.guest@example.com' } : {}),
      { anonymous: 200, customer: 200, agent: 404 });
  });
});
