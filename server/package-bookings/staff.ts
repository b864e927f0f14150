/**
 * The back office's moves on a package booking, each a conditional status change so concurrent clicks act once
 * (409 for an illegal one): confirm a paid booking; cancel an unpaid, paid or confirmed one, giving the seats back
 * and refunding in full (the packages carry no cancellation policy): to an agent's wallet as a ledger credit in
 * the same transaction, or to the card through the provider once the change has committed.
 */
import { and, eq } from 'drizzle-orm';
import { moneyText } from '../../contract/format/money';
import { PKM } from '../../contract/package-bookings';
import type { AppContext, SessionUser } from '../context';
import { packageBookings, payments } from '../db/schema';
import { conflict } from '../http/errors';
import { creditWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { providerNamed } from '../payments/service';
import { actorOf } from '../lifecycle/actor';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { packageMail } from './mails';
import { releaseSeats, type PackageBookingRow } from './service';
import { walletThatPaid } from '../agency/wallet-owner';

export async function confirmPackageBooking(ctx: AppContext, b: PackageBookingRow, by: SessionUser): Promise<PackageBookingRow> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await applyLifecycleEvent(tx, ctx, 'package', b.id, 'CONFIRM', actorOf(by), { from: ['paid'], set: { confirmedAt: now } });
    if (moved) await enqueueMail(tx, moved.row.contactEmail, packageMail('confirmed', moved.row, ctx.config.appUrl));
    return moved?.row;
  });
  if (!row) throw conflict(PKM.notConfirmable);
  return row;
}

export async function cancelPackageBooking(ctx: AppContext, b: PackageBookingRow, by: SessionUser): Promise<PackageBookingRow> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(packageBookings).where(eq(packageBookings.id, b.id)).for('update');
    if (!current || !['pending_payment', 'paid', 'confirmed'].includes(current.status)) return null;
    const refund = current.paymentStatus === 'paid' ? current.totalMinor : 0;
    const moved = await applyLifecycleEvent(tx, ctx, 'package', b.id, 'CANCEL', actorOf(by), {
      from: ['pending_payment', 'paid', 'confirmed'],
      set: { canceledAt: now, holdExpiresAt: null, refundMinor: refund, paymentStatus: refund > 0 ? 'refunded' : current.paymentStatus },
    });
    if (!moved) return null;
    const { row } = moved;
    await releaseSeats(tx, row, now);
    if (refund > 0 && row.paymentMethod === 'wallet' && row.userId !== null) {
      await creditWallet(tx, {
        agentId: await walletThatPaid(tx, { userId: row.userId, agencyId: row.agencyId }), amountMinor: refund, currency: row.currency, type: 'refund', reference: `package-booking:${row.reference}`,
        description: `Refund: package booking ${row.reference} canceled`, createdBy: by.id, at: now,
      });
    }
    if (refund > 0) await enqueueMail(tx, row.contactEmail, packageMail('canceled', row, ctx.config.appUrl));
    return { row, refund };
  });
  if (!result) throw conflict(PKM.notCancelable);
  if (result.refund > 0 && result.row.paymentMethod === 'card') await refundCard(ctx, result.row, result.refund);
  return result.row;
}

/** The provider's refund is idempotent per tracker; a failure is logged and noted on the payment for staff to finish. */
async function refundCard(ctx: AppContext, row: PackageBookingRow, refund: number) {
  const [paid] = await ctx.db.select().from(payments)
    .where(and(eq(payments.subjectKind, 'package'), eq(payments.subjectId, row.id), eq(payments.status, 'paid'))).limit(1);
  const provider = paid ? providerNamed(ctx, paid.provider) : null;
  if (!provider || !paid) return;
  try {
    const { refundRef } = await provider.refund({ tracker: paid.tracker, providerRef: paid.providerRef, amount: { minor: refund, currency: row.currency } });
    await ctx.db.update(payments).set({ status: 'refunded', failureReason: `Refunded ${moneyText(refund, row.currency)} (${refundRef}): package booking canceled` })
      .where(and(eq(payments.id, paid.id), eq(payments.status, 'paid')));
  } catch (err) {
    ctx.log.error({ err, reference: row.reference }, 'package card refund failed');
    await ctx.db.update(payments).set({ failureReason: `Refund of ${moneyText(refund, row.currency)} failed; refund by hand` }).where(eq(payments.id, paid.id));
  }
}
