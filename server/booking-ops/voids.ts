/**
 * Voids: the owner asks inside the void window (ticketed → requested); staff void at once or decide a request
 * (→ voided with the refund, or back to ticketed); approve-booking also decides a pending direct booking. The
 * rules every booking operation keeps (row lock, status moved by its lifecycle, ledger in the same transaction)
 * are in service.ts.
 */
import { and, eq } from 'drizzle-orm';
import { payableMinor, voidRefundMinor } from '../pricing';
import { toMoney } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, payments } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { creditWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { encodeEventNote } from '../../contract/event-notes';
import { formatMoment } from '../../contract/format/time';
import { transition, type BookingRow } from '../bookings/records';
import { flightSuppliers } from '../bookings/suppliers';
import { quotedRefund, supplierQuote, withQuote } from './supplier-refunds';
import { refundExtrasCards } from './card-refunds';
import { extrasRefundMinor } from '../flight-extras/refunds';
import type { Order } from '../suppliers/flight/types';
import { getBookingSettings, voidWindowClosesAt } from './settings';
import { recordAgencyAction } from '../agency/audit';
import { OPS, accessOf, actorOf, confirmAction, decideDirect, directOf, lockBooking, money, must, statusMail, walletAgent, type Expected } from './service';

// ---- void -----------------------------------------------------------------------------------------------

export async function assertVoidWindow(db: DbOrTx, b: BookingRow, now: Date) {
  // A reissue ends the void window: voiding the new ticket would give back the old fare outside its rules.
  if (b.reissuedAt) throw conflict(OPS.voidAfterReissue);
  const s = await getBookingSettings(db);
  const closes = voidWindowClosesAt(b.ticketedAt ?? b.updatedAt, s.timeZone);
  if (now >= closes) throw conflict(OPS.voidWindowClosed(formatMoment(closes, 'en', s.timeZone)));
  return s;
}

/** ticketed → requested, by the agent or customer who owns it (inside the void window). */
export async function requestVoidAction(ctx: AppContext, user: SessionUser, id: number, reason: string | null, expected?: Expected): Promise<BookingRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['owner'], expected);
    if (b.status === 'requested') throw conflict(OPS.voidAlreadyRequested);
    if (b.status !== 'ticketed') throw conflict(OPS.voidOnlyTicketed(b.status));
    await assertVoidWindow(tx, b, now);
    const t = await must(transition(tx, ctx, b.id, ['ticketed'], 'REQUEST_VOID', actorOf(user), { action: 'void_requested', note: reason }));
    await enqueueMail(tx, t.contactEmail, statusMail(t, 'void_requested'));
    if (user.role === 'agent') await recordAgencyAction(tx, user, 'void_request', t.pnr, now, { reason });
    return t;
  });
}

/**
 * ticketed | requested → voided, by staff, until midnight of the issue day. The wallet of the agent that paid
 * gets the amount paid back minus the configured void charge (a `void` ledger credit in this transaction);
 * a customer's card payment is marked refund_due for accounts to settle. Extras bought after booking come back
 * in full (flight-extras/refunds.ts; their card refunds after commit). The supplier is told after commit.
 */
