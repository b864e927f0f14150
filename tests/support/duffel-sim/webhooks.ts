/**
 * Webhook events as Duffel sends them (duffel.com/docs/api/v2/webhooks): a JSON envelope
 * `{ id: wev_..., api_version: 'v2', type, live_mode, created_at, idempotency_key, identity_organisation_id,
 * data: { object } }`, POSTed with `X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`,
 * the scheme Duffel's own client libraries verify (duffel-api-ruby lib/duffel_api/webhook_event.rb).
 */
import { createHmac } from 'node:crypto';
import { duffelId, isoNow } from './util';

export interface WebhookEventInput { type: string; object: unknown; id?: string }
export interface WebhookTarget { url: string; secret: string; timestamp?: number }

const ORGANISATION = duffelId('org', 'safar-duffel-sim');

/** The header value for a raw body, as Duffel computes it; exported so tests and receivers can check it. */
export function signWebhook(rawBody: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function webhookEnvelope(event: WebhookEventInput, now: number): Record<string, unknown> {
  const object = event.object as Record<string, unknown> | null;
  return {
    id: event.id ?? duffelId('wev', `${event.type}:${now}:${Math.random()}`),
    api_version: 'v2',
    type: event.type,
    live_mode: false,
    created_at: isoNow(now),
    // Duffel dedupes on this: the id of what the event is about (an order, a payment, an airline change).
    idempotency_key: (object?.aic_id ?? object?.id ?? null) as string | null,
    identity_organisation_id: ORGANISATION,
    data: { object: event.object },
  };
}

export async function deliverWebhook(event: WebhookEventInput, target: WebhookTarget, now: number): Promise<Response> {
  const body = JSON.stringify(webhookEnvelope(event, now));
  const t = target.timestamp ?? Math.floor(now / 1000);
  return fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-duffel-signature': signWebhook(body, target.secret, t) },
    body,
  });
}
