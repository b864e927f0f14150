/**
 * Two postings of one (type, reference) at once, on two connections: the second waits for the wallet row the first
 * moved, and finds the first's claim only once it has moved the balance itself. It must move it back and answer as
 * the first posting, leaving one posting and a balance that is the sum of the entries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { creditWallet, debitWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
beforeAll(async () => { admin = await as('admin'); });

describe('a posting and its twin at once (PostgreSQL)', () => {
  it('posts once: the twin that waited moves the balance back and answers as the first', async () => {
    const agent = await newAgent(api, admin);
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 10_000, type: 'refund', reference: `twin-funds:${agent.id}`, description: 'funds' });
    const posting = { agentId: agent.id, amountMinor: 2_500, type: 'charge' as const, reference: `twin:${agent.id}`, description: 'a charge' };
    let commit!: () => void;
    const held = new Promise<void>((r) => { commit = r; });
    let posted!: () => void;
    const firstPosted = new Promise<void>((r) => { posted = r; });
    const first = api.db.transaction(async (tx) => {
      const r = await debitWallet(tx, posting);
      posted();
      await held;
      return r;
    });
    await firstPosted;
    // The twin's statement begins while the first holds the row, so its check cannot see the first's claim.
    const twin = debitWallet(api.db, { ...posting, description: 'the same charge again' });
    await new Promise((r) => setTimeout(r, 100));
    commit();
    const [a, b] = await Promise.all([first, twin]);
    expect(a).toMatchObject({ balanceMinor: 7_500, duplicate: false });
    expect(b).toEqual({ transactionId: a.transactionId, balanceMinor: 7_500, duplicate: true });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(7_500);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(7_500);
  });
});
