import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context';
import { ApiError } from '../http/errors';
import { DUFFEL_SIGNATURE_HEADER } from '../suppliers/duffel/webhooks';
import { handleDuffelWebhook, WEBHOOK_HTTP } from './service';

/**
 * Suppliers' webhooks. Called by the supplier's servers, not a browser: no session and no XSRF token, so they are
 * believed only through their signature (and time), and bounded in size.
 */
export function supplierEventRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/webhooks/duffel', bodyLimit({ maxSize: 256 * 1024, onError: () => { throw new ApiError(413, 'The request is too large.'); } }), async (c) => {
    const outcome = await handleDuffelWebhook(c.get('ctx'), await c.req.text(), c.req.header(DUFFEL_SIGNATURE_HEADER));
    return c.json({ message: outcome }, WEBHOOK_HTTP[outcome]);
  });
  return r;
}
