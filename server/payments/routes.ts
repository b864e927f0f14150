import { Hono } from 'hono';
import * as v from 'valibot';
import { idSchema } from '../../contract/ids';
import { PAY_WITH } from '../../contract/pay-with';
import type { AppEnv } from '../context';
import { ApiError, notFound, validationError } from '../http/errors';
import { bodyLimit } from 'hono/body-limit';
import { enforce } from '../auth/rate-limit';
import { clientIp } from '../http/ip';
import { query } from '../http/validate';
import { loadBooking } from '../bookings/records';
import { findGuestBooking } from '../bookings/guest-lookup';
import { describeBody, handleCallback, payWithOptions, paymentResult, startCheckout } from './service';

/** A provider's callback is a few hundred bytes. */
const CALLBACK_MAX_BYTES = 8 * 1024;
import { SIGNATURE_HEADER } from './provider';

export const UrlQuery = v.object({
  booking_id: v.optional(idSchema('Booking id is required.')),
  pnr: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase())),
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
  /** Who takes the money: the card provider or JazzCash, where it is offered; card when absent. */
  pay_with: v.optional(v.picklist(PAY_WITH, 'Choose card or JazzCash.')),
});

/** Card payments (GET /safepay-url) and the provider's callback (signed, so exempt from XSRF). */
export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  /** Who may take a checkout's money here (the app offers a choice when there are two). */
  app.get('/payment-options', (c) => c.json({ data: { pay_with: payWithOptions(c.get('ctx')) } }));

  app.get('/safepay-url', async (c) => {
    const ctx = c.get('ctx');
    const q = query(c, UrlQuery);
    const user = c.get('user');
    let b;
    if (q.pnr && q.email !== undefined) {
      b = await findGuestBooking(ctx, clientIp(c), q.pnr, q.email);
    } else if (q.booking_id !== undefined || q.pnr) {
      b = await loadBooking(ctx.db, q.booking_id !== undefined ? { id: q.booking_id } : { pnr: q.pnr });
      // Paying is for the owner (staff see bookings but do not pay for customers).
      if (!b || !user || b.row.userId !== user.id) throw notFound('Booking not found.');
    } else throw validationError({ booking_id: ['Booking id is required.'] });
    const checkout = await startCheckout(ctx, b.row.id, q.pay_with);
    return c.json({ data: { url: checkout.url, tracker: checkout.tracker } });
  });

  /**
   * Anonymous by nature (the provider signs instead of logging in), so bounded: a small body, a per-address rate,
   * 400 for anything that is not a JSON object, and nothing of a forged body kept but its size and hash.
   */
  app.post(
    '/payments/callback',
    bodyLimit({ maxSize: CALLBACK_MAX_BYTES, onError: () => { throw new ApiError(413, 'The request is too large.'); } }),
    async (c) => {
      const ctx = c.get('ctx');
      await enforce(ctx, [{ key: `payment-callback:ip:${clientIp(c)}`, max: ctx.config.limits.paymentCallbacksPerIpPerMinute, windowSeconds: 60 }]);
      const text = await c.req.text();
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new ApiError(400, 'The request body is not valid JSON.');
      }
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'The callback must be a JSON object.');
      const res = await handleCallback(ctx, raw, c.req.header(SIGNATURE_HEADER), describeBody(text));
      return c.json({ message: res.outcome }, res.http);
    },
  );

  app.get('/payment-result', async (c) => {
    const tracker = c.req.query('tracker') ?? '';
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(tracker)) throw notFound('Payment not found.');
    return c.json({ data: await paymentResult(c.get('ctx'), tracker) });
  });

  return app;
}
