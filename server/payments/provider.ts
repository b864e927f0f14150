import { createHmac } from 'node:crypto';
import { safeEqual } from '../auth/crypto';

/**
 * The payment provider interface: a hosted checkout per tracker, and signed callbacks that the
 * server verifies before anything is marked paid. A card acquirer plugs in by implementing this.
 */
export interface CallbackPayload {
  tracker: string;
  status: 'paid' | 'failed' | 'canceled';
  /** Major units as a decimal string, as charged by the provider. */
  amount: string;
  currency: string;
  provider_ref: string;
  /** Unix seconds when the provider sent it. */
  ts: number;
}

/** Where the customer pays, and the provider's own reference for this payment when it gives one at once. */
export interface Checkout { url: string; providerRef?: string }

export interface PaymentProvider {
  readonly code: string;
  /** The hosted checkout page the customer is sent to; returns to `returnUrl` with status and tracker. */
  createCheckout(tracker: string, amount: { minor: number; currency: string }, returnUrl: string): Promise<Checkout>;
  /** The payload when the signature is the provider's, else null. */
  verifyCallback(payload: unknown, signature: string | undefined | null): CallbackPayload | null;
  /**
   * Gives back `amount` of a captured payment: all of it, or part (a hotel cancellation after its free period keeps
   * the penalty). Idempotent per tracker: asking twice refunds once.
   */
  refund(p: { tracker: string; providerRef: string | null; amount: { minor: number; currency: string } }): Promise<{ refundRef: string }>;
}

/**
 * A payment a signed message names. A provider whose read-back carries no amount (JazzCash's inquiry) signs the
 * amount into its return instead; that signed amount is then what is matched to ours.
 */
export interface NamedPayment { tracker: string | null; providerRef: string; signedAmount?: { amount: string; currency: string } }

/** The payment as the provider itself holds it now (amount in major units as a decimal string). */
export interface ProviderRecord { status: 'paid' | 'failed' | 'canceled' | 'pending'; amount: string | null; currency: string | null }

/**
 * A real provider's hosted checkout: the customer comes back to us (a form the provider signs) and the provider may
 * also call us (a webhook it signs). Neither is believed on its own: each only names the payment, which is then read
 * back from the provider and matched to ours (amount, currency, state) before anything changes.
 */
export interface HostedProvider extends PaymentProvider {
  /** The payment the customer's return names, when the provider signed it; null for anything else. */
  verifyReturn(fields: Record<string, string>): Promise<NamedPayment | null>;
  /** The payment a webhook names, when the provider signed it. */
  verifyWebhook?(body: unknown, headers: Record<string, string | undefined>): Promise<{ providerRef: string } | null>;
  lookup(providerRef: string): Promise<ProviderRecord>;
}

export const isHosted = (p: PaymentProvider | null): p is HostedProvider => !!p && 'lookup' in p;

export const SIGNATURE_HEADER = 'x-safepay-signature';

const canonical = (p: CallbackPayload) => [p.tracker, p.status, p.amount, p.currency, p.provider_ref, String(p.ts)].join('|');

export function signPayload(key: string, p: CallbackPayload): string {
  return createHmac('sha256', key).update(canonical(p)).digest('hex');
}

export function parsePayload(x: unknown): CallbackPayload | null {
  if (!x || typeof x !== 'object') return null;
  const p = x as Record<string, unknown>;
  if (typeof p.tracker !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(p.tracker)) return null;
  if (p.status !== 'paid' && p.status !== 'failed' && p.status !== 'canceled') return null;
  if (typeof p.amount !== 'string' || !/^\d+\.\d{2}$/.test(p.amount)) return null;
  if (typeof p.currency !== 'string' || !/^[A-Z]{3}$/.test(p.currency)) return null;
  if (typeof p.provider_ref !== 'string' || p.provider_ref.length > 64) return null;
  if (typeof p.ts !== 'number' || !Number.isInteger(p.ts)) return null;
  return { tracker: p.tracker, status: p.status, amount: p.amount, currency: p.currency, provider_ref: p.provider_ref, ts: p.ts };
}

/** The embedded sandbox: checkout pages served by this server, callbacks signed with a key derived from APP_KEY. */
export class SandboxProvider implements PaymentProvider {
  readonly code = 'sandbox';
  readonly key: string;
  constructor(appKey: string, private readonly appUrl: string) {
    this.key = createHmac('sha256', appKey).update('safar-sandbox-payments').digest('hex');
  }
  async createCheckout(tracker: string, _amount: { minor: number; currency: string }, returnUrl: string): Promise<Checkout> {
    // The sandbox always returns to our own /payment-result (returnUrl); it is not carried in the URL, so the
    // checkout page cannot be turned into an open redirect.
    void returnUrl;
    return { url: new URL(`/sandbox/pay/${encodeURIComponent(tracker)}`, this.appUrl).toString() };
  }
  /** No money moves in the sandbox; the reference names the amount given back, as an acquirer's receipt would. */
  async refund(p: { tracker: string; providerRef: string | null; amount: { minor: number; currency: string } }): Promise<{ refundRef: string }> {
    return { refundRef: `rf_${p.providerRef || p.tracker}_${p.amount.minor}${p.amount.currency}` };
  }
  sign(p: CallbackPayload): string {
    return signPayload(this.key, p);
  }
  verifyCallback(payload: unknown, signature: string | undefined | null): CallbackPayload | null {
    const p = parsePayload(payload);
    if (!p || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
    return safeEqual(this.sign(p), signature) ? p : null;
  }
}
