import { Hono } from 'hono';
import * as v from 'valibot';
import { can } from '../../contract/permissions';
import { PACKAGE_BOOKING_STATUSES, PACKAGE_KINDS, PackageBookingInput, PackageDepartureInput, PKM } from '../../contract/package-bookings';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, customer, requireGuestOrOneOf, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { pageField, perPageField } from '../http/paging';
import { body, query } from '../http/validate';
import { addDeparture, deleteDeparture, updateDeparture } from './departures';
import { listPackageBookings } from './list';
import { findPackageBooking } from './lookup';
import { packageOffer } from './packages';
import { openPackageCheckout } from './payment';
import { createPackageBooking, packageToday, serializePackageBooking } from './service';
import { cancelPackageBooking, confirmPackageBooking } from './staff';
import './seed';

const id = v.pipe(v.string(PKM.packageId), v.regex(/^\d{1,9}$/, PKM.packageId), v.transform(Number));
export const OfferQuery = v.object({ kind: v.picklist(PACKAGE_KINDS, PKM.kind), package_id: id });
export const EmailField = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254)));
const date = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')));
export const ListQuery = v.object({
  page: pageField, per_page: perPageField(100, 20),
  status: v.optional(v.picklist(PACKAGE_BOOKING_STATUSES, 'Unknown status.')),
  kind: v.optional(v.picklist(PACKAGE_KINDS, PKM.kind)),
  reference: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
  from: date, to: date,
});
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
const numericId = (raw: string) => { if (!/^\d{1,9}$/.test(raw)) throw notFound(PKM.departureNotFound); return Number(raw); };

/** Who books: guests, customers and approved agents (staff enter no bookings for themselves). */
const bookers = requireGuestOrOneOf(customer, approvedAgent);
const catalogue = requirePermission('catalogue.manage');
const managers = requirePermission('bookings.manage');

export function packageBookingRoutes() {
  const app = new Hono<AppEnv>();

  /** A package's prices by sharing and its departures with the seats left (staff editing see past ones too). */
  app.get('/package-departures', async (c) => {
    const q = query(c, OfferQuery);
    const user = c.get('user');
    const today = user && can(user.role, 'catalogue.manage') ? null : packageToday(c.get('ctx'));
    return c.json({ data: await packageOffer(c.get('ctx').db, q.kind, q.package_id, today) });
  });
  app.post('/package-departures', catalogue, async (c) =>
    c.json({ message: PKM.departureSaved, data: await addDeparture(c.get('ctx'), await body(c, PackageDepartureInput)) }, 201));
  app.put('/package-departures/:id', catalogue, async (c) => {
    const depId = numericId(c.req.param('id'));
    return c.json({ message: PKM.departureSaved, data: await updateDeparture(c.get('ctx'), depId, await body(c, PackageDepartureInput)) });
  });
  app.delete('/package-departures/:id', catalogue, async (c) => {
    await deleteDeparture(c.get('ctx'), numericId(c.req.param('id')));
    return c.json({ message: PKM.departureDeleted });
  });

  app.post('/package-bookings', bookers, async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, PackageBookingInput);
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !IDEMPOTENCY_KEY.test(key)) throw validationError({ idempotency_key: [PKM.idempotencyFormat] });
    const res = await createPackageBooking(ctx, c.get('user'), input, key, async (row) => (await openPackageCheckout(ctx, row)).url);
    return c.json({ message: PKM.created, data: res.booking }, res.created ? 201 : 200);
  });

  app.get('/package-bookings', requireOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) =>
    c.json(await listPackageBookings(c.get('ctx'), currentUser(c), query(c, ListQuery))));

  /** {id} is the numeric id or the reference; with ?email= a guest finds its booking by reference and email. */
  app.get('/package-bookings/:id', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const ctx = c.get('ctx');
    const b = await findPackageBooking(c, c.req.param('id'), query(c, v.object({ email: EmailField })).email);
    const user = c.get('user');
    const payable = b.status === 'pending_payment' && (!user || user.id === b.userId) && (!b.holdExpiresAt || b.holdExpiresAt > ctx.now());
    const url = payable ? (await openPackageCheckout(ctx, b).catch(() => null))?.url ?? null : undefined;
    return c.json({ data: serializePackageBooking(b, url) });
  });

  /** A new card checkout after a declined or abandoned payment, while the hold lasts: for whoever booked. */
  app.post('/package-bookings/:id/checkout', bookers, async (c) => {
    const b = await findPackageBooking(c, c.req.param('id'), (await body(c, v.object({ email: EmailField }))).email);
    if (c.get('user') && b.userId !== c.get('user')!.id) throw notFound(PKM.notFound);
    return c.json({ data: await openPackageCheckout(c.get('ctx'), b) });
  });

  app.post('/package-bookings/:id/confirm', managers, async (c) => {
    const ctx = c.get('ctx');
    const row = await confirmPackageBooking(ctx, await findPackageBooking(c, c.req.param('id'), undefined, 'bookings.manage'), currentUser(c));
    return c.json({ message: PKM.confirmed, data: serializePackageBooking(row) });
  });

  app.post('/package-bookings/:id/cancel', managers, async (c) => {
    const ctx = c.get('ctx');
    const row = await cancelPackageBooking(ctx, await findPackageBooking(c, c.req.param('id'), undefined, 'bookings.manage'), currentUser(c));
    return c.json({ message: PKM.canceled, data: serializePackageBooking(row) });
  });

  return app;
}
