/**
 * Card payments for bookings through the provider interface. A tracker (payments row) is created per
 * checkout; a callback moves it out of `created` exactly once, after its signature, its tracker and its
 * amount and currency have been checked. A replay, a forgery or a mismatch changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import type { PayWith } from '../../contract/pay-with';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { renderedOnce } from '../db/prepared';
import { bookings, paymentCallbacks, payments } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { issueTickets, markTicketed } from '../bookings/tickets';
import { loadBooking } from '../bookings/records';
import { confirmWithSupplier } from '../bookings/supplier-payment';
import { isHosted, type CallbackPayload, type PaymentProvider } from './provider';
import { paymentProvider, providerNamed, requireCardProvider } from './providers-of';
import { enqueueMail } from '../mail/outbox';
import { bookingMail } from '../bookings/mails';
import { jobs } from '../jobs';
import { paymentSubject } from './subjects';
import { encodeEventNote } from '../../contract/event-notes';

// The providers of a context live in providers-of.ts; re-exported for the services and routes that pay.
export { CARD_UNAVAILABLE, paymentProvider, paymentsStartupNote, payWithOptions, providerNamed, requireCardProvider, setPaymentProvider, walletProvider } from './providers-of';

export const newTracker = () => `trk_${randomBytes(16).toString('base64url')}`;

/** A checkout's tracker, for one of: a flight booking, a hotel booking, another product's item. */
export interface NewPayment {
  tracker: string; provider: string; amountMinor: number; currency: string; createdAt: Date;
  bookingId?: number; hotelBookingId?: number; subjectKind?: string; subjectId?: number;
}
const P = (name: keyof NewPayment) => sql.placeholder(name);
/** Rendered once: a checkout is opened with every card booking, and building the insert cost more than running it. */
const paymentInsert = renderedOnce('payment_insert', (h) => h.insert(payments).values({
  tracker: P('tracker'), provider: P('provider'), amountMinor: P('amountMinor'), currency: P('currency'), createdAt: P('createdAt'),
  bookingId: P('bookingId'), hotelBookingId: P('hotelBookingId'), subjectKind: P('subjectKind'), subjectId: P('subjectId'),
}), () => null);

export async function insertPayment(db: DbOrTx, p: NewPayment): Promise<void> {
  await paymentInsert(db, { bookingId: null, hotelBookingId: null, subjectKind: null, subjectId: null, ...p });
}

/** A hosted checkout for a held booking; an open tracker for the same amount is reused. */
export async function startCheckout(ctx: AppContext, bookingId: number, payWith: PayWith = 'card'): Promise<{ url: string; tracker: string }> {
  const [b] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!b) throw notFound('Booking not found.');
  if (b.status !== 'booked') throw conflict(b.status === 'ticketed' ? 'This booking is already paid.' : `This booking is ${b.status}.`);
  if (b.holdExpiresAt && b.holdExpiresAt <= ctx.now()) throw new ApiError(410, 'The hold on this booking has expired.');
  const provider = requireCardProvider(ctx, payWith);
  await confirmWithSupplier(ctx, b);
  const [open] = await ctx.db.select().from(payments)
    .where(and(eq(payments.bookingId, b.id), eq(payments.status, 'created'), eq(payments.provider, provider.code), eq(payments.amountMinor, b.totalMinor), eq(payments.currency, b.currency)))
    .orderBy(desc(payments.id)).limit(1);
  // A provider that names its own payments (Safepay's tracker) gets a new one per checkout: an abandoned one may
  // still be paid, and must still be found by its own reference.
  const reuse = open && !isHosted(provider) ? open : null;
  const tracker = reuse?.tracker ?? newTracker();
  if (!reuse) {
    await insertPayment(ctx.db, { tracker, bookingId: b.id, provider: provider.code, amountMinor: b.totalMinor, currency: b.currency, createdAt: ctx.now() });
  }
  return { url: await checkoutUrl(ctx, provider, tracker, { minor: b.totalMinor, currency: b.currency }), tracker };
}

/**
 * A hosted checkout for another product's item (see ./subjects): the caller has checked it is payable and gives
 * its amount; an open tracker for the same item and amount is reused, so a double click pays once.
 */
export async function openSubjectCheckout(ctx: AppContext, subject: { kind: string; id: number; amountMinor: number; currency: string }): Promise<{ url: string; tracker: string }> {
  if (!paymentSubject(subject.kind)) throw new Error(`no payment subject registered as ${subject.kind}`);
  const provider = requireCardProvider(ctx);
  const [open] = await ctx.db.select().from(payments)
    .where(and(eq(payments.subjectKind, subject.kind), eq(payments.subjectId, subject.id), eq(payments.status, 'created'), eq(payments.provider, provider.code),
      eq(payments.amountMinor, subject.amountMinor), eq(payments.currency, subject.currency)))
    .orderBy(desc(payments.id)).limit(1);
  const reuse = open && !isHosted(provider) ? open : null;
  const tracker = reuse?.tracker ?? newTracker();
  if (!reuse) {
    await insertPayment(ctx.db, { tracker, subjectKind: subject.kind, subjectId: subject.id, provider: provider.code, amountMinor: subject.amountMinor, currency: subject.currency, createdAt: ctx.now() });
  }
  return { url: await checkoutUrl(ctx, provider, tracker, { minor: subject.amountMinor, currency: subject.currency }), tracker };
}

