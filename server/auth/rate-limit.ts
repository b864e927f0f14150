import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';

export interface Limit { key: string; max: number; windowSeconds: number }

/**
 * Fixed-window counter in the database: one upsert per check, atomic on every server. Returns the hits in the
 * current window including this one.
 */
export async function hit(ctx: AppContext, key: string, windowSeconds: number): Promise<number> {
  const now = ctx.now();
  const windowStart = new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000);
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
  const windowStart = Math.floor(ctx.now().getTime() / (windowSeconds * 1000)) * windowSeconds * 1000;
  return row.windowStart.getTime() === windowStart ? row.hits : 0;
}

/** Counts this attempt against every limit and refuses with 429 when any is over. */
export async function enforce(ctx: AppContext, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const hits = await hit(ctx, limit.key, limit.windowSeconds);
    if (hits > limit.max) {
      throw new ApiError(429, 'Too many attempts. Please try again later.');
    }
  }
}
