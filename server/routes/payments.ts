import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { query, jsonBody } from '../http/validate';
import { canSee, loadBooking } from '../bookings/service';
import { handleCallback, paymentResult, startCheckout } from '../payments/service';
import { SIGNATURE_HEADER } from '../payments/provider';

const UrlQuery = v.object({
  booking_id: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'Booking id is required.'), v.transform(Number))),
  pnr: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase())),
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
});

/** Card payments (spec §7 GET /safepay-url) and the provider's callback (signed, so exempt from XSRF). */
export function paymentRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/safepay-url', async (c) => {
    const ctx = c.get('ctx');
    const q = query(c, UrlQuery);
    const user = c.get('user');
    let b;
    if (q.pnr && q.email !== undefined) {
      b = await loadBooking(ctx.db, { pnr: q.pnr });
      if (!b || !canSee(b.row, null, q.email)) throw notFound('No booking matches this reference and email.');
    } else if (q.booking_id !== undefined || q.pnr) {
      b = await loadBooking(ctx.db, q.booking_id !== undefined ? { id: q.booking_id } : { pnr: q.pnr });
      // Paying is for the owner (staff see bookings but do not pay for customers).
      if (!b || !user || b.row.userId !== user.id) throw notFound('Booking not found.');
    } else throw validationError({ booking_id: ['Booking id is required.'] });
    const checkout = await startCheckout(ctx, b.row.id);
    return c.json({ data: { url: checkout.url, tracker: checkout.tracker } });
  });

  app.post('/payments/callback', async (c) => {
    const res = await handleCallback(c.get('ctx'), await jsonBody(c), c.req.header(SIGNATURE_HEADER));
    return c.json({ message: res.outcome }, res.http);
  });

  app.get('/payment-result', async (c) => {
    const tracker = c.req.query('tracker') ?? '';
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(tracker)) throw notFound('Payment not found.');
    return c.json({ data: await paymentResult(c.get('ctx'), tracker) });
  });

  return app;
}
