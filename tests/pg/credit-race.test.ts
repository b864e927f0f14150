import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { creditAlerts } from '../../server/db/schema';
import { creditWallet, debitWallet, ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Races only a real PostgreSQL server shows: separate connections, real row locks on the wallet. */
const api = await setupApi();
const as = identities(api);
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'credit-racer@example.com', phone: '+92 300 1112223', country: 'PK' };
let n = 0;
const pax = () => {
  n++;
  return {
    type: 'ADT', title: 'Mr', first_name: `Credit${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26) % 26)}`, last_name: 'Racer', gender: 'M',
    dob: '1985-01-01', nationality: 'PK', document_type: 'passport', document_no: `CR${4000000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
};
let admin: TestClient;
let accounts: TestClient;
beforeAll(async () => {
  expect(api.driver).toBe('postgres');
  admin = await as('admin');
  accounts = await as('accounts');
});

const setLimit = async (agentId: number, limit: string) => {
  const res = await accounts.put(`/api/agents/${agentId}/credit`, { limit });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('credit limit races (PostgreSQL)', () => {
  it('10 debits of 300 against balance 100 + credit 900: exactly 3 succeed, down to −800', async () => {
    const agent = await newAgent(api, admin);
    await setLimit(agent.id, '9.00');
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 100, type: 'refund', reference: `credit-race-in-${agent.id}`, description: 'x' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => debitWallet(api.db, { agentId: agent.id, amountMinor: 300, type: 'booking', reference: `credit-race-${agent.id}-${i}`, description: 'x' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 422, message: 'Insufficient Balance' });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(-800);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(-800);
    expect(await ledgerTotal(api.db)).toBe(0);
    // Available went 1000 → 700 → 400 → 100 of a 900 limit: one fall under 20 %, so one alert, whatever the order.
    const alerts = await api.db.select().from(creditAlerts).where(eq(creditAlerts.agentId, agent.id));
    expect(alerts.map((a) => a.level)).toEqual([20]);
  });

  it('parallel wallet bookings on credit never take the wallet past −limit', async () => {
    const agent = await newAgent(api, admin);
    await setLimit(agent.id, '100000.00');
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 20_000_00, type: 'deposit', reference: `credit-race-topup-${agent.id}`, description: 'x' });
    const start = await walletBalance(api.db, agent.id);
    const clients = await Promise.all(Array.from({ length: 8 }, () => api.client().login(agent.email, 'Agent-pass-1')));
    const results = await Promise.all(clients.map((c, i) => {
      const id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'IST', date: day(52), flight_no: `TK8${String(i).padStart(2, '0')}` }], airline: { code: 'TK', name: 'Turkish Airlines' } });
      return c.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'wallet', agent_markup: '0' });
    }));
    const won = results.filter((r) => r.status === 201).length;
    expect(won).toBeGreaterThan(0);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 422 && r.body.message === 'Insufficient Balance')).toBe(true);
    const after = await walletBalance(api.db, agent.id);
    const price = (start.balanceMinor - after.balanceMinor) / won;
    // Every booking costs the same: exactly as many won as balance + credit covered, and one more would not fit.
    expect(won).toBe(Math.min(8, Math.floor(start.availableMinor / price)));
    expect(after.balanceMinor).toBeGreaterThanOrEqual(-100_000_00);
    if (won < 8) expect(after.availableMinor).toBeLessThan(price);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(after.balanceMinor);
  });

  it('a limit lowered while debits run: the wallet ends within whichever limit stands', async () => {
    const agent = await newAgent(api, admin);
    await setLimit(agent.id, '50.00');
    const debits = Array.from({ length: 6 }, (_, i) => debitWallet(api.db, { agentId: agent.id, amountMinor: 1_000, type: 'booking', reference: `credit-lower-${agent.id}-${i}`, description: 'x' }));
    const [lower] = await Promise.all([accounts.put(`/api/agents/${agent.id}/credit`, { limit: '20.00' }), Promise.allSettled(debits)]);
    expect([200, 422]).toContain(lower.status);
    const w = await walletBalance(api.db, agent.id);
    expect(w.balanceMinor).toBeGreaterThanOrEqual(-w.creditLimitMinor);
    if (lower.status === 422) expect(lower.body.errors.limit[0]).toMatch(/Credit used: PKR \d+\.00\./);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(w.balanceMinor);
  });
});
