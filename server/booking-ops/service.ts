/**
 * Booking operations: cancel, confirm and the direct bookings staff enter (voids are in voids.ts). Every change:
 *  - locks the booking row (SELECT ... FOR UPDATE) and checks its status inside the transaction, then moves it
 *    through its lifecycle machine (`transition`: UPDATE ... WHERE status = expected), so two actions racing on one
 *    booking cannot both succeed;
 *  - posts its ledger entry (debit or refund) in that same transaction, so money and status agree;
 *  - records who did it and when (booking_events).
 * Illegal moves answer 409 with a sentence a person understands.
 */
import { moneyText } from '../../contract/format/money';
import { agentMayTicket } from '../../contract/direct-bookings';
import { and, eq } from 'drizzle-orm';
import { payableMinor } from '../pricing';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, directBookings, payments, type BookingStatus } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { bookingAgency } from '../agency/of';
import { ownsOrAdministers } from '../agency/scope';
import { recordAgencyAction } from '../agency/audit';
import { debitWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { simpleMail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';
import { cancelBooking, issueTickets } from '../bookings/tickets';
import { loadBooking, transition, type Actor, type BookingRow } from '../bookings/records';
import { flightSuppliers } from '../bookings/suppliers';
import { confirmWithSupplier } from '../bookings/supplier-payment';
import { extrasRefundMinor } from '../flight-extras/refunds';
import { refundExtrasCards } from './card-refunds';

export const OPS = {
  notFound: 'Booking not found.',
  readOnly: 'Your role can view bookings but not change them.',
  changed: 'This booking changed meanwhile. Reload it and try again.',
  cancelOnlyHeld: (s: string) => `Only a held booking can be canceled; this one is ${s}.`,
  confirmNot: (s: string) => `A ${s} booking cannot be confirmed.`,
  noPayment: 'This booking has no verified payment yet. It is ticketed as soon as the card payment is confirmed.',
  voidOnlyTicketed: (s: string) => `Only a ticketed booking can be voided; this one is ${s}.`,
  voidAlreadyRequested: 'A void has already been requested for this booking.',
  voidWindowClosed: (closedAt: string) => `The void window closed at midnight of the issue day (${closedAt}). Ask for a refund instead.`,
  voidAfterReissue: 'This ticket was reissued on a new date: a reissued ticket cannot be voided. Ask for a refund instead.',
  voidRequested: 'Void request sent. Our staff will review it today.',
  voided: 'Booking has been voided successfully.',
  voidRejected: 'The void request was declined; the ticket stands.',
  awaitingStaff: 'Your void request is waiting for our staff.',
  approveNot: (s: string) => `A ${s} booking has nothing to approve.`,
  canceled: 'Booking canceled and its seats released.',
  confirmed: 'Booking confirmed and ticketed.',
  issued: 'Direct booking ticketed and charged to the agent.',
  rejected: 'Direct booking rejected.',
  offlineByStaff: 'Offline bookings are ticketed by our staff.',
  ticketByStaff: 'Our staff ticket this booking.',
  issuedFromWallet: 'Booking ticketed and paid from your wallet.',
} as const;

export type Access = 'manage' | 'read' | 'owner';

/**
 * What this user may do with this booking: manage (reservation/admin), read (accounts), owner, or nothing (404).
 * An agency admin owns every booking of its agency; a booker only its own.
 */
export function accessOf(row: Pick<BookingRow, 'userId'> & { agencyId?: number | null }, user: SessionUser): Access | null {
  if (can(user.role, 'bookings.manage')) return 'manage';
  if (can(user.role, 'bookings.read')) return 'read';
  if (user.role === 'customer') return row.userId === user.id ? 'owner' : null;
  if (user.role !== 'agent' || !user.isApproved || !user.emailVerifiedAt) return null;
  return ownsOrAdministers(user, row) ? 'owner' : null;
}

/**
 * The status the user saw when choosing the action (the screens always send it). An action decided on a booking
 * that has changed since — another user's action won a race — is refused instead of applied to the new state.
 */
export type Expected = BookingStatus | null | undefined;

export async function lockBooking(tx: DbOrTx, id: number, user: SessionUser, allowed: Access[], expected?: Expected): Promise<BookingRow> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!row) throw notFound(OPS.notFound);
  const access = accessOf(row, user);
  if (!access) throw notFound(OPS.notFound);
  if (!allowed.includes(access)) throw forbidden(access === 'read' ? OPS.readOnly : undefined);
  if (expected && row.status !== expected) throw conflict(`${OPS.changed} It is now ${row.status}.`);
  return row;
}

export const actorOf = (user: SessionUser): Actor => ({ kind: 'user', user });
/** Money in a ledger description: the one money rule (contract/format/money.ts). */
export const money = moneyText;

export async function must<T>(p: Promise<T | null>): Promise<T> {
  const v = await p;
  if (!v) throw conflict(OPS.changed);
  return v;
}

export async function directOf(db: DbOrTx, bookingId: number) {
  const [d] = await db.select().from(directBookings).where(eq(directBookings.bookingId, bookingId)).limit(1);
  return d ?? null;
}

