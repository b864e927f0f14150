import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent, newBank } from '../support/agents';
import { ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

const api = await setupApi();
// Raw SQL answers differ in type between drivers; both carry rows.
const rows = async <T = unknown>(q: SQL) => ((await api.db.execute(q)) as unknown as { rows: T[] }).rows;
const as = identities(api);
let admin: TestClient;
let accounts: TestClient;
let bank: { id: number };
beforeAll(async () => {
  admin = await as('admin');
  accounts = await as('accounts');
  bank = await newBank(admin);
});

/** Small deterministic PRNG so a failure can be replayed from its seed. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHARGES = ['charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void'] as const;

describe('ledger invariants under a random sequence (PostgreSQL)', () => {
  it.each([1, 2, 3])('seed %i: statement closing = wallet balance = sum of entries; ledger sums to zero', async (seed) => {
    const rnd = mulberry32(seed * 7919);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const agents = [await newAgent(api, admin), await newAgent(api, admin), await newAgent(api, admin)];
    const pending: { id: number; agent: number }[] = [];
    const staff = [accounts, admin];
    for (let step = 0; step < 12; step++) {
      // A batch of operations sent at once, on several connections.
      const batch: Promise<unknown>[] = [];
      for (let k = 0; k < 5; k++) {
        const agent = pick(agents);
        const amount = (Math.floor(rnd() * 200_000) + 1) / 100;
        const op = rnd();
        if (op < 0.3) {
          batch.push(agent.client.post('/api/deposit-data', { method: 'bank', bank_id: bank.id, amount: amount.toFixed(2), deposit_date: new Date().toISOString().slice(0, 10), reference: `R${seed}-${step}-${k}` }).then((r) => {
            if (r.status === 201) pending.push({ id: r.body.data.id, agent: agent.id });
          }));
        } else if (op < 0.55 && pending.length) {
          const d = pending[Math.floor(rnd() * pending.length)];
          const reject = rnd() < 0.25;
          batch.push(pick(staff).put(`/api/update-deposit-status/${d.id}`, reject ? { status: 'rejected', reason: 'no' } : { status: 'approved' }).then((r) => expect([200, 409]).toContain(r.status)));
        } else if (op < 0.9) {
          batch.push(pick(staff).post('/api/save-agent-charges', { agent_id: agent.id, type: pick(CHARGES), amount: amount.toFixed(2), description: `step ${step}` }).then((r) => expect([201, 422]).toContain(r.status)));
        } else {
          batch.push(pick(staff).post('/api/transactions', { agent_id: agent.id, direction: rnd() < 0.5 ? 'credit' : 'debit', amount: amount.toFixed(2), description: 'adj' }).then((r) => expect([201, 422]).toContain(r.status)));
        }
      }
      await Promise.all(batch);
    }
    for (const agent of agents) {
      const st = await accounts.get('/api/agent-statment', { agent_id: agent.id });
      const wallet = await walletBalance(api.db, agent.id);
      const fromEntries = await walletBalanceFromEntries(api.db, agent.id);
      const closingMinor = Math.round(Number(st.body.data.closing_balance.amount) * 100);
      expect(closingMinor).toBe(wallet.balanceMinor);
      expect(fromEntries).toBe(wallet.balanceMinor);
      expect(wallet.balanceMinor).toBeGreaterThanOrEqual(0);
      // The running balance steps by each row's credit − debit.
      let running = Math.round(Number(st.body.data.opening_balance.amount) * 100);
      for (const row of st.body.data.rows) {
        running += Math.round(Number(row.credit.amount) * 100) - Math.round(Number(row.debit.amount) * 100);
        expect(Math.round(Number(row.balance.amount) * 100)).toBe(running);
      }
      // Approved deposits and their credits agree.
      const [dep] = await rows<{ s: string }>(sql`select coalesce(sum(amount_minor),0)::bigint as s from deposits where agent_id = ${agent.id} and status = 'approved'`);
      const [cred] = await rows<{ s: string }>(sql`select coalesce(sum(e.amount_minor),0)::bigint as s from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where e.account = 'wallet' and e.agent_id = ${agent.id} and t.type = 'deposit'`);
      expect(Number(cred.s)).toBe(Number(dep.s));
    }
    expect(await ledgerTotal(api.db)).toBe(0);
    const unbalanced = await rows(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_minor) <> 0`);
    expect(unbalanced).toEqual([]);
  });
});
