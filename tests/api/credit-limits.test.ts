import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, creditAlerts, creditLimitChanges, notifications, users } from '../../server/db/schema';
import { creditWallet, debitWallet, walletBalance } from '../../server/ledger/service';
import { deliverCreditAlerts, paymentsDue, sendPaymentsDue } from '../../server/credit/alerts';
import { WALLET_CREDIT_HEADER } from '../../contract/credit';
import { WALLET_HEADER } from '../../contract/http';

const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const traveller = () => ({
  type: 'ADT', title: 'Mr', first_name: `Credit${String.fromCharCode(65 + (seq++ % 26))}`, last_name: 'Khan', gender: 'M',
  dob: '1990-04-12', nationality: 'PK', document_type: 'passport', document_no: `CL${2000000 + seq}`, expiry_date: '2035-01-01', issue_country: 'PK',
});
const contact = { email: 'credit.traveller@example.com', phone: '+92 300 1234567', country: 'PK' };
const walletBooking = (c: TestClient, payment_method = 'wallet') => {
  const id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(30), flight_no: `PK${700 + seq}` }] });
  return c.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [traveller()], payment_method, agent_markup: '0' });
};
let ref = 0;
const debit = (agentId: number, amountMinor: number) => debitWallet(api.db, { agentId, amountMinor, type: 'charge', reference: `credit-test:${ref++}`, description: 'test' });

let admin: TestClient;
let accounts: TestClient;
let demoAgentId: number;
beforeAll(async () => {
  admin = await as('admin');
  accounts = await as('accounts');
  [{ id: demoAgentId }] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.safar'));
});

const money = (amount: string) => ({ amount, currency: 'PKR' });
const noticesOf = (kind: string, userEmail: string) => api.db.select({ n: notifications }).from(notifications)
  .innerJoin(users, eq(users.id, notifications.userId)).where(and(eq(notifications.kind, kind), eq(users.email, userEmail)));

describe('PUT /api/agents/{id}/credit', () => {
  it('accounts set a limit: answered with balance, limit, available and the change recorded with who and when', async () => {
    const agent = await newAgent(api, admin);
    const res = await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '250000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ agent_id: agent.id, balance: money('0.00'), credit_limit: money('250000.00'), available: money('250000.00'), credit_used: money('0.00') });
    expect(res.body.data.history).toEqual([{ id: expect.any(Number), previous_limit: money('0.00'), limit: money('250000.00'), changed_by: { id: expect.any(Number), name: expect.any(String) }, created_at: expect.any(String) }]);
    const again = await admin.put(`/api/agents/${agent.id}/credit`, { limit: 100_000 });
    expect(again.body.data.history.map((h: { limit: { amount: string }; previous_limit: { amount: string } }) => [h.previous_limit.amount, h.limit.amount])).toEqual([['250000.00', '100000.00'], ['0.00', '250000.00']]);
    const [accountsUser] = await api.db.select().from(users).where(eq(users.email, 'accounts@demo.safar'));
    const rows = await api.db.select().from(creditLimitChanges).where(eq(creditLimitChanges.agentId, agent.id));
    expect(rows.map((r) => r.changedBy)).toContain(accountsUser.id);
    // The same limit again changes nothing and records nothing.
    await admin.put(`/api/agents/${agent.id}/credit`, { limit: '100000.00' });
    expect(await api.db.select().from(creditLimitChanges).where(eq(creditLimitChanges.agentId, agent.id))).toHaveLength(2);
    const read = await (await as('analyst')).get(`/api/agents/${agent.id}/credit`);
    expect(read.status).toBe(200);
    expect(read.body.data.history).toHaveLength(2);
  });

  it('refuses a limit below the credit already used, saying the figure', async () => {
    const agent = await newAgent(api, admin);
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '1000' });
    await debit(agent.id, 600_00);
    const res = await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '599.99' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'The credit limit cannot be below the credit already used.', errors: { limit: ['The credit limit cannot be below the credit already used. Credit used: PKR 600.00.'] } });
    expect((await walletBalance(api.db, agent.id)).creditLimitMinor).toBe(1000_00);
    expect((await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '600' })).status).toBe(200);
  });

  it.each([
    [{}, 'Enter a credit limit.'],
    [{ limit: '' }, 'Enter a credit limit.'],
    [{ limit: 'lots' }, 'Enter an amount such as 45250.00.'],
    [{ limit: '12.345' }, 'Enter an amount such as 45250.00.'],
    [{ limit: '-5' }, 'The credit limit cannot be negative.'],
    [{ limit: '100000001' }, 'The amount is too large.'],
    [{ limit: true }, 'Enter an amount such as 45250.00.'],
  ])('refuses %j with an error on limit', async (input, message) => {
    const res = await accounts.put(`/api/agents/${demoAgentId}/credit`, input);
    expect(res.status).toBe(422);
    expect(res.body.errors.limit).toEqual([message]);
  });

  it('404 for an id that is not an agent, or not an id', async () => {
    const [customer] = await api.db.select().from(users).where(eq(users.email, 'customer@demo.safar'));
    expect((await accounts.put(`/api/agents/${customer.id}/credit`, { limit: '10' })).status).toBe(404);
    expect((await accounts.put('/api/agents/99999999/credit', { limit: '10' })).status).toBe(404);
    expect((await accounts.put('/api/agents/abc/credit', { limit: '10' })).status).toBe(404);
    expect((await accounts.get(`/api/agents/${customer.id}/credit`)).status).toBe(404);
  });

  it('role matrix: accounts and admin set a limit; ledger readers read it', async () => {
    await expectRoleMatrix(as, (c) => c.put(`/api/agents/${demoAgentId}/credit`, { limit: '0' }), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.get(`/api/agents/${demoAgentId}/credit`), { accounts: 200, analyst: 200, admin: 200 });
  });
});

