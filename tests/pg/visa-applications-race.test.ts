import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { applicationBody, dayFrom, docsFor, idemKey, newVisa, traveller } from '../support/visa-applications';
import { users, visaApplicationEvents, visaApplications } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Visa application races only a real PostgreSQL server shows: separate connections, real row locks. */
const api = await setupApi();
const as = identities(api);
const visa = await newVisa(await as('admin'), { price: '1000.00' });
const travel = dayFrom(new Date(), 30);

describe('PostgreSQL visa application races', () => {
  it('staff deciding the same application at once: one move wins, one event', async () => {
    const agent = await newAgent(api, await as('admin'));
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 10_000_00, type: 'deposit', reference: `test:visa-race-${agent.id}`, description: 'test float' });
    const res = await agent.client.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(await docsFor(agent.client))], { payment_method: 'wallet' }));
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    const staff = await Promise.all([as('admin'), as('reservation'), api.as('admin'), api.as('reservation')]);
    const moves = await Promise.all(staff.map((c) => c.post(`/api/visa-applications/${id}/status`, { status: 'in_review' })));
    expect(moves.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const events = await api.db.select().from(visaApplicationEvents).where(eq(visaApplicationEvents.applicationId, id));
    expect(events.filter((e) => e.action === 'in_review')).toHaveLength(1);
  });

  it('parallel wallet applications by one agent never overdraw the wallet', async () => {
    const agent = await newAgent(api, await as('admin'));
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_00, type: 'deposit', reference: `test:visa-wallet-${agent.id}`, description: 'test float' });
    const bodies = await Promise.all(Array.from({ length: 10 }, async () => applicationBody(visa.id, travel, [traveller(await docsFor(agent.client))], { payment_method: 'wallet' })));
    const results = await Promise.all(bodies.map((b) => agent.client.post('/api/visa-applications', b, { 'idempotency-key': idemKey() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.message === 'Insufficient Balance')).toBe(true);
    const [row] = await api.db.select().from(users).where(eq(users.id, agent.id));
    expect((await walletBalance(api.db, row.id)).balanceMinor).toBe(0);
    expect(await walletBalanceFromEntries(api.db, row.id)).toBe(0);
    expect(await api.db.select().from(visaApplications).where(eq(visaApplications.userId, agent.id))).toHaveLength(5);
  });
});
