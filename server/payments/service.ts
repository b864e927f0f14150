/**
 * Card payments for bookings through the provider interface. A tracker (payments row) is created per
 * checkout; a callback moves it out of `created` exactly once, after its signature, its tracker and its
 * amount and currency have been checked. A replay, a forgery or a mismatch changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import type { AppContext } from '../context';
import { bookings, paymentCallbacks, payments } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { issueTickets, markTicketed, loadBooking } from '../bookings/service';
import { SandboxProvider, type CallbackPayload, type PaymentProvider } from './provider';
import { enqueueMail } from '../mail/outbox';
import { bookingMail } from '../bookings/mails';
import { jobs } from '../jobs';

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The provider of this context: the embedded sandbox unless another one was installed. */
export function paymentProvider(ctx: AppContext): PaymentProvider {
  let p = providers.get(ctx);
  if (!p) providers.set(ctx, (p = new SandboxProvider(ctx.config.appKey, ctx.config.appUrl)));
  return p;
}
export function setPaymentProvider(ctx: AppContext, p: PaymentProvider) {
  providers.set(ctx, p);
}

export const newTracker = () => `trk_${randomBytes(16).toString('base64url')}`;

/** A hosted checkout for a held booking; an open tracker for the same amount is reused. */
export async function startCheckout(ctx: AppContext, bookingId: number): Promise<{ url: string; tracker: string }> {
  const [b] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b) throw notFound('Booking not found.');
  if (b.status !== 'booked') throw conflict(b.status === 'ticketed' ? 'This booking is already paid.' : `This booking is ${b.status}.`);
  if (b.holdExpiresAt && b.holdExpiresAt <= ctx.now()) throw new ApiError(410, 'The hold on this booking has expired.');
  const provider = paymentProvider(ctx);
  const [open] = await ctx.db.select().from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.status, 'created'), eq(payments.amountMinor, b.totalMinor), eq(payments.currency, b.currency)))
    .orderBy(desc(payments.id)).limit(1);
  const tracker = open?.tracker ?? newTracker();
  if (!open) {
    await ctx.db.insert(payments).values({ tracker, bookingId: b.id, provider: provider.code, amountMinor: b.totalMinor, currency: b.currency, createdAt: ctx.now() });
  }
  const url = await provider.createCheckout(tracker, { minor: b.totalMinor, currency: b.currency }, `${ctx.config.appUrl}/payment-result`);
  return { url, tracker };
}

export type CallbackOutcome = 'paid' | 'failed' | 'canceled' | 'refund_due' | 'replay' | 'forged' | 'unknown_tracker' | 'amount_mismatch';

/** Handles one provider callback. Only the first verified callback for a tracker changes anything. */
export async function handleCallback(ctx: AppContext, raw: unknown, signature: string | null | undefined): Promise<{ outcome: CallbackOutcome; http: 200 | 400 | 404 | 422 }> {
  const provider = paymentProvider(ctx);
  const payload = provider.verifyCallback(raw, signature);
  const log = (outcome: CallbackOutcome, tracker: string | null) =>
    ctx.db.insert(paymentCallbacks).values({ tracker, payload: (raw ?? {}) as object, signatureValid: !!payload, outcome, createdAt: ctx.now() });
  const rawTracker = typeof (raw as { tracker?: unknown })?.tracker === 'string' ? String((raw as { tracker: string }).tracker).slice(0, 64) : null;
  if (!payload) { await log('forged', rawTracker); return { outcome: 'forged', http: 400 }; }

  const [p] = await ctx.db.select().from(payments).where(eq(payments.tracker, payload.tracker)).limit(1);
  if (!p) { await log('unknown_tracker', payload.tracker); return { outcome: 'unknown_tracker', http: 404 }; }
  if (p.status !== 'created') { await log('replay', p.tracker); return { outcome: 'replay', http: 200 }; }
  if (payload.amount !== toMoney(p.amountMinor, p.currency).amount || payload.currency !== p.currency) {
    await log('amount_mismatch', p.tracker);
    return { outcome: 'amount_mismatch', http: 422 };
  }

  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await settle(tx, ctx, p.id, p.bookingId, payload);
    await tx.insert(paymentCallbacks).values({ tracker: p.tracker, payload: raw as object, signatureValid: true, outcome, createdAt: ctx.now() });
    return outcome;
  });
  if (result === 'paid') {
    const b = await loadBooking(ctx.db, { id: p.bookingId });
    if (b) await issueTickets(ctx, b.row);
  }
  if (result === 'refund_due') {
    // Give the money back now; the refunds job retries whatever this could not finish.
    await refundDuePayments(ctx).catch((err) => ctx.log.error({ err, tracker: p.tracker }, 'refund failed; the job will retry'));
  }
  return { outcome: result, http: 200 };
}

