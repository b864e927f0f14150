import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent, newBank, newDeposit } from '../support/agents';
import { creditWallet, debitWallet, ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';
import { bookings } from '../../server/db/schema/bookings';
import { ledgerEntries, ledgerTransactions } from '../../server/db/schema';
import { eq, inArray } from 'drizzle-orm';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let accounts: TestClient;
let bank: { id: number };
let agentA: Awaited<ReturnType<typeof newAgent>>;
let agentB: Awaited<ReturnType<typeof newAgent>>;

beforeAll(async () => {
  admin = await as('admin');
  accounts = await as('accounts');
  bank = await newBank(admin);
  agentA = await newAgent(api, admin);
  agentB = await newAgent(api, admin);
  const d = await newDeposit(agentA.client, bank.id, '10000.00');
  expect((await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' })).status).toBe(200);
});

const balance = async (c: TestClient) => (await c.get('/api/wallet-balance')).body.data.balance.amount;

describe('ledger service', () => {
  it('debits, credits, refuses to overdraw, posts each (type, reference) once, and balances', async () => {
    const agent = await newAgent(api, admin);
    const db = api.db;
    await creditWallet(db, { agentId: agent.id, amountMinor: 10_000, type: 'refund', reference: 'svc:1', description: 'test' });
    const d = await debitWallet(db, { agentId: agent.id, amountMinor: 4_000, type: 'booking', reference: 'svc:2', description: 'test' });
    expect(d).toMatchObject({ balanceMinor: 6_000, duplicate: false });
    const again = await debitWallet(db, { agentId: agent.id, amountMinor: 4_000, type: 'booking', reference: 'svc:2', description: 'retry' });
    expect(again).toMatchObject({ transactionId: d.transactionId, balanceMinor: 6_000, duplicate: true });
    await expect(debitWallet(db, { agentId: agent.id, amountMinor: 5_000, type: 'booking', reference: 'svc:2', description: 'other amount' })).rejects.toMatchObject({ status: 409 });
    await expect(debitWallet(db, { agentId: agent.id, amountMinor: 6_001, type: 'booking', reference: 'svc:3', description: 'too much' })).rejects.toMatchObject({ status: 422, message: 'Insufficient Balance' });
    await expect(debitWallet(db, { agentId: agent.id, amountMinor: 0, type: 'booking', reference: 'svc:4', description: 'zero' })).rejects.toThrow();
    expect((await walletBalance(db, agent.id)).balanceMinor).toBe(6_000);
    expect(await walletBalanceFromEntries(db, agent.id)).toBe(6_000);
    expect(await ledgerTotal(db)).toBe(0);
  });

  it('answers a retried posting as the one made, even when the wallet could not cover it now; a refused one leaves nothing', async () => {
    const agent = await newAgent(api, admin);
    const db = api.db;
    await creditWallet(db, { agentId: agent.id, amountMinor: 5_000, type: 'refund', reference: 'svc:r1', description: 'test' });
    const spent = await debitWallet(db, { agentId: agent.id, amountMinor: 5_000, type: 'booking', reference: 'svc:r2', description: 'all of it' });
    expect(await debitWallet(db, { agentId: agent.id, amountMinor: 5_000, type: 'booking', reference: 'svc:r2', description: 'retry' }))
      .toEqual({ transactionId: spent.transactionId, balanceMinor: 0, duplicate: true });
    await expect(debitWallet(db, { agentId: agent.id, amountMinor: 1, type: 'booking', reference: 'svc:r3', description: 'one too many' })).rejects.toMatchObject({ status: 422 });
    expect(await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, 'svc:r3'))).toEqual([]);
    expect(await walletBalanceFromEntries(db, agent.id)).toBe(0);
  });

  it("rolls the posting back with the caller's transaction", async () => {
    const agent = await newAgent(api, admin);
    await expect(api.db.transaction(async (tx) => {
      await creditWallet(tx, { agentId: agent.id, amountMinor: 500, type: 'refund', reference: 'rollback:1', description: 'x' });
      throw new Error('the booking failed');
    })).rejects.toThrow('the booking failed');
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(0);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(0);
  });

  it("in the caller's transaction writes the posting, its two entries and the balance; a refused or repeated one caught there leaves nothing", async () => {
    const agent = await newAgent(api, admin);
    const at = new Date('2026-03-04T05:06:07.000Z');
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 9_000, type: 'refund', reference: 'caller:0', description: 'funds' });
    const posted = await api.db.transaction(async (tx) => {
      const d = await debitWallet(tx, { agentId: agent.id, amountMinor: 2_500, type: 'visa', reference: 'caller:1', description: 'a visa', createdBy: agent.id, at });
      // Refused and repeated postings, each caught: the caller's transaction goes on and commits.
      await expect(debitWallet(tx, { agentId: agent.id, amountMinor: 6_501, type: 'visa', reference: 'caller:2', description: 'too much' })).rejects.toMatchObject({ status: 422 });
      await expect(debitWallet(tx, { agentId: agent.id, amountMinor: 2_400, type: 'visa', reference: 'caller:1', description: 'other amount' })).rejects.toMatchObject({ status: 409 });
      await expect(debitWallet(tx, { agentId: agent.id, amountMinor: 1, currency: 'USD', type: 'visa', reference: 'caller:3', description: 'dollars' })).rejects.toMatchObject({ status: 422 });
      expect(await debitWallet(tx, { agentId: agent.id, amountMinor: 2_500, type: 'visa', reference: 'caller:1', description: 'retry' })).toEqual({ transactionId: d.transactionId, balanceMinor: d.balanceMinor, duplicate: true });
      return d;
    });
    expect(posted).toMatchObject({ balanceMinor: 6_500, duplicate: false });
    const [t] = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, posted.transactionId));
    expect(t).toMatchObject({ agentId: agent.id, type: 'visa', reference: 'caller:1', description: 'a visa', currency: 'PKR', createdBy: agent.id, createdAt: at });
    const entries = await api.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, posted.transactionId)).orderBy(ledgerEntries.id);
    expect(entries.map(({ account, agentId, amountMinor, balanceAfterMinor, createdAt }) => ({ account, agentId, amountMinor, balanceAfterMinor, createdAt }))).toEqual([
      { account: 'wallet', agentId: agent.id, amountMinor: -2_500, balanceAfterMinor: 6_500, createdAt: at },
      { account: 'sales', agentId: null, amountMinor: 2_500, balanceAfterMinor: null, createdAt: at },
    ]);
    expect(await api.db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.reference, ['caller:2', 'caller:3']))).toEqual([]);
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(6_500);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(6_500);
  });
});

