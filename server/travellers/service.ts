import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { travellers } from '../db/schema';
import type { Traveller, TravellerInput } from '../../contract/travellers';
import { notFound } from '../http/errors';
import { agentSummaries } from '../agents/common';

/**
 * Saved travellers (passport holders an agency books often). An agent keeps its own; staff with
 * travellers.manage keep any agency's. A traveller someone may not see is "not found", never "forbidden".
 */

type Row = typeof travellers.$inferSelect;
/** Who is asking: an agent (its own travellers) or staff (any agent's). */
export interface Keeper { userId: number; staff: boolean }

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

export async function visibleTraveller(db: DbOrTx, who: Keeper, id: number): Promise<Row> {
  const [t] = await db.select().from(travellers).where(eq(travellers.id, id)).limit(1);
  if (!t || (!who.staff && t.agentId !== who.userId)) throw notFound('Traveller not found.');
  return t;
}

export async function listTravellers(db: DbOrTx, who: Keeper, q: { limit: number; offset: number; search?: string; type?: string; agent_id?: number | '' }) {
  const conds: (SQL | undefined)[] = [];
  if (!who.staff) {
    if (q.agent_id && Number(q.agent_id) !== who.userId) throw notFound('Agent not found.');
    conds.push(eq(travellers.agentId, who.userId));
  } else if (q.agent_id) conds.push(eq(travellers.agentId, Number(q.agent_id)));
  if (q.type) conds.push(eq(travellers.type, q.type as 'ADT'));
  if (q.search) {
    const like = `%${q.search.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    conds.push(or(ilike(travellers.firstName, like), ilike(travellers.lastName, like), ilike(travellers.documentNo, like)));
  }
  const where = and(...conds);
  const rows = await db.select().from(travellers).where(where).orderBy(desc(travellers.id)).limit(q.limit).offset(q.offset);
  const [{ n }] = await db.select({ n: count() }).from(travellers).where(where);
  // Staff see whose traveller it is.
  const agents = who.staff ? await agentSummaries(db, rows.map((t) => t.agentId)) : new Map();
  const data = rows.map((t) => ({ ...toApiTraveller(t), ...(who.staff ? { agent: agents.get(t.agentId) } : {}) }));
  return { data, total: n };
}

export async function createTraveller(db: DbOrTx, agentId: number, input: TravellerInput, at: Date) {
  const [t] = await db.insert(travellers).values({ agentId, ...values(input), createdAt: at, updatedAt: at }).returning();
  return toApiTraveller(t);
}

export async function updateTraveller(db: DbOrTx, id: number, input: TravellerInput, at: Date) {
  const [t] = await db.update(travellers).set({ ...values(input), updatedAt: at }).where(eq(travellers.id, id)).returning();
  return toApiTraveller(t);
}

export async function deleteTraveller(db: DbOrTx, id: number): Promise<void> {
  await db.delete(travellers).where(eq(travellers.id, id));
}
