import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';

export interface Limit { key: string; max: number; windowSeconds: number }

/** The start of the fixed window of `windowSeconds` that `at` (ms) falls in. */
const windowStartOf = (at: number, windowSeconds: number) => new Date(Math.floor(at / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Fixed-window counter in the database: one upsert per check, atomic on every server. Returns the hits in the
 * current window including this one.
 */
export async function hit(ctx: AppContext, key: string, windowSeconds: number): Promise<number> {
  const windowStart = windowStartOf(ctx.now().getTime(), windowSeconds);
  const rows = await ctx.db.execute<{ hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning hits`);
  return Number((rows as unknown as { rows: { hits: number }[] }).rows[0].hits);
}

/** The hits counted so far in the current window, without counting one (failure-based limits check first). */
export async function currentHits(ctx: AppContext, key: string, windowSeconds: number): Promise<number> {
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row) return 0;
  return row.windowStart.getTime() === windowStartOf(ctx.now().getTime(), windowSeconds).getTime() ? row.hits : 0;
}

/**
 * Counts this attempt against every limit, all in one statement (one round trip however many limits), and refuses
 * with 429 when any is over.
 */
export async function enforce(ctx: AppContext, limits: Limit[]): Promise<void> {
  const byKey = new Map(limits.map((l) => [l.key, l]));
  if (!byKey.size) return;
  const now = ctx.now().getTime();
  const rows = [...byKey.values()].map((l) => sql`(${l.key}, ${windowStartOf(now, l.windowSeconds).toISOString()}, 1)`);
  const res = await ctx.db.execute<{ key: string; hits: number }>(sql`
    insert into rate_limits (key, window_start, hits) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning key, hits`);
  const counted = (res as unknown as { rows: { key: string; hits: number }[] }).rows;
  if (counted.some((r) => Number(r.hits) > byKey.get(r.key)!.max)) {
    throw new ApiError(429, 'Too many attempts. Please try again later.');
  }
}