describe('POST /save-agent-charges and GET /show-all-charges', () => {
  it('debits a charge and credits a refund, each in the statement', async () => {
    const res = await accounts.post('/api/save-agent-charges', { agent_id: agentA.id, type: 'ok_to_board', amount: '1500', description: 'OK to board KHI-DXB', booking_reference: 'PNR123' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ data: { type: 'ok_to_board', direction: 'debit', amount: { amount: '1500.00' }, booking_reference: 'PNR123', transaction_id: expect.any(Number) } });
    expect(await balance(agentA.client)).toBe('8500.00');
    const refund = await accounts.post('/api/save-agent-charges', { agent_id: agentA.id, type: 'refund', amount: '500.00', description: 'Refund of fare difference' });
    expect(refund.body.data.direction).toBe('credit');
    expect(await balance(agentA.client)).toBe('9000.00');
  });

  it('refuses a charge that would overdraw with "Agent charges failed to save."', async () => {
    const res = await accounts.post('/api/save-agent-charges', { agent_id: agentB.id, type: 'visa', amount: '100.00', description: 'Visa fee' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: 'Agent charges failed to save.', errors: { amount: ['Insufficient Balance'] } });
    expect(await balance(agentB.client)).toBe('0.00');
    expect((await agentB.client.get('/api/show-all-charges')).body.meta.total).toBe(0);
  });

  const valid = () => ({ agent_id: agentA.id, type: 'charge', amount: '10.00', description: 'Service charge' });
  it.each([
    [{ agent_id: undefined }, 'agent_id'],
    [{ agent_id: 'x' }, 'agent_id'],
    [{ type: 'gift' }, 'type'],
    [{ amount: '' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ description: '' }, 'description'],
  ])('answers 422 "Agent charges failed to save." for %j', async (over, field) => {
    const res = await accounts.post('/api/save-agent-charges', { ...valid(), ...over });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Agent charges failed to save.');
    expect(res.body.errors[field]).toBeTruthy();
  });

  it('refuses a non-agent as the agent', async () => {
    const me = (await accounts.get('/api/user')).body.data.id;
    const res = await accounts.post('/api/save-agent-charges', { ...valid(), agent_id: me });
    expect(res.status).toBe(422);
    expect(res.body.errors.agent_id[0]).toBe('Choose an agent.');
  });

  it('lists charges: staff all (filtered), an agent its own only', async () => {
    const staff = await accounts.get('/api/show-all-charges', { agent_id: agentA.id, type: 'ok_to_board' });
    expect(staff.body.data).toHaveLength(1);
    expect(staff.body.data[0].agent).toMatchObject({ id: agentA.id });
    const mine = await agentA.client.get('/api/show-all-charges');
    expect(mine.body.data.every((x: { agent_id: number }) => x.agent_id === agentA.id)).toBe(true);
    expect((await agentB.client.get('/api/show-all-charges', { agent_id: agentA.id })).status).toBe(404);
    expect((await agentB.client.get('/api/show-all-charges')).body.data).toHaveLength(0);
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.post('/api/save-agent-charges', { ...valid(), amount: '1.00' }), { accounts: 201, admin: 201 });
    await expectRoleMatrix(as, (c) => c.get('/api/show-all-charges'), { accounts: 200, admin: 200, agent: 200, analyst: 200 });
  });
});

