import '../bookings/jobs';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { BookingInput } from '../../contract/bookings';
import { idSchema } from '../../contract/ids';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, customer, requireAuth, requireGuestOrOneOf } from '../http/guards';
import { body, query } from '../http/validate';
import { canSee, loadBooking, serializeBooking } from './records';
import { createBooking, PriceChangedError } from './create';
import { requireCardProvider, startCheckout } from '../payments/service';
import { clientIp } from '../http/ip';
import { jsonAnswer } from '../http/compress';
import { findGuestBooking } from './guest-lookup';

export const IdQuery = v.object({ id: idSchema('Booking id is required.') });
export const GuestQuery = v.object({
  id: v.optional(idSchema('Booking id is required.')),
  pnr: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,8}$/, 'Enter the 6-character booking reference.'))),
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase())),
});

export function bookingRoutes() {
  const app = new Hono<AppEnv>();

  /**
   * POST bookings. Guests may book (no login); the Idempotency-Key header makes a retry safe. Staff enter bookings
   * for agents as direct bookings; a pending agent waits for approval. `POST /` is the same call: the
   * specification's client books there (docs/api.md).
   */
  const book = requireGuestOrOneOf(customer, approvedAgent);
  app.post('/', book, (c) => createOne(c));
  app.post('/bookings', book, (c) => createOne(c));
  const createOne = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const input = await body(c, BookingInput);
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw validationError({ idempotency_key: ['The Idempotency-Key must be 8 to 100 letters, digits or -_.:'] });
    // No card provider (production without one): refuse before any seat is held.
    if (input.payment_method === 'card') requireCardProvider(ctx, input.pay_with);
    try {
      const res = await createBooking(ctx, c.get('user'), input, key, { checkoutUrl: async (id) => (await startCheckout(ctx, id, input.pay_with)).url, ip: clientIp(c) });
      const message = res.booking.status === 'ticketed' ? 'Booking confirmed and ticketed.' : 'Booking created.';
      return jsonAnswer(c, { message, data: res.booking }, 1024, res.created ? 201 : 200);
    } catch (err) {
      if (err instanceof PriceChangedError) return c.json({ message: err.message, code: 'price_changed', fare: err.fare }, 409);
      throw err;
    }
  };

  /** Agent (own) and staff booking details. */
  app.get('/get-flight-booking-details', requireAuth, async (c) => {
    const user = currentUser(c);
    const { id } = query(c, IdQuery);
    const b = await loadBooking(c.get('ctx').db, { id });
    if (!b || !canSee(b.row, user)) throw notFound('Booking not found.');
    return c.json({ data: serializeBooking(b, { events: true }) });
  });

  /** Customer details: own bookings by id, or anyone (a guest) with the PNR and the contact email. */
  app.get('/get-customer-flight-booking-details', async (c) => {
    const q = query(c, GuestQuery);
    const user = c.get('user');
    const db = c.get('ctx').db;
    if (q.pnr && q.email !== undefined) {
      const b = await findGuestBooking(c.get('ctx'), clientIp(c), q.pnr, q.email);
      return c.json({ data: serializeBooking(b, { events: true }) });
    }
    if (q.pnr && user) {
      const b = await loadBooking(db, { pnr: q.pnr });
      if (!b || !canSee(b.row, user)) throw notFound('Booking not found.');
      return c.json({ data: serializeBooking(b, { events: true }) });
    }
    if (q.id === undefined) throw validationError({ pnr: ['Enter the booking reference and email.'] });
    const me = currentUser(c);
    const b = await loadBooking(db, { id: q.id });
    if (!b || !canSee(b.row, me)) throw notFound('Booking not found.');
    return c.json({ data: serializeBooking(b, { events: true }) });
  });

  return app;
}
