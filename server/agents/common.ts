import * as v from 'valibot';
import type { Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppEnv, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentProfiles, users } from '../db/schema';
import { validationError } from '../http/errors';
import { query } from '../http/validate';
import { pageField, perPageField } from '../http/paging';
import type { AgentSummary } from '../../contract/deposits';
import { todayInZone } from '../../contract/flights';

export const PageQuery = v.object({ page: pageField, per_page: perPageField(100, 20) });

/** page and per_page (every list answers {data, meta: {page, per_page, total}}), plus any filters the route declares. */
export function pageQuery<E extends v.ObjectEntries>(c: Context, filters: E) {
  const q = query(c, v.object({ ...PageQuery.entries, ...filters })) as { page: number; per_page: number } & { [K in keyof E]: v.InferOutput<E[K]> };
  return { ...q, offset: (q.page - 1) * q.per_page, limit: q.per_page };
}

export const meta = (q: { page: number; per_page: number }, total: number) => ({ page: q.page, per_page: q.per_page, total });

export { idFrom, idOf, idParam } from '../http/record-id';

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

/** Every agency, by company name (or the agent's name), for the staff's agent pickers. */
export async function allAgentSummaries(db: DbOrTx): Promise<AgentSummary[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'agent'));
  const summaries = await agentSummaries(db, rows.map((x) => x.id));
  return [...summaries.values()].sort((a, b) => (a.company_name ?? a.name).localeCompare(b.company_name ?? b.name));
}
