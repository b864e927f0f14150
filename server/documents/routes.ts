/**
 * Downloads: the flight e-ticket, invoice and receipt, the hotel voucher, invoice and receipt, as PDF attachments. Whoever may read
 * the booking may download them, by the same rules: its owner, staff with bookings.read, or anyone with the
 * reference and the contact email (counted like the look-ups, so guessing is not free).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { conflict, notFound, validationError } from '../http/errors';
import { approvedAgent, customer, requireGuestOrOneOf, withPermission } from '../http/guards';
import { clientIp } from '../http/ip';
import { query } from '../http/validate';
import { canSee, loadBooking } from '../bookings/records';
import { findGuestBooking } from '../bookings/guest-lookup';
import { findHotelBooking } from '../hotels/lookup';
import type { DocLang } from './model';
import { produceAttachment } from './registry';
import { can } from '../../contract/permissions';
import { flightPaid, hotelPaid } from './kinds';
import './invoices';

export const DocQuery = v.object({
  lang: v.optional(v.picklist(['en', 'ar'], 'Choose English or Arabic.'), 'en'),
  email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254))),
});
const NOT_PAID = 'This booking is not paid yet, so it has no receipt.';

/** The flight booking named by id or PNR, if this caller may read it. */
async function readableFlight(c: Context<AppEnv>, idOrPnr: string, email: string | undefined) {
  const ctx = c.get('ctx');
  const isId = /^\d{1,9}$/.test(idOrPnr);
  if (email) {
    if (isId || !/^[A-Za-z0-9]{5,8}$/.test(idOrPnr)) throw validationError({ pnr: ['Enter the 6-character booking reference.'] });
    return findGuestBooking(ctx, clientIp(c), idOrPnr.toUpperCase(), email);
  }
  const user = c.get('user');
  if (!user) throw validationError({ email: ['Enter the booking reference and email.'] });
  // Neither an id nor a PNR names nothing (and never reaches a query).
  if (!isId && !/^[A-Za-z0-9]{5,8}$/.test(idOrPnr)) throw notFound('Booking not found.');
  const b = await loadBooking(ctx.db, isId ? { id: Number(idOrPnr) } : { pnr: idOrPnr });
  if (!b || !canSee(b.row, user)) throw notFound('Booking not found.');
  return b;
}

/** A registered document as a download (the caller has checked that this caller may read the record). */
export async function documentResponse(c: Context<AppEnv>, kind: string, id: number, lang: DocLang) {
  const file = await produceAttachment(c.get('ctx'), { kind, id, lang });
  if (!file) throw notFound('Document not found.');
  return c.body(new Uint8Array(file.content), 200, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.filename}"`,
    'cache-control': 'private, no-store',
  });
}

export function documentRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/bookings/:id/e-ticket.pdf', async (c) => {
    const q = query(c, DocQuery);
    const b = await readableFlight(c, c.req.param('id'), q.email);
    return documentResponse(c, 'e-ticket', b.row.id, q.lang);
  });

  app.get('/bookings/:id/receipt.pdf', async (c) => {
    const q = query(c, DocQuery);
    const b = await readableFlight(c, c.req.param('id'), q.email);
    if (!flightPaid(b.row)) throw conflict(NOT_PAID);
    return documentResponse(c, 'flight-receipt', b.row.id, q.lang);
  });

  app.get('/bookings/:id/invoice.pdf', async (c) => {
    const q = query(c, DocQuery);
    const b = await readableFlight(c, c.req.param('id'), q.email);
    const user = c.get('user');
    const staff = !q.email && !!user && b.row.userId !== user.id && can(user.role, 'bookings.read');
    return documentResponse(c, staff ? 'flight-invoice-staff' : 'flight-invoice', b.row.id, q.lang);
  });

  // The trip in a calendar (.ics): each flight of it, departure to arrival; the mail attaches the same file.
  app.get('/bookings/:id/calendar.ics', async (c) => {
    const q = query(c, DocQuery);
    const b = await readableFlight(c, c.req.param('id'), q.email);
    return documentResponse(c, 'flight-calendar', b.row.id, q.lang);
  });

  const hotelReaders = requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read'));
  app.get('/hotel-bookings/:id/calendar.ics', hotelReaders, async (c) => {
    const q = query(c, DocQuery);
    const row = await findHotelBooking(c, c.req.param('id'), q.email);
    return documentResponse(c, 'hotel-calendar', row.id, q.lang);
  });
  app.get('/hotel-bookings/:id/voucher.pdf', hotelReaders, async (c) => {
    const q = query(c, DocQuery);
    const row = await findHotelBooking(c, c.req.param('id'), q.email);
    return documentResponse(c, 'hotel-voucher', row.id, q.lang);
  });

  app.get('/hotel-bookings/:id/invoice.pdf', hotelReaders, async (c) => {
    const q = query(c, DocQuery);
    const row = await findHotelBooking(c, c.req.param('id'), q.email);
    return documentResponse(c, 'hotel-invoice', row.id, q.lang);
  });

  app.get('/hotel-bookings/:id/receipt.pdf', hotelReaders, async (c) => {
    const q = query(c, DocQuery);
    const row = await findHotelBooking(c, c.req.param('id'), q.email);
    if (!hotelPaid(row)) throw conflict(NOT_PAID);
    return documentResponse(c, 'hotel-receipt', row.id, q.lang);
  });

  return app;
}
