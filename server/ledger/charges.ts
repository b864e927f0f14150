import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentCharges, users, type ChargeParts } from '../db/schema';
import { CREDIT_CHARGES, type Charge, type ChargeInput, type ChargeType } from '../../contract/ledger';
import { M } from '../../contract/fields';
import { DEFAULT_CURRENCY, toMoney } from '../../contract/money';
import { ApiError, validationError } from '../http/errors';
import { agentSummaries } from '../agents/common';
import { creditWallet, debitWallet, INSUFFICIENT_BALANCE, type Posting, type PostResult } from './service';

/** The message for any refused charge; the field that caused it says why. */
export const CHARGE_FAILED = 'Agent charges failed to save.';

export type ChargeRow = typeof agentCharges.$inferSelect;
export const toApiCharge = (r: ChargeRow, agent?: Charge['agent']): Charge => ({
  id: r.id,
  agent_id: r.agentId,
  ...(agent ? { agent } : {}),
  type: r.type,
  direction: CREDIT_CHARGES.includes(r.type) ? 'credit' : 'debit',
  amount: toMoney(r.amountMinor, r.currency),
  description: r.description,
  booking_reference: r.bookingReference,
  transaction_id: r.transactionId,
  parts: r.parts ? { fare_difference: toMoney(r.parts.fare_difference, r.currency), change_fee: toMoney(r.parts.change_fee, r.currency), service_charge: toMoney(r.parts.service_charge, r.currency) } : null,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

/**
 * Staff charge (or credit) an agent: the charge and its wallet posting are one transaction, so a charge never
 * exists without its ledger entry; a debit the wallet cannot cover is refused with "Insufficient Balance".
 */
export async function recordCharge(ctx: AppContext, staff: SessionUser, input: ChargeInput): Promise<Charge> {
  const [agent] = await ctx.db.select().from(users).where(and(eq(users.id, input.agent_id), eq(users.role, 'agent'))).limit(1);
  if (!agent || agent.status === 'deleted') throw validationError({ agent_id: [M.agent] }, CHARGE_FAILED);
  const now = ctx.now();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [charge] = await tx
        .insert(agentCharges)
        .values({ agentId: agent.id, type: input.type, amountMinor: input.amount, description: input.description, bookingReference: input.booking_reference || null, createdBy: staff.id, createdAt: now })
        .returning();
      const posting = { agentId: agent.id, amountMinor: input.amount, type: input.type, reference: `charge:${charge.id}`, description: input.description, createdBy: staff.id, at: now };
      const res = CREDIT_CHARGES.includes(input.type) ? await creditWallet(tx, posting) : await debitWallet(tx, posting);
      const [saved] = await tx.update(agentCharges).set({ transactionId: res.transactionId }).where(eq(agentCharges.id, charge.id)).returning();
      return saved;
    });
    const agents = await agentSummaries(ctx.db, [agent.id]);
    return toApiCharge(row, agents.get(agent.id));
  } catch (err) {
    if (err instanceof ApiError && err.message === INSUFFICIENT_BALANCE) throw new ApiError(422, CHARGE_FAILED, { amount: [INSUFFICIENT_BALANCE] });
    throw err;
  }
}

/** One page of charges, newest first, for one agent or all. */
export async function listCharges(db: DbOrTx, filter: { agentId?: number; type?: ChargeType }, page: { limit: number; offset: number }) {
  const where = and(filter.agentId ? eq(agentCharges.agentId, filter.agentId) : undefined, filter.type ? eq(agentCharges.type, filter.type) : undefined);
  const rows = await db.select().from(agentCharges).where(where).orderBy(desc(agentCharges.id)).limit(page.limit).offset(page.offset);
  const [{ n }] = await db.select({ n: count() }).from(agentCharges).where(where);
  const agents = await agentSummaries(db, rows.map((r) => r.agentId));
  return { data: rows.map((r) => toApiCharge(r, agents.get(r.agentId))), total: n };
}

/**
 * A charge the system takes with the change it pays for (a date change), in the caller's transaction: the wallet
 * debit, and the charge row that lists it under Other charges and on the booking's documents, part by part.
 */
export async function postBookingCharge(tx: DbOrTx, p: Posting & { type: ChargeType }, bookingReference: string, parts: ChargeParts): Promise<PostResult & { charge: ChargeRow | null }> {
  const res = await debitWallet(tx, p);
  if (res.duplicate) return { ...res, charge: null };
  const [charge] = await tx.insert(agentCharges).values({
    agentId: p.agentId, type: p.type, amountMinor: p.amountMinor, currency: p.currency ?? DEFAULT_CURRENCY, description: p.description,
    bookingReference, transactionId: res.transactionId, createdBy: p.createdBy ?? null, parts, ...(p.at ? { createdAt: p.at } : {}),
  }).returning();
  return { ...res, charge };
}

/** The charges posted to an agent for one booking (its PNR or reference, in any letter case), oldest first. */
export function chargesForBooking(db: DbOrTx, agentId: number, reference: string): Promise<ChargeRow[]> {
  return db.select().from(agentCharges)
    .where(and(eq(agentCharges.agentId, agentId), sql`upper(trim(${agentCharges.bookingReference})) = ${reference.trim().toUpperCase()}`))
    .orderBy(asc(agentCharges.id));
}
