import { Hono, type Context } from 'hono';
import { validateFlightSearch } from '../../contract/flights';
import type { AppEnv } from '../context';
import { ApiError, notFound, validationError } from '../http/errors';
import { assertCleanJson } from '../http/clean-input';
import { jsonAnswer } from '../http/compress';
import { isAirport } from '../reference';
import { pricingFor } from '../pricing';
import { searchRegistry } from './registry';
import { payWithOptions } from '../payments/service';

/** Query strings carry lists as "a,b" or repeated keys, and multi-city trips as JSON. */
function rawQuery(c: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, all] of Object.entries(c.req.queries())) {
    const name = key.replace(/\[\]$/, '');
    if (name === 'airlines' || name === 'time_of_day') out[name] = all.flatMap((v) => v.split(',')).filter(Boolean);
    else if (name === 'trips') {
      try {
        out.trips = JSON.parse(all[0]);
      } catch {
        out.trips = all[0];
      }
      assertCleanJson({ trips: out.trips }); // JSON escapes can spell what the query string itself may not
    } else out[name] = all[0];
  }
  return out;
}

export function flightRoutes() {
  const r = new Hono<AppEnv>();

  // GET /flights — public search, priced for whoever asks.
  r.get('/flights', async (c) => {
    const ctx = c.get('ctx');
    const checked = validateFlightSearch(rawQuery(c), { isAirport });
    if (!checked.success) throw validationError(checked.errors, 'Please Ensure that these fields are filled properly.');
    const pricing = await pricingFor(ctx.db, c.get('user'));
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 200);
    return jsonAnswer(c, await searchRegistry(ctx).searchWire(checked.output, { pricing, limit }));
  });

  // GET /flight/{flight_id}/{supplier}/{isSooperFlight} — the full offer, 404 unknown, 410 expired.
  r.get('/flight/:id/:supplier/:sooper', async (c) => {
    const ctx = c.get('ctx');
    const supplier = searchRegistry(ctx).get(c.req.param('supplier'));
    if (!supplier) throw notFound('This flight supplier is unknown.');
    const found = await supplier.getOffer(c.req.param('id'), { pricing: await pricingFor(ctx.db, c.get('user')) });
    if (found.status === 'unknown') throw notFound('This flight offer was not found. Please search again.');
    if (found.status === 'expired') throw new ApiError(410, 'This fare has expired. Please search again for current prices.');
    return c.json({ data: { ...found.offer, pay_with: payWithOptions(ctx) } });
  });

  return r;
}
