/**
 * Safepay's hosted checkout: `GET /checkout/pay?beacon&cancel_url&env&order_id&redirect_url&source&webhooks`, the
 * query @sfpy/node-sdk's checkout.create builds (dist/resources/checkout.js; sandbox host
 * https://sandbox.api.getsafepay.com/checkout in dist/utils/constants.js, the API's own origin).
 *
 * Outcomes, shared by the page and by SafepaySim.pay():
 * - paid: the browser POSTs order_id, tracker, token, reference, sig to redirect_url (fields read by Safepay's
 *   Magento 2 plugin, Controller/Payment/Response.php; the JS button's onCheckout gives reference, token, tracker).
 *   sig = hex HMAC-SHA256 of the tracker token keyed with the merchant secret key: @sfpy/node-sdk verify.signature.
 *   With webhooks=true a payment:created webhook follows.
 * - declined: the customer stays on the checkout with an error; the tracker stays TRACKER_STARTED with a failed
 *   attempt; with webhooks=true an error:occurred webhook follows.
 * - cancelled: TRACKER_CANCELLED and a plain GET of cancel_url, nothing appended.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { autoPostPage, escapeHtml, fieldsOf, isHttpUrl, page, redirect, sendHtml, type SimRequest } from '../http';
import { formatMoney, newReference, setState, TEST_CARDS, type CheckoutParams, type SafepayState, type SafepayTracker } from './state';
import { notify } from './webhooks';

export function trackerSignature(tracker: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(tracker).digest('hex');
}

/** The checkout URL again, for the page to send a declined customer back to. */
export function checkoutUrl(t: SafepayTracker, s: SafepayState): string {
  const c = t.checkout as CheckoutParams;
  const q = new URLSearchParams({
    beacon: t.token, cancel_url: c.cancel_url, env: c.env, order_id: c.order_id, redirect_url: c.redirect_url, source: c.source, webhooks: String(c.webhooks),
  });
  return `${s.url}/checkout/pay?${q}`;
}

export async function payTracker(t: SafepayTracker, s: SafepayState, card = TEST_CARDS.paid): Promise<Record<string, string>> {
  if (t.state === 'TRACKER_ENDED' && t.paidForm) return t.paidForm;
  if (t.state !== 'TRACKER_STARTED') throw new Error(`tracker ${t.token} is ${t.state}; only a started tracker can be paid`);
  t.reference = newReference();
  t.attempts.push({ card_last_four: card.slice(-4), is_success: true, at: new Date().toISOString() });
  setState(t, 'TRACKER_ENDED');
  t.paidForm = { order_id: t.checkout?.order_id ?? '', tracker: t.token, token: t.token, reference: t.reference, sig: trackerSignature(t.token, s.secretKey) };
  await notify('payment:created', t, s);
  return t.paidForm;
}

export async function declineTracker(t: SafepayTracker, s: SafepayState): Promise<void> {
  if (t.state !== 'TRACKER_STARTED') throw new Error(`tracker ${t.token} is ${t.state}; only a started tracker can be declined`);
  t.attempts.push({ card_last_four: TEST_CARDS.declined.slice(-4), is_success: false, at: new Date().toISOString() });
  await notify('error:occurred', t, s);
}

export function cancelTracker(t: SafepayTracker): void {
  if (t.state === 'TRACKER_CANCELLED') return;
  if (t.state !== 'TRACKER_STARTED') throw new Error(`tracker ${t.token} is ${t.state}; only a started tracker can be cancelled`);
  setState(t, 'TRACKER_CANCELLED');
}

function errorPage(res: ServerResponse, status: number, message: string): void {
  sendHtml(res, status, page('Safepay Checkout', `<h1>Safepay</h1><p class="error" role="alert">${escapeHtml(message)}</p>`));
}

