/**
 * A customer's card refund after the void window. The provider may refuse it (a closed card, an outage): the
 * payment is then marked `refund_failed` with the reason and the amount still owed, staff who handle money and
 * bookings are told (bell and mail), and the jobs loop tries again a bounded number of times. After the last
 * try it stays `refund_failed` on the booking page for accounts to settle by hand.
 */
import { and, eq, lt } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import { moneyText } from '../../contract/format/money';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, extraPurchases, payments } from '../db/schema';
import { EXTRAS_SUBJECT } from '../flight-extras/subject';
import { jobs } from '../jobs';
import { notifyStaff } from '../notifications/service';
import { providerNamed } from '../payments/service';

export const MAX_REFUND_TRIES = 5;
type Payment = typeof payments.$inferSelect;

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'refused';
const EXTRAS_WHY = 'for seats and bags bought after booking';
const refundedNote = (minor: number, currency: string, ref: string, why: string) => `Refunded ${moneyText(minor, currency)} (${ref}) ${why}`;

/**
 * The first try, right after the approval committed: a paid payment, or one its booking's close marked
 * refund_due (extras bought after booking, whose refund amount is on the payment).
 */
export async function refundCard(ctx: AppContext, p: Payment, minor: number, from: 'paid' | 'refund_due' = 'paid', why = 'after the void window'): Promise<void> {
  const provider = providerNamed(ctx, p.provider);
  if (!provider) return;
  try {
    const { refundRef } = await provider.refund({ tracker: p.tracker, providerRef: p.providerRef, amount: { minor, currency: p.currency } });
    await ctx.db.update(payments).set({ status: 'refunded', refundMinor: minor, failureReason: refundedNote(minor, p.currency, refundRef, why) })
      .where(and(eq(payments.id, p.id), eq(payments.status, from)));
  } catch (err) {
    ctx.log.error({ err, tracker: p.tracker }, 'card refund failed; marked refund_failed, retried by the jobs loop');
    await ctx.db.transaction(async (tx) => {
      const [marked] = await tx.update(payments).set({ status: 'refund_failed', refundMinor: minor, refundTries: 1, failureReason: reasonOf(err) })
        .where(and(eq(payments.id, p.id), eq(payments.status, from))).returning();
      const bookingId = marked ? marked.bookingId ?? await extrasBookingOf(tx, marked) : null;
      if (!marked || bookingId === null) return;
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
      const m = toMoney(minor, p.currency);
      const notice = {
        kind: 'card_refund_failed' as const, subject: { type: 'booking' as const, id: b.id }, link: `/admin/customer-booking-details?id=${b.id}`,
        params: { pnr: b.pnr, amount: m.amount, currency: m.currency, reason: reasonOf(err) }, dedupeKey: `card-refund-failed:${p.id}`,
      };
      // Accounts settle money, reservation staff answer the traveller; the dedupe key tells an admin once.
      await notifyStaff(tx, ctx, 'ledger.manage', notice);
      await notifyStaff(tx, ctx, 'bookings.manage', notice);
    });
  }
}

/** The booking whose extras a payment paid for (a purchase after booking is paid under its own subject). */
async function extrasBookingOf(db: DbOrTx, p: Payment): Promise<number | null> {
  if (p.subjectKind !== EXTRAS_SUBJECT || p.subjectId === null) return null;
  const [x] = await db.select({ bookingId: extraPurchases.bookingId }).from(extraPurchases).where(eq(extraPurchases.id, p.subjectId)).limit(1);
  return x?.bookingId ?? null;
}

/**
 * The card payments of a booking's extras marked refund_due in the transaction that closed the booking or gave
 * back a cheaper seat's difference: refunded now, each for its marked amount. A refusal goes to refund_failed
 * and the retry loop; a server gone meanwhile leaves them to the payments job.
 */
export async function refundExtrasCards(ctx: AppContext, bookingId: number): Promise<void> {
  const due = await ctx.db.select({ p: payments }).from(payments)
    .innerJoin(extraPurchases, and(eq(payments.subjectKind, EXTRAS_SUBJECT), eq(payments.subjectId, extraPurchases.id)))
    .where(and(eq(extraPurchases.bookingId, bookingId), eq(payments.status, 'refund_due')));
  for (const { p } of due) await refundCard(ctx, p, p.refundMinor ?? p.amountMinor, 'refund_due', EXTRAS_WHY);
}

/** The jobs loop: each failed card refund is tried again, at most MAX_REFUND_TRIES times in all. */
export async function retryCardRefunds(ctx: AppContext, batch = 20): Promise<number> {
  const due = await ctx.db.select().from(payments).where(and(eq(payments.status, 'refund_failed'), lt(payments.refundTries, MAX_REFUND_TRIES))).limit(batch);
  let done = 0;
  for (const p of due) {
    // One server takes each try (conditional on the count it read); the provider's refund is idempotent per tracker anyway.
    const [mine] = await ctx.db.update(payments).set({ refundTries: p.refundTries + 1 })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'refund_failed'), eq(payments.refundTries, p.refundTries))).returning({ id: payments.id });
    if (!mine) continue;
    const minor = p.refundMinor ?? p.amountMinor;
    const provider = providerNamed(ctx, p.provider);
    if (!provider) continue;
    try {
      const { refundRef } = await provider.refund({ tracker: p.tracker, providerRef: p.providerRef, amount: { minor, currency: p.currency } });
      await ctx.db.update(payments).set({ status: 'refunded', failureReason: refundedNote(minor, p.currency, refundRef, p.subjectKind === EXTRAS_SUBJECT ? EXTRAS_WHY : 'after the void window') })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'refund_failed')));
      done++;
    } catch (err) {
      await ctx.db.update(payments).set({ failureReason: reasonOf(err) }).where(eq(payments.id, p.id));
      ctx.log.error({ err, tracker: p.tracker, tries: p.refundTries + 1 }, 'card refund retry failed');
    }
  }
  return done;
}

/** Every five minutes, on every server (each try is claimed). */
if (!jobs.some((j) => j.name === 'card-refund-retries')) {
  jobs.push({ name: 'card-refund-retries', everyMs: 5 * 60_000, run: (ctx) => retryCardRefunds(ctx) });
}
