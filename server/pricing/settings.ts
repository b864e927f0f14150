import { eq } from 'drizzle-orm';
import type { SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { watchedRead } from '../db/write-watch';
import { agentMargins, airlines, customerMargins, exchangeRates, hotelMargins } from '../db/schema';
import type { AirlineMargin, HotelMargin, PricingContext } from './margins';
import { agencyOf } from '../agency/of';

/** Who is priced: an agent's branch user carries its agency, whose margins it sells with. */
type PricedUser = Pick<SessionUser, 'id' | 'role'> & { agencyId?: number | null };

/**
 * The margin settings staff keep (airline margins, customer margin values, each agent's markup, discount and
 * own markup), read from the database into the PricingContext the margin rules take.
 */

export type AirlineRow = typeof airlines.$inferSelect;
export type CustomerMarginRow = typeof customerMargins.$inferSelect;
export type AgentMarginRow = typeof agentMargins.$inferSelect;

export function airlineMarginOf(row: AirlineRow): AirlineMargin | null {
  if (!row.marginType || !row.marginMode || row.marginValue === 0) return null;
  return { airline: row.code, type: row.marginType, mode: row.marginMode, value: row.marginMode === 'percent' ? row.marginValue / 100 : row.marginValue };
}

export async function airlineMargins(db: DbOrTx): Promise<AirlineMargin[]> {
  const rows = await db.select().from(airlines).where(eq(airlines.active, true));
  return rows.map(airlineMarginOf).filter((m): m is AirlineMargin => m !== null);
}

const PRICING_TTL_MS = 2000;
interface Cached { at: number; airlines: AirlineMargin[]; hotel: HotelMargin | null; rates: ReadonlyMap<string, number>; publicChannel: PricingContext | null }
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
  const fresh: Cached = { at: now, airlines: await airlineMargins(db), hotel: await hotelMargin(db), rates: await exchangeRateMap(db), publicChannel: null };
  pricingCache.set(db, fresh);
  return fresh;
}

/**
 * Everything that prices a fare for this asker: airline margins for all, plus the channel margins (customer
 * values or the agent's markup and discount). Search, offer detail and booking all price through this, so the
 * fare a user saw is the fare they book.
 */
export async function pricingFor(db: DbOrTx, user: PricedUser | null): Promise<PricingContext> {
  const c = await cached(db);
  const isAgent = user?.role === 'agent';
  const channel = isAgent ? await loadMargins(db, user) : (c.publicChannel ??= await loadMargins(db, user));
  return { ...channel, airlineMargins: c.airlines, hotelMargin: c.hotel, rates: c.rates };
}

/**
 * What a booking prices with: pricingFor, and the agent's own per-booking markup (0 for anyone else), both from
 * one read of the agent's margin row (a round trip fewer on PostgreSQL, where that row is not kept).
 */
export async function bookingPricing(db: DbOrTx, user: PricedUser | null): Promise<{ pricing: PricingContext; ownMarkupMinor: number }> {
  if (user?.role !== 'agent') return { pricing: await pricingFor(db, user), ownMarkupMinor: 0 };
  const c = await cached(db);
  const m = await agentMarginRow(db, agencyOf(user));
  return { pricing: { ...agentChannel(m), airlineMargins: c.airlines, hotelMargin: c.hotel, rates: c.rates }, ownMarkupMinor: m?.ownMarkupMinor ?? 0 };
}

/** The exchange rates staff keep, by currency, in millionths of a rupee per unit. */
export async function exchangeRateMap(db: DbOrTx): Promise<ReadonlyMap<string, number>> {
  const rows = await db.select({ currency: exchangeRates.currency, micros: exchangeRates.rateMicros }).from(exchangeRates);
  return new Map(rows.map((r) => [r.currency, r.micros]));
}

/** The hotel margin staff set (null when none): basis points in the table, a percentage in the rules. */
export async function hotelMargin(db: DbOrTx): Promise<HotelMargin | null> {
  const [row] = await db.select().from(hotelMargins).where(eq(hotelMargins.id, 1)).limit(1);
  return row && row.percentBp > 0 ? { type: row.type, percent: row.percentBp / 100 } : null;
}

// Read on every search and hold; kept until this server writes them where it is the one writer (PGlite), copied
// out so no caller can change what the next one reads.
const customerMarginKept = watchedRead(['customer_margins'], async (db, _: 1) => {
  const [row] = await (db as DbOrTx).select().from(customerMargins).where(eq(customerMargins.id, 1)).limit(1);
  return row ?? null;
});
const agentMarginKept = watchedRead(['agent_margins'], async (db, agentId: number) => {
  const [row] = await (db as DbOrTx).select().from(agentMargins).where(eq(agentMargins.agentId, agentId)).limit(1);
  return row ?? null;
});

export async function customerMarginRow(db: DbOrTx): Promise<CustomerMarginRow | null> {
  const row = await customerMarginKept(db, 1);
  return row && { ...row };
}

export async function agentMarginRow(db: DbOrTx, agentId: number): Promise<AgentMarginRow | null> {
  const row = await agentMarginKept(db, agentId);
  return row && { ...row };
}

/**
 * The channel margins for whoever is searching, in the supplier's PricingContext shape:
 * agents get the staff-set markup/discount per passenger, everyone else (anonymous, customers, staff) the
 * customer margin values. Airline margins are added by the caller from the airlines catalogue.
 * Read on every search, so a saved change shows in the next search at once.
 */
export async function loadMargins(db: DbOrTx, user: PricedUser | null): Promise<PricingContext> {
  if (user?.role === 'agent') return agentChannel(await agentMarginRow(db, agencyOf(user)));
  const m = await customerMarginRow(db);
  return {
    kind: 'public',
    customerMargin: m ? { discount_percent: m.discountBp / 100, margin_percent: m.marginBp / 100, other_charges: m.otherChargesMinor } : null,
  };
}

function agentChannel(m: AgentMarginRow | null): PricingContext {
  return { kind: 'agent', agentMargin: m ? { markup_per_pax: m.markupPerPaxMinor, discount_per_pax: m.discountPerPaxMinor } : null };
}

/** The agent's own per-booking markup (minor units) that it earns and may show its customer. */
export async function agentOwnMarkup(db: DbOrTx, agentId: number): Promise<number> {
  return (await agentMarginRow(db, agentId))?.ownMarkupMinor ?? 0;
}

