/**
 * Safepay's webhooks. Signature (what @sfpy/node-sdk's verify.webhook checks, dist/resources/verify.js, and
 * safepaydocs.netlify.app/integrations/webhooks/signature): header X-SFPY-SIGNATURE = hex HMAC-SHA512, keyed with
 * the webhook secret, of JSON.stringify(body.data). The receiver re-serialises the parsed body, so `data` is sent
 * exactly as JSON.stringify wrote it.
 *
 * Payloads:
 * - v1, sent by the checkout this simulator serves (`webhooks=true`): `{ data: { token, client_id, type, endpoint,
 *   notification: {...}, delivery_attempts, resource, next_attempt_at, created_at } }` with types payment:created,
 *   refund:created, error:occurred (safepaydocs.netlify.app/integrations/webhooks/payloads).
 * - v2 on request only (sendWebhook with payment.succeeded / payment.failed / payment.refunded):
 *   `{ token: "evt_…", version: "2.0.0", merchant_api_key, type, endpoint, data: {...}, created_at }`, amounts in
 *   the lowest denomination (safepay-docs.netlify.app/developers/webhooks/webhook-types).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { notificationToken, now, refundedMinor, toMajor, type SafepayState, type SafepayTracker } from './state';

export const V1_TYPES = ['payment:created', 'refund:created', 'error:occurred'] as const;
export const V2_TYPES = ['payment.succeeded', 'payment.failed', 'payment.refunded'] as const;

export function signWebhookData(data: unknown, webhookSecret: string): string {
  return createHmac('sha512', webhookSecret).update(Buffer.from(JSON.stringify(data))).digest('hex');
}

/** One event per tracker, type (and refund), so a replay resends the same token with one more delivery attempt. */
const events = new WeakMap<SafepayTracker, Map<string, { token: string; attempts: number; created_at: string }>>();

function event(t: SafepayTracker, key: string, v2: boolean) {
  let byKey = events.get(t);
  if (!byKey) events.set(t, (byKey = new Map()));
  let e = byKey.get(key);
  if (!e) byKey.set(key, (e = { token: v2 ? `evt_${randomUUID()}` : notificationToken(), attempts: 0, created_at: now() }));
  e.attempts += 1;
  return e;
}

/** Major units the way Safepay's v1 samples print them: "150", "4.92". */
const major = (n: number) => String(Math.round(n * 100) / 100);
/** A 3.28% processing fee, the ratio of the v1 sample (4.92 on 150). */
const feeMinor = (minor: number) => Math.round(minor * 0.0328);

function v1Notification(type: string, t: SafepayTracker) {
  const metadata = { order_id: t.order_id ?? '', source: t.checkout?.source ?? 'custom' };
  const base = { tracker: t.token, intent: 'CYBERSOURCE' };
  if (type === 'error:occurred') return { ...base, message: '05 : Do not honour', metadata };
  if (type === 'refund:created') {
    const last = t.refunds.at(-1);
    const balance = t.amountMinor - refundedMinor(t);
    return {
      ...base, user: 'customer@example.com', state: balance === 0 ? 'REFUNDED' : 'PARTIALLY REFUNDED',
      amount: major(toMajor(last?.amountMinor ?? 0)), balance: major(toMajor(balance)), currency: t.currency, metadata,
    };
  }
  const fee = feeMinor(t.amountMinor);
  return {
    ...base, reference: t.reference ?? '', fee: major(toMajor(fee)), net: major(toMajor(t.amountMinor - fee)), user: 'customer@example.com',
    state: 'PAID', amount: major(t.amount), currency: t.currency, metadata,
  };
}

function v2Data(type: string, t: SafepayTracker) {
  const metadata = { order_id: t.order_id ?? '', source: t.checkout?.source ?? 'custom' };
  const base = { tracker: t.token, intent: 'CYBERSOURCE', state: t.state, currency: t.currency, metadata };
  if (type === 'payment.failed') return { ...base, amount: t.amountMinor, message: '05 : Do not honour' };
  if (type === 'payment.refunded') {
    return { ...base, amount: t.refunds.at(-1)?.amountMinor ?? 0, balance: t.amountMinor - refundedMinor(t) };
  }
  const fee = feeMinor(t.amountMinor);
  const at = Date.parse(t.updated_at);
  return { ...base, net: t.amountMinor - fee, fee, customer_email: 'customer@example.com', amount: t.amountMinor, charged_at: { seconds: Math.floor(at / 1000), nanos: 0 } };
}

export function buildWebhook(type: string, t: SafepayTracker, s: SafepayState, endpoint: string): { body: Record<string, unknown>; signed: unknown } {
  const v2 = (V2_TYPES as readonly string[]).includes(type);
  if (!v2 && !(V1_TYPES as readonly string[]).includes(type)) throw new Error(`unknown Safepay webhook type ${type}`);
  const refundKey = type.startsWith('refund') || type === 'payment.refunded' ? `:${t.refunds.at(-1)?.token ?? ''}` : '';
  const e = event(t, type + refundKey, v2);
  const nextAttempt = new Date(Date.now() + 2 * 86400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (v2) {
    const data = v2Data(type, t);
    const seconds = Math.floor(Date.parse(e.created_at) / 1000);
    const body = {
      token: e.token, version: '2.0.0', merchant_api_key: s.apiKey, type, endpoint, data,
      delivery_attempts: e.attempts, next_attempt_at: nextAttempt, created_at: { seconds, nanos: 0 },
    };
    return { body, signed: data };
  }
  const data = {
    token: e.token, client_id: s.apiKey, type, endpoint, notification: v1Notification(type, t),
    delivery_attempts: e.attempts, resource: 'notification', next_attempt_at: nextAttempt, created_at: e.created_at,
  };
  return { body: { data }, signed: data };
}

/** POSTs a signed webhook to `url` and records the outcome on the tracker. */
export async function deliverWebhook(type: string, t: SafepayTracker, s: SafepayState, url: string): Promise<Response> {
  const { body, signed } = buildWebhook(type, t, s, url);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sfpy-signature': signWebhookData(signed, s.webhookSecret) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    t.webhook_deliveries.push({ type, status: res.status });
    return res;
  } catch (e) {
    t.webhook_deliveries.push({ type, status: null, error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}

/** The checkout's own sends: only when the checkout asked for webhooks and an endpoint is set; never throws. */
export async function notify(type: string, t: SafepayTracker, s: SafepayState): Promise<void> {
  if (!t.checkout?.webhooks || !s.webhookUrl) return;
  await deliverWebhook(type, t, s, s.webhookUrl).catch(() => undefined);
}