describe('booking on credit', () => {
  it('GET /api/wallet-balance answers balance, credit_limit and available; the agent books while balance + credit covers it', async () => {
    const agent = await newAgent(api, admin);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 10_000_00, type: 'deposit', reference: `credit-topup-${agent.id}`, description: 'test' });
    // Without credit a 45,000.00 fare is refused from a 10,000.00 wallet.
    const refused = await walletBooking(agent.client);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Insufficient Balance');
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '50000' });
    const before = await agent.client.get('/api/wallet-balance');
    expect(before.body.data).toMatchObject({ balance: money('10000.00'), credit_limit: money('50000.00'), available: money('60000.00') });
    const booked = await walletBooking(agent.client);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.headers.get(WALLET_HEADER)).toBe('PKR -35000.00');
    expect(booked.headers.get(WALLET_CREDIT_HEADER)).toBe('PKR 50000.00');
    const after = await agent.client.get('/api/wallet-balance');
    expect(after.body.data).toMatchObject({ balance: money('-35000.00'), credit_limit: money('50000.00'), available: money('15000.00'), credit_used: money('35000.00') });
    // 15,000.00 left: the next fare is refused, and nothing is held for it.
    const count = async () => (await api.db.select().from(bookings).where(eq(bookings.userId, agent.id))).length;
    const held = await count();
    const second = await walletBooking(agent.client);
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('Insufficient Balance');
    expect(await count()).toBe(held);
    // Staff read the same figures for the agent.
    const staff = await accounts.get(`/api/wallet-balance?agent_id=${agent.id}`);
    expect(staff.body.data.available).toEqual(money('15000.00'));
  });

  it('the agent dashboard shows balance, credit limit and available', async () => {
    const agent = await newAgent(api, admin);
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '300' });
    await debit(agent.id, 100_00);
    const res = await agent.client.get('/api/agent-dashboard');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: money('-100.00'), credit_limit: money('300.00'), available: money('200.00') });
  });
});

