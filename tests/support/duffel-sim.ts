/**
 * A simulator of Duffel's flights API (v2) for testing Safar's Duffel adapter through the official client
 * (`new Duffel({ token, basePath: sim.url })`). It answers the paths, headers, bodies, status codes and error shape
 * Duffel documents (duffel.com/docs/api/v2, the guides on holding orders, cancelling and webhooks) and that
 * node_modules/@duffel/api sends; the pieces live in ./duffel-sim/. Tests steer it with knobs; another process
 * steers it over JSON at /_sim/* when it runs on its own:
 *
 *   node --import tsx tests/support/duffel-sim.ts --port 8190 --token duffel_test_sim [--currency GBP]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { E, SimError, required } from './duffel-sim/errors';
import { checkHeaders, paginate, readBody, requestData, sendJson } from './duffel-sim/http';
import { acceptAirlineChange, applyAirlineChange, confirmCancellation, createCancellation } from './duffel-sim/after-booking';
import { createOrder, createPayment, findOrder, repriceHeldOrders } from './duffel-sim/orders';
import { applyPrice, createOfferRequest, offerRequestView, offerView, readOffer } from './duffel-sim/search';
import { seatMapsFor } from './duffel-sim/seat-maps';
import { createState, type Json, type SimState } from './duffel-sim/state';
import { AMOUNT_RE, clone, duffelId, toMinor } from './duffel-sim/util';
import { deliverWebhook, type WebhookEventInput, type WebhookTarget } from './duffel-sim/webhooks';

export { signWebhook } from './duffel-sim/webhooks';

export interface DuffelSim {
  url: string;            // http://127.0.0.1:<port>
  token: string;          // the access token it accepts
  close(): Promise<void>;
  /** Knobs for tests */
  setDelay(ms: number): void;                 // every API answer waits this long
  setFailing(on: boolean): void;              // every API call answers 500 in Duffel's error shape
  changePrice(offerId: string, totalAmount: string): void;  // the next GET of that offer (and an order on it) sees the new price
  makeUnavailable(offerId: string): void;     // orders on it fail as Duffel does when an offer is no longer available
  /** Moves the sim's clock forward: offers expire after 30 minutes, holds at payment_required_by, quotes at expires_at. */
  advanceClock(ms: number): void;
  /** Sends a signed webhook event, as Duffel does, to `target.url` (X-Duffel-Signature: t=<unix>,v1=<hex hmac-sha256 of `${t}.${rawBody}`>). */
  sendWebhook(event: WebhookEventInput, target: WebhookTarget): Promise<Response>;
  /** What happened, for assertions */
  orders: Map<string, unknown>; payments: unknown[]; cancellations: Map<string, unknown>; requests: { method: string; path: string; body: unknown }[];
  /** The sim's own events: an airline-initiated change applied to an order (then sendWebhook tells someone) */
  airlineChange(orderId: string): WebhookEventInput & { id: string };   // the order.airline_initiated_change_detected event
}

