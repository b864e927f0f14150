import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { creditWallet } from '../../server/ledger/service';
import { WALLET_HEADER, walletOf } from '../../contract/http';

const api = await setupApi();
const agent = await api.as('agent');
const agentId: number = (await agent.get('/api/user')).body.data.id;
const polled = async () => walletOf((await agent.get('/api/notifications/unread-count')).headers.get(WALLET_HEADER))?.amount;
const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);

describe("the agent's wallet on answers (kept between writes to the wallets)", () => {
  it('follows a staff charge, a credit and a write made outside the app, poll after poll', async () => {
    await creditWallet(api.db, { agentId, amountMinor: 100_000, type: 'deposit', reference: 'test:header-float', description: 'float' });
    const start = cents(await polled());
    expect(cents(await polled())).toBe(start); // the second poll answers from what the first read
    const accounts = await api.as('accounts');
    const charged = await accounts.post('/api/save-agent-charges', { agent_id: agentId, type: 'charge', amount: '15', description: 'header cache check' });
    expect(charged.status, JSON.stringify(charged.body)).toBeLessThan(300);
    expect(cents(await polled())).toBe(start - 1500);
    await creditWallet(api.db, { agentId, amountMinor: 2500, type: 'deposit', reference: 'test:header-cache', description: 'header cache check' });
    expect(cents(await polled())).toBe(start + 1000);
    await api.db.execute(sql`update wallets set balance_minor = balance_minor + 1 where agent_id = ${agentId}`);
    expect(cents(await polled())).toBe(start + 1001);
  });

  it('is on no other read, and on no anonymous answer', async () => {
    expect((await agent.get('/api/user')).headers.get(WALLET_HEADER)).toBeNull();
    const guest = await api.as('anonymous');
    expect((await guest.get('/api/notifications/unread-count')).headers.get(WALLET_HEADER)).toBeNull();
  });
});
