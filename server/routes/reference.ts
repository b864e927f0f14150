import { Hono } from 'hono';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { airlines } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { body, jsonBody, parse, query } from '../http/validate';
import { pageField, perPageField } from '../http/paging';
import { airportByCode, cities, countries, countryByCode } from '../reference';
import { airportSuggestions, suggestionJson } from '../airports/suggest';
import { airlineMarginOf, invalidatePricing, type AirlineRow } from '../flights/airlines';

const Paging = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80)), ''),
  page: pageField,
  per_page: perPageField(500, 50),
});

const AirlineInput = v.pipe(
  v.object({
    code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{2}$/, 'The airline code is two letters or digits (IATA).')),
    name: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty('Name is required.'), v.maxLength(120, 'Name is too long.')),
    country: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.check((c) => !!countryByCode(c), 'Choose a country.')),
    active: v.optional(v.boolean('Active is true or false.'), true),
    margin_type: v.optional(v.nullable(v.picklist(['markup', 'discount'], 'Margin type is markup or discount.')), null),
    margin_mode: v.optional(v.nullable(v.picklist(['fixed', 'percent'], 'Margin mode is fixed or percent.')), null),
    /** fixed: an amount per passenger ("1500.00"); percent: a percentage ("2.5") */
    margin_value: v.optional(v.pipe(v.union([v.string(), v.number()], 'Margin value must be a number.'), v.transform(String), v.regex(/^\d+(\.\d{1,2})?$/, 'Margin value must be a positive number with at most two decimals.')), '0'),
  }),
  v.forward(v.check((i) => i.margin_mode !== 'percent' || Number(i.margin_value) <= 100, 'A percentage margin is at most 100.'), ['margin_value']),
  // Stored in minor units in an integer column: a fixed margin per passenger stays well inside it.
  v.forward(v.check((i) => Number(i.margin_value) <= 1_000_000, 'A fixed margin is at most 1000000.00 per passenger.'), ['margin_value']),
  v.forward(v.check((i) => Number(i.margin_value) === 0 || (!!i.margin_type && !!i.margin_mode), 'Choose markup or discount and fixed or percent.'), ['margin_type']),
);

const toRow = (i: v.InferOutput<typeof AirlineInput>) => ({
  code: i.code,
  name: i.name,
  country: i.country,
  active: i.active,
  marginType: i.margin_type,
  marginMode: i.margin_mode,
  marginValue: Math.round(Number(i.margin_value) * 100), // minor units, or basis points for percent
});

export function airlineJson(a: AirlineRow) {
  const m = airlineMarginOf(a);
  return {
    code: a.code,
    name: a.name,
    country: a.country,
    active: a.active,
    logo: `/img/airlines/${a.code}.png`,
    margin_type: a.marginType,
    margin_mode: a.marginMode,
    margin_value: (a.marginValue / 100).toFixed(2),
    has_margin: m !== null,
  };
}

export function referenceRoutes() {
  const r = new Hono<AppEnv>();
  // Autocomplete: GET /airports?q=kar → busiest first; GET /airports?codes=KHI,DXB → those airports.
  r.get('/airports', (c) => {
    const codes = c.req.query('codes');
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 20) || 20, 1), 50);
    if (!codes) return airportSuggestions((c.req.query('q') ?? '').slice(0, 60), limit).respond(c);
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
    const db = c.get('ctx').db;
    const where = q ? or(ilike(airlines.code, `${q}%`), ilike(airlines.name, `%${q}%`)) : undefined;
    const [{ total }] = await db.select({ total: count() }).from(airlines).where(where);
    const rows = await db.select().from(airlines).where(where).orderBy(asc(airlines.name)).limit(per_page).offset((page - 1) * per_page);
    return c.json({ data: rows.map(airlineJson), meta: { page, per_page, total } });
  });

  r.get('/airlines/:code', async (c) => {
    const [row] = await c.get('ctx').db.select().from(airlines).where(eq(airlines.code, c.req.param('code').toUpperCase())).limit(1);
    if (!row) throw notFound('This airline was not found.');
    return c.json({ data: airlineJson(row) });
  });

  const staff = requirePermission('catalogue.manage', 'margins.manage');

  r.post('/airlines', staff, async (c) => {
    const input = await body(c, AirlineInput);
    const [row] = await c.get('ctx').db.insert(airlines).values(toRow(input)).onConflictDoNothing().returning();
    if (!row) throw conflict(`An airline with code ${input.code} already exists.`);
    invalidatePricing(c.get('ctx').db);
    return c.json({ message: 'Airline saved successfully', data: airlineJson(row) }, 201);
  });

  r.put('/airlines/:code', staff, async (c) => {
    const code = c.req.param('code').toUpperCase();
    const json = await jsonBody(c);
    const input = parse(AirlineInput, { ...(json as object), code });
    const { code: _ignored, ...rest } = toRow({ ...input, code });
    const [row] = await c.get('ctx').db.update(airlines).set({ ...rest, updatedAt: new Date() }).where(and(eq(airlines.code, code))).returning();
    if (!row) throw notFound('This airline was not found.');
    invalidatePricing(c.get('ctx').db);
    return c.json({ message: 'Airline updated successfully', data: airlineJson(row) });
  });

  return r;
}
