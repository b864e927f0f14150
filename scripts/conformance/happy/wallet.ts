/**
 * The demo agent's wallet, read before the happy paths and put back after them: bookings paid from it, deposits
 * approved into it, charges and transactions all move it, and one opposite transaction at the end leaves its
 * balance as it was (each movement stays in its history).
 */
import type { Happy } from './runner';

interface Balance { agent_id: number; balance: { amount: string; currency: string } }

const minor = (amount: string) => Math.round(Number(amount) * 100);

export async function walletBalance(h: Happy): Promise<Balance> {
  return (await h.read<{ data: Balance }>('agent', '/api/wallet-balance')).data;
}

/** Money for the run's bookings, whatever the demo wallet holds now (the run ends by putting the balance back). */
export async function fundWallet(h: Happy, agentId: number) {
  await h.write('accounts', 'POST /api/transactions', { agent_id: agentId, direction: 'credit', amount: '2000000.00', description: h.name('funds the run\'s bookings') });
}

/** One transaction for the difference between the balance now and `before`, so the balance is `before` again. */
export async function restoreWallet(h: Happy, before: Balance) {
  const now = await walletBalance(h);
  const diff = minor(before.balance.amount) - minor(now.balance.amount);
  if (diff === 0) return;
  await h.write('accounts', 'POST /api/transactions', {
    agent_id: before.agent_id, direction: diff > 0 ? 'credit' : 'debit', amount: (Math.abs(diff) / 100).toFixed(2), description: h.name('puts the wallet back as it was'),
  });
}
