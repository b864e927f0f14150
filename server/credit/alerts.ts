/**
 * Telling agents and accounts staff about credit: the low-funds alerts the ledger queues (one per crossing of
 * 40 % or 20 % of the limit), and a daily "payments due" summary. Both are safe on several servers and across
 * restarts: an alert is claimed (sent_at set) in the transaction that writes its notices, and the summary's
 * notices carry a dedupe key per day, so a second run writes and mails nothing.
 */
import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import type { AppContext } from '../context';
import { agentProfiles, bookings, creditAlerts, users, wallets } from '../db/schema';
import { notifyAgent, notifyStaff } from '../notifications/service';

const DAY_MS = 86_400_000;
/** Holds expiring this far ahead count as payments due. */
export const PAYMENTS_DUE_HOLD_DAYS = 3;
const staffLink = (agentId: number) => `/admin/agent-credit?id=${agentId}`;

/** Sends the queued low-credit alerts; returns how many this run sent. */
export async function deliverCreditAlerts(ctx: AppContext, limit = 100): Promise<number> {
  const due = await ctx.db.select({ id: creditAlerts.id }).from(creditAlerts).where(isNull(creditAlerts.sentAt)).orderBy(asc(creditAlerts.id)).limit(limit);
  let sent = 0;
  for (const { id } of due) {
    sent += await ctx.db.transaction(async (tx) => {
      const [a] = await tx.update(creditAlerts).set({ sentAt: ctx.now() }).where(and(eq(creditAlerts.id, id), isNull(creditAlerts.sentAt))).returning();
      if (!a) return 0; // another server took it
      const [agent] = await tx.select({ name: users.name, company: agentProfiles.companyName }).from(users)
        .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(eq(users.id, a.agentId)).limit(1);
      const available = toMoney(a.availableMinor, a.currency);
      const params = { amount: available.amount, currency: a.currency, limit: toMoney(a.limitMinor, a.currency).amount, level: a.level };
      const base = { subject: { type: 'user' as const, id: a.agentId }, dedupeKey: `credit-low:${a.id}` };
      await notifyAgent(tx, ctx, a.agentId, { ...base, kind: 'credit_low', link: '/agent/agent-ledger', params });
      await notifyStaff(tx, ctx, 'ledger.manage', { ...base, kind: 'agent_credit_low', link: staffLink(a.agentId), params: { ...params, agent: agent?.name ?? '', company: agent?.company ?? '' } });
      return 1;
    });
  }
  return sent;
}

export interface PaymentsDueRow { agentId: number; name: string; balanceMinor: number; creditLimitMinor: number; currency: string; holds: number }

/**
 * Agents with money due: credit in use up to (or past) the whole limit, or flight holds they must pay within the
 * next days. Using some credit alone is not yet due: the daily summary is for what needs settling now.
 */
export async function paymentsDue(ctx: AppContext): Promise<PaymentsDueRow[]> {
  const now = ctx.now();
  const holdCounts = ctx.db.select({ agentId: bookings.userId, holds: count().as('holds') }).from(bookings)
    .where(and(eq(bookings.status, 'booked'), eq(bookings.channel, 'agent'), gt(bookings.holdExpiresAt, now), lte(bookings.holdExpiresAt, new Date(now.getTime() + PAYMENTS_DUE_HOLD_DAYS * DAY_MS))))
    .groupBy(bookings.userId).as('h');
  const rows = await ctx.db
    .select({ agentId: users.id, name: users.name, balanceMinor: wallets.balanceMinor, creditLimitMinor: wallets.creditLimitMinor, currency: wallets.currency, holds: holdCounts.holds })
    .from(users)
    .leftJoin(wallets, eq(wallets.agentId, users.id))
    .leftJoin(holdCounts, eq(holdCounts.agentId, users.id))
    .where(and(eq(users.role, 'agent'), eq(users.status, 'active'), or(
      and(gt(wallets.creditLimitMinor, 0), lte(sql`${wallets.balanceMinor} + ${wallets.creditLimitMinor}`, 0)),
      gt(holdCounts.holds, 0),
    )))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ agentId: r.agentId, name: r.name, balanceMinor: r.balanceMinor ?? 0, creditLimitMinor: r.creditLimitMinor ?? 0, currency: r.currency ?? 'PKR', holds: Number(r.holds ?? 0) }));
}

/** The daily summary: one notice and mail per agent with payments due, and one to accounts staff listing them. */
export async function sendPaymentsDue(ctx: AppContext): Promise<number> {
  const due = await paymentsDue(ctx);
  if (!due.length) return 0;
  const day = ctx.now().toISOString().slice(0, 10);
  const dedupeKey = `payments-due:${day}`;
  await ctx.db.transaction(async (tx) => {
    for (const r of due) {
      const owed = toMoney(Math.max(0, -r.balanceMinor), r.currency);
      await notifyAgent(tx, ctx, r.agentId, {
        kind: 'payments_due', subject: { type: 'user', id: r.agentId }, link: '/agent/agent-ledger', dedupeKey,
        params: { amount: owed.amount, currency: r.currency, limit: toMoney(r.creditLimitMinor, r.currency).amount, holds: r.holds },
      });
    }
    await notifyStaff(tx, ctx, 'ledger.manage', {
      kind: 'agents_payments_due', subject: { type: 'user', id: due[0].agentId }, link: '/admin/transactions', dedupeKey,
      params: { agents: due.length, list: due.slice(0, 20).map((r) => r.name).join(', ') },
    });
  });
  return due.length;
}