describe('GET /agent-statment', () => {
  it('gives opening, rows with running balance and closing for a date range', async () => {
    const agent = await newAgent(api, admin);
    const clock = api.ctx.clock;
    const real = clock.now;
    try {
      clock.now = new Date('2025-03-01T10:00:00Z');
      await accounts.post('/api/transactions', { agent_id: agent.id, direction: 'credit', amount: '1000', description: 'Opening' });
      clock.now = new Date('2025-03-05T10:00:00Z');
      await accounts.post('/api/save-agent-charges', { agent_id: agent.id, type: 'charge', amount: '100', description: 'Fee 1' });
      clock.now = new Date('2025-03-10T10:00:00Z');
      await accounts.post('/api/save-agent-charges', { agent_id: agent.id, type: 're_issue', amount: '250.50', description: 'Re-issue' });
      clock.now = new Date('2025-03-20T10:00:00Z');
      await accounts.post('/api/save-agent-charges', { agent_id: agent.id, type: 'void', amount: '50', description: 'Void credit' });
    } finally {
      clock.now = real;
    }
    const all = await agent.client.get('/api/agent-statment');
    expect(all.body.data).toMatchObject({ opening_balance: { amount: '0.00' }, closing_balance: { amount: '699.50' }, total_debit: { amount: '350.50' }, total_credit: { amount: '1050.00' } });
    // Each row says what it is about, for words in the reader's language; a staff adjustment only by its description.
    expect(all.body.data.rows.map((r: { type: string; subject: unknown }) => [r.type, r.subject])).toEqual([
      ['adjustment', null],
      ['charge', { kind: 'charge', charge_type: 'charge', booking_reference: null }],
      ['re_issue', { kind: 'charge', charge_type: 're_issue', booking_reference: null }],
      ['void', { kind: 'charge', charge_type: 'void', booking_reference: null }],
    ]);
    expect(all.body.data.rows.map((r: { balance: { amount: string } }) => r.balance.amount)).toEqual(['1000.00', '900.00', '649.50', '699.50']);
    const range = await agent.client.get('/api/agent-statment', { from: '2025-03-05', to: '2025-03-10' });
    expect(range.body.data).toMatchObject({ from: '2025-03-05', to: '2025-03-10', opening_balance: { amount: '1000.00' }, closing_balance: { amount: '649.50' } });
    expect(range.body.data.rows.map((r: { type: string }) => r.type)).toEqual(['charge', 're_issue']);
    expect(range.body.data.rows[1]).toMatchObject({ debit: { amount: '250.50' }, credit: { amount: '0.00' }, description: 'Re-issue' });
    const empty = await agent.client.get('/api/agent-statment', { from: '2025-04-01', to: '2025-04-30' });
    expect(empty.body.data).toMatchObject({ rows: [], opening_balance: { amount: '699.50' }, closing_balance: { amount: '699.50' } });
    const staff = await accounts.get('/api/agent-statment', { agent_id: agent.id });
    expect(staff.body.data.closing_balance.amount).toBe('699.50');
    expect(staff.body.data.closing_balance.amount).toBe((await agent.client.get('/api/wallet-balance')).body.data.balance.amount);
  });

  it.each([
    [{ from: '2025-13-01' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ from: '2025-03-10', to: '2025-03-01' }, 'to'],
  ])('answers 422 for %j', async (q, field) => {
    const res = await agentA.client.get('/api/agent-statment', q);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeTruthy();
  });

  it("never shows another agent's statement; staff must name the agent", async () => {
    expect((await agentB.client.get('/api/agent-statment', { agent_id: agentA.id })).status).toBe(404);
    expect((await accounts.get('/api/agent-statment')).status).toBe(422);
    expect((await accounts.get('/api/agent-statment', { agent_id: 999999 })).status).toBe(404);
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c, who) => c.get('/api/agent-statment', who === 'agent' ? {} : { agent_id: agentA.id }), { agent: 200, accounts: 200, admin: 200, analyst: 200 });
    await expectRoleMatrix(as, (c, who) => c.get('/api/wallet-balance', who === 'agent' || who === 'unapprovedAgent' ? {} : { agent_id: agentA.id }), { agent: 200, unapprovedAgent: 200, accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.get('/api/agent-dashboard'), { agent: 200 });
  });
});

