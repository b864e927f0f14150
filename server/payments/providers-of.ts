/** Which payment providers a context has: the card one (Safepay, the sandbox or none) and JazzCash. */
import type { PayWith } from '../../contract/pay-with';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { SandboxProvider, type PaymentProvider } from './provider';
import { SafepayProvider } from './safepay';
import { JazzCashProvider } from './jazzcash';

const providers = new WeakMap<AppContext, PaymentProvider>();
const wallets = new WeakMap<AppContext, JazzCashProvider>();

/**
 * The card provider of this context: one that was installed, else Safepay when PAYMENTS_PROVIDER=safepay (and
 * none, so card payment is refused, when its keys are missing), else the embedded sandbox where it is allowed (not
 * in production unless PAYMENTS_SANDBOX=true), else none: card payment is then refused rather than faked.
 */
export function paymentProvider(ctx: AppContext): PaymentProvider | null {
  let p = providers.get(ctx);
  if (p) return p;
  const cfg = ctx.config.payments;
  if (cfg?.card === 'safepay') p = cfg.safepay ? new SafepayProvider(cfg.safepay, ctx.config.appUrl) : undefined;
  else if (ctx.config.paymentsSandbox) p = new SandboxProvider(ctx.config.appKey, ctx.config.appUrl);
  if (p) providers.set(ctx, p);
  return p ?? null;
}

/** JazzCash (mobile wallet), when its variables are set. */
export function walletProvider(ctx: AppContext): JazzCashProvider | null {
  let w = wallets.get(ctx);
  const cfg = ctx.config.payments?.jazzcash;
  if (!w && cfg) wallets.set(ctx, (w = new JazzCashProvider(cfg, ctx.config.appUrl, () => ctx.now().getTime())));
  return w ?? null;
}

/** The provider that took a payment (its refunds and returns go back to it). */
export function providerNamed(ctx: AppContext, code: string): PaymentProvider | null {
  const card = paymentProvider(ctx);
  if (card?.code === code) return card;
  const wallet = walletProvider(ctx);
  return wallet?.code === code ? wallet : null;
}

/** Who may take a checkout's money here: the card provider (when there is one) and JazzCash (when configured). */
export const payWithOptions = (ctx: AppContext): PayWith[] => [...(paymentProvider(ctx) ? ['card' as const] : []), ...(walletProvider(ctx) ? ['jazzcash' as const] : [])];

export const CARD_UNAVAILABLE = 'Card payment is not available at the moment. Please choose another way to pay or try again later.';

/** The provider (the card one, or JazzCash when asked for), or 503 with a message the app shows in the reader's language. */
export function requireCardProvider(ctx: AppContext, payWith: PayWith = 'card'): PaymentProvider {
  const p = payWith === 'jazzcash' ? walletProvider(ctx) : paymentProvider(ctx);
  if (!p) throw new ApiError(503, CARD_UNAVAILABLE);
  return p;
}

/** Why card payment works or not, for the start-up log. */
export function paymentsStartupNote(ctx: AppContext): { level: 'info' | 'warn'; text: string } {
  const wallet = walletProvider(ctx) ? ' JazzCash mobile wallets too.' : '';
  if (ctx.config.payments?.card === 'safepay' && !ctx.config.payments.safepay) {
    return { level: 'warn', text: 'PAYMENTS_PROVIDER=safepay but SAFEPAY_API_KEY, SAFEPAY_SECRET_KEY or SAFEPAY_WEBHOOK_SECRET is missing: card checkout answers 503 until they are set.' };
  }
  if (paymentProvider(ctx) && paymentProvider(ctx)!.code !== 'sandbox') return { level: 'info', text: `Card payments: ${paymentProvider(ctx)!.code}.${wallet}` };
  if (ctx.config.paymentsSandbox && ctx.config.env === 'production') {
    return { level: 'warn', text: 'PAYMENTS_SANDBOX=true in production: card bookings are ticketed with TEST CARDS and no money is taken. Never run real sales like this.' };
  }
  if (ctx.config.paymentsSandbox) return { level: 'info', text: 'Card payments: the embedded sandbox (test cards, no money moves).' };
  return { level: 'warn', text: 'Card payments are OFF: no payment provider is configured, and the sandbox is not allowed in production (PAYMENTS_SANDBOX=true would allow it, with test cards). Card checkout answers 503.' };
}
export function setPaymentProvider(ctx: AppContext, p: PaymentProvider) {
  providers.set(ctx, p);
}
