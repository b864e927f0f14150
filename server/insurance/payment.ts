/**
 * Card payment of a policy through the shared trackers (server/payments/subjects.ts: confirmed only by the
 * verified callback, late money refunded), and the job that expires policies whose payment never came.
 */
import { and, eq, lte } from 'drizzle-orm';
import { ISM } from '../../contract/insurance';
import type { AppContext } from '../context';
import { insurancePolicies } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { jobs } from '../jobs';
import { enqueueMail } from '../mail/outbox';
import { openSubjectCheckout } from '../payments/service';
import { registerPaymentSubject } from '../payments/subjects';
import { applyLifecycleEvent } from '../lifecycle/apply';
import { policyMail } from './mails';
import { loadPolicy, type PolicyRow } from './service';

export const POLICY_SUBJECT = 'insurance';

/**
 * The checkout of a policy still waiting for its payment: the first, or a new one after a declined or abandoned
 * card (the same policy is paid, never a second one made). An open checkout for the same amount is reused.
 */
export async function openPolicyCheckout(ctx: AppContext, p: PolicyRow): Promise<{ url: string; tracker: string }> {
  if (p.status === 'issued') throw conflict(ISM.paidAlready);
  if (p.status !== 'pending_payment') throw conflict(ISM.notPayable);
  if (p.holdExpiresAt && p.holdExpiresAt <= ctx.now()) throw new ApiError(410, ISM.holdExpired);
  return openSubjectCheckout(ctx, { kind: POLICY_SUBJECT, id: p.id, amountMinor: p.totalMinor, currency: p.currency });
}

registerPaymentSubject(POLICY_SUBJECT, {
  async confirm(tx, ctx, id, providerRef) {
    const now = ctx.now();
    const moved = await applyLifecycleEvent(tx, ctx, 'insurance', id, 'PAY', { kind: 'payment' }, {
      from: ['pending_payment'], set: { paymentStatus: 'paid', issuedAt: now, holdExpiresAt: null }, note: `card ${providerRef}`,
    });
    if (!moved) return false;
    const { row } = moved;
    ctx.log.info({ policy: row.policyNumber, providerRef }, 'insurance policy paid');
    await enqueueMail(tx, row.contactEmail, policyMail('issued', row, ctx.config.appUrl));
    return true;
  },
  async refundedMail(tx, ctx, id) {
    const [row] = await tx.select().from(insurancePolicies).where(eq(insurancePolicies.id, id)).limit(1);
    if (row) await enqueueMail(tx, row.contactEmail, policyMail('refunded', row, ctx.config.appUrl));
  },
  async describe(ctx, id) {
    const row = await loadPolicy(ctx.db, id);
    return row ? { reference: row.policyNumber, href: `/insurance/policy?ref=${encodeURIComponent(row.policyNumber)}&email=${encodeURIComponent(row.contactEmail)}` } : null;
  },
});

/** Unpaid card policies past their time become `expired`, each by a conditional update (several servers expire each once). */
export async function expireUnpaidPolicies(ctx: AppContext, limit = 100): Promise<number> {
  const now = ctx.now();
  const due = and(eq(insurancePolicies.status, 'pending_payment'), lte(insurancePolicies.holdExpiresAt, now));
  const rows = await ctx.db.select({ id: insurancePolicies.id }).from(insurancePolicies).where(due).limit(limit);
  let expired = 0;
  for (const { id } of rows) {
    const moved = await ctx.db.transaction((tx) => applyLifecycleEvent(tx, ctx, 'insurance', id, 'EXPIRE', { kind: 'system' }, { from: ['pending_payment'], where: due }));
    if (moved) expired++;
  }
  return expired;
}

if (!jobs.some((j) => j.name === 'insurance-holds')) {
  jobs.push({ name: 'insurance-holds', everyMs: 30_000, run: (ctx) => expireUnpaidPolicies(ctx) });
}
