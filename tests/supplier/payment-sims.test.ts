/**
 * The payment simulators speak what the real services speak: Safepay as @sfpy/node-sdk 3.0.2 sends and checks it
 * (its own payments.create, checkout.create, verify.signature and verify.webhook, pointed at the simulator), and
 * JazzCash as its sandbox documentation lays out its hashes, codes and APIs.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Safepay } from '@sfpy/node-sdk';
import { API_URL_SANDBOX, CHECKOUT_SANDBOX, Environment } from '@sfpy/node-sdk/dist/utils/constants';
import { SAFEPAY_TEST_CARDS, startSafepaySim, type SafepaySim } from '../support/safepay-sim';
import { JAZZCASH_TEST_WALLETS, jazzCashHash, startJazzCashSim, type JazzCashSim } from '../support/jazzcash-sim';
import { autoPost, formPost as form, jazzCashForm, jsonPost as json, receiver, type Received } from '../support/payment-sims/testing';

/** The axios instance the SDK itself requires: its requests to the sandbox host are sent to the simulator. */
interface AxiosLike {
  interceptors: { request: { use(f: (c: { baseURL?: string }) => { baseURL?: string }): number; eject(id: number): void } };
}
const sdkAxios = createRequire(createRequire(import.meta.url).resolve('@sfpy/node-sdk'))('axios') as AxiosLike;

/** A v1 webhook body, as the simulator's checkout sends it. */
type V1Hook = { data: { token: string; type: string; delivery_attempts: number; notification: { tracker: string } } };

