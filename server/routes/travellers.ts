import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppEnv, SessionUser } from '../context';
import { travellers } from '../db/schema';
import { can } from '../../contract/permissions';
import { idFilter } from '../../contract/ids';
import { M, TravellerInput, travellerDateErrors, type Traveller } from '../../contract/agents';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { jsonBody, parse } from '../http/validate';
import { agentSummaries, idFrom, idParam, meta, pageQuery, requireAgentUser, todayOf } from '../agents/common';

type Row = typeof travellers.$inferSelect;
export const toApiTraveller = (t: Row): Traveller & { agent_id: number } => ({
  id: t.id,
  agent_id: t.agentId,
  number: t.documentNo,
  type: t.type,
  title: t.title as Traveller['title'],
  first_name: t.firstName,
  last_name: t.lastName,
  gender: t.gender,
  dob: t.dob,
  nationality: t.nationality,
  document_type: t.documentType,
  document_no: t.documentNo,
  expiry_date: t.expiryDate,
  issue_country: t.issueCountry,
  email: t.email,
  phone: t.phone,
  created_at: t.createdAt.toISOString(),
});

/** Approved agents manage their own travellers; staff with travellers.manage manage any agent's. */
const travellerKeepers = requireOneOf(withPermission('travellers.manage'), approvedAgent);
function who(c: Context<AppEnv>): { user: SessionUser; staff: boolean } {
  const user = currentUser(c);
  return { user, staff: can(user.role, 'travellers.manage') };
}

const values = (i: TravellerInput) => ({
  type: i.type,
  title: i.title,
  firstName: i.first_name,
  lastName: i.last_name,
  gender: i.gender,
  dob: i.dob,
  nationality: i.nationality,
  documentType: i.document_type,
  documentNo: i.document_no,
  expiryDate: i.expiry_date,
  issueCountry: i.issue_country,
  email: i.email || null,
  phone: i.phone || null,
});

async function readInput(c: Context<AppEnv>) {
  const raw = (await jsonBody(c)) as Record<string, unknown>;
  const input = parse(TravellerInput, raw);
  const dateErrors = travellerDateErrors(input, todayOf(c));
  if (Object.keys(dateErrors).length) throw validationError(Object.fromEntries(Object.entries(dateErrors).map(([k, m]) => [k, [m]])));
  return { input, raw };
}

async function visible(c: Context<AppEnv>, id: number) {
  const { user, staff } = who(c);
  const [t] = await c.get('ctx').db.select().from(travellers).where(eq(travellers.id, id)).limit(1);
  if (!t || (!staff && t.agentId !== user.id)) throw notFound('Traveller not found.');
  return t;
}

export function travellerRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/get-travellers', travellerKeepers, async (c) => {
    const { user, staff } = who(c);
    const q = pageQuery(c, {
      search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
      type: v.optional(v.picklist(['ADT', 'CNN', 'INF', ''], M.travellerType)),
      agent_id: idFilter(M.agent),
    });
    const conds: (SQL | undefined)[] = [];
    if (!staff) {
      if (q.agent_id && Number(q.agent_id) !== user.id) throw notFound('Agent not found.');
      conds.push(eq(travellers.agentId, user.id));
    } else if (q.agent_id) conds.push(eq(travellers.agentId, Number(q.agent_id)));
    if (q.type) conds.push(eq(travellers.type, q.type as 'ADT'));
    if (q.search) {
      const like = `%${q.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
      conds.push(or(ilike(travellers.firstName, like), ilike(travellers.lastName, like), ilike(travellers.documentNo, like)));
    }
    const where = and(...conds);
    const db = c.get('ctx').db;
    const rows = await db.select().from(travellers).where(where).orderBy(desc(travellers.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await db.select({ n: count() }).from(travellers).where(where);
    const agents = staff ? await agentSummaries(db, rows.map((t) => t.agentId)) : new Map();
    return c.json({ data: rows.map((t) => ({ ...toApiTraveller(t), ...(staff ? { agent: agents.get(t.agentId) } : {}) })), meta: meta(q, n) });
  });

  r.get('/get-travellers/:id', travellerKeepers, async (c) => c.json({ data: toApiTraveller(await visible(c, idParam(c, 'Traveller not found.'))) }));

  r.post('/save-travellers', travellerKeepers, async (c) => {
    const { user, staff } = who(c);
    const { input, raw } = await readInput(c);
    let agentId = user.id;
    if (staff) {
      agentId = idFrom(String(raw.agent_id ?? ''), 'Agent not found.');
      await requireAgentUser(c.get('ctx').db, agentId);
    }
    const now = c.get('ctx').now();
    const [t] = await c.get('ctx').db.insert(travellers).values({ agentId, ...values(input), createdAt: now, updatedAt: now }).returning();
    return c.json({ message: 'Traveller saved successfully', data: toApiTraveller(t) }, 201);
  });

  const update = async (c: Context<AppEnv>) => {
    const t0 = await visible(c, idParam(c, 'Traveller not found.'));
    const { input } = await readInput(c);
    const [t] = await c.get('ctx').db.update(travellers).set({ ...values(input), updatedAt: c.get('ctx').now() }).where(eq(travellers.id, t0.id)).returning();
    return c.json({ message: 'Traveller saved successfully', data: toApiTraveller(t) });
  };
  r.put('/update-travellers', travellerKeepers, update);
  r.put('/update-travellers/:id', travellerKeepers, update);

  const remove = async (c: Context<AppEnv>) => {
    const t = await visible(c, idParam(c, 'Traveller not found.'));
    await c.get('ctx').db.delete(travellers).where(eq(travellers.id, t.id));
    return c.json({ message: 'Traveller deleted successfully', data: { id: t.id } });
  };
  r.delete('/delete-travellers', travellerKeepers, remove);
  r.delete('/delete-travellers/:id', travellerKeepers, remove);

  return r;
}
