import { Hono, type Context } from 'hono';
import { jsonAnswer } from '../http/compress';
import * as v from 'valibot';
import { HOTEL_BOOKING_STATUSES, HotelBookingInput, StayQuery } from '../../contract/hotels';
import { can } from '../../contract/permissions';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, customer, requireGuestOrOneOf, requireOneOf, withPermission } from '../http/guards';
import { clientIp } from '../http/ip';
import { pageField, perPageField } from '../http/paging';
import { body, parse, query } from '../http/validate';
import { createHotelBooking, HotelPriceChangedError } from './booking';
import { cancelHotelBooking } from './cancel';
import { HOTEL_IMAGE, hotelImageSvg } from './images';
import { HSM } from './messages';
import { openHotelCheckout } from './payment';
import { findHotelBooking } from './lookup';
import { listHotelBookings } from './list';
import { hotelBookingTrail } from './events';
import { featuredHotels } from './featured';
import { hotelDetail, searchHotels, serializeHotelBooking } from './service';
import { destinationSuggestions } from './suggest';
import { hotelSupplier } from './supplier';
import { readerLang } from '../http/lang';
import { agencyContact } from '../agents/contact';
import { ownsOrAdministers } from '../agency/scope';

/** Lists arrive as "a,b" or as repeated keys ("stars=4&stars=5"); everything else as the first value. */
function rawQuery(c: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, all] of Object.entries(c.req.queries())) out[key.replace(/\[\]$/, '')] = all.length > 1 ? all : all[0];
  return out;
}

export const DestinationQuery = v.object({ q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'Type at most 80 characters.')), '') });
export const LookupQuery = v.object({ email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))) });
export const CancelBody = v.object({ email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))) });
export const ListQuery = v.object({
  page: pageField, per_page: perPageField(100, 20),
  status: v.optional(v.picklist(HOTEL_BOOKING_STATUSES, 'Unknown status.')),
  reference: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  from: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'))),
  to: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'))),
  agent_id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Choose an agent.'), v.transform(Number))),
});
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Who books: guests, customers and approved agents (staff enter no hotel bookings for themselves). */
const bookers = requireGuestOrOneOf(customer, approvedAgent);

export function hotelRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/hotel-destinations', (c) => {
    const { q } = query(c, DestinationQuery);
    return destinationSuggestions(hotelSupplier(c.get('ctx')), q).respond(c);
  });

  app.get('/featured-hotels', async (c) => c.json(await featuredHotels(c.get('ctx'), readerLang(c))));

  /** Priced for whoever asks (customer margin for the public, the agent's for agents). */
  // Made for one request and sent once: encoded here with the least effort (see jsonAnswer), not by the middleware.
  app.get('/hotels', async (c) => jsonAnswer(c, await searchHotels(c.get('ctx'), c.get('user'), rawQuery(c), readerLang(c))));

  app.get('/hotels/:id', async (c) => {
    const stay = parse(StayQuery, rawQuery(c));
    return c.json({ data: await hotelDetail(c.get('ctx'), c.get('user'), c.req.param('id'), stay, readerLang(c)) });
  });

  app.get('/hotel-images/:file', (c) => {
    const file = c.req.param('file');
    if (!HOTEL_IMAGE.test(file)) throw notFound('Image not found.');
    return c.body(hotelImageSvg(file), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });

  app.post('/hotel-bookings', bookers, async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, HotelBookingInput);
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !IDEMPOTENCY_KEY.test(key)) throw validationError({ idempotency_key: [HSM.idempotencyFormat] });
    try {
      const res = await createHotelBooking(ctx, c.get('user'), input, key, {
        ip: clientIp(c), checkout: (row) => openHotelCheckout(ctx, row, { justMade: true }),
      });
      if (res.walletAfter) c.set('walletAfter', res.walletAfter);
      // Made for one request and sent once, like a flight booking's answer: encoded here (see jsonAnswer).
      return jsonAnswer(c, { message: res.booking.status === 'confirmed' ? HSM.confirmed : HSM.created, data: res.booking }, 1024, res.created ? 201 : 200);
    } catch (err) {
      if (err instanceof HotelPriceChangedError) return c.json({ message: err.message, code: 'price_changed', total: err.total }, 409);
      throw err;
    }
  });

  /** Staff with the bookings permission see all (filtered); customers and agents their own. */
  app.get('/hotel-bookings', requireOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) =>
    c.json(await listHotelBookings(c.get('ctx'), currentUser(c), query(c, ListQuery), readerLang(c))));

  /** {id} is the numeric id or the reference; with ?email= a guest finds its booking by reference and email. */
  app.get('/hotel-bookings/:id', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const ctx = c.get('ctx');
    const b = await findHotelBooking(c, c.req.param('id'), query(c, LookupQuery).email);
    const user = c.get('user');
    const checkout = b.status === 'pending_payment' && (!user || user.id === b.userId) ? await openHotelCheckout(ctx, b).catch(() => null) : undefined;
    // The trail of changes is for staff and the agency that booked (a customer or guest sees the voucher only).
    const trail = user && (can(user.role, 'bookings.read') || (user.role === 'agent' && ownsOrAdministers(user, b))) ? await hotelBookingTrail(ctx.db, b.id) : undefined;
    // How to reach the agency of an agent's booking: for staff who read bookings, not the whole user record.
    const contact = user && can(user.role, 'bookings.read') && b.channel === 'agent' ? await agencyContact(ctx.db, b.userId, b.agencyId) : undefined;
    return c.json({ data: { ...serializeHotelBooking(ctx, b, checkout, readerLang(c)), ...(trail ? { events: trail } : {}), ...(contact ? { agent_contact: contact } : {}) } });
  });

  /**
   * A new card checkout for the same booking after a declined or abandoned payment, while its hold lasts. Paying
   * is for whoever booked (by id, or as a guest by reference and email): staff see bookings but do not pay them.
   */
  app.post('/hotel-bookings/:id/checkout', bookers, async (c) => {
    const b = await findHotelBooking(c, c.req.param('id'), (await body(c, CancelBody)).email);
    if (c.get('user') && b.userId !== c.get('user')!.id && b.userId !== null) throw notFound(HSM.notFound);
    return c.json({ data: await openHotelCheckout(c.get('ctx'), b) });
  });

  app.post('/hotel-bookings/:id/cancel', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.manage')), async (c) => {
    const ctx = c.get('ctx');
    const b = await findHotelBooking(c, c.req.param('id'), (await body(c, CancelBody)).email, 'bookings.manage');
    const row = await cancelHotelBooking(ctx, b, c.get('user'));
    return c.json({ message: HSM.canceled, data: serializeHotelBooking(ctx, row, undefined, readerLang(c)) });
  });

  return app;
}
