import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { PageQuery } from '../catalogue/crud';
import { requirePermission } from '../http/guards';
import { jsonBody, parse } from '../http/validate';
import { AIRPORT_MESSAGES as M, AirportInput } from './input';
import { AIRPORT_FILTERS, createAirport, findAirport, listAirports, removeAirport, updateAirport } from './service';
import { freshAirportOverrides } from './store';

export const ListQuery = v.object({
  ...PageQuery.entries,
  filter: v.optional(v.picklist(AIRPORT_FILTERS, 'The filter must be all, custom, edited or inactive.'), 'all'),
});

const codeOf = (c: Context) => (c.req.param('code') ?? '').toUpperCase();

/**
 * Staff airports (catalogue.manage). GET /airports stays the public autocomplete (routes/reference.ts), so the
 * staff list — inactive and custom airports too, with paging — reads from /admin/airports; writes use the
 * airports noun the way /airlines does:
 *   GET /admin/airports?q=&page=&per_page=&filter=all|custom|edited|inactive, GET /admin/airports/{code}
 *   POST /airports (a custom airport), PUT /airports/{code} (any airport), DELETE /airports/{code}
 *   (custom: delete; reference: restore the reference values).
 */
export function airportRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('catalogue.manage');

  r.get('/admin/airports', manage, async (c) => {
    await freshAirportOverrides(c.get('ctx').db);
    const q = parse(ListQuery, c.req.query()) as unknown as Parameters<typeof listAirports>[0];
    return c.json(listAirports(q));
  });

  r.get('/admin/airports/:code', manage, (c) => c.json({ data: findAirport(codeOf(c)) }));

  r.post('/airports', manage, async (c) => {
    const input = parse(AirportInput, await jsonBody(c));
    return c.json({ message: M.saved, data: await createAirport(c.get('ctx').db, input) }, 201);
  });

  r.put('/airports/:code', manage, async (c) => {
    const code = codeOf(c);
    findAirport(code); // 404 before judging the body
    const input = parse(AirportInput, { ...((await jsonBody(c)) as object), code });
    return c.json({ message: M.saved, data: await updateAirport(c.get('ctx').db, code, input) });
  });

  r.delete('/airports/:code', manage, async (c) => c.json({ message: await removeAirport(c.get('ctx').db, codeOf(c)) }));

  return r;
}
