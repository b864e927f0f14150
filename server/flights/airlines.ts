import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import { airlines } from '../db/schema';
import { defaultCarriers } from '../suppliers/flight';

export type { AirlineRow } from '../pricing/settings';

/** Fills the airlines table from the carriers the network flies, once (a new database, in any environment). */
export async function ensureAirlines(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(airlines);
  if (n > 0) return;
  const rows = defaultCarriers();
  await ctx.db.insert(airlines).values(rows).onConflictDoNothing();
}

