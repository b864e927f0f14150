import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { agencyOf } from '../agency/of';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, banks, deposits, users } from '../db/schema';
import { can } from '../../contract/permissions';
import { M } from '../../contract/fields';
import { type Deposit, type DepositInput } from '../../contract/deposits';
import { toMoney } from '../../contract/money';
import { conflict, notFound, validationError } from '../http/errors';
import { agentSummaries, iso } from '../agents/common';
import { assertUploadOwnedBy } from '../uploads/service';
import type { DepositRow } from './review';
import { depositSubmitted } from '../notifications/events';
import { statusAtCreation } from '../lifecycle/tables';

/**
 * Deposits (an agent's top-ups): recording, listing and deleting them. Approval, which moves money, is in
 * review.ts. An agent sees only its own deposits; staff with deposits.read or deposits.manage see all.
 */

export type { DepositRow } from './review';
export { reviewDeposit } from './review';

export type DepositStatus = DepositRow['status'];
interface Page { limit: number; offset: number }

export function toApiDeposit(d: DepositRow, agent?: Deposit['agent']): Deposit {
  return {
    id: d.id,
    agent_id: d.agentId,
    ...(agent ? { agent } : {}),
    method: d.method,
    bank_id: d.bankId,
    bank_name: d.bankName,
    amount: toMoney(d.amountMinor, d.currency),
    deposit_date: d.depositDate,
    reference: d.reference,
    receipt_file: d.receiptFile,
    note: d.note,
    status: d.status,
    rejection_reason: d.rejectionReason,
    reviewed_by: d.reviewedBy,
    reviewed_at: iso(d.reviewedAt),
    created_at: d.createdAt.toISOString(),
  };
}

/** Deposits as staff see them: each with its agent's name, email, company and code. */
export async function withAgents(db: DbOrTx, rows: DepositRow[]): Promise<Deposit[]> {
  const agents = await agentSummaries(db, rows.map((r) => r.agentId));
  return rows.map((r) => toApiDeposit(r, agents.get(r.agentId)));
}

export const readsAllDeposits = (user: SessionUser) => can(user.role, 'deposits.read') || can(user.role, 'deposits.manage');

/** A deposit the user may see: staff any, an agent only its own (anything else is "not found"). */
export async function visibleDeposit(db: DbOrTx, user: SessionUser, id: number): Promise<DepositRow> {
  const [d] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  if (!d || (!readsAllDeposits(user) && d.agentId !== agencyOf(user))) throw notFound('Deposit not found.');
  return d;
}

/** Records a pending deposit. `latestToday` is the latest calendar date anywhere: later dates are refused. */
export async function recordDeposit(ctx: AppContext, agent: SessionUser, input: DepositInput, latestToday: string): Promise<DepositRow> {
  if (input.deposit_date > latestToday) throw validationError({ deposit_date: [M.futureDate] });
  let bank: typeof banks.$inferSelect | undefined;
  if (input.method === 'bank') {
    [bank] = await ctx.db.select().from(banks).where(and(eq(banks.id, Number(input.bank_id)), eq(banks.isActive, true))).limit(1);
    if (!bank) throw validationError({ bank_id: [M.bank] });
  }
  // The receipt is a file the agent uploaded first (POST /uploads): images or PDF, checked by content there.
  if (input.receipt_file) await assertUploadOwnedBy(ctx.db, input.receipt_file, agent.id, { field: 'receipt_file' });
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(deposits).values({
      // A branch user tops up its agency's wallet, the one it books from.
      agentId: agencyOf(agent),
      status: statusAtCreation('deposit', 'SUBMIT'),
      method: input.method,
      bankId: bank?.id ?? null,
      bankName: bank?.name ?? null,
      amountMinor: input.amount,
      depositDate: input.deposit_date,
      reference: input.reference,
      receiptFile: input.receipt_file || null,
      note: input.note || null,
      createdAt: now,
      updatedAt: now,
    }).returning();
    await depositSubmitted(tx, ctx, row, agent);
    return row;
  });
}

export async function ownDeposits(db: DbOrTx, agentId: number, q: Page & { status?: DepositStatus | '' }) {
  const where = and(eq(deposits.agentId, agentId), q.status ? eq(deposits.status, q.status) : undefined);
  const rows = await db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await db.select({ n: count() }).from(deposits).where(where);
  return { rows, total: n };
}

/** Approved and pending totals of one agent's deposits. */
export async function depositTotals(db: DbOrTx, agentId: number) {
  const sumOf = async (status: DepositStatus) => {
    const [row] = await db.select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, n: count() })
      .from(deposits).where(and(eq(deposits.agentId, agentId), eq(deposits.status, status)));
    return { total: Number(row.total), n: row.n };
  };
  const [approved, pending] = [await sumOf('approved'), await sumOf('pending')];
  return { agent_id: agentId, total: toMoney(approved.total), count: approved.n, pending_total: toMoney(pending.total), pending_count: pending.n };
}

/** Deletes one of the agent's pending deposits; an approved or rejected one stays (409). */
export async function deletePendingDeposit(db: DbOrTx, agentId: number, id: number): Promise<void> {
  const gone = await db.delete(deposits).where(and(eq(deposits.id, id), eq(deposits.agentId, agentId), eq(deposits.status, 'pending'))).returning({ id: deposits.id });
  if (gone.length) return;
  const [d] = await db.select().from(deposits).where(and(eq(deposits.id, id), eq(deposits.agentId, agentId))).limit(1);
  if (!d) throw notFound('Deposit not found.');
  throw conflict(`An ${d.status} deposit cannot be deleted; only pending ones can.`);
}

/** Every agent's deposits for the back office: pending first, then newest; search by reference or agent. */
export async function allDeposits(db: DbOrTx, q: Page & { status?: DepositStatus | ''; agent_id?: number | ''; search?: string }) {
  const conds: (SQL | undefined)[] = [];
  if (q.status) conds.push(eq(deposits.status, q.status));
  if (q.agent_id) conds.push(eq(deposits.agentId, Number(q.agent_id)));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    conds.push(or(ilike(deposits.reference, like), ilike(users.name, like), ilike(users.email, like), ilike(agentProfiles.companyName, like), ilike(users.agentCode, like)));
  }
  const where = and(...conds);
  const rows = await db.select({ d: deposits }).from(deposits)
    .innerJoin(users, eq(users.id, deposits.agentId)).leftJoin(agentProfiles, eq(agentProfiles.userId, deposits.agentId))
    .where(where).orderBy(sql`case when ${deposits.status} = 'pending' then 0 else 1 end`, desc(deposits.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await db.select({ n: count() }).from(deposits)
    .innerJoin(users, eq(users.id, deposits.agentId)).leftJoin(agentProfiles, eq(agentProfiles.userId, deposits.agentId))
    .where(where);
  return { rows: rows.map((r) => r.d), total: n };
}