/** The logged body: JSON when it parses, else the raw text (a malformed body is worth seeing too). */
function parseLoosely(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

type Route = { method: string; pattern: RegExp; run: (m: RegExpExecArray, q: URLSearchParams, req: IncomingMessage, raw: string) => [number, unknown] };

function routes(state: SimState): Route[] {
  const list = (items: Json[], q: URLSearchParams) => paginate(items, q);
  const byOrder = (items: Json[], q: URLSearchParams) => (q.get('order_id') ? items.filter((x) => x.order_id === q.get('order_id')) : items);
  const need = (q: URLSearchParams, name: string) => {
    if (!q.get(name)) throw new SimError(422, [required(`/${name}`)]);
    return q.get(name)!;
  };
  return [
    { method: 'POST', pattern: /^\/air\/offer_requests$/, run: (_m, q, req, raw) => [201, { data: createOfferRequest(state, requestData(req, raw, true), q.get('return_offers') !== 'false') }] },
    { method: 'GET', pattern: /^\/air\/offer_requests$/, run: (_m, q) => [200, list([...state.offerRequests.values()].reverse().map((r) => offerRequestView(state, r, false)), q)] },
    { method: 'GET', pattern: /^\/air\/offer_requests\/([^/]+)$/, run: (m) => {
      const r = state.offerRequests.get(m[1]);
      if (!r) throw E.notFound();
      return [200, { data: offerRequestView(state, r, true) }];
    } },
    { method: 'GET', pattern: /^\/air\/offers$/, run: (_m, q) => {
      const r = state.offerRequests.get(need(q, 'offer_request_id'));
      if (!r) throw new SimError(422, [{ ...required('/offer_request_id'), code: 'not_found', title: 'Linked record(s) not found', message: "Field 'offer_request_id' contains ID(s) of linked record(s) that were not found in your account" }]);
      const max = q.get('max_connections') == null ? Infinity : Number(q.get('max_connections'));
      const minutes = (o: Json) => o.slices.reduce((n: number, s: Json) => { const [, h, mm] = /PT(\d+)H(\d+)M/.exec(s.duration)!; return n + +h * 60 + +mm; }, 0);
      const sort = q.get('sort') ?? '';
      const key = sort.endsWith('total_duration') ? minutes : (o: Json) => toMinor(o.total_amount);
      const offers = (r.offer_ids as string[]).map((id) => offerView(state.offers.get(id)!, false))
        .filter((o) => o.slices.every((s: Json) => s.segments.length - 1 <= max));
      if (sort) offers.sort((a, b) => (key(a) - key(b)) * (sort.startsWith('-') ? -1 : 1));
      return [200, list(offers, q)];
    } },
    { method: 'GET', pattern: /^\/air\/offers\/([^/]+)$/, run: (m, q) => {
      const rec = readOffer(state, m[1]);
      if (rec.pendingMinor != null) applyPrice(rec, rec.pendingMinor, state.now());
      return [200, { data: offerView(rec, q.get('return_available_services') === 'true') }];
    } },
    { method: 'GET', pattern: /^\/air\/seat_maps$/, run: (_m, q) => [200, { data: seatMapsFor(state, readOffer(state, need(q, 'offer_id'))) }] },
    { method: 'POST', pattern: /^\/air\/orders$/, run: (_m, _q, req, raw) => [201, { data: createOrder(state, requestData(req, raw, true)) }] },
    { method: 'GET', pattern: /^\/air\/orders$/, run: (_m, q) => {
      let orders = [...state.orderRecords.keys()].reverse().map((id) => findOrder(state, id).order);
      if (q.get('awaiting_payment') != null) orders = orders.filter((o) => String(o.payment_status.awaiting_payment) === q.get('awaiting_payment'));
      if (q.get('booking_reference')) orders = orders.filter((o) => o.booking_reference === q.get('booking_reference'));
      if (q.get('offer_id')) orders = orders.filter((o) => o.offer_id === q.get('offer_id'));
      return [200, list(orders, q)];
    } },
    { method: 'GET', pattern: /^\/air\/orders\/([^/]+)$/, run: (m) => [200, { data: findOrder(state, m[1]).order }] },
    { method: 'POST', pattern: /^\/air\/payments$/, run: (_m, _q, req, raw) => [201, { data: createPayment(state, requestData(req, raw, true)) }] },
    { method: 'GET', pattern: /^\/air\/payments$/, run: (_m, q) => [200, list(byOrder(state.payments as Json[], q).map(({ order_id: _o, ...p }) => p), q)] },
    { method: 'GET', pattern: /^\/air\/payments\/([^/]+)$/, run: (m) => {
      const p = (state.payments as Json[]).find((x) => x.id === m[1]);
      if (!p) throw E.notFound();
      const { order_id: _o, ...payment } = p;
      return [200, { data: payment }];
    } },
    { method: 'POST', pattern: /^\/air\/order_cancellations$/, run: (_m, _q, req, raw) => [201, { data: createCancellation(state, requestData(req, raw, true)) }] },
    { method: 'GET', pattern: /^\/air\/order_cancellations$/, run: (_m, q) => [200, list(byOrder([...state.cancellations.values()] as Json[], q), q)] },
    { method: 'GET', pattern: /^\/air\/order_cancellations\/([^/]+)$/, run: (m) => {
      const c = state.cancellations.get(m[1]);
      if (!c) throw E.notFound();
      return [200, { data: c }];
    } },
    { method: 'POST', pattern: /^\/air\/order_cancellations\/([^/]+)\/actions\/confirm$/, run: (m) => [200, { data: confirmCancellation(state, m[1]) }] },
    { method: 'GET', pattern: /^\/air\/airline_initiated_changes$/, run: (_m, q) => [200, list(byOrder([...state.airlineChanges.values()], q), q)] },
    { method: 'POST', pattern: /^\/air\/airline_initiated_changes\/([^/]+)\/actions\/accept$/, run: (m) => [200, { data: acceptAirlineChange(state, m[1]) }] },
  ];
}

export async function startDuffelSim(opts: { port?: number; token?: string; currency?: 'USD' | 'GBP' | 'EUR' } = {}): Promise<DuffelSim> {
  const token = opts.token ?? 'duffel_test_sim';
  let delay = 0, failing = false, clockOffset = 0, served = 0;
  const state = createState(opts.currency ?? 'USD', () => clockOffset, `${token}:${opts.currency ?? 'USD'}`);
  const requests: DuffelSim['requests'] = [];
  const table = routes(state);

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL, raw: string) => {
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body: parseLoosely(raw) });
    const requestId = duffelId('req', `${token}:${++served}`).slice(8, 28);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    try {
      if (failing) throw E.internal();
      checkHeaders(req, token);
      // The client posts searches to `air/offer_requests/`; Duffel treats the trailing slash as the same path.
      const path = url.pathname.replace(/\/+$/, '');
      for (const r of table) {
        const m = r.method === req.method ? r.pattern.exec(path) : null;
        if (m) {
          const [status, body] = r.run(m, url.searchParams, req, raw);
          return sendJson(req, res, status, body, requestId);
        }
      }
      throw E.notFound();
    } catch (e) {
      const err = e instanceof SimError ? e : (console.error('duffel-sim:', e), E.internal());
      sendJson(req, res, err.status, { errors: err.errors, meta: { status: err.status, request_id: requestId } }, requestId);
    }
  };

  const sim: DuffelSim = {
    url: '', token,
    orders: state.orders, payments: state.payments, cancellations: state.cancellations, requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
    setDelay: (ms) => { delay = ms; },
    setFailing: (on) => { failing = on; },
    advanceClock: (ms) => { clockOffset += ms; },
    changePrice(offerId, totalAmount) {
      const rec = state.offers.get(offerId);
      if (!rec) throw new Error(`duffel-sim: no offer ${offerId}`);
      if (!AMOUNT_RE.test(totalAmount)) throw new Error(`duffel-sim: bad amount ${totalAmount}`);
      rec.pendingMinor = toMinor(totalAmount);
      repriceHeldOrders(state, offerId, rec.pendingMinor);
    },
    makeUnavailable(offerId) {
      const rec = state.offers.get(offerId);
      if (!rec) throw new Error(`duffel-sim: no offer ${offerId}`);
      rec.unavailable = true;
    },
    sendWebhook: (event, target) => deliverWebhook(event, { ...target, timestamp: target.timestamp ?? Math.floor(Date.now() / 1000) }, state.now()),
    airlineChange(orderId) {
      const { aic, order } = applyAirlineChange(state, orderId);
      // v2 events carry the order; `aic_id` names the change to look up (Duffel's v1-to-v2 migration guide).
      return { id: state.newId('wev'), type: 'order.airline_initiated_change_detected', object: { ...clone(order), aic_id: aic.id } };
    },
  };

  /** JSON control endpoints for a test in another process. */
  const control = async (req: IncomingMessage, res: ServerResponse, path: string, raw: string) => {
    const body: Json = raw ? JSON.parse(raw) : {};
    const ok = (data: unknown) => sendJson(req, res, 200, data, 'sim');
    switch (`${req.method} ${path}`) {
      case 'POST /_sim/delay': sim.setDelay(Number(body.ms ?? 0)); return ok({ delay_ms: delay });
      case 'POST /_sim/failing': sim.setFailing(Boolean(body.on)); return ok({ failing });
      case 'POST /_sim/clock': sim.advanceClock(Number(body.advance_ms ?? 0)); return ok({ clock_offset_ms: clockOffset });
      case 'POST /_sim/price': sim.changePrice(body.offer_id, body.total_amount); return ok({ offer_id: body.offer_id, total_amount: body.total_amount });
      case 'POST /_sim/unavailable': sim.makeUnavailable(body.offer_id); return ok({ offer_id: body.offer_id, unavailable: true });
      case 'POST /_sim/webhook': {
        const event: WebhookEventInput = body.type === 'order.airline_initiated_change_detected' && body.order_id
          ? sim.airlineChange(body.order_id)
          : { type: body.type, object: body.object ?? (body.order_id ? findOrder(state, body.order_id).order : {}) };
        const answer = await sim.sendWebhook(event, { url: body.url, secret: body.secret });
        return ok({ delivered_status: answer.status, event_id: event.id ?? null });
      }
      case 'GET /_sim/state': return ok({
        orders: [...state.orders.values()], payments: state.payments, cancellations: [...state.cancellations.values()],
        requests: requests.length, delay_ms: delay, failing, clock_offset_ms: clockOffset,
      });
      default: return sendJson(req, res, 404, { error: `no control endpoint ${req.method} ${path}` }, 'sim');
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      if (url.pathname.startsWith('/_sim/')) {
        try {
          await control(req, res, url.pathname.replace(/\/+$/, ''), raw);
        } catch (e) {
          sendJson(req, res, 400, { error: e instanceof Error ? e.message : String(e) }, 'sim');
        }
        return;
      }
      await api(req, res, url, raw);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  sim.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sim;
}

// Run on its own: `node --import tsx tests/support/duffel-sim.ts --port 8190 --token duffel_test_sim`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
  const currency = arg('currency') as 'USD' | 'GBP' | 'EUR' | undefined;
  const sim = await startDuffelSim({ port: Number(arg('port') ?? 8190), token: arg('token'), currency });
  console.log(`Duffel simulator at ${sim.url}`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
