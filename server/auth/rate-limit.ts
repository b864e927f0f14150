import { inArray, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';

export interface Window { key: string; windowSeconds: number }
export interface Limit extends Window { max: number }

/** The start of the fixed window of `windowSeconds` that `at` (ms) falls in. */
const windowStartOf = (at: number, windowSeconds: number) => new Date(Math.floor(at / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Fixed-window counters in the database: counts one hit on each key, all in one upsert (one round trip however many
 * keys), atomic on every server. Returns each key's hits in its current window, this one included.
 */
export async function hit(ctx: AppContext, windows: Window[]): Promise<Map<string, number>> {
  const byKey = new Map(windows.map((w) => [w.key, w]));
  if (!byKey.size) return new Map();
  const now = ctx.now().getTime();
  const rows = [...byKey.values()].map((w) => sql`(${w.key}, ${windowStartOf(now, w.windowSeconds).toISOString()}, 1)`);
  const res = await ctx.db.execute<{ key: string; hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning key, hits`);
  return new Map((res as unknown as { rows: { key: string; hits: number }[] }).rows.map((r) => [r.key, Number(r.hits)]));
}

/**
 * Each key's hits so far in its current window, without counting one (failure-based limits check first), read in
 * one statement.
 */
export async function currentHits(ctx: AppContext, windows: Window[]): Promise<Map<string, number>> {
  const found = windows.length ? await ctx.db.select().from(rateLimits).where(inArray(rateLimits.key, windows.map((w) => w.key))) : [];
  const now = ctx.now().getTime();
  return new Map(windows.map((w) => {
    const row = found.find((r) => r.key === w.key);
    const current = row && row.windowStart.getTime() === windowStartOf(now, w.windowSeconds).getTime();
    return [w.key, current ? row.hits : 0];
  }));
}

/** Counts this attempt against every limit and refuses with 429 when any is over. */
export async function enforce(ctx: AppContext, limits: Limit[]): Promise<void> {
  const counted = await hit(ctx, limits);
  if (limits.some((l) => counted.get(l.key)! > l.max)) throw new ApiError(429, 'Too many attempts. Please try again later.');
}
