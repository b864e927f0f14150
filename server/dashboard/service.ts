import { and, count, eq, gt, lte, min, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { SessionUser } from '../context';
import { bookings, deposits, users } from '../db/schema';
import { hasSection, type BackOfficeDashboard, type Section } from '../../contract/dashboard';
import { toMoney } from '../../contract/money';
import { addDays, getBookingSettings, localDay, startOfLocalDay, voidWindowClosesAt } from '../booking-ops/settings';
import { dailySales, salesByProduct, topAgents, type Window } from './sales';

const may = (user: SessionUser, s: Section) => hasSection(user.role, s);
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** Today, this month and the last 30 days, in the back office's calendar (the booking setting's time zone). */
export function windowOf(now: Date, timeZone: string) {
  const today = localDay(now, timeZone);
  const end = startOfLocalDay(addDays(today, 1), timeZone);
  const chartFromDay = addDays(today, -29);
  const w: Window = { todayStart: startOfLocalDay(today, timeZone), monthStart: startOfLocalDay(`${today.slice(0, 7)}-01`, timeZone), end };
  return { today, w, chart: { from: startOfLocalDay(chartFromDay, timeZone), to: end, fromDay: chartFromDay, days: 30 } };
}

/** Flight holds (status booked) that lapse within the next hour, for everyone or one agent. */
export async function expiringHolds(db: DbOrTx, now: Date, agentId?: number) {
  const [h] = await db.select({ n: count(), soonest: min(bookings.holdExpiresAt) }).from(bookings)
    .where(and(eq(bookings.status, 'booked'), gt(bookings.holdExpiresAt, now), lte(bookings.holdExpiresAt, new Date(now.getTime() + 3_600_000)),
      agentId === undefined ? undefined : eq(bookings.userId, agentId)));
  return { count: h.n, soonest: iso(h.soonest) };
}

/** The back-office home: each section computed only when the caller's role may see it (SECTION_RULES). */
export async function backOfficeDashboard(db: DbOrTx, user: SessionUser, now: Date): Promise<BackOfficeDashboard> {
  const settings = await getBookingSettings(db);
  const { currency, timeZone } = settings;
  const out: BackOfficeDashboard = { now: now.toISOString() };
  if (may(user, 'topups')) {
    const [d] = await db.select({ n: count(), total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)`, oldest: min(deposits.createdAt) })
      .from(deposits).where(eq(deposits.status, 'pending'));
    out.topups = { count: d.n, total: toMoney(Number(d.total), currency), oldest: iso(d.oldest) };
  }
  if (may(user, 'pending_agents')) {
    const [a] = await db.select({ n: count(), oldest: min(users.createdAt) }).from(users)
      .where(and(eq(users.role, 'agent'), eq(users.isApproved, false), ne(users.status, 'deleted')));
    out.pending_agents = { count: a.n, oldest: iso(a.oldest) };
  }
  if (may(user, 'voids')) {
    // The window closes at the midnight after the issuing day: the earliest ticket has the soonest deadline, and a
    // ticket issued today is due tonight (one issued earlier is already past its window and waits to be declined).
    const [v] = await db.select({
      n: count(), first: min(bookings.ticketedAt),
      tonight: sql<number>`count(*) filter (where ${bookings.ticketedAt} >= ${windowOf(now, timeZone).w.todayStart.toISOString()})`,
    }).from(bookings).where(eq(bookings.status, 'requested'));
    // Refund requests wait in the same queue (after the void window, so no deadline tonight).
    const [r] = await db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'refund_requested'));
    out.voids = { count: v.n + r.n, due_tonight: Number(v.tonight), soonest: v.first ? voidWindowClosesAt(new Date(v.first), timeZone).toISOString() : null, refunds: r.n };
  }
  if (may(user, 'holds')) out.holds = await expiringHolds(db, now);
  if (may(user, 'sales')) {
    const { today, w, chart } = windowOf(now, timeZone);
    const { byProduct } = await salesByProduct(db, w, currency);
    out.sales = { today, by_product: byProduct, daily: await dailySales(db, chart, timeZone, currency) };
    out.top_agents = await topAgents(db, w.monthStart, w.end, currency);
  }
  return out;
}