/** The provider's checkout for a tracker; a reference the provider gives at once is kept on the payment (what its return names). */
export async function checkoutUrl(ctx: AppContext, provider: PaymentProvider, tracker: string, amount: { minor: number; currency: string }): Promise<string> {
  const checkout = await provider.createCheckout(tracker, amount, `${ctx.config.appUrl}/payment-result`);
  if (checkout.providerRef) await ctx.db.update(payments).set({ providerRef: checkout.providerRef }).where(eq(payments.tracker, tracker));
  return checkout.url;
}

/**
 * A hotel booking paid by card settles through the hotel area, which registers these at import (payments never
 * imports hotels, so the two stay out of each other's cycle): confirm inside the callback's transaction (false:
 * no longer pending, so the money is due back), and the mail that says a late payment was refunded.
 */
export interface HotelPaymentHooks {
  confirm(tx: Tx, ctx: AppContext, hotelBookingId: number, providerRef: string): Promise<boolean>;
  /** A declined or abandoned card, in the callback's transaction (for the booking's audit trail). */
  unpaid(tx: Tx, ctx: AppContext, hotelBookingId: number, outcome: 'failed' | 'canceled'): Promise<void>;
  refundedMail(tx: Tx, ctx: AppContext, hotelBookingId: number): Promise<void>;
  /** The booking a payment-result answer names, so whoever holds the tracker can open it (as a flight's PNR and email). */
  describe(db: DbOrTx, hotelBookingId: number): Promise<{ reference: string; email: string } | null>;
}
let hotelHooks: HotelPaymentHooks | null = null;
export const setHotelPaymentHooks = (hooks: HotelPaymentHooks) => { hotelHooks = hooks; };
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

export type CallbackOutcome = 'paid' | 'failed' | 'canceled' | 'refund_due' | 'replay' | 'forged' | 'unknown_tracker' | 'amount_mismatch' | 'no_provider';

/** What a callback body looked like, without keeping it: forged ones are anyone's bytes. */
export interface ReceivedBody { bytes: number; sha256: string }
export const describeBody = (text: string): ReceivedBody => ({ bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') });

const TRACKER = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Handles one provider callback. Only the first verified callback for a tracker changes anything. What is kept of
 * a callback is bounded: the verified payload's own fields, or for anything else its size and hash (an anonymous
 * caller must not be able to make us store what it sends).
 */
export async function handleCallback(ctx: AppContext, raw: unknown, signature: string | null | undefined, received?: ReceivedBody): Promise<{ outcome: CallbackOutcome; http: 200 | 400 | 404 | 422 }> {
  const provider = paymentProvider(ctx);
  if (!provider) return { outcome: 'no_provider', http: 404 };
  const payload = provider.verifyCallback(raw, signature);
  if (!payload) {
    const claimed = (raw as { tracker?: unknown } | null)?.tracker;
    const rawTracker = typeof claimed === 'string' && TRACKER.test(claimed) ? claimed : null;
    await ctx.db.insert(paymentCallbacks).values({ tracker: rawTracker, payload: received ?? describeBody(safeJson(raw)), signatureValid: false, outcome: 'forged', createdAt: ctx.now() });
    return { outcome: 'forged', http: 400 };
  }
  return applyPayment(ctx, payload);
}

/**
 * A payment's outcome the provider has vouched for (a verified signature, or the provider's own record read back):
 * kept, then acted on once. An unknown tracker, a replay or an amount that is not the tracker's changes nothing.
 */
export async function applyPayment(ctx: AppContext, payload: CallbackPayload): Promise<{ outcome: CallbackOutcome; http: 200 | 404 | 422 }> {
  const log = (outcome: CallbackOutcome, tracker: string | null) =>
    ctx.db.insert(paymentCallbacks).values({ tracker, payload, signatureValid: true, outcome, createdAt: ctx.now() });
  const [p] = await ctx.db.select().from(payments).where(eq(payments.tracker, payload.tracker)).limit(1);
  if (!p) { await log('unknown_tracker', payload.tracker); return { outcome: 'unknown_tracker', http: 404 }; }
  if (p.status !== 'created') { await log('replay', p.tracker); return { outcome: 'replay', http: 200 }; }
  if (payload.amount !== toMoney(p.amountMinor, p.currency).amount || payload.currency !== p.currency) {
    await log('amount_mismatch', p.tracker);
    return { outcome: 'amount_mismatch', http: 422 };
  }

  const result = await ctx.db.transaction(async (tx) => {
    const outcome = await settle(tx, ctx, p, payload);
    await tx.insert(paymentCallbacks).values({ tracker: p.tracker, payload, signatureValid: true, outcome, createdAt: ctx.now() });
    return outcome;
  });
  if (result === 'paid' && p.bookingId !== null) {
    const b = await loadBooking(ctx.db, { id: p.bookingId });
    if (b) await issueTickets(ctx, b.row);
  }
  const subject = paymentSubject(p.subjectKind);
  if (result === 'paid' && subject?.afterPaid && p.subjectId !== null) {
    await subject.afterPaid(ctx, p.subjectId).catch((err) => ctx.log.error({ err, tracker: p.tracker }, 'after-payment work failed'));
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
    const provider = providerNamed(ctx, p.provider);
    if (!provider) continue; // nothing was captured without one
    // One refund a provider refuses (or cannot be asked for) stays due and does not hold back the others. The
    // amount is the payment's, or the part marked due (extras given back with their booking).
    const refunded = await provider.refund({ tracker: p.tracker, providerRef: p.providerRef, amount: { minor: p.refundMinor ?? p.amountMinor, currency: p.currency } })
      .catch((err) => { ctx.log.error({ err, tracker: p.tracker, provider: p.provider }, 'refund failed; it stays due and is tried again'); return null; });
    if (!refunded) continue;
    const { refundRef } = refunded;
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx.update(payments).set({ status: 'refunded', failureReason: `Refunded (${refundRef}): the booking was no longer on hold` })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'refund_due'))).returning({ id: payments.id });
      if (!claimed) return;
      if (p.hotelBookingId !== null) await hotelHooks?.refundedMail(tx, ctx, p.hotelBookingId);
      if (p.subjectId !== null) await paymentSubject(p.subjectKind)?.refundedMail?.(tx, ctx, p.subjectId);
      const [b] = p.bookingId === null ? [] : await tx.select().from(bookings).where(eq(bookings.id, p.bookingId)).limit(1);
      if (b) await enqueueMail(tx, b.contactEmail, await bookingMail(tx, b.locale, 'refunded', b, ctx.config.appUrl));
      done++;
    });
  }
  return done;
}

