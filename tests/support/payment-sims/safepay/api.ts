/**
 * Safepay's API as the simulator serves it.
 * - `POST /order/v1/init` { client, amount, currency, environment }: what @sfpy/node-sdk's payments.create sends
 *   (dist/resources/payments.js), no auth header, the API key in `client`; amount in major units (the guide's
 *   1000.00 PKR). Answers `{ data: { token: "track_…", state: "TRACKER_STARTED", … }, status }`.
 * - `GET /order/v1/{tracker}`: the public read-back Safepay's WooCommerce/OpenCart plugins use.
 * - `GET /reporter/api/v1/payments/{tracker}` with X-SFPY-MERCHANT-SECRET: @sfpy/node-core's
 *   reporter.payments.fetch (src/resources/Reporter/Payments.ts). Answers `{ ok: true, data: <v3 tracker> }`,
 *   the tracker directly under data as integrators observed it from the sandbox.
 * - refunds: see refund.ts.
 */
import type { ServerResponse } from 'node:http';
import { sendJson, type SimRequest } from '../http';
import { CURRENCIES, envelope, newTracker, safepayError, type SafepayState } from './state';
import { handleRefund, REFUND_PATH } from './refund';
import { v1View, v3View } from './views';

function init(req: SimRequest, res: ServerResponse, s: SafepayState): void {
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : null;
  if (!b) return sendJson(res, 400, safepayError('request body must be a JSON object'));
  for (const field of ['client', 'amount', 'currency', 'environment']) {
    if (b[field] === undefined || b[field] === null || b[field] === '') return sendJson(res, 400, safepayError(`${field} is required`));
  }
  if (b.client !== s.apiKey) return sendJson(res, 401, safepayError('merchant api key not found'));
  if (b.environment !== 'sandbox') return sendJson(res, 400, safepayError('environment must be sandbox for a sandbox api key'));
  const amount = b.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
    return sendJson(res, 400, safepayError('amount must be a positive number with at most two decimals'));
  }
  if (typeof b.currency !== 'string' || !(CURRENCIES as readonly string[]).includes(b.currency)) {
    return sendJson(res, 400, safepayError(`currency must be one of ${CURRENCIES.join(', ')}`));
  }
  const t = newTracker(amount, b.currency);
  s.trackers.set(t.token, t);
  sendJson(res, 200, envelope(v1View(t, s)));
}

function reporter(req: SimRequest, res: ServerResponse, s: SafepayState, token: string): void {
  if (req.headers['x-sfpy-merchant-secret'] !== s.secretKey) return sendJson(res, 401, safepayError('merchant secret key is missing or not valid'));
  const t = s.trackers.get(token);
  if (!t) return sendJson(res, 404, safepayError('Resource with this identifier not found'));
  sendJson(res, 200, { ok: true, data: v3View(t, s) });
}

function order(res: ServerResponse, s: SafepayState, token: string): void {
  const t = s.trackers.get(token);
  if (!t) return sendJson(res, 404, safepayError('Resource with this identifier not found'));
  sendJson(res, 200, envelope(v1View(t, s)));
}

type Route = (req: SimRequest, res: ServerResponse, s: SafepayState) => Promise<void> | void;

function route(req: SimRequest): Route | null {
  const path = req.url.pathname;
  const param = (re: RegExp) => {
    const m = re.exec(path);
    return m ? decodeURIComponent(m[1]) : null;
  };
  if (req.method === 'POST') {
    if (/^\/order\/v1\/init\/?$/.test(path)) return init;
    const refund = param(REFUND_PATH);
    if (refund !== null) return (r, res, s) => handleRefund(r, res, s, refund);
  }
  if (req.method === 'GET') {
    const reported = param(/^\/reporter\/api\/v1\/payments\/([^/]+)\/?$/);
    if (reported !== null) return (r, res, s) => reporter(r, res, s, reported);
    const ordered = param(/^\/order\/v1\/([^/]+)\/?$/);
    if (ordered !== null) return (_r, res, s) => order(res, s, ordered);
  }
  return null;
}

/** Serves the API routes; false when the request is not one of them. */
export async function handleApi(req: SimRequest, res: ServerResponse, s: SafepayState): Promise<boolean> {
  const handler = route(req);
  if (!handler) return false;
  await handler(req, res, s);
  return true;
}
