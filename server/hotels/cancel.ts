/**
 * Canceling a hotel booking by its rate's policy: before the free-cancellation deadline everything comes back,
 * after it everything but the penalty, nothing for a non-refundable rate; an unpaid booking simply ends. The
 * status change is conditional (confirmed | pending_payment → canceled), so of concurrent retries exactly one
 * refunds: to the agent's wallet as a ledger credit in the same transaction, or to the card through the
 * provider once the change has committed.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { hotelBookings, payments } from '../db/schema';
import { conflict } from '../http/errors';
import { creditWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { providerNamed } from '../payments/service';
import { toMoney } from '../../contract/money';
import { moneyText } from '../../contract/format/money';
import { actorOf } from '../bookings/records';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { hotelMail } from './mails';
import { HSM } from './messages';
import { releaseRooms } from './payment';
import { hotelRoomStore } from './supplier';
import { cancellationQuote, type HotelBookingRow } from './service';
import { walletThatPaid } from '../agency/wallet-owner';

export async function cancelHotelBooking(ctx: AppContext, b: HotelBookingRow, by: SessionUser | null): Promise<HotelBookingRow> {
  const now = ctx.now();
  const result = await hotelRoomStore(ctx).during(() => ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(hotelBookings).where(eq(hotelBookings.id, b.id)).for('update');
    if (!current || (current.status !== 'confirmed' && current.status !== 'pending_payment')) return null;
    const refund = current.status === 'confirmed' ? cancellationQuote(current, now).refund : 0;
    const note = refund > 0 ? `refund ${toMoney(refund, current.currency).amount} ${current.currency} (${current.paymentMethod})` : null;
    const moved = await applyLifecycleEvent(tx, ctx, 'hotel', b.id, 'CANCEL', actorOf(by), {
      from: ['confirmed', 'pending_payment'], note,
      set: { canceledAt: now, holdExpiresAt: null, refundMinor: refund, paymentStatus: refund > 0 ? 'refunded' : current.paymentStatus },
    });
    if (!moved) return null;
    const { row } = moved;
    await releaseRooms(tx, ctx, row);
    if (refund > 0 && row.paymentMethod === 'wallet' && row.userId !== null) {
      await creditWallet(tx, {
        agentId: await walletThatPaid(tx, { userId: row.userId, agencyId: row.agencyId }), amountMinor: refund, currency: row.currency, type: 'refund', reference: `hotel-booking:${row.reference}`,
        description: `Refund: hotel booking ${row.reference} canceled`, createdBy: by?.id ?? null, at: now,
      });
    }
    if (current.status === 'confirmed') await enqueueMail(tx, row.contactEmail, hotelMail('canceled', row, ctx.config.appUrl));
    return { row, refund };
  }));
  if (!result) throw conflict(HSM.notCancelable);
  if (result.refund > 0 && result.row.paymentMethod === 'card') await refundCard(ctx, result.row, result.refund);
  return result.row;
}

/** The provider's refund is idempotent per tracker; a failure is logged and noted on the payment for staff to finish by hand. */
async function refundCard(ctx: AppContext, row: HotelBookingRow, refund: number) {
  const [paid] = await ctx.db.select().from(payments).where(and(eq(payments.hotelBookingId, row.id), eq(payments.status, 'paid'))).limit(1);
  const provider = paid ? providerNamed(ctx, paid.provider) : null;
  if (!provider || !paid) return;
  try {
    const { refundRef } = await provider.refund({ tracker: paid.tracker, providerRef: paid.providerRef, amount: { minor: refund, currency: row.currency } });
    await ctx.db.update(payments).set({ status: 'refunded', failureReason: `Refunded ${moneyText(refund, row.currency)} (${refundRef}): hotel booking canceled` })
      .where(and(eq(payments.id, paid.id), eq(payments.status, 'paid')));
  } catch (err) {
    // Kept on the payment row for staff to finish: the refunds job would give back the whole charge, not this part.
    ctx.log.error({ err, reference: row.reference }, 'hotel card refund failed');
    await ctx.db.update(payments).set({ failureReason: `Refund of ${moneyText(refund, row.currency)} failed; refund by hand` }).where(eq(payments.id, paid.id));
  }
}
