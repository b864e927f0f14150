/**
 * Price alerts of one owner: started at the price the owner sees now (their role's margins), listed with the price
 * last priced (at the start, then by the daily job) and when, removed by the owner or from the mail's signed link.
 * Listing searches nothing: an owner with fifty watches would otherwise wait for fifty supplier searches per read.
 * A second watch on the same route and dates is a conflict, found by the unique key rather than a look first, so
 * two quick clicks store one alert.
 */
import { and, desc, eq } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import { PRICE_ALERT_MESSAGES, priceAlertSearchPath, type PriceAlert, type PriceAlertWatch } from '../../contract/price-alerts';
import type { Cabin } from '../../contract/flight-choices';
import { todayInZone } from '../../contract/flights';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { priceAlerts } from '../db/schema';
import { hmac, safeEqual } from '../auth/crypto';
import { conflict, notFound } from '../http/errors';
import { pricingFor } from '../pricing';
import { quoteWatch } from './quote';

export type AlertRow = typeof priceAlerts.$inferSelect;
type Owner = Pick<SessionUser, 'id' | 'role'>;

/** One key per route and dates: the same search watched twice is the same alert. */
export const watchKeyOf = (w: PriceAlertWatch) => [w.origin, w.destination, w.month ?? w.departure_date, w.return_date ?? ''].join('|');

export const watchOf = (r: AlertRow): PriceAlertWatch => ({
  origin: r.origin, destination: r.destination, departure_date: r.departureDate, return_date: r.returnDate, month: r.month,
  adults: r.adults, children: r.children, infants: r.infants, cabin_class: r.cabinClass as Cabin,
});

/** Agents reopen a search in their portal's results, everyone else on the public results screen. */
export const resultsBase = (role: string) => (role === 'agent' ? '/agent/dashboard-flights' : '/flight/search');
export const searchPathOf = (r: AlertRow, role: string, now: Date) => priceAlertSearchPath(watchOf(r), resultsBase(role), todayInZone('Etc/GMT+12', now));

// ---- the signed unsubscribe link --------------------------------------------------------------------------

const signed = (id: number) => `price-alert-unsubscribe:${id}`;
/** `<id>.<signature>`: the server's key signs the alert's id, so the link needs no sign-in and cannot be made up. */
export const unsubscribeToken = (ctx: Pick<AppContext, 'config'>, id: number) => `${id}.${hmac(ctx.config.appKey, signed(id))}`;
export const unsubscribeUrl = (ctx: Pick<AppContext, 'config'>, id: number) => `${ctx.config.appUrl}/price-alerts/unsubscribe?token=${unsubscribeToken(ctx, id)}`;

function tokenId(ctx: Pick<AppContext, 'config'>, token: string): number | null {
  const m = /^(\d{1,9})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return safeEqual(hmac(ctx.config.appKey, signed(id)), m[2]) ? id : null;
}

/** Removes the alert a signed link names; a link used twice still answers that it is done. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<void> {
  const id = tokenId(ctx, token);
  if (id === null) throw notFound(PRICE_ALERT_MESSAGES.badLink);
  await ctx.db.delete(priceAlerts).where(eq(priceAlerts.id, id));
}

// ---- the owner's alerts -----------------------------------------------------------------------------------

function present(r: AlertRow, role: string, now: Date): PriceAlert {
  const money = (minor: number | null) => (minor === null ? null : toMoney(minor, r.currency));
  return {
    id: r.id, ...watchOf(r),
    price: money(r.seenMinor), priced_at: (r.checkedAt ?? r.createdAt).toISOString(),
    notice_price: money(r.noticeMinor),
    search_path: searchPathOf(r, role, now),
    created_at: r.createdAt.toISOString(), checked_at: r.checkedAt?.toISOString() ?? null, mailed_at: r.mailedAt?.toISOString() ?? null,
  };
}

export async function createAlert(ctx: AppContext, owner: Owner, w: PriceAlertWatch): Promise<PriceAlert> {
  const quote = await quoteWatch(ctx, w, await pricingFor(ctx.db, owner));
  const now = ctx.now();
  const [row] = await ctx.db.insert(priceAlerts).values({
    userId: owner.id, watchKey: watchKeyOf(w), origin: w.origin, destination: w.destination, departureDate: w.departure_date,
    returnDate: w.return_date, month: w.month, adults: w.adults, children: w.children, infants: w.infants, cabinClass: w.cabin_class, currency: quote.currency ?? 'PKR',
    seenMinor: quote.lowestMinor, noticeMinor: quote.lowestMinor, fareKey: quote.fareKey, createdAt: now,
  }).onConflictDoNothing().returning();
  if (!row) throw conflict(PRICE_ALERT_MESSAGES.duplicate);
  return present(row, owner.role, now);
}

/** The owner's alerts, newest first, each with the price last priced and when (no search is made). */
export async function listAlerts(ctx: AppContext, owner: Owner): Promise<PriceAlert[]> {
  const rows = await ctx.db.select().from(priceAlerts).where(eq(priceAlerts.userId, owner.id)).orderBy(desc(priceAlerts.id));
  const now = ctx.now();
  return rows.map((r) => present(r, owner.role, now));
}

/** Someone else's alert, or one already gone, is "not found". */
export async function removeAlert(db: DbOrTx, owner: Owner, id: number): Promise<void> {
  const gone = await db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, owner.id))).returning({ id: priceAlerts.id });
  if (!gone.length) throw notFound(PRICE_ALERT_MESSAGES.notFound);
}
