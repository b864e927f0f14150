/**
 * Safepay (cards). A checkout makes a Safepay tracker (POST /order/v1/init) and sends the customer to Safepay's
 * hosted page with our order id (the tracker of ours), the address Safepay posts the result back to, and where a
 * cancel goes. What Safepay posts back and what its webhook says are checked with the official client's own
 * signature verification (@sfpy/node-sdk, loaded only when a Safepay message arrives); then the tracker is read back
 * from Safepay (GET /reporter/api/v1/payments/{tracker}) and only its state, amount and currency there count.
 * The client fixes its hosts per environment, so the calls themselves are made here against SAFEPAY_API_URL.
 */
import type { Checkout, HostedProvider, ProviderRecord } from './provider';

export interface SafepayConfig { apiKey: string; secretKey: string; webhookSecret: string; apiUrl: string; environment: string }

/** Safepay's answer bodies: `{ data }` (its reporter puts the tracker directly there, or under `data.tracker`). */
type Envelope<T> = { data?: T; status?: { errors?: string[] } };
interface ReporterTracker { token?: string; state?: string; purchase_totals?: { quote_amount?: { amount?: number | string; currency?: string } } }

const PAID = new Set(['TRACKER_ENDED', 'TRACKER_PARTIAL_REFUND', 'TRACKER_REFUNDED']);
const CANCELED = new Set(['TRACKER_CANCELLED', 'TRACKER_CANCELED']);

export class SafepayProvider implements HostedProvider {
  readonly code = 'safepay';
  private sdk: Promise<{ verify: { signature(r: { body: unknown }): boolean; webhook(r: { body: unknown; headers: Record<string, string | undefined> }): boolean } }> | null = null;

  constructor(private readonly config: SafepayConfig, private readonly appUrl: string, private readonly fetcher: typeof fetch = fetch) {}

  /** The official client, for its signature checks only. */
  private client() {
    return (this.sdk ??= import('@sfpy/node-sdk').then(({ Safepay }) => new Safepay({
      environment: this.config.environment as never, apiKey: this.config.apiKey, v1Secret: this.config.secretKey, webhookSecret: this.config.webhookSecret,
    }) as never));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, secret = false): Promise<T> {
    const res = await this.fetcher(`${this.config.apiUrl}${path}`, {
      method, headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(secret ? { 'x-sfpy-merchant-secret': this.config.secretKey } : {}) },
      body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(20_000),
    });
    const json = await res.json().catch(() => ({})) as T & Envelope<unknown>;
    if (!res.ok) throw new Error(`Safepay ${method} ${path} answered ${res.status}: ${json.status?.errors?.join('; ') ?? ''}`);
    return json;
  }

  async createCheckout(tracker: string, amount: { minor: number; currency: string }, returnUrl: string): Promise<Checkout> {
    void returnUrl; // Safepay posts its result to our return handler, which then sends the customer to /payment-result.
    const made = await this.call<Envelope<{ token?: string }>>('POST', '/order/v1/init', {
      client: this.config.apiKey, amount: amount.minor / 100, currency: amount.currency, environment: this.config.environment,
    });
    const token = made.data?.token;
    if (!token) throw new Error('Safepay made no tracker.');
    const q = new URLSearchParams({
      beacon: token, cancel_url: `${this.appUrl}/api/payments/safepay/cancel?tracker=${encodeURIComponent(tracker)}`, env: this.config.environment,
      order_id: tracker, redirect_url: `${this.appUrl}/api/payments/safepay/return`, source: 'custom', webhooks: 'true',
    });
    return { url: `${this.config.apiUrl}/checkout/pay?${q}`, providerRef: token };
  }

  async verifyReturn(fields: Record<string, string>) {
    if (!fields.tracker || !fields.sig) return null;
    const ok = (await this.client()).verify.signature({ body: { tracker: fields.tracker, sig: fields.sig } });
    return ok ? { tracker: fields.order_id || null, providerRef: fields.tracker } : null;
  }

  async verifyWebhook(body: unknown, headers: Record<string, string | undefined>) {
    const data = (body as { data?: { tracker?: string; notification?: { tracker?: string } } } | null)?.data;
    if (!data || !headers['x-sfpy-signature']) return null;
    const ok = (await this.client()).verify.webhook({ body, headers: { 'x-sfpy-signature': headers['x-sfpy-signature'] } });
    const tracker = data.notification?.tracker ?? data.tracker;
    return ok && typeof tracker === 'string' ? { providerRef: tracker } : null;
  }

  async lookup(token: string): Promise<ProviderRecord> {
    const res = await this.call<Envelope<ReporterTracker & { tracker?: ReporterTracker }>>('GET', `/reporter/api/v1/payments/${encodeURIComponent(token)}`, undefined, true);
    const t: ReporterTracker = res.data?.tracker ?? res.data ?? {};
    const quote = t.purchase_totals?.quote_amount;
    const status = PAID.has(t.state ?? '') ? 'paid' : CANCELED.has(t.state ?? '') ? 'canceled' : 'pending';
    // The reporter counts in the lowest unit (paisa, cents).
    return { status, amount: quote?.amount === undefined ? null : (Number(quote.amount) / 100).toFixed(2), currency: quote?.currency ?? null };
  }

  verifyCallback() { return null; }

  /** Gives money back on the tracker (POST /order/payments/v3/{tracker}/refund, in the lowest unit). */
  async refund(p: { tracker: string; providerRef: string | null; amount: { minor: number; currency: string } }): Promise<{ refundRef: string }> {
    if (!p.providerRef) throw new Error(`Payment ${p.tracker} has no Safepay tracker to refund.`);
    const res = await this.call<Envelope<{ action?: { cybersource_refund?: { token?: string } } }>>('POST', `/order/payments/v3/${encodeURIComponent(p.providerRef)}/refund`,
      { amount: p.amount.minor, currency: p.amount.currency }, true);
    return { refundRef: res.data?.action?.cybersource_refund?.token ?? `refund_${p.providerRef}` };
  }
}
