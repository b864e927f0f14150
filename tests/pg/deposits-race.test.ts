import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent, newBank, newDeposit } from '../support/agents';
import { debitWallet, creditWallet, walletBalance, walletBalanceFromEntries, ledgerTotal } from '../../server/ledger/service';

/** Races only a real server shows: several connections at once (node-postgres pool). */
const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let accounts: TestClient;
let bank: { id: number };
beforeAll(async () => {
  expect(api.driver).toBe('postgres');
  admin = await as('admin');
  accounts = await as('accounts');
  bank = await newBank(admin);
});

describe('deposit approval races (PostgreSQL)', () => {
  it('two staff approving the same deposit at once credit it once', async () => {
    const agent = await newAgent(api, admin);
    for (let round = 0; round < 5; round++) {
      const d = await newDeposit(agent.client, bank.id, '1000.00');
      const results = await Promise.all([
        accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' }),
        admin.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    }
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(5 * 100_000);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(5 * 100_000);
  });

  it('an approval racing a rejection: exactly one wins, and the wallet matches the winner', async () => {
    const agent = await newAgent(api, admin);
    const d = await newDeposit(agent.client, bank.id, '500.00');
    const [a, r] = await Promise.all([
      accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' }),
      admin.put(`/api/update-deposit-status/${d.id}`, { status: 'rejected', reason: 'Duplicate' }),
    ]);
    expect([a.status, r.status].sort()).toEqual([200, 409]);
    const expected = a.status === 200 ? 50_000 : 0;
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(expected);
  });

  it('an agent deleting a deposit while staff approve it: never both', async () => {
    const agent = await newAgent(api, admin);
    const d = await newDeposit(agent.client, bank.id, '250.00');
    const [del, ok] = await Promise.all([agent.client.delete(`/api/delete-deposit-data/${d.id}`), accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' })]);
    if (del.status === 200) {
      expect(ok.status).toBe(404);
      expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(0);
    } else {
      expect([del.status, ok.status]).toEqual([409, 200]);
      expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(25_000);
    }
  });
});

describe('concurrent debits (PostgreSQL)', () => {
  it('never overdraw: 10 debits of 300 against 1000 → exactly 3 succeed', async () => {
    const agent = await newAgent(api, admin);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 1000, type: 'refund', reference: `race-credit-${agent.id}`, description: 'x' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => debitWallet(api.db, { agentId: agent.id, amountMinor: 300, type: 'booking', reference: `race-${agent.id}-${i}`, description: 'x' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 422, message: 'Insufficient Balance' });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(100);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(100);
  });

  it('the same (type, reference) posted from 8 connections at once posts once', async () => {
    const agent = await newAgent(api, admin);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => creditWallet(api.db, { agentId: agent.id, amountMinor: 700, type: 'void', reference: `void-once-${agent.id}`, description: 'x' })),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(700);
    expect(await ledgerTotal(api.db)).toBe(0);
  });
});
