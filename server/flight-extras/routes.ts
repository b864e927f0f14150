import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ExtrasInput, type OfferServicesResponse } from '../../contract/flight-extras';
import type { SeatMapsResponse } from '../../contract/seat-maps';
import { SeatMapOfferId } from '../../contract/seat-maps';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, customer, requireOneOf } from '../http/guards';
import { body } from '../http/validate';
import { clientIp } from '../http/ip';
import { canSee, loadBooking } from '../bookings/records';
import { findGuestBooking } from '../bookings/guest-lookup';
import { duffelOfferExtrasOf, duffelSupplierOf, embeddedOffer } from '../seat-maps/service';
import { duffelBagOptions } from '../suppliers/duffel/services';
import { bagOptions } from './catalogue';
import { bookingBagOptions, bookingSeatMaps } from './booking-seat-map';
import { XM } from './messages';
import { addExtras } from './purchase';
import './payment';

export const Pnr = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,8}$/, 'Enter the 6-character booking reference.'));
export const GuestEmail = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(200)));

/** Seats and bags: what an offer sells, a booking's seat maps, and extras bought after booking. */
export function flightExtrasRoutes() {
  const r = new Hono<AppEnv>();

  // GET /offers/{offer_id}/services — the offer's bag options per segment; whoever may read the offer may read these.
  r.get('/offers/:offer_id/services', async (c) => {
    const id = v.safeParse(SeatMapOfferId, c.req.param('offer_id'));
    if (!id.success) throw validationError({ offer_id: [id.issues[0].message] });
    const duffel = duffelSupplierOf(c.get('ctx'), id.output);
    if (duffel) return c.json({ data: { bags: duffelBagOptions(await duffelOfferExtrasOf(c.get('ctx'), duffel, id.output)) } } satisfies OfferServicesResponse);
    const { offer } = await embeddedOffer(c.get('ctx'), id.output, c.get('user'));
    const answer: OfferServicesResponse = { data: { bags: bagOptions(offer.journeys.flatMap((j) => j.segments)) } };
    return c.json(answer);
  });

  // A booking's seat maps and bag options: its owner, staff who read bookings, or a guest with the contact email.
  const bookingOf = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    const pnr = v.safeParse(Pnr, c.req.param('pnr'));
    if (!pnr.success) throw validationError({ pnr: [pnr.issues[0].message] });
    const user = c.get('user');
    if (!user) {
      const email = v.safeParse(GuestEmail, c.req.query('email'));
      if (!email.success || !email.output) throw validationError({ email: [XM.guestEmail] });
      return findGuestBooking(ctx, clientIp(c), pnr.output, email.output);
    }
    const b = await loadBooking(ctx.db, { pnr: pnr.output });
    if (!b || !canSee(b.row, user)) throw notFound(XM.notFound);
    return b;
  };

  // GET /bookings/flight/{pnr}/seat-map
  r.get('/bookings/flight/:pnr/seat-map', async (c) => {
    const b = await bookingOf(c);
    const answer: SeatMapsResponse = { data: await bookingSeatMaps(c.get('ctx'), b) };
    return c.json(answer);
  });

  // GET /bookings/flight/{pnr}/services — the bag options of the booking's own flights, long after its offer expired.
  r.get('/bookings/flight/:pnr/services', async (c) => {
    const b = await bookingOf(c);
    const answer: OfferServicesResponse = { data: { bags: bookingBagOptions(c.get('ctx'), b.row) } };
    return c.json(answer);
  });

  // POST /bookings/flight/{pnr}/extras — its owner adds seats and bags; the Idempotency-Key makes a retry safe.
  r.post('/bookings/flight/:pnr/extras', requireOneOf(customer, approvedAgent), async (c) => {
    const pnr = v.safeParse(Pnr, c.req.param('pnr'));
    if (!pnr.success) throw validationError({ pnr: [pnr.issues[0].message] });
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw validationError({ idempotency_key: [XM.badKey] });
    const input = await body(c, ExtrasInput);
    const { added, created } = await addExtras(c.get('ctx'), currentUser(c), pnr.output, input, key);
    return c.json({ message: added.checkout_url ? XM.awaitingPayment : XM.added, data: added }, created ? 201 : 200);
  });

  return r;
}
