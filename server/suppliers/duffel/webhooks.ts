/**
 * Duffel's webhooks: "X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${raw body}`>" with the
 * webhook's secret. An event is believed only when the signature is Duffel's and its time within five minutes of
 * ours (a captured request sent again later is stale); one already received is not acted on twice (its id).
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../auth/crypto';

export const DUFFEL_SIGNATURE_HEADER = 'x-duffel-signature';
export const WEBHOOK_TOLERANCE_S = 300;

export type SignatureCheck = 'ok' | 'forged' | 'stale';

export function checkDuffelSignature(raw: string, header: string | null | undefined, secret: string, nowSeconds: number): SignatureCheck {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec((header ?? '').trim());
  if (!m) return 'forged';
  const expected = createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest('hex');
  if (!safeEqual(expected, m[2])) return 'forged';
  return Math.abs(nowSeconds - Number(m[1])) > WEBHOOK_TOLERANCE_S ? 'stale' : 'ok';
}

/** The parts of an event Safar acts on. */
export interface DuffelEvent { id: string; type: string; orderId: string | null; object: Record<string, unknown> }

export function readDuffelEvent(body: unknown): DuffelEvent | null {
  const b = body as { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } } | null;
  if (!b || typeof b.id !== 'string' || typeof b.type !== 'string' || !b.data?.object) return null;
  const o = b.data.object;
  const orderId = typeof o.order_id === 'string' ? o.order_id : typeof o.id === 'string' && o.id.startsWith('ord_') ? o.id : null;
  return { id: b.id, type: b.type, orderId, object: o };
}
