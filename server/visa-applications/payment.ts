/**
 * Card payment of the visa fee through the payment trackers (server/payments/subjects.ts, kind 'visa'): paid
 * only by the verified callback, which submits the application with a conditional update (a second callback, or
 * money for an application no longer waiting, changes nothing and the money is refunded).
 */
import { eq } from 'drizzle-orm';
import { VAM } from '../../contract/visa-applications';
import type { AppContext } from '../context';
import { visaApplications } from '../db/schema';
import { conflict } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { openSubjectCheckout } from '../payments/service';
import { registerPaymentSubject } from '../payments/subjects';
import { recordVisaEvent } from './events';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { visaApplicationPath, visaMail } from './mails';
import { visaSubmitted } from '../notifications/events';
import { loadVisaApplication, type VisaApplicationRow } from './service';

/** A hosted checkout for an unpaid application: the open one for the same amount, or a new one after a failed card. */
export async function openVisaCheckout(ctx: AppContext, a: VisaApplicationRow): Promise<{ url: string; tracker: string }> {
  if (a.paymentStatus === 'paid') throw conflict(VAM.paidAlready);
  if (a.status !== 'pending_payment') throw conflict(VAM.notPayable);
  return openSubjectCheckout(ctx, { kind: 'visa', id: a.id, amountMinor: a.feeMinor, currency: a.currency });
}

registerPaymentSubject('visa', {
  async confirm(tx, ctx, id, providerRef) {
    const now = ctx.now();
    const moved = await applyLifecycleEvent(tx, ctx, 'visa', id, 'PAY', { kind: 'payment' }, {
      from: ['pending_payment'], set: { paymentStatus: 'paid', submittedAt: now }, note: `card ${providerRef}`,
    });
    if (!moved) return false;
    const { row } = moved;
    await enqueueMail(tx, row.contactEmail, visaMail('submitted', row, ctx.config.appUrl));
    await visaSubmitted(tx, ctx, row);
    return true;
  },
  /** A declined or abandoned card changes no status (the applicant may pay again) but is on the trail. */
  async unpaid(tx, ctx, id, outcome) {
    const [row] = await tx.select({ status: visaApplications.status }).from(visaApplications).where(eq(visaApplications.id, id)).limit(1);
    if (!row) return;
    await recordVisaEvent(tx, { applicationId: id, action: outcome === 'failed' ? 'payment_failed' : 'payment_canceled', from: row.status, to: row.status, actor: { kind: 'payment' }, at: ctx.now() });
  },
  async refundedMail(tx, ctx, id) {
    const [row] = await tx.select().from(visaApplications).where(eq(visaApplications.id, id)).limit(1);
    if (row) await enqueueMail(tx, row.contactEmail, visaMail('refunded', row, ctx.config.appUrl));
  },
  async describe(ctx, id) {
    const a = await loadVisaApplication(ctx.db, { id });
    return a ? { reference: a.reference, href: visaApplicationPath(a) } : null;
  },
});