describe('transactions', () => {
  it('posts an adjustment once per Idempotency-Key, lists it, and updates only its wording', async () => {
    const agent = await newAgent(api, admin);
    const body = { agent_id: agent.id, direction: 'credit', amount: '200', description: 'Goodwill' };
    const first = await accounts.post('/api/transactions', body, { 'Idempotency-Key': 'adj-1' });
    expect(first).toMatchObject({ status: 201, body: { message: 'Transaction saved successfully', data: { type: 'adjustment', direction: 'credit', amount: { amount: '200.00' } } } });
    const retry = await accounts.post('/api/transactions', body, { 'Idempotency-Key': 'adj-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await balance(agent.client)).toBe('200.00');
    const over = await accounts.post('/api/transactions', { ...body, direction: 'debit', amount: '500' });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('Insufficient Balance');
    const list = await accounts.get('/api/transactions', { agent_id: agent.id });
    expect(list.body.data).toHaveLength(1);
    const upd = await accounts.put(`/api/transactions/${first.body.data.id}`, { description: 'Goodwill credit' });
    expect(upd.body).toMatchObject({ message: 'Transaction updated successfully', data: { description: 'Goodwill credit', amount: { amount: '200.00' } } });
    expect((await accounts.put(`/api/transactions/${first.body.data.id}`, { description: '' })).status).toBe(422);
    expect((await accounts.put('/api/transactions/999999', { description: 'x' })).status).toBe(404);
    expect((await accounts.post('/api/transactions', { ...body, direction: 'sideways' })).body.errors.direction).toBeTruthy();
  });

  it('reads one transaction with its agent, filters by type and date range, and words what each is about', async () => {
    const agent = await newAgent(api, admin);
    const made = await accounts.post('/api/transactions', { agent_id: agent.id, direction: 'credit', amount: '75', description: 'Cheque 44' });
    const one = await accounts.get(`/api/transactions/${made.body.data.id}`);
    expect(one).toMatchObject({ status: 200, body: { data: { id: made.body.data.id, agent: { id: agent.id }, direction: 'credit', amount: { amount: '75.00' }, description: 'Cheque 44', subject: null } } });
    expect((await accounts.get('/api/transactions/999999')).status).toBe(404);
    expect((await accounts.get('/api/transactions/abc')).status).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await accounts.get('/api/transactions', { agent_id: agent.id, type: 'adjustment', from: today, to: today });
    expect(inRange.body.data.map((t: { id: number }) => t.id)).toEqual([made.body.data.id]);
    expect((await accounts.get('/api/transactions', { agent_id: agent.id, from: '2001-01-01', to: '2001-01-02' })).body.data).toEqual([]);
    expect((await accounts.get('/api/transactions', { agent_id: agent.id, type: 'deposit' })).body.data).toEqual([]);
    const backwards = await accounts.get('/api/transactions', { from: '2026-02-02', to: '2026-02-01' });
    expect(backwards).toMatchObject({ status: 422, body: { errors: { to: ['The end date must be on or after the start date.'] } } });
    expect((await accounts.get('/api/transactions', { from: 'yesterday' })).body.errors.from).toBeTruthy();
    expect((await accounts.get('/api/transactions', { type: 'gift' })).body.errors.type).toEqual(['Unknown transaction type.']);
    // agentA's approved deposit is listed with what it is about, so the screen can word it.
    const deposits = await accounts.get('/api/transactions', { agent_id: agentA.id, type: 'deposit' });
    expect(deposits.body.data[0].subject).toMatchObject({ kind: 'deposit' });
    await expectRoleMatrix(as, (c) => c.get(`/api/transactions/${made.body.data.id}`), { accounts: 200, admin: 200, analyst: 200 });
  });

  it('dashboard shows balance, pending deposits, recent activity and six months of spend', async () => {
    const res = await agentA.client.get('/api/agent-dashboard');
    expect(res.status).toBe(200);
    expect(res.body.data.balance.amount).toBe(await balance(agentA.client));
    expect(res.body.data.spend_by_month).toHaveLength(6);
    expect(res.body.data.recent_activity.length).toBeGreaterThan(0);
    // agentA's approved deposit, with its bank, for the words "Deposit <reference> (<bank>)".
    expect(res.body.data.recent_activity.find((r: { type: string }) => r.type === 'deposit').subject).toMatchObject({ kind: 'deposit', method: 'bank', bank: expect.any(String) });
  });

  it("dashboard lists only the agent's own five most recent flight bookings, newest first", async () => {
    const agent = await newAgent(api, admin);
    const other = await newAgent(api, admin);
    const empty = await agent.client.get('/api/agent-dashboard');
    expect(empty.body.data.recent_bookings).toEqual([]);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const row = (userId: number, i: number, status: 'booked' | 'ticketed' | 'canceled') => ({
      pnr: `D${tag}${userId}X${i}`, supplier: 'test', offerId: `o-${tag}-${userId}-${i}`, userId, channel: 'agent' as const, status, paymentMethod: 'wallet' as const,
      contactEmail: 'a@example.com', contactPhone: '3001234567', contactCountry: 'PK', flightType: 'oneway', origin: 'KHI', destination: i % 2 ? 'DXB' : 'JED',
      departureDate: `2027-01-${String(10 + i).padStart(2, '0')}`, lastTravelDate: `2027-01-${String(10 + i).padStart(2, '0')}`, cabin: 'Y', itinerary: {}, supplierOrder: {},
      baseMinor: 10_000 * i, taxesMinor: 500, totalMinor: 10_000 * i + 500, currency: 'PKR', dupKey: `dup-${tag}-${userId}-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
    // The sixth is a multi-city trip: the dashboard names its whole route.
    const multi = { flightType: 'multi-city', itinerary: { journeys: [{ origin: 'KHI', destination: 'JED' }, { origin: 'JED', destination: 'DXB' }] } };
    await api.db.insert(bookings).values([1, 2, 3, 4, 5, 6, 7].map((i) => ({ ...row(agent.id, i, i === 7 ? 'canceled' : i % 2 ? 'booked' : 'ticketed'), ...(i === 6 ? multi : {}) })));
    await api.db.insert(bookings).values([row(other.id, 8, 'booked'), row(other.id, 9, 'ticketed')]);
    const res = await agent.client.get('/api/agent-dashboard');
    expect(res.status).toBe(200);
    const list = res.body.data.recent_bookings as { pnr: string; origin: string; destination: string; departure_date: string; status: string; total: { amount: string } }[];
    expect(list).toHaveLength(5);
    expect(list.map((b) => b.pnr)).toEqual([7, 6, 5, 4, 3].map((i) => `D${tag}${agent.id}X${i}`));
    expect(list[0]).toMatchObject({ origin: 'KHI', destination: 'DXB', multi_city_route: null, departure_date: '2027-01-17', status: 'canceled', total: { amount: '705.00' } });
    expect(list[1]).toMatchObject({ multi_city_route: ['KHI', 'JED', 'DXB'] });
    const others = (await other.client.get('/api/agent-dashboard')).body.data.recent_bookings as { pnr: string }[];
    expect(others.map((b) => b.pnr)).toEqual([9, 8].map((i) => `D${tag}${other.id}X${i}`));
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/transactions'), { accounts: 200, admin: 200, analyst: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/transactions', { agent_id: agentA.id, direction: 'credit', amount: '1', description: 'x' }), { accounts: 201, admin: 201 });
  });
});

describe('statement words', () => {
  it('an opening balance and a wallet ticket say what they are about; an unknown reference keeps its description', async () => {
    const agent = await newAgent(api, admin);
    const pnr = `W${Date.now().toString(36).toUpperCase().slice(-5)}`;
    await api.db.insert(bookings).values({
      pnr, supplier: 'test', offerId: `o-${pnr}`, userId: agent.id, channel: 'agent', status: 'ticketed', paymentMethod: 'wallet',
      contactEmail: 'a@example.com', contactPhone: '3001234567', contactCountry: 'PK', flightType: 'oneway', origin: 'KHI', destination: 'DXB',
      departureDate: '2027-02-01', lastTravelDate: '2027-02-01', cabin: 'Y', itinerary: {}, supplierOrder: {},
      baseMinor: 50_000, taxesMinor: 500, totalMinor: 50_500, currency: 'PKR', dupKey: `dup-${pnr}`,
    });
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 100_000, type: 'adjustment', reference: 'adjustment:opening', description: 'Opening balance' });
    await debitWallet(api.db, { agentId: agent.id, amountMinor: 50_500, type: 'booking', reference: `booking:${pnr}`, description: `Flight KHI-DXB 2027-02-01, PNR ${pnr}` });
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 100, type: 'adjustment', reference: 'adjustment:goodwill-1', description: 'Goodwill' });
    // A multi-city ticket names each of its airports.
    const mc = `M${pnr.slice(1)}`;
    await api.db.insert(bookings).values({
      pnr: mc, supplier: 'test', offerId: `o-${mc}`, userId: agent.id, channel: 'agent', status: 'ticketed', paymentMethod: 'wallet',
      contactEmail: 'a@example.com', contactPhone: '3001234567', contactCountry: 'PK', flightType: 'multi-city', origin: 'KHI', destination: 'DXB',
      departureDate: '2027-02-01', lastTravelDate: '2027-02-09', cabin: 'Y', itinerary: { journeys: [{ origin: 'KHI', destination: 'DXB' }, { origin: 'DXB', destination: 'IST' }] }, supplierOrder: {},
      baseMinor: 50_000, taxesMinor: 500, totalMinor: 50_500, currency: 'PKR', dupKey: `dup-${mc}`,
    });
    await debitWallet(api.db, { agentId: agent.id, amountMinor: 100, type: 'booking', reference: `booking:${mc}`, description: `Flight KHI-DXB 2027-02-01, PNR ${mc}` });
    const rows = (await agent.client.get('/api/agent-statment')).body.data.rows as { reference: string; subject: unknown }[];
    expect(rows.map((r) => r.subject)).toEqual([
      { kind: 'opening' },
      { kind: 'flight', pnr, origin: 'KHI', destination: 'DXB', date: '2027-02-01', multi_city_route: null },
      null,
      { kind: 'flight', pnr: mc, origin: 'KHI', destination: 'DXB', date: '2027-02-01', multi_city_route: ['KHI', 'DXB', 'IST'] },
    ]);
  });
});
