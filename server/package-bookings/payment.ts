/**
 * Card payment of a package booking through the shared card trackers (registered as the 'package' subject, so
 * the payments area never imports this one), and the job that expires unpaid bookings and gives their seats back.
 */
import { and, eq, lte } from 'drizzle-orm';
import { PKM } from '../../contract/package-bookings';
import type { AppContext } from '../context';
import { packageBookings } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { jobs } from '../jobs';
import { enqueueMail } from '../mail/outbox';
import { openSubjectCheckout } from '../payments/service';
import { registerPaymentSubject } from '../payments/subjects';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { packageMail } from './mails';
import { releaseSeats, type PackageBookingRow } from './service';

/** The checkout of a booking still held and unpaid; an open one for the same amount is reused. */
export async function openPackageCheckout(ctx: AppContext, b: PackageBookingRow): Promise<{ url: string; tracker: string }> {
  if (b.status === 'paid' || b.status === 'confirmed') throw conflict(PKM.paidAlready);
  if (b.status !== 'pending_payment') throw conflict(PKM.notPayable);
  if (b.holdExpiresAt && b.holdExpiresAt <= ctx.now()) throw new ApiError(410, PKM.holdExpired);
  return openSubjectCheckout(ctx, { kind: 'package', id: b.id, amountMinor: b.totalMinor, currency: b.currency });
}

registerPaymentSubject('package', {
  async confirm(tx, ctx, id, providerRef) {
    const now = ctx.now();
    const moved = await applyLifecycleEvent(tx, ctx, 'package', id, 'PAY', { kind: 'payment' }, {
      from: ['pending_payment'], set: { paymentStatus: 'paid', paidAt: now, holdExpiresAt: null }, note: `card ${providerRef}`,
    });
    if (!moved) return false;
    const { row } = moved;
    await enqueueMail(tx, row.contactEmail, packageMail('paid', row, ctx.config.appUrl));
    return true;
  },
  async refundedMail(tx, ctx, id) {
    const [row] = await tx.select().from(packageBookings).where(eq(packageBookings.id, id)).limit(1);
    if (row) await enqueueMail(tx, row.contactEmail, packageMail('refunded', row, ctx.config.appUrl));
  },
  async describe(ctx, id) {
    const [row] = await ctx.db.select({ reference: packageBookings.reference }).from(packageBookings).where(eq(packageBookings.id, id)).limit(1);
    return row ? { reference: row.reference, href: `/package-booking?reference=${encodeURIComponent(row.reference)}` } : null;
  },
});

/**
 * Unpaid card bookings past their hold become `expired` and give their seats back, one transaction each (a
 * conditional update, so several servers running this expire each booking once).
 */
export async function expirePackageHolds(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.select({ id: packageBookings.id }).from(packageBookings)
    .where(and(eq(packageBookings.status, 'pending_payment'), lte(packageBookings.holdExpiresAt, now))).limit(limit);
  let expired = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const moved = await applyLifecycleEvent(tx, ctx, 'package', id, 'EXPIRE', { kind: 'system' }, { from: ['pending_payment'], where: lte(packageBookings.holdExpiresAt, now) });
      if (!moved) return;
      await releaseSeats(tx, moved.row, now);
      expired++;
    });
  }
  return expired;
}

if (!jobs.some((j) => j.name === 'package-holds')) {
  jobs.push({ name: 'package-holds', everyMs: 20_000, run: (ctx) => expirePackageHolds(ctx) });
}