/** The agent whose wallet pays for a booking: the booking's agent, or null for customers and guests. */
export function walletAgent(row: BookingRow): number | null {
  return row.channel === 'agent' || row.channel === 'staff' ? bookingAgency(row) : null;
}

/**
 * `extra`: a person's reason, as written; `voided`: what the void gave back and kept, in the reader's words;
 * `extras`: what came back for seats and bags bought after booking (voided or canceled).
 */
export function statusMail(row: BookingRow, kind: 'voided' | 'void_requested' | 'void_rejected' | 'canceled' | 'rejected', extra: string[] = [], voided?: { refund: number; charge: number; extras?: number }, extrasBack = voided?.extras ?? 0) {
  const ar = row.locale === 'ar';
  const say = valuesIn(docLang(row.locale));
  const route = `${row.origin} → ${row.destination}, ${say.day(row.departureDate)}`;
  const pnr = say.ltr(row.pnr);
  const figures = voided ? [ar
    ? `المبلغ المسترد: ${say.money(voided.refund, row.currency)} (رسوم الإلغاء ${say.money(voided.charge, row.currency)}).`
    : `Refund: ${say.money(voided.refund, row.currency)} (void charge ${say.money(voided.charge, row.currency)}).`] : [];
  const extrasLine = extrasBack > 0 ? [ar
    ? `المقاعد والحقائب المشتراة بعد الحجز: أُعيد ${say.money(extrasBack, row.currency)} كاملاً.`
    : `Seats and bags bought after booking: ${say.money(extrasBack, row.currency)} given back in full.`] : [];
  const T = {
    voided: ar ? [`أُلغيت تذكرة الحجز ${pnr}.`, ...figures, ...extrasLine, ...extra] : [`Booking ${pnr} (${route}) has been voided.`, ...figures, ...extrasLine, ...extra],
    void_requested: ar ? [`استلمنا طلب إلغاء تذكرة الحجز ${pnr}.`] : [`We received your request to void booking ${pnr} (${route}).`],
    void_rejected: ar ? [`رُفض طلب إلغاء تذكرة الحجز ${pnr}؛ التذكرة سارية.`, ...extra] : [`The void request for booking ${pnr} was declined; the ticket stands.`, ...extra],
    canceled: ar ? [`أُلغي الحجز ${pnr} وأُطلقت مقاعده.`, ...extrasLine] : [`Booking ${pnr} (${route}) was canceled and its seats released.`, ...extrasLine],
    rejected: ar ? [`رُفض الحجز المباشر ${pnr}.`, ...extra] : [`Direct booking ${pnr} (${route}) was rejected.`, ...extra],
  }[kind];
  const subject = {
    voided: ar ? `أُلغيت تذكرة الحجز ${row.pnr}` : `Booking ${row.pnr} voided`,
    void_requested: ar ? `طلب إلغاء التذكرة ${row.pnr}` : `Void requested for booking ${row.pnr}`,
    void_rejected: ar ? `رُفض طلب الإلغاء ${row.pnr}` : `Void request declined for booking ${row.pnr}`,
    canceled: ar ? `أُلغي الحجز ${row.pnr}` : `Booking ${row.pnr} was canceled`,
    rejected: ar ? `رُفض الحجز ${row.pnr}` : `Direct booking ${row.pnr} rejected`,
  }[kind];
  return simpleMail(ar ? 'ar' : 'en', `booking-${kind.replace('_', '-')}`, subject, T);
}

// ---- cancel ---------------------------------------------------------------------------------------------

export async function cancelAction(ctx: AppContext, user: SessionUser, id: number, expected?: Expected): Promise<BookingRow> {
  const row = await ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage', 'owner'], expected);
    if (b.status !== 'booked') throw conflict(OPS.cancelOnlyHeld(b.status));
    return { ...b, extras: await extrasRefundMinor(tx, b.id) };
  });
  // The booking service's cancel: conditional transition (which gives back extras bought after booking), then
  // the seats go back to the supplier; a card paid for extras is refunded after it.
  const done = await cancelBooking(ctx, row.id, actorOf(user), { action: 'cancel' });
  if (!done) throw conflict(OPS.changed);
  await refundExtrasCards(ctx, done.id);
  await enqueueMail(ctx.db, done.contactEmail, statusMail(done, 'canceled', [], undefined, row.extras));
  return done;
}

// ---- confirm --------------------------------------------------------------------------------------------

/**
 * booked → ticketed: an agent's booking is paid from its wallet (ledger debit in this transaction); a customer's
 * needs a verified card payment. Staff may also confirm a `requested` booking: the void is declined and the
 * ticket stands (requested → ticketed, no money moves).
 */