describe('Safepay simulator', () => {
  let sim: SafepaySim;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let safepay: Safepay;
  let interceptor: number;
  const urls = { redirectUrl: 'http://127.0.0.1:9/payments/safepay/return', cancelUrl: 'http://127.0.0.1:9/payments/safepay/cancel' };

  beforeAll(async () => {
    sim = await startSafepaySim();
    hooks = await receiver();
    sim.setWebhookUrl(hooks.url);
    safepay = new Safepay({ environment: Environment.Sandbox, apiKey: sim.apiKey, v1Secret: sim.secretKey, webhookSecret: sim.webhookSecret });
    interceptor = sdkAxios.interceptors.request.use((c) => (c.baseURL === API_URL_SANDBOX ? { ...c, baseURL: sim.url } : c));
  });
  afterAll(async () => {
    sdkAxios.interceptors.request.eject(interceptor);
    await Promise.all([sim.close(), hooks.close()]);
  });

  /** A tracker made by the SDK and its checkout opened, as the customer's browser would. */
  async function openCheckout(amount = 1500.5, orderId = 'SAFAR-1', webhooks = true) {
    const { token } = await safepay.payments.create({ amount, currency: 'PKR' });
    const sdkUrl = safepay.checkout.create({ token, orderId, webhooks, ...urls });
    expect(sdkUrl.startsWith(`${CHECKOUT_SANDBOX}/pay?`)).toBe(true);
    const url = sdkUrl.replace(CHECKOUT_SANDBOX, `${sim.url}/checkout`);
    const page = await fetch(url);
    return { token, url, page, html: await page.text() };
  }
  const reporter = (token: string, secret = sim.secretKey) => fetch(`${sim.url}/reporter/api/v1/payments/${token}`, { headers: { 'X-SFPY-MERCHANT-SECRET': secret } });
  const refund = (token: string, body: unknown, secret = sim.secretKey) => fetch(`${sim.url}/order/payments/v3/${token}/refund`, json(body, { 'X-SFPY-MERCHANT-SECRET': secret }));
  const hooksOf = (token: string, type: string): Received[] =>
    hooks.received.filter((r) => (r.body as V1Hook).data?.type === type && (r.body as V1Hook).data.notification.tracker === token);

  it("creates a tracker from payments.create's own request", async () => {
    const { token } = await safepay.payments.create({ amount: 1500.5, currency: 'PKR' });
    const sent = sim.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/order/v1/init', body: { amount: 1500.5, client: sim.apiKey, currency: 'PKR', environment: 'sandbox' } });
    expect(token).toMatch(/^track_[0-9a-f-]{36}$/);
    expect(sim.trackers.get(token)).toMatchObject({ token, amount: 1500.5, currency: 'PKR', state: 'TRACKER_STARTED', refunds: [] });
  });

  it('refuses a wrong client key, a bad amount or currency, as Safepay answers', async () => {
    const wrong = new Safepay({ environment: Environment.Sandbox, apiKey: 'sec_wrong', v1Secret: 'x', webhookSecret: 'y' });
    await expect(wrong.payments.create({ amount: 10, currency: 'PKR' })).rejects.toMatchObject({ response: { status: 401 } });
    const init = (body: Record<string, unknown>) => fetch(`${sim.url}/order/v1/init`, json({ client: sim.apiKey, amount: 10, currency: 'PKR', environment: 'sandbox', ...body }));
    for (const bad of [{ amount: -5 }, { amount: '100' }, { amount: 1.234 }, { currency: 'INR' }, { environment: 'production' }]) {
      const res = await init(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: { message: 'error', errors: [expect.any(String)] } });
    }
  });

  it('serves the checkout page, posts a signed form to redirect_url and sends a signed webhook', async () => {
    const { token, page, html } = await openCheckout();
    expect(page.status).toBe(200);
    expect(html).toContain('PKR 1,500.50');
    expect(html).toContain('SAFAR-1');
    const paid = await fetch(`${sim.url}/checkout/pay/submit`, form({ beacon: token, card_number: SAFEPAY_TEST_CARDS.paid }));
    const { action, fields } = autoPost(await paid.text());
    expect(action).toBe(urls.redirectUrl);
    expect(fields).toMatchObject({ order_id: 'SAFAR-1', tracker: token, reference: expect.stringMatching(/^\d{6}$/) });
    expect(safepay.verify.signature({ body: fields })).toBe(true);
    expect(safepay.verify.signature({ body: { ...fields, tracker: `${token}x` } })).toBe(false);

    const [hook] = hooksOf(token, 'payment:created');
    expect(hook.body).toMatchObject({ data: { client_id: sim.apiKey, notification: { tracker: token, state: 'PAID', amount: '1500.5', currency: 'PKR', metadata: { order_id: 'SAFAR-1' } } } });
    expect(safepay.verify.webhook({ body: hook.body, headers: hook.headers })).toBe(true);
    const tampered = structuredClone(hook.body) as { data: { notification: { amount: string } } };
    tampered.data.notification.amount = '1.00';
    expect(safepay.verify.webhook({ body: tampered, headers: hook.headers })).toBe(false);

    const read = await reporter(token);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ data: { token, state: 'TRACKER_ENDED', purchase_totals: { quote_amount: { currency: 'PKR', amount: 150050 } } } });
    expect((await reporter(token, 'not-the-secret')).status).toBe(401);
    expect((await reporter('track_00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await (await fetch(`${sim.url}/order/v1/${token}`)).json()).toMatchObject({ data: { token, state: 'TRACKER_ENDED', amount: 1500.5 } });
  });

  it('pays without a browser, and replays the same form and webhook', async () => {
    const { token } = await openCheckout(2000, 'SAFAR-2');
    const first = await sim.pay(token, 'paid');
    expect(first.redirect).toBe(urls.redirectUrl);
    expect(safepay.verify.signature({ body: first.form })).toBe(true);
    expect(await sim.pay(token, 'paid')).toEqual(first);
    const res = await sim.sendWebhook(token);
    expect(res.status).toBe(200);
    const [a, b] = hooksOf(token, 'payment:created');
    const data = (r: Received) => (r.body as V1Hook).data;
    expect(data(b).token).toBe(data(a).token);
    expect(data(b).delivery_attempts).toBe(2);
    expect(safepay.verify.webhook({ body: b.body, headers: b.headers })).toBe(true);
    // The v2 event shape on request, signed the same way.
    await sim.sendWebhook(token, 'payment.succeeded');
    const v2 = hooks.received.at(-1)!;
    expect(v2.body).toMatchObject({ type: 'payment.succeeded', data: { tracker: token, state: 'TRACKER_ENDED', amount: 200000 } });
    expect(safepay.verify.webhook({ body: v2.body, headers: v2.headers })).toBe(true);
  });

  it('keeps a declined customer on the checkout, and lets them pay after', async () => {
    const { token, url } = await openCheckout(500, 'SAFAR-3');
    expect(await sim.pay(token, 'declined')).toEqual({ redirect: url });
    expect(sim.trackers.get(token)?.state).toBe('TRACKER_STARTED');
    expect(hooksOf(token, 'error:occurred')).toHaveLength(1);
    const page = await fetch(`${sim.url}/checkout/pay/submit`, form({ beacon: token, card_number: SAFEPAY_TEST_CARDS.declined }));
    expect(await page.text()).toContain('declined');
    expect(await (await reporter(token)).json()).toMatchObject({ data: { state: 'TRACKER_STARTED', charge: null } });
    expect((await sim.pay(token, 'paid')).form?.tracker).toBe(token);
  });

  it('sends a cancelled customer to cancel_url', async () => {
    const { token } = await openCheckout(750, 'SAFAR-4');
    const res = await fetch(`${sim.url}/checkout/pay/cancel?beacon=${token}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(urls.cancelUrl);
    expect(sim.trackers.get(token)?.state).toBe('TRACKER_CANCELLED');
    await expect(sim.pay(token, 'paid')).rejects.toThrow(/TRACKER_CANCELLED/);
    const other = await openCheckout(750, 'SAFAR-5');
    expect(await sim.pay(other.token, 'cancelled')).toEqual({ redirect: urls.cancelUrl });
    expect((await fetch(`${sim.url}/checkout/pay?beacon=track_unknown&env=sandbox`)).status).toBe(404);
  });

  it('refunds in part and in full, and refuses what Safepay refuses', async () => {
    const { token } = await openCheckout(1000, 'SAFAR-6');
    expect((await refund(token, { amount: 10000, currency: 'PKR' })).status).toBe(400);
    await sim.pay(token, 'paid');
    expect((await refund(token, { amount: 10000, currency: 'PKR' }, 'wrong')).status).toBe(401);
    expect((await refund(token, { amount: 10000, currency: 'USD' })).status).toBe(400);
    expect((await refund(token, { amount: 100001, currency: 'PKR' })).status).toBe(400);
    const part = await refund(token, { amount: 25000, currency: 'PKR' });
    expect(part.status).toBe(200);
    expect(await part.json()).toMatchObject({
      data: { tracker: { token, state: 'TRACKER_PARTIAL_REFUND' }, action: { cybersource_refund: { token: expect.stringMatching(/^refund_/), totals: { currency: 'PKR', amount: 25000 } } } },
      status: { errors: [], message: 'success' },
    });
    const rest = await refund(token, { amount: 75000, currency: 'PKR' });
    expect(await rest.json()).toMatchObject({ data: { tracker: { state: 'TRACKER_REFUNDED' } } });
    expect(sim.trackers.get(token)?.refunds.map((r) => r.amount)).toEqual([250, 750]);
    expect(await (await reporter(token)).json()).toMatchObject({ data: { state: 'TRACKER_REFUNDED', charge: { balance: { amount: 0 }, cybersource_refunds: [{}, {}] } } });
    const [r1, r2] = hooksOf(token, 'refund:created');
    expect(r1.body).toMatchObject({ data: { notification: { state: 'PARTIALLY REFUNDED', amount: '250', balance: '750' } } });
    expect(r2.body).toMatchObject({ data: { notification: { state: 'REFUNDED', amount: '750', balance: '0' } } });
    expect(safepay.verify.webhook({ body: r2.body, headers: r2.headers })).toBe(true);
  });

  it('needs the checkout opened before pay()', async () => {
    const { token } = await safepay.payments.create({ amount: 10, currency: 'PKR' });
    await expect(sim.pay(token, 'paid')).rejects.toThrow(/open its checkout URL first/);
  });
});

describe('JazzCash simulator', () => {
  let sim: JazzCashSim;
  beforeAll(async () => {
    sim = await startJazzCashSim();
  });
  afterAll(() => sim.close());

  const merchantForm = (fields: Record<string, string>) => fetch(`${sim.url}/CustomerPortal/transactionmanagement/merchantform/`, form(fields));
  const api = async (path: string, fields: Record<string, string>) => {
    const body = { ...fields, pp_SecureHash: jazzCashHash(fields, sim.integritySalt) };
    return (await (await fetch(`${sim.url}${path}`, json(body))).json()) as Record<string, string>;
  };
  const creds = () => ({ pp_MerchantID: sim.merchantId, pp_Password: sim.password });
  const inquire = (ref: string) => api('/ApplicationAPI/API/PaymentInquiry/Inquire', { pp_TxnRefNo: ref, ...creds() });
  const walletRefund = (ref: string, amount: string, mpin = '0000') =>
    api('/ApplicationAPI/API/Purchase/domwalletrefundtransaction', { pp_TxnRefNo: ref, pp_Amount: amount, pp_TxnCurrency: 'PKR', pp_MerchantMPIN: mpin, ...creds() });
  const hashHolds = (fields: Record<string, string>) => jazzCashHash(fields, sim.integritySalt) === fields.pp_SecureHash;
  async function started(over: Record<string, string> = {}) {
    const f = jazzCashForm(sim, over);
    const res = await merchantForm(f);
    expect(res.status).toBe(200);
    return { f, html: await res.text() };
  }

  it("computes the documentation's worked hash example", () => {
    expect(jazzCashHash({ pp_MerchantID: 'MER123', pp_OrderInfo: 'A48cvE28', pp_Amount: '2995' }, '0F5DD14AE2').toLowerCase())
      .toBe('c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867');
  });

  it('accepts a correctly hashed form and shows the amount', async () => {
    const { f, html } = await started();
    expect(html).toContain('PKR 1,500.00');
    expect(html).toContain(JAZZCASH_TEST_WALLETS.paid);
    expect(sim.transactions.get(f.pp_TxnRefNo)).toMatchObject({ status: 'initiated', amountPaisa: 150000, txnType: 'MWALLET' });
  });

  it('refuses a tampered hash, wrong credentials and bad fields, answering pp_ReturnURL signed', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...jazzCashForm(sim), pp_Amount: '100' }, '115'],
      [jazzCashForm(sim, { pp_Password: 'wrong' }), '101'],
      [jazzCashForm(sim, { pp_Amount: '1500.00' }), '110'],
      [jazzCashForm(sim, { pp_Description: 'a <b> c' }), '110'],
      [jazzCashForm(sim, { pp_TxnExpiryDateTime: '20200101120000', pp_TxnDateTime: '20200101110000' }), '116'],
    ];
    for (const [fields, code] of cases) {
      const { action, fields: back } = autoPost(await (await merchantForm(fields)).text());
      expect(action).toBe(fields.pp_ReturnURL);
      expect(back.pp_ResponseCode).toBe(code);
      expect(hashHolds(back)).toBe(true);
      expect(sim.transactions.has(fields.pp_TxnRefNo)).toBe(false);
    }
  });

  it("signs each outcome's answer with a hash jazzCashHash reproduces", async () => {
    const expected = { paid: '000', pending: '157', failed: '004', cancelled: '112' } as const;
    for (const [outcome, code] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const { f } = await started();
      const { returnUrl, form: back } = await sim.complete(f.pp_TxnRefNo, outcome);
      expect(returnUrl).toBe(f.pp_ReturnURL);
      expect(back).toMatchObject({ pp_ResponseCode: code, pp_TxnRefNo: f.pp_TxnRefNo, pp_Amount: '150000', pp_BillReference: 'billRef42', ppmpf_1: 'booking42' });
      expect(hashHolds(back)).toBe(true);
      expect(jazzCashHash({ ...back, pp_Amount: '1' }, sim.integritySalt)).not.toBe(back.pp_SecureHash);
      expect(await sim.complete(f.pp_TxnRefNo, outcome)).toEqual({ returnUrl, form: back });
    }
    const voucher = await started({ pp_TxnType: 'OTC' });
    expect((await sim.complete(voucher.f.pp_TxnRefNo, 'pending')).form.pp_ResponseCode).toBe('124');
    const card = await started({ pp_TxnType: 'MPAY' });
    expect((await sim.complete(card.f.pp_TxnRefNo, 'failed')).form.pp_ResponseCode).toBe('402');
    await expect(sim.complete(card.f.pp_TxnRefNo, 'paid')).rejects.toThrow(/failed/);
  });

  it("takes the customer's wallet number on the page and posts the answer back", async () => {
    const { f } = await started();
    const res = await fetch(`${sim.url}/sim/jazzcash/action`, form({ pp_TxnRefNo: f.pp_TxnRefNo, action: 'pay', mobile_number: JAZZCASH_TEST_WALLETS.paid }));
    const { action, fields } = autoPost(await res.text());
    expect(action).toBe(f.pp_ReturnURL);
    expect(fields).toMatchObject({ pp_ResponseCode: '000', pp_AuthCode: expect.stringMatching(/^\d{6}$/), pp_RetreivalReferenceNo: expect.stringMatching(/^\d{12}$/) });
    expect(hashHolds(fields)).toBe(true);
  });

  it('answers the status inquiry, signed', async () => {
    const paid = await started();
    await sim.complete(paid.f.pp_TxnRefNo, 'paid');
    const answer = await inquire(paid.f.pp_TxnRefNo);
    expect(answer).toMatchObject({ pp_ResponseCode: '000', pp_PaymentResponseCode: '000', pp_Status: 'Completed' });
    expect(hashHolds(answer)).toBe(true);
    const waiting = await started({ pp_TxnType: 'OTC' });
    await sim.complete(waiting.f.pp_TxnRefNo, 'pending');
    expect(await inquire(waiting.f.pp_TxnRefNo)).toMatchObject({ pp_PaymentResponseCode: '124', pp_Status: 'Pending' });
    expect(await inquire('T0000000000000000')).toMatchObject({ pp_ResponseCode: '109' });
    const forged = await (await fetch(`${sim.url}/ApplicationAPI/API/PaymentInquiry/Inquire`, json({ pp_TxnRefNo: paid.f.pp_TxnRefNo, ...creds(), pp_SecureHash: 'AB' }))).json();
    expect(forged).toMatchObject({ pp_ResponseCode: '115' });
  });

  it('refunds a paid wallet transaction in part and in full, and refuses the rest', async () => {
    const { f } = await started();
    expect(await walletRefund(f.pp_TxnRefNo, '50000')).toMatchObject({ pp_ResponseCode: '132' });
    await sim.complete(f.pp_TxnRefNo, 'paid');
    const part = await walletRefund(f.pp_TxnRefNo, '50000');
    expect(part).toMatchObject({ pp_ResponseCode: '000' });
    expect(hashHolds(part)).toBe(true);
    expect(await walletRefund(f.pp_TxnRefNo, '100001')).toMatchObject({ pp_ResponseCode: '132' });
    expect(await walletRefund(f.pp_TxnRefNo, '100000', '12')).toMatchObject({ pp_ResponseCode: '110' });
    const card = await api('/ApplicationAPI/API/authorize/Refund', { pp_TxnRefNo: f.pp_TxnRefNo, pp_Amount: '100', pp_TxnCurrency: 'PKR', ...creds() });
    expect(card).toMatchObject({ pp_ResponseCode: '132' });
    expect(await walletRefund(f.pp_TxnRefNo, '100000')).toMatchObject({ pp_ResponseCode: '000' });
    expect(sim.transactions.get(f.pp_TxnRefNo)?.refunds.map((r) => r.amountPaisa)).toEqual([50000, 100000]);
    expect(await inquire(f.pp_TxnRefNo)).toMatchObject({ pp_PaymentResponseCode: '131', pp_Status: 'Refunded' });
  });
});

describe('simulators on the command line', () => {
  for (const [file, banner] of [['safepay-sim.ts', 'Safepay sandbox simulator on '], ['jazzcash-sim.ts', 'JazzCash sandbox simulator on ']]) {
    it(`${file} prints its address and serves`, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', `tests/support/${file}`, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
      try {
        const url = await new Promise<string>((ok, fail) => {
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
            const m = new RegExp(`${banner}(http://127\\.0\\.0\\.1:\\d+)`).exec(out);
            if (m) ok(m[1]);
          });
          child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
        });
        expect((await fetch(`${url}/no/such/route`, { method: 'POST' })).status).toBe(404);
      } finally {
        child.kill('SIGTERM');
      }
    });
  }
});
