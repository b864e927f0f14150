import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { requirePermission } from '../http/guards';
import { body, jsonBody, parse, query } from '../http/validate';
import { pageField, perPageField } from '../http/paging';
import { airportByCode, cities, countries } from './index';
import { airportSuggestions, suggestionJson } from '../airports/suggest';
import { AirlineInput, airlineByCode, createAirline, listAirlines, updateAirline } from '../airlines/service';

export const Paging = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80)), ''),
  page: pageField,
  per_page: perPageField(500, 50),
});

export function referenceRoutes() {
  const r = new Hono<AppEnv>();
  // Autocomplete: GET /airports?q=kar → busiest first; GET /airports?codes=KHI,DXB → those airports.
  r.get('/airports', (c) => {
    const codes = c.req.query('codes');
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 20) || 20, 1), 50);
    // `search_query` is the specification's client's name for `q`.
    if (!codes) return airportSuggestions((c.req.query('q') ?? c.req.query('search_query') ?? '').slice(0, 60), limit).respond(c);
    const list = codes.split(',').map((x) => airportByCode(x.trim())).filter((a) => a !== undefined);
    return c.json({ data: list.map(suggestionJson) });
  });

  r.get('/countries', (c) =>
    c.json({ data: countries().map((x) => ({ code: x.code, name: x.name, name_ar: x.name_ar, currency: x.currency, phone_code: x.phone, continent: x.continent })) }),
  );

  r.get('/cities', (c) => {
    const country = c.req.query('country')?.toUpperCase();
    const q = (c.req.query('q') ?? '').trim().toLowerCase();
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 100) || 100, 1), 1000);
    const list = cities().filter((x) => (!country || x.country === country) && (!q || x.name.toLowerCase().startsWith(q))).slice(0, limit);
    return c.json({ data: list.map((x) => ({ id: x.id, name: x.name, country: x.country, airports: x.airports })) });
  });

  r.get('/airlines', async (c) => {
    const { q, page, per_page } = query(c, Paging);
    const { data, total } = await listAirlines(c.get('ctx').db, q, page, per_page);
    return c.json({ data, meta: { page, per_page, total } });
  });

  r.get('/airlines/:code', async (c) => c.json({ data: await airlineByCode(c.get('ctx').db, c.req.param('code')) }));

  const staff = requirePermission('catalogue.manage', 'margins.manage');

  r.post('/airlines', staff, async (c) => {
    const data = await createAirline(c.get('ctx'), await body(c, AirlineInput));
    return c.json({ message: 'Airline saved successfully', data }, 201);
  });

  r.put('/airlines/:code', staff, async (c) => {
    const code = c.req.param('code').toUpperCase();
    const input = parse(AirlineInput, { ...((await jsonBody(c)) as object), code });
    return c.json({ message: 'Airline updated successfully', data: await updateAirline(c.get('ctx'), code, input) });
  });

  return r;
}