export async function confirmAction(ctx: AppContext, user: SessionUser, id: number, expected?: Expected): Promise<{ row: BookingRow; message: string }> {
  const now = ctx.now();
  const [current] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (current && accessOf(current, user) && walletAgent(current) !== null) await confirmWithSupplier(ctx, current);
  const res = await ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage', 'owner'], expected);
    const access = accessOf(b, user)!;
    if (b.status === 'requested') {
      if (access !== 'manage') throw conflict(OPS.awaitingStaff);
      const t = await must(transition(tx, ctx, b.id, ['requested'], 'REJECT_VOID', actorOf(user), { action: 'void_rejected', set: { ticketedAt: b.ticketedAt } }));
      await enqueueMail(tx, t.contactEmail, statusMail(t, 'void_rejected'));
      return { row: t, message: OPS.voidRejected, issue: false };
    }
    if (b.status !== 'booked') throw conflict(OPS.confirmNot(b.status));
    const agent = walletAgent(b);
    if (agent !== null) {
      await debitWallet(tx, {
        agentId: agent, amountMinor: b.totalMinor, currency: b.currency, type: 'booking', reference: `booking:${b.pnr}`,
        description: `Flight ${b.origin}-${b.destination} ${b.departureDate}, PNR ${b.pnr}`, createdBy: user.id, at: now,
      });
      if (user.role === 'agent') await recordAgencyAction(tx, user, 'payment', b.pnr, now, { amount_minor: b.totalMinor, currency: b.currency }, agent);
    } else {
      const [paid] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, b.id), eq(payments.status, 'paid'))).limit(1);
      if (!paid) throw conflict(OPS.noPayment);
    }
    const t = await must(transition(tx, ctx, b.id, ['booked'], 'CONFIRM', actorOf(user), { action: 'confirm', set: { holdExpiresAt: null, ...(agent !== null ? { paymentMethod: 'wallet' as const } : {}) } }));
    const { bookingMail } = await import('../bookings/mails');
    await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, 'ticketed', t, ctx.config.appUrl));
    return { row: t, message: OPS.confirmed, issue: true };
  });
  if (res.issue && flightSuppliers(ctx).get(res.row.supplier)) await issueTickets(ctx, res.row);
  return { row: res.row, message: res.message };
}

/** pending → ticketed (debit the agent total + margin, in the same transaction) | rejected. */
export async function decideDirect(ctx: AppContext, user: SessionUser, id: number, to: 'ticketed' | 'rejected', reason: string | null, set: Partial<typeof bookings.$inferInsert> = {}): Promise<{ row: BookingRow; message: string }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage', 'owner']);
    if (accessOf(b, user) === 'owner') {
      // The owner only tickets (never rejects) an import it may pay itself; anything else waits for staff.
      const d = await directOf(tx, b.id);
      if (to !== 'ticketed' || !d || !agentMayTicket({ source: d.source, entered_by: d.enteredBy }, b.userId)) throw forbidden(OPS.ticketByStaff);
    }
    if (b.status !== 'pending') throw conflict(to === 'ticketed' ? OPS.confirmNot(b.status) : `A ${b.status} booking cannot be rejected.`);
    if (to === 'rejected') {
      const t = await must(transition(tx, ctx, b.id, ['pending'], 'REJECT', actorOf(user), { action: 'reject', note: reason, set: { seatsReleasedAt: now } }));
      await enqueueMail(tx, t.contactEmail, statusMail(t, 'rejected', reason ? [reason] : []));
      return { row: t, message: OPS.rejected };
    }
    const direct = await directOf(tx, b.id);
    // The agency pays for a booking entered for one of its branch users.
    const agent = direct || b.channel === 'agent' ? bookingAgency(b) : null;
    const payable = payableMinor(b.totalMinor, direct?.marginMinor);
    if (agent !== null && payable > 0) {
      await debitWallet(tx, {
        agentId: agent, amountMinor: payable, currency: b.currency, type: 'direct_booking', reference: `direct_booking:${b.pnr}`,
        description: `Direct booking ${b.origin}-${b.destination} ${b.departureDate}, PNR ${b.pnr}${direct?.marginMinor ? ` (fare ${money(b.totalMinor, b.currency)} + margin ${money(direct.marginMinor, b.currency)})` : ''}`,
        createdBy: user.id, at: now,
      });
    }
    const t = await must(transition(tx, ctx, b.id, ['pending'], 'ISSUE', actorOf(user), { action: 'issue', note: reason, set: { holdExpiresAt: null, ...set } }));
    const { bookingMail } = await import('../bookings/mails');
    await enqueueMail(tx, t.contactEmail, await bookingMail(tx, t.locale, 'ticketed', { ...t, totalMinor: payable }, ctx.config.appUrl));
    return { row: t, message: accessOf(b, user) === 'owner' ? OPS.issuedFromWallet : OPS.issued };
  });
}

export const STAFF_STATUSES: readonly BookingStatus[] = ['booked', 'ticketed', 'canceled', 'requested', 'voided', 'pending', 'rejected', 'refund_requested', 'refunded'];

/** Loaded booking plus its direct-booking part (if any), for the detail screens. */
export async function loadWithDirect(db: DbOrTx, id: number) {
  const b = await loadBooking(db, { id });
  if (!b) return null;
  return { ...b, direct: await directOf(db, id) };
}

export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

