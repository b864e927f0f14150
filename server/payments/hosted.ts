/**
 * A real provider's return and webhook: each only names a payment (after its signature checks out); the payment is
 * then read back from the provider and only what the provider's own record says is applied, through the same
 * once-only step as every callback (a replay, an amount or currency that is not ours, a payment already settled:
 * nothing changes). A forged message changes nothing and is kept only as its size and hash.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { paymentCallbacks, payments } from '../db/schema';
import { applyPayment, describeBody, providerNamed, type CallbackOutcome } from './service';
import { isHosted, type HostedProvider, type NamedPayment } from './provider';

type Payment = typeof payments.$inferSelect;

async function logForged(ctx: AppContext, raw: string) {
  await ctx.db.insert(paymentCallbacks).values({ tracker: null, payload: describeBody(raw), signatureValid: false, outcome: 'forged', createdAt: ctx.now() });
}

/** Reads the payment back from its provider and applies what the provider says; pending: nothing yet. */
async function settleFromProvider(ctx: AppContext, provider: HostedProvider, p: Payment, signed?: NamedPayment['signedAmount']): Promise<CallbackOutcome | 'pending'> {
  const record = await provider.lookup(p.providerRef!);
  if (record.status === 'pending') return 'pending';
  // No amount from either: it cannot be matched, so it counts as a mismatch and changes nothing.
  const amount = record.amount ?? signed?.amount ?? '';
  const currency = record.currency ?? signed?.currency ?? '';
  const { outcome } = await applyPayment(ctx, {
    tracker: p.tracker, status: record.status, amount, currency, provider_ref: p.providerRef!, ts: Math.floor(ctx.now().getTime() / 1000),
  });
  return outcome;
}

/** The payment a provider's message names: by its reference, checked against the tracker it gives too. */
async function paymentNamed(ctx: AppContext, code: string, named: { tracker: string | null; providerRef: string }): Promise<Payment | null> {
  const [p] = await ctx.db.select().from(payments).where(and(eq(payments.provider, code), eq(payments.providerRef, named.providerRef))).limit(1);
  if (!p || (named.tracker && named.tracker !== p.tracker)) return null;
  return p;
}

/** Where the customer lands after the provider's page: /payment-result for our tracker (it reads our record). */
export const resultUrl = (ctx: AppContext, tracker: string | null, status: string) =>
  `${ctx.config.appUrl}/payment-result?${new URLSearchParams({ status, ...(tracker ? { tracker } : {}) })}`;

const STATUS: Partial<Record<CallbackOutcome | 'pending', string>> = { paid: 'success', replay: 'success', failed: 'failed', canceled: 'cancelled', pending: 'pending', refund_due: 'failed' };

/** The customer's return from the provider's page (a form it signs): where to send the customer next. */
export async function providerReturn(ctx: AppContext, code: string, fields: Record<string, string>, raw: string): Promise<string> {
  const provider = providerNamed(ctx, code);
  if (!isHosted(provider)) return resultUrl(ctx, null, 'unknown');
  const named = await provider.verifyReturn(fields);
  if (!named) { await logForged(ctx, raw); return resultUrl(ctx, null, 'unknown'); }
  const p = await paymentNamed(ctx, code, named);
  if (!p) { await logForged(ctx, raw); return resultUrl(ctx, null, 'unknown'); }
  const outcome = await settleFromProvider(ctx, provider, p, named.signedAmount).catch((err) => { ctx.log.error({ err, tracker: p.tracker }, 'payment read-back failed'); return 'pending' as const; });
  return resultUrl(ctx, p.tracker, STATUS[outcome] ?? 'unknown');
}

/** A provider's webhook: 200 once handled (or already), 400 when its signature is not the provider's. */
export async function providerWebhook(ctx: AppContext, code: string, body: unknown, headers: Record<string, string | undefined>, raw: string): Promise<{ http: 200 | 400 | 404; outcome: string }> {
  const provider = providerNamed(ctx, code);
  if (!isHosted(provider) || !provider.verifyWebhook) return { http: 404, outcome: 'no_provider' };
  const named = await provider.verifyWebhook(body, headers);
  if (!named) { await logForged(ctx, raw); return { http: 400, outcome: 'forged' }; }
  const p = await paymentNamed(ctx, code, { tracker: null, providerRef: named.providerRef });
  if (!p) return { http: 200, outcome: 'unknown_tracker' };
  return { http: 200, outcome: await settleFromProvider(ctx, provider, p) };
}

/**
 * The customer left the provider's page: the cancel address is not signed, so it only makes us read the payment back;
 * it closes when the provider's record says canceled (a tracker still open may yet be paid, and then counts).
 */
export async function providerCancel(ctx: AppContext, code: string, tracker: string): Promise<string> {
  const provider = providerNamed(ctx, code);
  const [p] = await ctx.db.select().from(payments).where(and(eq(payments.tracker, tracker), eq(payments.provider, code))).limit(1);
  if (!isHosted(provider) || !p?.providerRef || p.status !== 'created') return resultUrl(ctx, p?.tracker ?? null, 'cancelled');
  const outcome = await settleFromProvider(ctx, provider, p).catch(() => 'pending' as const);
  return resultUrl(ctx, p.tracker, outcome === 'pending' ? 'cancelled' : STATUS[outcome] ?? 'unknown');
}
