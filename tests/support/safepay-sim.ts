/**
 * A Safepay sandbox on 127.0.0.1 for tests: the API and the hosted checkout on one origin, as in Safepay's sandbox
 * (https://sandbox.api.getsafepay.com serves both). It speaks what @sfpy/node-sdk 3.0.2 sends and checks; the
 * surface and where each rule comes from are described in payment-sims/safepay/*.ts.
 *
 * Alone, for an end-to-end journey:
 *   node --import tsx tests/support/safepay-sim.ts --port 8191 --webhook-url http://localhost:8181/api/webhooks/safepay
 */
import { cliOptions, closeOnSignal, isMain, listen, sendJson } from './payment-sims/http';
import { handleApi } from './payment-sims/safepay/api';
import { cancelTracker, checkoutUrl, declineTracker, handleCheckout, payTracker } from './payment-sims/safepay/checkout';
import { SAFEPAY_DEFAULTS, type SafepayState, type SafepayTracker } from './payment-sims/safepay/state';
import { deliverWebhook } from './payment-sims/safepay/webhooks';

export { SAFEPAY_DEFAULTS, TEST_CARDS as SAFEPAY_TEST_CARDS } from './payment-sims/safepay/state';
export type { SafepayTracker } from './payment-sims/safepay/state';

export interface SafepaySim {
  /** http://127.0.0.1:<port>: the API and the hosted checkout on the same origin, as in Safepay's sandbox. */
  url: string;
  apiKey: string;
  secretKey: string;
  webhookSecret: string;
  close(): Promise<void>;
  /** Where it sends webhooks (none until set). */
  setWebhookUrl(url: string | null): void;
  /** What a tracker is now, for assertions: token, amount (major units, number), currency, state, order_id, refunds. */
  trackers: Map<string, SafepayTracker>;
  requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[];
  /**
   * Drive a checkout without a browser: what the customer's choice would POST to redirect_url (or the cancel
   * redirect). The checkout URL must have been opened first (a GET, as the browser would): that is where Safepay
   * learns redirect_url. A declined card leaves the customer on the checkout, so `redirect` is the checkout URL.
   */
  pay(tracker: string, outcome: 'paid' | 'declined' | 'cancelled'): Promise<{ redirect: string; form?: Record<string, string> }>;
  /** Sends a signed webhook for a tracker now (again, to test replays); default type payment:created. */
  sendWebhook(tracker: string, type?: string): Promise<Response>;
}

export async function startSafepaySim(opts: { port?: number; apiKey?: string; secretKey?: string; webhookSecret?: string } = {}): Promise<SafepaySim> {
  const state: SafepayState = {
    apiKey: opts.apiKey ?? SAFEPAY_DEFAULTS.apiKey,
    secretKey: opts.secretKey ?? SAFEPAY_DEFAULTS.secretKey,
    webhookSecret: opts.webhookSecret ?? SAFEPAY_DEFAULTS.webhookSecret,
    url: '',
    webhookUrl: null,
    trackers: new Map(),
  };
  const requests: SafepaySim['requests'] = [];
  const server = await listen(async (req, res) => {
    requests.push({ method: req.method, path: req.path, body: req.body, headers: req.headers });
    if (await handleApi(req, res, state)) return;
    if (await handleCheckout(req, res, state)) return;
    sendJson(res, 404, { data: null, status: { errors: [`no route for ${req.method} ${req.url.pathname}`], message: 'error' } });
  }, opts.port);
  state.url = server.url;

  const opened = (token: string) => {
    const t = state.trackers.get(token);
    if (!t) throw new Error(`unknown tracker ${token}`);
    if (!t.checkout) throw new Error(`tracker ${token}: open its checkout URL first (GET /checkout/pay?beacon=…), as the customer's browser would`);
    return { t, checkout: t.checkout };
  };

  return {
    url: server.url,
    apiKey: state.apiKey,
    secretKey: state.secretKey,
    webhookSecret: state.webhookSecret,
    close: server.close,
    setWebhookUrl(url) {
      state.webhookUrl = url;
    },
    trackers: state.trackers,
    requests,
    async pay(tracker, outcome) {
      const { t, checkout } = opened(tracker);
      if (outcome === 'paid') return { redirect: checkout.redirect_url, form: await payTracker(t, state) };
      if (outcome === 'declined') {
        await declineTracker(t, state);
        return { redirect: checkoutUrl(t, state) };
      }
      cancelTracker(t);
      return { redirect: checkout.cancel_url };
    },
    async sendWebhook(tracker, type = 'payment:created') {
      const t = state.trackers.get(tracker);
      if (!t) throw new Error(`unknown tracker ${tracker}`);
      if (!state.webhookUrl) throw new Error('no webhook URL set (setWebhookUrl or --webhook-url)');
      return deliverWebhook(type, t, state, state.webhookUrl);
    },
  };
}

if (isMain(import.meta.url)) {
  const { port, webhookUrl } = cliOptions();
  const sim = await startSafepaySim({ port: port ?? 8191 });
  if (webhookUrl) sim.setWebhookUrl(webhookUrl);
  console.log(`Safepay sandbox simulator on ${sim.url} (API and checkout ${sim.url}/checkout/pay)`);
  console.log(`  api key (client)      ${sim.apiKey}`);
  console.log(`  secret key (v1Secret) ${sim.secretKey}`);
  console.log(`  webhook secret        ${sim.webhookSecret}`);
  console.log(`  webhooks to           ${webhookUrl ?? '(none; pass --webhook-url)'}`);
  closeOnSignal(sim.close);
}