/**
 * Refunds payments captured for a booking that was no longer on hold. The provider's refund is idempotent
 * per tracker, and the status moves refund_due → refunded once (conditional update), with the mail in that
 * transaction, so several servers running this at once refund and mail once.
 */
export async function refundDuePayments(ctx: AppContext, batch = 20): Promise<number> {
  const due = await ctx.db.select().from(payments).where(eq(payments.status, 'refund_due')).limit(batch);
  let done = 0;
  for (const p of due) {
    const { refundRef } = await paymentProvider(ctx).refund({ tracker: p.tracker, providerRef: p.providerRef, amount: { minor: p.amountMinor, currency: p.currency } });
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx.update(payments).set({ status: 'refunded', failureReason: `Refunded (${refundRef}): the booking was no longer on hold` })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'refund_due'))).returning({ id: payments.id });
      if (!claimed) return;
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, p.bookingId)).limit(1);
      if (b) await enqueueMail(tx, b.contactEmail, bookingMail(b.locale, 'refunded', b, ctx.config.appUrl));
      done++;
    });
  }
  return done;
}

if (!jobs.some((j) => j.name === 'payment-refunds')) {
  jobs.push({ name: 'payment-refunds', everyMs: 60_000, run: (ctx) => refundDuePayments(ctx) });
}

async function settle(tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], ctx: AppContext, paymentId: number, bookingId: number, payload: CallbackPayload): Promise<CallbackOutcome> {
  const now = ctx.now();
  if (payload.status !== 'paid') {
    // The hold stays: the customer may try another card until it expires.
    const [u] = await tx.update(payments).set({ status: payload.status, providerRef: payload.provider_ref, completedAt: now, failureReason: payload.status === 'failed' ? 'Card declined' : 'Canceled by the customer' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created'))).returning({ id: payments.id });
    return u ? payload.status : 'replay';
  }
  // Claim the tracker first: of two identical callbacks racing, exactly one gets past this line.
  const [claimed] = await tx.update(payments).set({ status: 'paid', providerRef: payload.provider_ref, completedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created'))).returning({ id: payments.id });
  if (!claimed) return 'replay';
  const t = await markTicketed(tx, ctx, bookingId, { kind: 'payment' }, `card ${payload.provider_ref}`);
  if (!t) {
    // Paid after the hold was canceled (or paid twice): keep the money on record for a refund.
    await tx.update(payments).set({ status: 'refund_due', failureReason: 'Booking was no longer on hold' }).where(eq(payments.id, paymentId));
    return 'refund_due';
  }
  return 'paid';
}

/** What the /payment-result page shows: the server's view of the tracker, never the query string's. */
export async function paymentResult(ctx: AppContext, tracker: string) {
  const [p] = await ctx.db.select().from(payments).where(eq(payments.tracker, tracker)).limit(1);
  if (!p) throw notFound('Payment not found.');
  const b = await loadBooking(ctx.db, { id: p.bookingId });
  return {
    tracker: p.tracker, status: p.status, amount: toMoney(p.amountMinor, p.currency), failure_reason: p.failureReason,
    booking: b ? { id: b.row.id, pnr: b.row.pnr, status: b.row.status, email: b.row.contactEmail, hold_expires_at: b.row.status === 'booked' ? b.row.holdExpiresAt?.toISOString() ?? null : null } : null,
  };
}