function checkoutPage(t: SafepayTracker, error = ''): string {
  const amount = formatMoney(t.amount, t.currency);
  const card = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');
  return page('Safepay Checkout (sandbox simulator)', `<h1>Safepay <span class="muted">sandbox</span></h1>
  <p>Pay <strong data-testid="safepay-amount">${escapeHtml(amount)}</strong>${t.order_id ? ` for order <span data-testid="safepay-order">${escapeHtml(t.order_id)}</span>` : ''}</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="/checkout/pay/submit">
    <input type="hidden" name="beacon" value="${escapeHtml(t.token)}">
    <label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" required></label>
    <label>Expiry (MM/YY) <input name="expiry" value="12/30" autocomplete="cc-exp"></label>
    <label>CVV <input name="cvv" value="123" inputmode="numeric" autocomplete="cc-csc"></label>
    <button type="submit">Pay ${escapeHtml(amount)}</button>
  </form>
  <p class="muted">Test cards: <span data-testid="card-paid">${card(TEST_CARDS.paid)}</span> is approved,
    <span data-testid="card-declined">${card(TEST_CARDS.declined)}</span> is declined.</p>
  <p><a href="/checkout/pay/cancel?beacon=${encodeURIComponent(t.token)}">Cancel and return to the merchant</a></p>`);
}

/** Serves the checkout's pages; false when the request is not theirs. */
export async function handleCheckout(req: SimRequest, res: ServerResponse, s: SafepayState): Promise<boolean> {
  const path = req.url.pathname;
  const fail = (status: number, message: string) => {
    errorPage(res, status, message);
    return true;
  };
  const unknown = 'This payment link is not valid (unknown tracker).';
  if (req.method === 'GET' && path === '/checkout/pay') {
    const q = req.url.searchParams;
    const t = s.trackers.get(q.get('beacon') ?? '');
    if (!t) return fail(404, unknown);
    if (q.get('env') !== 'sandbox') return fail(400, 'This checkout serves the sandbox environment only (env=sandbox).');
    const redirectUrl = q.get('redirect_url') ?? '', cancelUrl = q.get('cancel_url') ?? '';
    if (!isHttpUrl(redirectUrl) || !isHttpUrl(cancelUrl)) return fail(400, 'redirect_url and cancel_url must be absolute http(s) URLs.');
    if (t.state !== 'TRACKER_STARTED') return fail(409, `This payment can no longer be made (${t.state}).`);
    t.checkout = { env: 'sandbox', order_id: q.get('order_id') ?? '', redirect_url: redirectUrl, cancel_url: cancelUrl, source: q.get('source') ?? 'custom', webhooks: q.get('webhooks') === 'true' };
    t.order_id = t.checkout.order_id || null;
    sendHtml(res, 200, checkoutPage(t));
    return true;
  }
  if (req.method === 'POST' && path === '/checkout/pay/submit') {
    const f = fieldsOf(req.body) ?? {};
    const t = s.trackers.get(f.beacon ?? '');
    if (!t || !t.checkout) return fail(404, unknown);
    if (t.state !== 'TRACKER_STARTED') return fail(409, `This payment can no longer be made (${t.state}).`);
    const number = (f.card_number ?? '').replace(/\D/g, '');
    if (number === TEST_CARDS.paid) {
      const form = await payTracker(t, s, number);
      sendHtml(res, 200, autoPostPage('Safepay Checkout', t.checkout.redirect_url, form));
    } else if (number === TEST_CARDS.declined) {
      await declineTracker(t, s);
      sendHtml(res, 200, checkoutPage(t, 'Your card was declined by the issuer. Try another card.'));
    } else {
      sendHtml(res, 200, checkoutPage(t, 'The sandbox accepts only its test cards (listed below).'));
    }
    return true;
  }
  if (req.method === 'GET' && path === '/checkout/pay/cancel') {
    const t = s.trackers.get(req.url.searchParams.get('beacon') ?? '');
    if (!t || !t.checkout) return fail(404, unknown);
    if (t.state !== 'TRACKER_STARTED' && t.state !== 'TRACKER_CANCELLED') return fail(409, `This payment can no longer be cancelled (${t.state}).`);
    cancelTracker(t);
    redirect(res, t.checkout.cancel_url);
    return true;
  }
  return false;
}
