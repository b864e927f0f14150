import { count, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { airlines } from '../db/schema';
import { loadMargins } from '../agents/margins';
import { defaultNetwork, operatingCarriers, type AirlineMargin, type PricingContext } from '../suppliers/flight';

export type AirlineRow = typeof airlines.$inferSelect;

/** Fills the airlines table from the carriers the network flies, once (a new database, in any environment). */
export async function ensureAirlines(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(airlines);
  if (n > 0) return;
  const rows = operatingCarriers(defaultNetwork()).map((c) => ({ code: c.code, name: c.name, country: c.country }));
  await ctx.db.insert(airlines).values(rows).onConflictDoNothing();
}

export function airlineMarginOf(row: AirlineRow): AirlineMargin | null {
  if (!row.marginType || !row.marginMode || row.marginValue === 0) return null;
  return { airline: row.code, type: row.marginType, mode: row.marginMode, value: row.marginMode === 'percent' ? row.marginValue / 100 : row.marginValue };
}

export async function airlineMargins(db: DbOrTx): Promise<AirlineMargin[]> {
  const rows = await db.select().from(airlines).where(eq(airlines.active, true));
  return rows.map(airlineMarginOf).filter((m): m is AirlineMargin => m !== null);
}

/**
 * Everything that prices a fare for this asker: airline margins for all, plus the channel margins (customer
 * values or the agent's markup and discount). Search, offer detail and booking all price through this, so the
 * fare a user saw is the fare they book.
 */
export async function pricingFor(db: DbOrTx, user: SessionUser | null): Promise<PricingContext> {
  const [channel, byAirline] = await Promise.all([loadMargins(db, user), airlineMargins(db)]);
  return { ...channel, airlineMargins: byAirline };
}
