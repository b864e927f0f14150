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

const PRICING_TTL_MS = 2000;
interface Cached { at: number; airlines: AirlineMargin[]; publicChannel: PricingContext | null }
const pricingCache = new WeakMap<object, Cached>();

/**
 * Margin settings change rarely and are read on every search, so each server keeps them for a moment. A save
 * on this server calls invalidatePricing and shows at once; other servers follow within PRICING_TTL_MS.
 */
export function invalidatePricing(db: DbOrTx) {
  pricingCache.delete(db);
}

async function cached(db: DbOrTx): Promise<Cached> {
  const hit = pricingCache.get(db);
  const now = Date.now();
  if (hit && now - hit.at < PRICING_TTL_MS && now >= hit.at) return hit;
  const fresh: Cached = { at: now, airlines: await airlineMargins(db), publicChannel: null };
  pricingCache.set(db, fresh);
  return fresh;
}

/**
 * Everything that prices a fare for this asker: airline margins for all, plus the channel margins (customer
 * values or the agent's markup and discount). Search, offer detail and booking all price through this, so the
 * fare a user saw is the fare they book.
 */
export async function pricingFor(db: DbOrTx, user: SessionUser | null): Promise<PricingContext> {
  const c = await cached(db);
  const isAgent = user?.role === 'agent';
  const channel = isAgent ? await loadMargins(db, user) : (c.publicChannel ??= await loadMargins(db, user));
  return { ...channel, airlineMargins: c.airlines };
}
