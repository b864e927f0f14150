import * as v from 'valibot';
import type { Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppEnv, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { query } from '../http/validate';
import type { AgentSummary } from '../../contract/agents';
import { todayInZone } from '../../contract/flights';

export const PageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'Enter a page number.'), v.transform(Number), v.minValue(1, 'Enter a page number.')), '1'),
  per_page: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'Enter a page size.'), v.transform(Number), v.minValue(1, 'Enter a page size.'), v.maxValue(100, 'At most 100 per page.')), '20'),
});

/** page / per_page of brief §7, plus any filters the route declares. */
export function pageQuery<E extends v.ObjectEntries>(c: Context, filters: E) {
  const q = query(c, v.object({ ...PageQuery.entries, ...filters })) as { page: number; per_page: number } & { [K in keyof E]: v.InferOutput<E[K]> };
  return { ...q, offset: (q.page - 1) * q.per_page, limit: q.per_page };
}

export const meta = (q: { page: number; per_page: number }, total: number) => ({ page: q.page, per_page: q.per_page, total });

/** A numeric id from the path (or a query/body fallback); 404 when it is not a positive integer. */
export function idFrom(raw: string | undefined | null, what = 'Not found.'): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound(what);
  const n = Number(raw);
  if (n < 1) throw notFound(what);
  return n;
}

/** The id given either as the path's last segment or as ?id= (the spec's paths end in "/" either way). */
export function idParam(c: Context<AppEnv>, what?: string): number {
  return idFrom(c.req.param('id') ?? c.req.query('id'), what);
}

/** Today (YYYY-MM-DD, UTC) by the request's clock. */
export const todayOf = (c: Context<AppEnv>) => c.get('ctx').now().toISOString().slice(0, 10);

/**
 * The latest date it is anywhere on Earth (UTC+14): a "not in the future" check against it never refuses an
 * agent's own today, wherever the agent is (at 01:00 in Karachi the UTC date is still yesterday).
 */
export const latestTodayOf = (c: Context<AppEnv>) => todayInZone('Etc/GMT-14', c.get('ctx').now());

export async function agentSummaries(db: DbOrTx, ids: number[]): Promise<Map<number, AgentSummary>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, agentCode: users.agentCode, company: agentProfiles.companyName })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, agent_code: r.agentCode, company_name: r.company }]));
}

/** An active agent by id, or a 422 on the given field (staff picking an agent in a form). */
export async function requireAgentUser(db: DbOrTx, id: number, field = 'agent_id'): Promise<SessionUser> {
  const [u] = await db.select().from(users).where(and(eq(users.id, id), eq(users.role, 'agent'))).limit(1);
  if (!u || u.status === 'deleted') throw validationError({ [field]: ['Choose an agent.'] });
  return u;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
