import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type * as v from 'valibot';
import { airlineInput } from '../../contract/reference-data';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { airlines } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { countryByCode } from '../reference';
import { airlineMarginOf, invalidatePricing, type AirlineRow } from '../pricing';

/** Airlines with their margins (markup or discount, fixed per passenger or a percentage of the base fare). */

export const AirlineInput = airlineInput((code) => !!countryByCode(code));

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
