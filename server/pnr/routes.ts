import { Hono } from 'hono';
import * as v from 'valibot';
import { can } from '../../contract/permissions';
import type { AppEnv, SessionUser } from '../context';
import { notFound } from '../http/errors';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { body, parse, query } from '../http/validate';
import { loadBooking } from '../bookings/records';
import { accessOf, decideDirect } from '../booking-ops/service';
import { idSchema } from '../../contract/ids';
import { createDirectBooking, DirectInput, retrieveFromSuppliers } from '../booking-ops/direct';
import { previewFromDisplay, previewFromOrder } from './preview';
import { bookingDetail } from '../booking-ops/detail';
import { mayRetrieveOrder } from './access';

const mayImport = (u: SessionUser) => can(u.role, 'pnr.import') || (u.role === 'agent' && u.isApproved && !!u.emailVerifiedAt);
export const PnrQuery = v.object({
  pnr: v.pipe(v.string('Enter the PNR.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,8}$/, 'A PNR is 5 to 8 letters and digits.')),
  supplier: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
});

export function pnrRoutes() {
  const r = new Hono<AppEnv>();

  /**
   * A PNR by record locator: our booking if it is one (and the user may see it), otherwise what the supplier
   * holds, as an import preview.
   */
  r.get('/get-pnr-details', requireOneOf(withPermission('pnr.import', 'bookings.read'), approvedAgent), async (c) => {
    const user = currentUser(c);
    const q = query(c, PnrQuery);
    const ctx = c.get('ctx');
    const ours = await loadBooking(ctx.db, { pnr: q.pnr });
    if (ours) {
      if (!accessOf(ours.row, user)) throw notFound(`PNR ${q.pnr} was not found.`);
      return c.json({ data: { booking: await bookingDetail(c.get('ctx'), currentUser(c), ours.row.id), preview: null } });
    }
    if (!mayImport(user)) throw notFound(`PNR ${q.pnr} was not found.`);
    const order = await retrieveFromSuppliers(ctx, q.pnr, q.supplier);
    if (!order || !mayRetrieveOrder(order, user)) throw notFound(`No supplier knows PNR ${q.pnr}.`);
    return c.json({ data: { booking: null, preview: previewFromOrder(order) } });
  });

  /** A pasted GDS display → passengers and segments to check before saving. */
  r.post('/parse-pnr', requireOneOf(withPermission('pnr.import'), approvedAgent), async (c) => {
    const { text } = await body(c, v.object({ text: v.pipe(v.string('Paste the itinerary.'), v.nonEmpty('Paste the itinerary.'), v.maxLength(20_000, 'The itinerary is too long.')) }));
    return c.json({ data: previewFromDisplay(text, c.get('ctx').now().toISOString().slice(0, 10)) });
  });

  /** Saves an import as a direct booking (the same as admin-booking). */
  r.post('/import-pnr', requireOneOf(withPermission('pnr.import', 'bookings.manage'), approvedAgent), async (c) => {
    const input = await body(c, DirectInput);
    const res = await createDirectBooking(c.get('ctx'), currentUser(c), { ...input, source: input.source === 'manual' ? 'display' : input.source });
    return c.json({ message: res.message, data: await bookingDetail(c.get('ctx'), currentUser(c), res.id) }, 201);
  });

  /**
   * The agent tickets a PNR it imported and saved without ticketing, from its wallet, once the wallet covers it
   * (422 "Insufficient Balance" with the figures otherwise). The lifecycle's ISSUE, as staff send it.
   */
  r.post('/import-pnr/:id/ticket', requireOneOf(approvedAgent), async (c) => {
    const { id } = parse(v.object({ id: idSchema('Booking id is required.') }), c.req.param());
    const res = await decideDirect(c.get('ctx'), currentUser(c), id, 'ticketed', null);
    return c.json({ message: res.message, data: await bookingDetail(c.get('ctx'), currentUser(c), id) });
  });

  return r;
}
