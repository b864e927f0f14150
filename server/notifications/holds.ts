import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { bookings, notifications, users } from '../db/schema';
import { holdExpiring } from './events';

const HOUR_MS = 3_600_000;

/**
 * Agent holds that expire within the hour get one notice (agent and reservation staff) per booking. Safe on
 * several servers and across restarts: the notices carry a dedupe key unique per recipient, and the mail is
 * queued only for a notice this run wrote, in its transaction.
 */
export async function warnExpiringHolds(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.select({ b: bookings, agentName: users.name }).from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(
      eq(bookings.status, 'booked'), eq(bookings.channel, 'agent'),
      gt(bookings.holdExpiresAt, now), lte(bookings.holdExpiresAt, new Date(now.getTime() + HOUR_MS)),
      notExists(ctx.db.select({ one: sql`1` }).from(notifications).where(and(
        eq(notifications.userId, bookings.userId), eq(notifications.dedupeKey, sql`'hold-expiring:' || ${bookings.id}`),
      ))),
    ))
    .orderBy(bookings.holdExpiresAt).limit(limit);
  for (const { b, agentName } of due) await ctx.db.transaction((tx) => holdExpiring(tx, ctx, b, agentName));
  return due.length;
}
