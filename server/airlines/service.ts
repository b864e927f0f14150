import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { airlines } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { countryByCode } from '../reference';
import { airlineMarginOf, invalidatePricing, type AirlineRow } from '../pricing';

/** Airlines with their margins (markup or discount, fixed per passenger or a percentage of the base fare). */

export const AirlineInput = v.pipe(
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
export type AirlineInput = v.InferOutput<typeof AirlineInput>;

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


export async function listAirlines(db: DbOrTx, q: string, page: number, perPage: number) {
  const where = q ? or(ilike(airlines.code, `${q}%`), ilike(airlines.name, `%${q}%`)) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(airlines).where(where);
  const rows = await db.select().from(airlines).where(where).orderBy(asc(airlines.name)).limit(perPage).offset((page - 1) * perPage);
  return { data: rows.map(airlineJson), total };
}

export async function airlineByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(airlines).where(eq(airlines.code, code.toUpperCase())).limit(1);
  if (!row) throw notFound('This airline was not found.');
  return airlineJson(row);
}

/** A new airline; its margin applies from the next search (the pricing cache is dropped). */
export async function createAirline(ctx: AppContext, input: AirlineInput) {
  const [row] = await ctx.db.insert(airlines).values(toRow(input)).onConflictDoNothing().returning();
  if (!row) throw conflict(`An airline with code ${input.code} already exists.`);
  invalidatePricing(ctx.db);
  return airlineJson(row);
}

export async function updateAirline(ctx: AppContext, code: string, input: AirlineInput) {
  const { code: _ignored, ...rest } = toRow({ ...input, code });
  const [row] = await ctx.db.update(airlines).set({ ...rest, updatedAt: new Date() }).where(and(eq(airlines.code, code))).returning();
  if (!row) throw notFound('This airline was not found.');
  invalidatePricing(ctx.db);
  return airlineJson(row);
}
