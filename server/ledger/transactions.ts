import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { ledgerEntries, ledgerTransactions } from '../db/schema';
import type { Charge, LedgerSubject, LedgerTransaction, LedgerType, TransactionInput } from '../../contract/ledger';
import { toMoney } from '../../contract/money';
import { notFound } from '../http/errors';
import { agentSummaries, requireAgentUser } from '../agents/common';
import { creditWallet, debitWallet } from './service';
import { ledgerSubjects } from './subjects';
import { validationError } from '../http/errors';

/** A ledger transaction as accounts staff see it: its wallet side says whether the agent was credited or debited. */
const toApiTx = (t: typeof ledgerTransactions.$inferSelect, walletAmount: number, agent?: Charge['agent'], subject: LedgerSubject | null = null): LedgerTransaction => ({
  id: t.id,
  agent_id: t.agentId,
  ...(agent ? { agent } : {}),
  type: t.type,
  reference: t.reference,
  description: t.description,
  subject,
  direction: walletAmount >= 0 ? 'credit' : 'debit',
  amount: toMoney(Math.abs(walletAmount), t.currency),
  created_by: t.createdBy,
  created_at: t.createdAt.toISOString(),
});

export interface TransactionFilter { agentId?: number; type?: LedgerType; from?: string; to?: string }

/** Days are whole UTC days, as on the statement: `to` includes its own day. */
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

/** Transactions newest first, each with its agent and what it is about (for words in the reader's language). */
export async function listTransactions(db: DbOrTx, filter: TransactionFilter, page: { limit: number; offset: number }) {
  if (filter.from && filter.to && filter.from > filter.to) throw validationError({ to: ['The end date must be on or after the start date.'] });
  const where = and(
    filter.agentId ? eq(ledgerTransactions.agentId, filter.agentId) : undefined,
    filter.type ? eq(ledgerTransactions.type, filter.type) : undefined,
    filter.from ? gte(ledgerTransactions.createdAt, dayStart(filter.from)) : undefined,
    filter.to ? lt(ledgerTransactions.createdAt, dayAfter(filter.to)) : undefined,
  );
  const rows = await db.select().from(ledgerTransactions).where(where).orderBy(desc(ledgerTransactions.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: count() }).from(ledgerTransactions).where(where);
  return { data: await withDetails(db, rows), total: n };
}

/** One transaction, for the screen that rewords it. */
export async function getTransaction(db: DbOrTx, id: number) {
  const rows = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  if (!rows.length) throw notFound('Transaction not found.');
  return (await withDetails(db, rows))[0];
}

async function withDetails(db: DbOrTx, rows: (typeof ledgerTransactions.$inferSelect)[]): Promise<LedgerTransaction[]> {
  if (!rows.length) return [];
  const [entries, agents, subjects] = await Promise.all([
    db.select().from(ledgerEntries).where(and(eq(ledgerEntries.account, 'wallet'), inArray(ledgerEntries.transactionId, rows.map((r) => r.id)))),
    agentSummaries(db, rows.map((r) => r.agentId)),
    ledgerSubjects(db, rows.map((r) => r.reference)),
  ]);
  const amount = new Map(entries.map((e) => [e.transactionId, e.amountMinor]));
  return rows.map((t) => toApiTx(t, amount.get(t.id) ?? 0, agents.get(t.agentId), subjects.get(t.reference) ?? null));
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
  return (await withDetails(db, [t]))[0];
}