if (!jobs.some((j) => j.name === 'payment-refunds')) {
  jobs.push({ name: 'payment-refunds', everyMs: 60_000, run: (ctx) => refundDuePayments(ctx) });
}

async function settle(tx: Tx, ctx: AppContext, p: typeof payments.$inferSelect, payload: CallbackPayload): Promise<CallbackOutcome> {
  const now = ctx.now();
  const paymentId = p.id;
  if (payload.status !== 'paid') {
    // The hold stays: the customer may try another card until it expires.
    const [u] = await tx.update(payments).set({ status: payload.status, providerRef: payload.provider_ref, completedAt: now, failureReason: payload.status === 'failed' ? 'Card declined' : 'Canceled by the customer' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created'))).returning({ id: payments.id });
    if (u && p.hotelBookingId !== null) await hotelHooks?.unpaid(tx, ctx, p.hotelBookingId, payload.status);
    if (u && p.subjectId !== null) await paymentSubject(p.subjectKind)?.unpaid?.(tx, ctx, p.subjectId, payload.status);
    return u ? payload.status : 'replay';
  }
  // Claim the tracker first: of two identical callbacks racing, exactly one gets past this line.
  const [claimed] = await tx.update(payments).set({ status: 'paid', providerRef: payload.provider_ref, completedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created'))).returning({ id: payments.id });
  if (!claimed) return 'replay';
  const subject = paymentSubject(p.subjectKind);
  const settled = p.subjectId !== null
    ? !!subject && await subject.confirm(tx, ctx, p.subjectId, payload.provider_ref)
    : p.hotelBookingId !== null
      ? !!hotelHooks && await hotelHooks.confirm(tx, ctx, p.hotelBookingId, payload.provider_ref)
      : !!(await markTicketed(tx, ctx, p.bookingId!, { kind: 'payment' }, encodeEventNote({ key: 'paid_card', params: { ref: payload.provider_ref } })));
  if (!settled) {
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
  const b = p.bookingId === null ? null : await loadBooking(ctx.db, { id: p.bookingId });
  const described = p.subjectId === null ? null : await paymentSubject(p.subjectKind)?.describe(ctx, p.subjectId);
  const hotel = p.hotelBookingId === null ? null : await hotelHooks?.describe(ctx.db, p.hotelBookingId) ?? null;
  return {
    tracker: p.tracker, status: p.status, amount: toMoney(p.amountMinor, p.currency), failure_reason: p.failureReason,
    /**
     * A hotel booking's checkout: its id, and its reference and contact email, with which a guest reads it
     * (GET /hotel-bookings/{reference}?email=): the tracker is as good as a password, as for a flight's PNR and email.
     */
    hotel_booking_id: p.hotelBookingId,
    hotel_booking: hotel ? { id: p.hotelBookingId, ...hotel } : null,
    /** Another product's item (insurance, visa, package): what it is, its reference and where the app shows it. */
    subject: p.subjectKind && p.subjectId !== null ? { kind: p.subjectKind, id: p.subjectId, reference: described?.reference ?? null, href: described?.href ?? null } : null,
    booking: b ? { id: b.row.id, pnr: b.row.pnr, status: b.row.status, email: b.row.contactEmail, hold_expires_at: b.row.status === 'booked' ? b.row.holdExpiresAt?.toISOString() ?? null : null } : null,
  };
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x) ?? '';
  } catch {
    return '';
  }
}
