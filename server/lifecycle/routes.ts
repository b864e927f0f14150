import { Hono } from 'hono';
import { TRACE_KINDS, TRACE_MESSAGES, TraceParams, type TraceKind } from '../../contract/lifecycle';
import type { AppEnv } from '../context';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { parse } from '../http/validate';
import { bookingTrace } from './trace';

/** GET /bookings/{kind}/{reference}/trace: staff who read bookings (analysts among them); owners are refused (403). */
export function lifecycleRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/bookings/:kind/:reference/trace', requirePermission('bookings.read'), async (c) => {
    const { kind, reference } = parse(TraceParams, c.req.param());
    if (!TRACE_KINDS.includes(kind as TraceKind)) throw notFound(TRACE_MESSAGES.unknownKind);
    const trace = await bookingTrace(c.get('ctx'), kind as TraceKind, reference);
    if (!trace) throw notFound(TRACE_MESSAGES.notFound);
    return c.json({ data: trace });
  });
  return app;
}
