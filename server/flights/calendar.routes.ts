import { Hono, type Context } from 'hono';
import { validateCalendar, validateGrid } from '../../contract/flight-calendar';
import type { AppEnv } from '../context';
import { validationError } from '../http/errors';
import { isAirport } from '../reference';
import { pricingFor } from '../pricing';
import { priceCalendar, returnGrid } from './calendar';

const query = (c: Context): Record<string, unknown> => c.req.query();

export function flightCalendarRoutes() {
  const r = new Hono<AppEnv>();

  // GET /flights/calendar — public: a month's lowest one-way price per day, priced for whoever asks.
  r.get('/flights/calendar', async (c) => {
    const ctx = c.get('ctx');
    const checked = validateCalendar(query(c), { isAirport, now: ctx.now() });
    if (!checked.success) throw validationError(checked.errors);
    return c.json({ data: await priceCalendar(ctx, checked.output, await pricingFor(ctx.db, c.get('user'))) });
  });

  // GET /flights/calendar/grid — public: lowest return prices ±3 days around a departure and a return date.
  r.get('/flights/calendar/grid', async (c) => {
    const ctx = c.get('ctx');
    const checked = validateGrid(query(c), { isAirport, now: ctx.now() });
    if (!checked.success) throw validationError(checked.errors);
    return c.json({ data: await returnGrid(ctx, checked.output, await pricingFor(ctx.db, c.get('user'))) });
  });

  return r;
}
