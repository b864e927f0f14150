import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { payments } from '../db/schema';
import { ApiError } from '../http/errors';
import { enforce } from '../auth/rate-limit';
import { clientIp } from '../http/ip';
import { providerCancel, providerReturn, providerWebhook, resultUrl } from './hosted';
import { walletProvider } from './service';

/** A provider's return or webhook is a few kilobytes at most. */
const MAX_BYTES = 16 * 1024;
const limited = bodyLimit({ maxSize: MAX_BYTES, onError: () => { throw new ApiError(413, 'The request is too large.'); } });

/** Anonymous by nature (the provider signs instead of logging in), so rate-limited per address. */
async function bounded(c: Context<AppEnv>) {
  const ctx = c.get('ctx');
  await enforce(ctx, [{ key: `payment-callback:ip:${clientIp(c)}`, max: ctx.config.limits.paymentCallbacksPerIpPerMinute, windowSeconds: 60 }]);
}

/** A posted form's text fields (a return carries no files). */
function formFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Real providers' hosted checkouts. The customer's browser comes back from the provider's page with a form the
 * provider signed (cross-site, no XSRF token), and the provider's servers call the webhook: each is believed only
 * through its signature, then the payment is read back from the provider (see ./hosted).
 */
export function hostedPaymentRoutes() {
  const app = new Hono<AppEnv>();

  for (const code of ['safepay', 'jazzcash'] as const) {
    app.post(`/payments/${code}/return`, limited, async (c) => {
      await bounded(c);
      const text = await c.req.text();
      return c.redirect(await providerReturn(c.get('ctx'), code, formFields(text), text), 303);
    });
  }

  app.get('/payments/safepay/cancel', async (c) => {
    await bounded(c);
    const tracker = c.req.query('tracker') ?? '';
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(tracker)) return c.redirect(resultUrl(c.get('ctx'), null, 'cancelled'), 303);
    return c.redirect(await providerCancel(c.get('ctx'), 'safepay', tracker), 303);
  });

  app.post('/webhooks/safepay', limited, async (c) => {
    await bounded(c);
    const text = await c.req.text();
    let body: unknown;
    try { body = JSON.parse(text); } catch { throw new ApiError(400, 'The request body is not valid JSON.'); }
    const res = await providerWebhook(c.get('ctx'), 'safepay', body, { 'x-sfpy-signature': c.req.header('x-sfpy-signature') }, text);
    return c.json({ message: res.outcome }, res.http);
  });

  /**
   * JazzCash's hosted page is reached by posting a signed form from the customer's browser: this page holds that
   * form for an open JazzCash payment and posts it at once (a button does it where scripts do not run).
   */
  app.get('/payments/jazzcash/pay/:tracker', async (c) => {
    const ctx = c.get('ctx');
    const wallet = walletProvider(ctx);
    const tracker = c.req.param('tracker');
    const [p] = wallet && /^[A-Za-z0-9_-]{8,64}$/.test(tracker)
      ? await ctx.db.select().from(payments).where(and(eq(payments.tracker, tracker), eq(payments.provider, 'jazzcash'))).limit(1)
      : [];
    if (!wallet || !p?.providerRef || p.status !== 'created') return c.redirect(resultUrl(ctx, p?.tracker ?? null, p ? 'unknown' : 'unknown'), 303);
    const form = wallet.checkoutForm({ tracker, providerRef: p.providerRef, amountMinor: p.amountMinor, currency: p.currency });
    const nonce = randomBytes(16).toString('base64');
    const inputs = Object.entries(form.fields).map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`).join('');
    c.header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${new URL(form.action).origin}`);
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>JazzCash</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;margin-top:20vh">
<form id="jc" method="post" action="${esc(form.action)}">${inputs}<p>Taking you to JazzCash… / جارٍ تحويلك إلى جاز كاش…</p><button type="submit">Continue / متابعة</button></form>
<script nonce="${nonce}">document.getElementById('jc').submit()</script></body></html>`);
  });

  return app;
}
