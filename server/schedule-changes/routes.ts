import { Hono } from 'hono';
import * as v from 'valibot';
import { idSchema } from '../../contract/ids';
import { FlightChangeBody, RebookBody, WorklistQuery } from '../../contract/schedule-changes';
import type { AppEnv } from '../context';
import { approvedAgent, currentUser, customer, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body, parse } from '../http/validate';
import { acceptChange, cancelHoldChange, refundChange } from './answers';
import { changesOfBooking, SC, worklist } from './lists';
import { changeFlight } from './overrides';
import { rebookChange, rebookOptions } from './rebook';

export const Pnr = v.object({ pnr: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,8}$/, 'Enter the booking reference.')) });
export const PnrId = v.object({ ...Pnr.entries, id: idSchema('Schedule change id is required.') });
/** The owner (an approved agent or a customer), or staff: reading needs bookings.read, answering bookings.manage. */
const readers = requireOneOf(withPermission('bookings.read'), customer, approvedAgent);
const answerers = requireOneOf(withPermission('bookings.manage'), customer, approvedAgent);
const base = '/bookings/flight/:pnr/schedule-changes';

/** Airline schedule changes: the console's change, a booking's changes and the owner's answers, and staff's worklist. */
export function scheduleChangeRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/supplier-console/flight-changes', requirePermission('pnr.import'), async (c) => {
    const input = await body(c, FlightChangeBody);
    const data = await changeFlight(c.get('ctx'), currentUser(c), input);
    return c.json({ message: 'The flight is changed and its bookings are told.', data });
  });

  r.get('/schedule-changes', answerers, async (c) => {
    const q = parse(WorklistQuery, c.req.query());
    return c.json({ data: await worklist(c.get('ctx'), currentUser(c), q.status) });
  });

  r.get(base, readers, async (c) => {
    const { pnr } = parse(Pnr, c.req.param());
    return c.json({ data: await changesOfBooking(c.get('ctx'), currentUser(c), pnr) });
  });

  r.get(`${base}/:id/options`, readers, async (c) => {
    const { pnr, id } = parse(PnrId, c.req.param());
    return c.json({ data: await rebookOptions(c.get('ctx'), currentUser(c), pnr, id) });
  });

  r.post(`${base}/:id/accept`, answerers, async (c) => {
    const { pnr, id } = parse(PnrId, c.req.param());
    return c.json({ message: SC.accepted, data: await acceptChange(c.get('ctx'), currentUser(c), pnr, id) });
  });

  r.post(`${base}/:id/rebook`, answerers, async (c) => {
    const { pnr, id } = parse(PnrId, c.req.param());
    const input = await body(c, RebookBody);
    const { change } = await rebookChange(c.get('ctx'), currentUser(c), pnr, id, input.offer_id);
    return c.json({ message: SC.rebooked, data: change });
  });

  r.post(`${base}/:id/refund`, answerers, async (c) => {
    const { pnr, id } = parse(PnrId, c.req.param());
    const { change, refund } = await refundChange(c.get('ctx'), currentUser(c), pnr, id);
    return c.json({ message: SC.refundRequested, data: { ...change, refund } });
  });

  r.post(`${base}/:id/cancel`, answerers, async (c) => {
    const { pnr, id } = parse(PnrId, c.req.param());
    return c.json({ message: SC.holdCanceled, data: await cancelHoldChange(c.get('ctx'), currentUser(c), pnr, id) });
  });

  return r;
}
