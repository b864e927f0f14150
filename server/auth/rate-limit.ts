import { inArray, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { renderedOnce } from '../db/prepared';

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
  const values: Record<string, unknown> = {};
  [...byKey.values()].forEach((w, i) => { values[`k${i}`] = w.key; values[`w${i}`] = windowStartOf(now, w.windowSeconds).toISOString(); });
  const rows = await hitStatement(byKey.size)(ctx.db, values);
  return new Map(rows);
}

/** Per number of windows, the counting upsert rendered once: nearly every request that writes counts one or two. */
const hitStatements = new Map<number, ReturnType<typeof renderHit>>();
const hitStatement = (n: number) => {
  let s = hitStatements.get(n);
  if (!s) hitStatements.set(n, (s = renderHit(n)));
  return s;
};
const renderHit = (n: number) => renderedOnce(`rate_limit_hit_${n}`, () => {
  const rows = Array.from({ length: n }, (_, i) => sql`(${sql.placeholder(`k${i}`)}, ${sql.placeholder(`w${i}`)}::timestamptz, 1)`);
  return sql`
    insert into rate_limits (key, window_start, hits) values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      hits = case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning key, hits`;
}, ([key, hits]) => [key as string, Number(hits)] as const);

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
