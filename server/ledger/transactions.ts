import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { ledgerEntries, ledgerTransactions } from '../db/schema';
import type { Charge, LedgerType, TransactionInput } from '../../contract/agents';
import { toMoney } from '../../contract/money';
import { notFound } from '../http/errors';
import { agentSummaries, requireAgentUser } from '../agents/common';
import { creditWallet, debitWallet } from './service';

/** A ledger transaction as accounts staff see it: its wallet side says whether the agent was credited or debited. */
const toApiTx = (t: typeof ledgerTransactions.$inferSelect, walletAmount: number, agent?: Charge['agent']) => ({
  id: t.id,
  agent_id: t.agentId,
  ...(agent ? { agent } : {}),
  type: t.type,
  reference: t.reference,
  description: t.description,
  direction: walletAmount >= 0 ? 'credit' : 'debit',
  amount: toMoney(Math.abs(walletAmount), t.currency),
  created_by: t.createdBy,
  created_at: t.createdAt.toISOString(),
});

export async function listTransactions(db: DbOrTx, filter: { agentId?: number; type?: LedgerType }, page: { limit: number; offset: number }) {
  const where = and(filter.agentId ? eq(ledgerTransactions.agentId, filter.agentId) : undefined, filter.type ? eq(ledgerTransactions.type, filter.type) : undefined);
  const rows = await db.select().from(ledgerTransactions).where(where).orderBy(desc(ledgerTransactions.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: count() }).from(ledgerTransactions).where(where);
  const entries = rows.length
    ? await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.account, 'wallet'), inArray(ledgerEntries.transactionId, rows.map((r) => r.id))))
    : [];
  const amount = new Map(entries.map((e) => [e.transactionId, e.amountMinor]));
  const agents = await agentSummaries(db, rows.map((r) => r.agentId));
  return { data: rows.map((t) => toApiTx(t, amount.get(t.id) ?? 0, agents.get(t.agentId))), total: n };
}

/** An adjustment posted by staff; a retry with the same idempotency key posts once (`duplicate` says so). */
export async function recordTransaction(ctx: AppContext, staff: SessionUser, input: TransactionInput, key: string) {
  await requireAgentUser(ctx.db, input.agent_id);
  const posting = { agentId: input.agent_id, amountMinor: input.amount, type: 'adjustment' as const, reference: `adjustment:${key}`, description: input.description, createdBy: staff.id, at: ctx.now() };
  const res = input.direction === 'credit' ? await creditWallet(ctx.db, posting) : await debitWallet(ctx.db, posting);
  const [t] = await ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, res.transactionId));
  return { data: toApiTx(t, input.direction === 'credit' ? input.amount : -input.amount), duplicate: res.duplicate };
}

/** Amounts never change once posted (a correction is a new transaction); only the wording may. */
export async function redescribeTransaction(db: DbOrTx, id: number, description: string) {
  const [t] = await db.update(ledgerTransactions).set({ description }).where(eq(ledgerTransactions.id, id)).returning();
  if (!t) throw notFound('Transaction not found.');
  const [e] = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.transactionId, id), eq(ledgerEntries.account, 'wallet')));
  return toApiTx(t, e?.amountMinor ?? 0);
}
