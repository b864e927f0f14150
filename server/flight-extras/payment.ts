/**
 * Extras a customer pays by card after booking: the card's callback confirms the purchase; a declined or
 * abandoned card, or no payment within PAY_WITHIN_MINUTES, releases it (its seats freed, a seat it replaced given
 * back). A payment that comes after the release is refunded by the payments area.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { bookings, extraPurchases } from '../db/schema';
import { jobs } from '../jobs';
import { registerPaymentSubject } from '../payments/subjects';
import { confirmPurchase, releasePurchase } from './store';
import { EXTRAS_SUBJECT } from './subject';

export const PAY_WITHIN_MINUTES = 30;

registerPaymentSubject(EXTRAS_SUBJECT, {
  confirm: (tx, _ctx, id) => confirmPurchase(tx, id),
  unpaid: async (tx, _ctx, id) => { await releasePurchase(tx, id); },
  async describe(ctx, id) {
    const [row] = await ctx.db.select({ pnr: bookings.pnr, email: bookings.contactEmail }).from(extraPurchases)
      .innerJoin(bookings, eq(bookings.id, extraPurchases.bookingId)).where(eq(extraPurchases.id, id)).limit(1);
    return row ? { reference: row.pnr, href: `/booking?pnr=${encodeURIComponent(row.pnr)}&email=${encodeURIComponent(row.email)}` } : null;
  },
});

/** Releases card purchases left unpaid past their time; each in its own transaction, once (a conditional update). */
export async function releaseUnpaidExtras(ctx: AppContext, batch = 50): Promise<number> {
  const due = new Date(ctx.now().getTime() - PAY_WITHIN_MINUTES * 60_000);
  const stale = await ctx.db.select({ id: extraPurchases.id }).from(extraPurchases)
    .where(and(eq(extraPurchases.status, 'awaiting_payment'), lte(extraPurchases.createdAt, due))).limit(batch);
  let released = 0;
  for (const p of stale) if (await ctx.db.transaction((tx) => releasePurchase(tx, p.id))) released++;
  return released;
}

if (!jobs.some((j) => j.name === 'flight-extras-expiry')) {
  jobs.push({ name: 'flight-extras-expiry', everyMs: 60_000, run: (ctx) => releaseUnpaidExtras(ctx) });
}
