import './seed';
import { keptAnswer } from '../http/kept-answer';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { can } from '../../contract/permissions';
import { idSchema } from '../../contract/ids';
import type { AppEnv, SessionUser } from '../context';
import { forbidden, notFound } from '../http/errors';
import { approvedAgent, currentUser, customer, requireOneOf, withPermission } from '../http/guards';
import { body, query } from '../http/validate';
import { BookingActionBody as IdBody, BookingApproveBody as ApproveBody, DirectUpdateBody as UpdateBody } from '../../contract/booking-ops';
import { allAgentSummaries } from '../agents/common';
import { agencyOf, isAgencyAdmin } from '../agency/of';
import { BookingListQuery, listBookings, type ListScope } from './lists';
import { cancelAction, confirmAction, decideDirect, loadWithDirect, OPS } from './service';
import { approveAction, voidBookingCall } from './voids';
import { correctBooking, createDirectBooking, DirectInput } from './direct';
import { bookingDetail } from './detail';
import { getBookingSettings } from './settings';

export const id = idSchema('Booking id is required.');

const isStaffReader = (u: SessionUser) => can(u.role, 'bookings.read');
const readers = withPermission('bookings.read');
const managers = withPermission('bookings.manage');

/** Staff who may only read bookings are told so, instead of a bare 403. */
const refuseReadOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (user && isStaffReader(user) && !can(user.role, 'bookings.manage')) throw forbidden(OPS.readOnly);
  await next();
};
/** Acting on a booking: its owner (a customer or an approved agent; others' bookings are 404) or staff with bookings.manage. */
const actors = [refuseReadOnly, requireOneOf(managers, customer, approvedAgent)] as const;
const staffActors = [refuseReadOnly, requireOneOf(managers)] as const;

async function list(c: Context<AppEnv>, scope: ListScope) {
  const ctx = c.get('ctx');
  const q = query(c, BookingListQuery);
  const s = await getBookingSettings(ctx.db);
  return c.json(await listBookings(ctx.db, scope, q, s.timeZone));
}

/** An agent's lists: an agency admin sees the whole agency's bookings, a booker its own. */
const agentScope = (user: SessionUser) => (isAgencyAdmin(user) ? { agencyId: agencyOf(user) } : { userId: user.id });

const detailOf = (c: Context<AppEnv>, bookingId: number) => bookingDetail(c.get('ctx'), currentUser(c), bookingId);

export function bookingOpsRoutes() {
  const r = new Hono<AppEnv>();

  // ---- lists -------------------------------------------------------------------------------------------
  /** Online bookings: an approved agent's own; staff (bookings.read) everyone's, by kind (agent by default). */
  r.get('/get-bookings', requireOneOf(readers, approvedAgent), keptAnswer, async (c) => {
    const user = currentUser(c);
    if (user.role === 'agent') return list(c, { ...agentScope(user), kind: 'online' });
    const kind = c.req.query('kind');
    return list(c, { kind: kind === 'all' || kind === 'online' || kind === 'customer' || kind === 'direct' ? kind : kind === 'void-queue' ? 'all' : 'agent', ...(kind === 'void-queue' ? { statuses: ['requested', 'refund_requested'] } : {}) });
  });

  /** A customer's own bookings; staff see customers' and guests' bookings. */
  r.get('/get-customer-bookings', requireOneOf(readers, customer), keptAnswer, async (c) => {
    const user = currentUser(c);
    if (user.role === 'customer') return list(c, { userId: user.id, kind: 'online' });
    return list(c, { kind: 'customer' });
  });

  /** Direct bookings: staff see all, an approved agent its own. */
  r.get('/get-admin-bookings', requireOneOf(readers, approvedAgent), keptAnswer, async (c) => {
    const user = currentUser(c);
    if (isStaffReader(user)) return list(c, { kind: 'direct' });
    return list(c, { ...agentScope(user), kind: 'direct' });
  });

  r.get('/get-admin-booking', requireOneOf(readers, approvedAgent), async (c) => {
    const { id: bookingId } = query(c, v.object({ id }));
    const d = await detailOf(c, bookingId);
    if (!d.direct) throw notFound('This is not a direct booking.');
    return c.json({ data: d });
  });

  /** Any booking with what its screen needs (direct facts, void window, access); the booking service's details stay as they are. */
  r.get('/get-booking-ops-details', requireOneOf(readers, customer, approvedAgent), async (c) => {
    const { id: bookingId } = query(c, v.object({ id }));
    return c.json({ data: await detailOf(c, bookingId) });
  });

  // ---- actions -----------------------------------------------------------------------------------------
  r.post('/cancel-pnr', ...actors, async (c) => {
    const input = await body(c, IdBody);
    const row = await cancelAction(c.get('ctx'), currentUser(c), input.id, input.status);
    return c.json({ message: OPS.canceled, data: await detailOf(c, row.id) });
  });

  r.post('/confirm-pnr', ...actors, async (c) => {
    const input = await body(c, IdBody);
    const res = await confirmAction(c.get('ctx'), currentUser(c), input.id, input.status);
    return c.json({ message: res.message, data: await detailOf(c, res.row.id) });
  });

  r.post('/void-booking', ...actors, async (c) => {
    const input = await body(c, IdBody);
    const res = await voidBookingCall(c.get('ctx'), currentUser(c), input.id, input.reason ?? null, input.status);
    return c.json({ message: res.message, data: await detailOf(c, res.row.id) });
  });

  r.post('/approve-booking', ...staffActors, async (c) => {
    const input = await body(c, ApproveBody);
    const res = await approveAction(c.get('ctx'), currentUser(c), input.id, input.decision, input.reason ?? null, input.status);
    return c.json({ message: res.message, data: await detailOf(c, res.row.id) });
  });

  // ---- direct bookings ---------------------------------------------------------------------------------
  r.post('/admin-booking', requireOneOf(withPermission('bookings.manage', 'pnr.import')), async (c) => {
    const input = await body(c, DirectInput);
    const res = await createDirectBooking(c.get('ctx'), currentUser(c), input);
    return c.json({ message: res.message, data: await detailOf(c, res.id) }, 201);
  });

  /** Staff: ticket or reject a pending direct booking, or correct its airline PNR, note and ticket numbers. */
  r.post('/update-booking', ...staffActors, async (c) => {
    const ctx = c.get('ctx');
    const user = currentUser(c);
    const input = await body(c, UpdateBody);
    const b = await loadWithDirect(ctx.db, input.id);
    if (!b) throw notFound(OPS.notFound);
    await correctBooking(ctx, b, input);
    let message = 'Booking updated successfully';
    if (input.status) message = (await decideDirect(ctx, user, b.row.id, input.status, input.reason ?? null)).message;
    return c.json({ message, data: await detailOf(c, b.row.id) });
  });

  /** Agents to pick from in the direct-booking and import screens (staff only). */
  r.get('/booking-agents', requireOneOf(withPermission('pnr.import', 'bookings.read')), async (c) => {
    return c.json({ data: await allAgentSummaries(c.get('ctx').db) });
  });

  return r;
}