export async function voidAction(ctx: AppContext, user: SessionUser, id: number, note: string | null, expected?: Expected): Promise<{ row: BookingRow; refundMinor: number; chargeMinor: number }> {
  const now = ctx.now();
  // A supplier that refunds by its own quote is asked before the transaction (a call over the network).
  const [before] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const quote = before && accessOf(before, user) === 'manage' && (before.status === 'ticketed' || before.status === 'requested') ? await supplierQuote(ctx, before) : null;
  const res = await ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage'], expected);
    if (b.status !== 'ticketed' && b.status !== 'requested') throw conflict(OPS.voidOnlyTicketed(b.status));
    const s = await assertVoidWindow(tx, b, now);
    const direct = await directOf(tx, b.id);
    const paid = payableMinor(b.totalMinor, direct?.marginMinor);
    const refund = quote ? quotedRefund(paid, quote) : voidRefundMinor(paid, s.voidChargeMinor);
    const charge = paid - refund;
    // Extras bought after booking come back in full with the void (the transition gives them back).
    const extras = await extrasRefundMinor(tx, b.id);
    const supplierVoids = !!flightSuppliers(ctx).get(b.supplier);
    const t = await must(transition(tx, ctx, b.id, [b.status], 'VOID', actorOf(user), {
      action: 'void', note: encodeEventNote({ key: 'void_refund', params: { refund_minor: refund, charge_minor: charge, currency: b.currency } }, note),
      set: supplierVoids ? { seatsReleasedAt: now } : {}, notice: { ...toMoney(refund, b.currency) },
    }));
    const agent = walletAgent(b);
    if (agent !== null && refund > 0) {
      await creditWallet(tx, {
        agentId: agent, amountMinor: refund, currency: b.currency, type: 'void', reference: `void:${b.pnr}`,
        description: `Void of PNR ${b.pnr} (${b.origin}-${b.destination}): ${money(paid, b.currency)} less void charge ${money(charge, b.currency)}`, createdBy: user.id, at: now,
      });
    } else if (agent === null) {
      await tx.update(payments).set({ status: 'refund_due' }).where(and(eq(payments.bookingId, b.id), eq(payments.status, 'paid')));
    }
    await enqueueMail(tx, t.contactEmail, statusMail(t, 'voided', [], { refund, charge, extras }));
    return { row: t, refundMinor: refund, chargeMinor: charge, supplierVoids };
  });
  await refundExtrasCards(ctx, res.row.id);
  if (res.supplierVoids) {
    const supplier = flightSuppliers(ctx).get(res.row.supplier)!;
    try {
      const order = await supplier.void(withQuote(res.row.supplierOrder as Order, quote));
      await ctx.db.update(bookings).set({ supplierOrder: order }).where(eq(bookings.id, res.row.id));
    } catch (err) {
      ctx.log.error({ err, pnr: res.row.pnr }, 'supplier void failed; the booking is voided here, tell the airline by hand');
    }
  }
  return res;
}

/** void-booking: the owner asks (ticketed → requested); staff void at once. */
export async function voidBookingCall(ctx: AppContext, user: SessionUser, id: number, reason: string | null, expected?: Expected) {
  const [row] = await ctx.db.select({ userId: bookings.userId, agencyId: bookings.agencyId }).from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound(OPS.notFound);
  const access = accessOf(row, user);
  if (!access) throw notFound(OPS.notFound);
  if (access === 'read') throw forbidden(OPS.readOnly);
  if (access === 'owner') return { row: await requestVoidAction(ctx, user, id, reason, expected), message: OPS.voidRequested };
  const r = await voidAction(ctx, user, id, reason, expected);
  return { row: r.row, message: OPS.voided, refundMinor: r.refundMinor, chargeMinor: r.chargeMinor };
}

// ---- approve / reject -----------------------------------------------------------------------------------

/**
 * approve-booking (staff): a requested void is carried out (→ voided, refund) or declined (→ ticketed); a pending
 * direct booking is ticketed (the agent pays total + margin) or rejected.
 */
export async function approveAction(ctx: AppContext, user: SessionUser, id: number, decision: 'approve' | 'reject', reason: string | null, expected?: Expected): Promise<{ row: BookingRow; message: string }> {
  const [peek] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!peek) throw notFound(OPS.notFound);
  const access = accessOf(peek, user);
  if (!access) throw notFound(OPS.notFound);
  if (access !== 'manage') throw forbidden(access === 'read' ? OPS.readOnly : undefined);
  if (expected && peek.status !== expected) throw conflict(`${OPS.changed} It is now ${peek.status}.`);
  // The status is checked again under the row lock: whatever won a race in between makes these refuse.
  if (peek.status === 'requested') {
    if (decision === 'approve') return { row: (await voidAction(ctx, user, id, reason, 'requested')).row, message: OPS.voided };
    return confirmAction(ctx, user, id, 'requested');
  }
  if (peek.status === 'pending') return decideDirect(ctx, user, id, decision === 'approve' ? 'ticketed' : 'rejected', reason);
  throw conflict(OPS.approveNot(peek.status));
}