describe('low-credit alerts', () => {
  it('alert once per crossing of 40 % and 20 %, to the agent and accounts staff, re-armed when funds recover', async () => {
    const agent = await newAgent(api, admin);
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '1000' });
    const levels = async () => (await api.db.select().from(creditAlerts).where(eq(creditAlerts.agentId, agent.id))).map((a) => a.level);
    await debit(agent.id, 500_00); // available 500 (50 %)
    expect(await levels()).toEqual([]);
    await debit(agent.id, 200_00); // 300 (30 %): under 40
    await debit(agent.id, 50_00); // 250 (25 %): still the same dip
    expect(await levels()).toEqual([40]);
    await debit(agent.id, 100_00); // 150 (15 %): under 20
    await debit(agent.id, 100_00); // 50 (5 %)
    expect(await levels()).toEqual([40, 20]);
    await Promise.all([deliverCreditAlerts(api.ctx), deliverCreditAlerts(api.ctx)]);
    expect(await deliverCreditAlerts(api.ctx)).toBe(0);
    const toAgent = await noticesOf('credit_low', agent.email);
    expect(toAgent.map(({ n }) => n.params.level).sort()).toEqual([20, 40]);
    expect(toAgent.find(({ n }) => n.params.level === 20)?.n.params).toMatchObject({ amount: '150.00', currency: 'PKR', limit: '1000.00' }) // available when it crossed;
    expect((await noticesOf('agent_credit_low', 'accounts@demo.safar')).filter(({ n }) => n.subjectId === agent.id)).toHaveLength(2);
    const mails = (await mailsTo(api.db, agent.email)).filter((m) => m.kind === 'notice-credit-low');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain('Your available funds are under 20% of your credit limit');
    // A top-up back above 40 % re-arms both; the next fall alerts again.
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 800_00, type: 'deposit', reference: `credit-rearm-${agent.id}`, description: 'test' });
    await debit(agent.id, 500_00); // 850 → 350 (35 %)
    expect(await levels()).toEqual([40, 20, 40]);
  });

  it('lowering the limit can cross a threshold too; no credit line never alerts', async () => {
    const agent = await newAgent(api, admin);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 100_00, type: 'deposit', reference: `credit-none-${agent.id}`, description: 'test' });
    await debit(agent.id, 100_00);
    expect(await api.db.select().from(creditAlerts).where(eq(creditAlerts.agentId, agent.id))).toEqual([]);
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '1000' });
    await debit(agent.id, 500_00); // 500 of 1000
    await accounts.put(`/api/agents/${agent.id}/credit`, { limit: '600' }); // 100 of 600 (16 %)
    expect((await api.db.select().from(creditAlerts).where(eq(creditAlerts.agentId, agent.id))).map((a) => a.level)).toEqual([20]);
  });
});

describe('payments due', () => {
  it('lists agents at their limit or with holds expiring in 3 days, and sends the summary once a day', async () => {
    const atLimit = await newAgent(api, admin);
    await accounts.put(`/api/agents/${atLimit.id}/credit`, { limit: '100' });
    await debit(atLimit.id, 100_00);
    const partly = await newAgent(api, admin);
    await accounts.put(`/api/agents/${partly.id}/credit`, { limit: '100' });
    await debit(partly.id, 50_00);
    const holder = await newAgent(api, admin);
    expect((await walletBooking(holder.client, 'hold')).status).toBe(201);
    const due = await paymentsDue(api.ctx);
    const ids = due.map((r) => r.agentId);
    expect(ids).toContain(atLimit.id);
    expect(ids).toContain(holder.id);
    expect(ids).not.toContain(partly.id);
    expect(due.find((r) => r.agentId === holder.id)?.holds).toBe(1);
    await sendPaymentsDue(api.ctx);
    await sendPaymentsDue(api.ctx);
    const notices = await noticesOf('payments_due', atLimit.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].n.params).toMatchObject({ amount: '100.00', limit: '100.00', holds: 0 });
    expect((await noticesOf('payments_due', holder.email))[0].n.params).toMatchObject({ holds: 1 });
    expect(await noticesOf('agents_payments_due', 'accounts@demo.safar')).toHaveLength(1);
    expect((await mailsTo(api.db, atLimit.email)).filter((m) => m.kind === 'notice-payments-due')).toHaveLength(1);
  });
});
