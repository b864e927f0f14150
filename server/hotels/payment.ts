/**
 * Card payment of a hotel booking through the payment provider (a tracker per checkout, confirmed only by the
 * verified callback, a second callback changing nothing: server/payments), and the job that expires unpaid
 * bookings and gives their rooms back. Statuses move through the lifecycle (server/lifecycle).
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { hotelBookings, payments } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { jobs } from '../jobs';
import { enqueueMail } from '../mail/outbox';
import { checkoutUrl, insertPayment, newTracker, requireCardProvider, setHotelPaymentHooks } from '../payments/service';
import { isHosted } from '../payments/provider';
import { stayDates } from '../suppliers/hotel/stay';
import { hotelRoomStore } from './supplier';
import { hotelMail } from './mails';
import { HSM } from './messages';
import { recordHotelEvent } from './events';
import { applyLifecycleEvent } from '../lifecycle/apply';
import type { HotelBookingRow } from './service';

/**
 * The checkout of a booking still held and unpaid: the first one, or a new one after a declined or abandoned card
 * (the hold stays until it expires, so the same booking is paid, never a second one made). An open tracker for the
 * same amount is reused.
 */
export async function openHotelCheckout(ctx: AppContext, b: HotelBookingRow, opts: { justMade?: boolean } = {}): Promise<{ url: string; tracker: string }> {
  if (b.status === 'confirmed') throw conflict(HSM.paidAlready);
  if (b.status !== 'pending_payment') throw conflict(HSM.notPayable);
  if (b.holdExpiresAt && b.holdExpiresAt <= ctx.now()) throw new ApiError(410, HSM.holdExpired);
  const provider = requireCardProvider(ctx);
  // A booking written by this very request has no checkout yet: nothing to look up.
  const [open] = opts.justMade ? [] : await ctx.db.select().from(payments)
    .where(and(eq(payments.hotelBookingId, b.id), eq(payments.status, 'created'), eq(payments.amountMinor, b.totalMinor)))
    .orderBy(desc(payments.id)).limit(1);
  const reuse = open && !isHosted(provider) ? open : null;
  const tracker = reuse?.tracker ?? newTracker();
  if (!reuse) await insertPayment(ctx.db, { tracker, hotelBookingId: b.id, provider: provider.code, amountMinor: b.totalMinor, currency: b.currency, createdAt: ctx.now() });
  return { url: await checkoutUrl(ctx, provider, tracker, { minor: b.totalMinor, currency: b.currency }), tracker };
}

/**
 * Gives a booking's room nights back, in the transaction of the conditional status change that ended it
 * (expired or canceled), so they go back exactly once.
 */
export async function releaseRooms(tx: DbOrTx, ctx: AppContext, b: HotelBookingRow): Promise<void> {
  const store = hotelRoomStore(ctx).bind(tx);
  const rooms = (b.rooms as unknown[]).length;
  const room = (b.room as { code: string }).code;
  await store.release(stayDates({ check_in: b.checkIn, check_out: b.checkOut }).map((date) => ({ hotel_id: b.hotelId, room_code: room, date })), rooms);
  await tx.update(hotelBookings).set({ roomsReleasedAt: ctx.now() }).where(eq(hotelBookings.id, b.id));
}

setHotelPaymentHooks({
  async confirm(tx, ctx, id, providerRef) {
    const now = ctx.now();
    const moved = await applyLifecycleEvent(tx, ctx, 'hotel', id, 'PAY', { kind: 'payment' }, {
      from: ['pending_payment'], set: { paymentStatus: 'paid', confirmedAt: now, holdExpiresAt: null }, note: `card ${providerRef}`,
    });
    if (!moved) return false;
    const { row } = moved;
    ctx.log.info({ reference: row.reference, providerRef }, 'hotel booking paid');
    await enqueueMail(tx, row.contactEmail, hotelMail('confirmed', row, ctx.config.appUrl));
    return true;
  },
  /** A declined or abandoned card changes no status (the hold stays for another card) but is on the trail. */
  async unpaid(tx, ctx, id, outcome) {
    const [row] = await tx.select({ status: hotelBookings.status }).from(hotelBookings).where(eq(hotelBookings.id, id)).limit(1);
    if (!row) return;
    const action = outcome === 'failed' ? 'payment_failed' : 'payment_canceled';
    await recordHotelEvent(tx, { bookingId: id, action, from: row.status, to: row.status, actor: { kind: 'payment' }, at: ctx.now() });
  },
  async describe(db, id) {
    const [row] = await db.select({ reference: hotelBookings.reference, email: hotelBookings.contactEmail }).from(hotelBookings).where(eq(hotelBookings.id, id)).limit(1);
    return row ?? null;
  },
  async refundedMail(tx, ctx, id) {
    const [row] = await tx.select().from(hotelBookings).where(eq(hotelBookings.id, id)).limit(1);
    if (row) await enqueueMail(tx, row.contactEmail, hotelMail('refunded', row, ctx.config.appUrl));
  },
});

/**
 * Unpaid card bookings past their deadline become `expired` and give their rooms back, in one transaction per
 * booking (a conditional update, so several servers running this expire each booking once).
 */
export async function expireHotelHolds(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.select({ id: hotelBookings.id }).from(hotelBookings)
    .where(and(eq(hotelBookings.status, 'pending_payment'), lte(hotelBookings.holdExpiresAt, now))).limit(limit);
  let expired = 0;
  for (const { id } of due) {
    await hotelRoomStore(ctx).during(() => ctx.db.transaction(async (tx) => {
      const moved = await applyLifecycleEvent(tx, ctx, 'hotel', id, 'EXPIRE', { kind: 'system' }, { from: ['pending_payment'], where: lte(hotelBookings.holdExpiresAt, now) });
      if (!moved) return;
      await releaseRooms(tx, ctx, moved.row);
      expired++;
    }));
  }
  return expired;
}

if (!jobs.some((j) => j.name === 'hotel-holds')) {
  jobs.push({ name: 'hotel-holds', everyMs: 20_000, run: (ctx) => expireHotelHolds(ctx) });
}
