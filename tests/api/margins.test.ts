import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { loadMargins } from '../../server/pricing';
import { applyMargins } from '../../server/pricing/margins';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
beforeAll(async () => { admin = await as('admin'); });

describe('customer margin values', () => {
  it('saves and reads them back; pricing sees them at once', async () => {
    const accounts = await as('accounts');
    await loadMargins(api.db, null); // read once before: what pricing remembers must not outlive the save
    const res = await accounts.post('/api/save-customer-margin-values', { discount_percent: '2.5', margin_percent: 10, other_charges: '1500.00' });
    expect(res).toMatchObject({ status: 200, body: { message: 'Margin values saved successfully', data: { discount_percent: '2.5', margin_percent: '10', other_charges: { amount: '1500.00' } } } });
    expect((await accounts.get('/api/get-customer-margin-values')).body.data).toMatchObject({ discount_percent: '2.5', margin_percent: '10' });
    const ctx = await loadMargins(api.db, null);
    expect(ctx).toEqual({ kind: 'public', customerMargin: { discount_percent: 2.5, margin_percent: 10, other_charges: 150_000 } });
    // base 100000 + 10% − 2.5% + 1500.00 fixed
    expect(applyMargins(100_000, 'ADT', 'PK', ctx).base).toBe(100_000 + 10_000 - 2_500 + 150_000);
  });

  it.each([
    [{ discount_percent: '101' }, 'discount_percent'],
    [{ margin_percent: '-1' }, 'margin_percent'],
    [{ margin_percent: 'ten' }, 'margin_percent'],
    [{ other_charges: 'x' }, 'other_charges'],
  ])('answers 422 for %j', async (over, field) => {
    const res = await admin.post('/api/save-customer-margin-values', { discount_percent: '0', margin_percent: '0', other_charges: '0', ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeTruthy();
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/get-customer-margin-values'), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/save-customer-margin-values', { discount_percent: '0', margin_percent: '5', other_charges: '0' }), { accounts: 200, admin: 200 });
  });
});

describe('agent margin', () => {
  it("saves the markup and discount per passenger; the agent's pricing uses them", async () => {
    const agent = await newAgent(api, admin);
    expect(await loadMargins(api.db, { id: agent.id, role: 'agent' })).toEqual({ kind: 'agent', agentMargin: null }); // remembered, then saved over
    const res = await admin.post('/api/save-agent-margin', { agent_id: agent.id, markup_per_pax: '2000', discount_per_pax: '500.00' });
    expect(res.body).toMatchObject({ message: 'Margin values saved successfully', data: { agent_id: agent.id, markup_per_pax: { amount: '2000.00' }, discount_per_pax: { amount: '500.00' } } });
    const ctx = await loadMargins(api.db, { id: agent.id, role: 'agent' });
    expect(ctx).toEqual({ kind: 'agent', agentMargin: { markup_per_pax: 200_000, discount_per_pax: 50_000 } });
    expect(applyMargins(100_000, 'ADT', 'PK', ctx).channel).toBe(150_000);
    expect((await agent.client.get('/api/get-agent-margin')).body.data.markup_per_pax.amount).toBe('2000.00');
    expect((await admin.get('/api/get-agent-margin', { agent_id: agent.id })).body.data.discount_per_pax.amount).toBe('500.00');
    const other = await newAgent(api, admin);
    expect((await other.client.get('/api/get-agent-margin', { agent_id: agent.id })).status).toBe(404);
  });

  it.each([
    [{ agent_id: undefined }, 'agent_id'],
    [{ agent_id: 1 }, 'agent_id'],
    [{ markup_per_pax: 'abc' }, 'markup_per_pax'],
    [{ discount_per_pax: '-3' }, 'discount_per_pax'],
  ])('answers 422 for %j', async (over, field) => {
    const agent = await newAgent(api, admin);
    const res = await admin.post('/api/save-agent-margin', { agent_id: agent.id, markup_per_pax: '0', discount_per_pax: '0', ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeTruthy();
  });

  it('role matrix', async () => {
    const agent = await newAgent(api, admin);
    await expectRoleMatrix(as, (c) => c.post('/api/save-agent-margin', { agent_id: agent.id, markup_per_pax: '1', discount_per_pax: '0' }), { accounts: 200, admin: 200 });
  });

  it("the agent margins screen: accounts pick an agency, read its margin and save it, without the user's page", async () => {
    const agent = await newAgent(api, admin);
    const accounts = await as('accounts');
    expect((await accounts.get(`/api/users/${agent.id}`)).status).toBe(403);
    const options = (await accounts.get('/api/agent-options')).body.data as { id: number; agency_id: number | null }[];
    expect(options.find((o) => o.id === agent.id)).toMatchObject({ agency_id: null });
    // Another agent asking for this one's margin finds nothing; roles without margin rights are refused.
    await expectRoleMatrix(as, (c) => c.get('/api/get-agent-margin', { agent_id: agent.id }), { accounts: 200, admin: 200, agent: 404, unapprovedAgent: 404 });
    const saved = await accounts.post('/api/save-agent-margin', { agent_id: agent.id, markup_per_pax: '1250.50', discount_per_pax: '300' });
    expect(saved.status).toBe(200);
    expect((await accounts.get('/api/get-agent-margin', { agent_id: agent.id })).body.data).toMatchObject({ agent_id: agent.id, markup_per_pax: { amount: '1250.50' }, discount_per_pax: { amount: '300.00' } });
    expect((await (await as('reservation')).post('/api/save-agent-margin', { agent_id: agent.id, markup_per_pax: '0', discount_per_pax: '0' })).status).toBe(403);
  });
});
