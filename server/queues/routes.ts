import { Hono } from 'hono';
import { QueueParam, queueQuery } from '../../contract/queues';
import type { AppEnv } from '../context';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { parse } from '../http/validate';
import { isValidTimeZone } from '../booking-ops/settings';
import { queueRows, queueSummaries } from './service';

export const QueueQuery = queueQuery(isValidTimeZone);
/** Staff who read bookings see every booking's queues (reading changes nothing); an approved agent its own. */
const readers = requireOneOf(withPermission('bookings.read'), approvedAgent);

/** Ticketing queues: bookings needing action before a deadline, computed at each read. */
export function queueRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/queues', readers, async (c) => {
    const { tz } = parse(QueueQuery, c.req.query());
    return c.json({ data: await queueSummaries(c.get('ctx'), currentUser(c), tz) });
  });

  r.get('/queues/:queue', readers, async (c) => {
    const { queue } = parse(QueueParam, c.req.param());
    const { tz } = parse(QueueQuery, c.req.query());
    return c.json({ data: await queueRows(c.get('ctx'), currentUser(c), queue, tz) });
  });

  return r;
}
