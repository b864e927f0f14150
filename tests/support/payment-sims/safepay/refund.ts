/**
 * Refunds, in one place so the form is easy to change. Safepay's refund page (safepay-docs.netlify.app/
 * modify-payments/refund) shows only @sfpy/node-core's `order.payments.refund({ tracker, payload: { currency,
 * amount } })` and its answer; that client's Order resources live under `/order/payments/v3/{tracker}` and its
 * secret auth sends `x-sfpy-merchant-secret` (node-core src/resources/Order/Tracker.ts, src/RequestSender.ts).
 * Chosen form, the one integrators call:
 *   POST /order/payments/v3/{tracker}/refund   header X-SFPY-MERCHANT-SECRET: <secret key>
 *   body { "amount": <integer, lowest denomination>, "currency": "<the tracker's currency>" }  (amount left out: the rest)
 *   200 { data: { tracker: <v3 tracker, state TRACKER_PARTIAL_REFUND | TRACKER_REFUNDED>,
 *                 action: { cybersource_refund: { token: "refund_…", totals: { currency, amount } } } },
 *         status: { errors: [], message: "success" } }
 * Partial refunds may repeat up to the captured amount. Refusals: 401 wrong secret, 404 unknown tracker, 400 otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type SimRequest } from '../http';
import { envelope, now, refundedMinor, safepayError, setState, toMajor, type SafepayState } from './state';
import { v3View } from './views';
import { notify } from './webhooks';

export const REFUND_PATH = /^\/order\/payments\/v3\/([^/]+)\/refund\/?$/;

export async function handleRefund(req: SimRequest, res: ServerResponse, s: SafepayState, trackerToken: string): Promise<void> {
  if (req.headers['x-sfpy-merchant-secret'] !== s.secretKey) return sendJson(res, 401, safepayError('merchant secret key is missing or not valid'));
  const t = s.trackers.get(trackerToken);
  if (!t) return sendJson(res, 404, safepayError('Resource with this identifier not found'));
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : null;
  if (!body) return sendJson(res, 400, safepayError('request body must be a JSON object'));
  if (t.state !== 'TRACKER_ENDED' && t.state !== 'TRACKER_PARTIAL_REFUND') return sendJson(res, 400, safepayError(`cannot refund tracker in state ${t.state}`));
  if (body.currency !== t.currency) return sendJson(res, 400, safepayError(`currency must be the tracker's currency ${t.currency}`));
  const balance = t.amountMinor - refundedMinor(t);
  const amount = body.amount === undefined ? balance : body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    return sendJson(res, 400, safepayError('amount must be a positive integer in the lowest denomination'));
  }
  if (amount > balance) return sendJson(res, 400, safepayError('refund amount is higher than remaining balance'));
  const refund = { token: `refund_${randomUUID()}`, amount: toMajor(amount), amountMinor: amount, currency: t.currency, created_at: now() };
  t.refunds.push(refund);
  setState(t, amount === balance ? 'TRACKER_REFUNDED' : 'TRACKER_PARTIAL_REFUND');
  await notify('refund:created', t, s);
  sendJson(res, 200, envelope({
    tracker: v3View(t, s),
    action: { cybersource_refund: { token: refund.token, totals: { currency: t.currency, amount } } },
  }));
}
