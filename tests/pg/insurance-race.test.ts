import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { newPlan, policyBody } from '../support/insurance';
import { newAgent } from '../support/agents';
import { insurancePolicies } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Insurance races only a real PostgreSQL server shows: separate connections, real row locks, real unique indexes. */
const api = await setupApi();
const plan = await newPlan(await api.as('admin'));
const body = (over: Record<string, unknown> = {}) => policyBody(plan.id, new Date(), over);

describe('PostgreSQL insurance races', () => {
  it('six parallel retries with one Idempotency-Key make one policy, answered to all', async () => {
    const key = `ins-race-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 6 }, async () => (await api.as('customer')).post('/api/insurance-policies', body(), { 'idempotency-key': key })));
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await api.db.select().from(insurancePolicies).where(eq(insurancePolicies.idempotencyKey, key))).toHaveLength(1);
  });

  it('12 parallel wallet purchases by one agent never overdraw the wallet; each policy number is unique', async () => {
    const agent = await newAgent(api, await api.as('admin'));
    // Exactly enough for five policies of 1000.00.
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 5 * 1000_00, type: 'deposit', reference: `race:ins-topup-${Date.now()}`, description: 'race' });
    const clients = await Promise.all(Array.from({ length: 12 }, () => api.client().login(agent.email, 'Agent-pass-1')));
    const results = await Promise.all(clients.map((c) => c.post('/api/insurance-policies', body({ payment_method: 'wallet' }))));
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won.length).toBe(5);
    expect(lost.every((r) => r.status === 422 && r.body.message === 'Insufficient Balance'), JSON.stringify(lost.map((r) => r.body))).toBe(true);
    expect(new Set(won.map((r) => r.body.data.policy_number)).size).toBe(won.length);
    const after = await walletBalance(api.db, agent.id);
    expect(after.balanceMinor).toBe(0);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(after.balanceMinor);
  });
});
