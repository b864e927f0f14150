import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Lead, LeadInput, LeadSource, LeadUpdateInput } from '../../contract/catalogue';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { groupTickets, holidays, insurancePlans, leads, umrahPackages, users, visas } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { mailStaffAboutLead } from './notify';

/** Enquiries from the public pages, stored as leads that staff answer. */

type LeadRow = typeof leads.$inferSelect;
export const toApiLead = (r: LeadRow, handledByName: string | null = null): Lead => ({
  id: r.id, source: r.source, item_id: r.itemId, item_title: r.itemTitle, name: r.name, email: r.email, phone: r.phone, message: r.message,
  travellers: r.travellers, travel_date: r.travelDate, locale: r.locale, status: r.status, handled_by: r.handledBy, handled_by_name: handledByName,
  handled_at: r.handledAt?.toISOString() ?? null, staff_note: r.staffNote, created_at: r.createdAt.toISOString(),
});

/** The title of the item an enquiry is about; it must exist and be published. */
async function itemTitle(db: DbOrTx, source: LeadSource, id: number): Promise<string | null> {
  const one = async (rows: { title: string; pub: boolean }[]) => (rows[0]?.pub ? rows[0].title : null);
  switch (source) {
    case 'visa': return one(await db.select({ title: visas.title, pub: visas.isPublished }).from(visas).where(eq(visas.id, id)));
    case 'holiday': return one(await db.select({ title: holidays.title, pub: holidays.isPublished }).from(holidays).where(eq(holidays.id, id)));
    case 'umrah': return one(await db.select({ title: umrahPackages.title, pub: umrahPackages.isPublished }).from(umrahPackages).where(eq(umrahPackages.id, id)));
    case 'insurance': return one(await db.select({ title: insurancePlans.name, pub: insurancePlans.isPublished }).from(insurancePlans).where(eq(insurancePlans.id, id)));
    case 'group-ticket': {
      const [g] = await db.select().from(groupTickets).where(eq(groupTickets.id, id));
      return g?.isPublished ? `${g.airlineCode} ${g.flightNumber} ${g.origin}-${g.destination} ${g.departureDate}` : null;
    }
    default: return null;
  }
}

/** Stores an enquiry and, in the same transaction, the mail to the staff who handle leads. */
export async function createLead(ctx: AppContext, i: LeadInput, who: { userId: number | null; locale: 'en' | 'ar' }): Promise<LeadRow> {
  let title: string | null = null;
  if (i.item_id != null) {
    if (i.source === 'contact') throw validationError({ item_id: ['A contact enquiry is not about an item.'] });
    title = await itemTitle(ctx.db, i.source, Number(i.item_id));
    if (!title) throw validationError({ item_id: ['The selected item does not exist.'] });
  }
  return ctx.db.transaction(async (tx) => {
    const [lead] = await tx.insert(leads).values({
      source: i.source, itemId: i.item_id == null ? null : Number(i.item_id), itemTitle: title, name: i.name, email: i.email.toLowerCase(), phone: i.phone,
      message: i.message, travellers: i.travellers, travelDate: i.travel_date, locale: who.locale, userId: who.userId,
    }).returning();
    await mailStaffAboutLead(tx, ctx, lead); // with the lead or not at all
    return lead;
  });
}

export async function listLeads(db: DbOrTx, q: { page: number; per_page: number; q?: string; status?: string; source?: LeadSource }) {
  const conds: SQL[] = [];
  if (q.status && q.status !== 'all') conds.push(eq(leads.status, q.status as 'new' | 'handled'));
  if (q.source) conds.push(eq(leads.source, q.source));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(leads.name, like), ilike(leads.email, like), ilike(leads.phone, like), ilike(leads.itemTitle, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db.select({ lead: leads, handler: users.name }).from(leads).leftJoin(users, eq(users.id, leads.handledBy))
    .where(where).orderBy(desc(leads.id)).limit(q.per_page).offset((q.page - 1) * q.per_page);
  const [{ n }] = await db.select({ n: count() }).from(leads).where(where);
  return { data: rows.map((x) => toApiLead(x.lead, x.handler)), total: n };
}

/** Marks a lead handled (by whom, when) or new again, with the staff's note. */
export async function updateLead(db: DbOrTx, id: number, i: v.InferOutput<typeof LeadUpdateInput>, by: { id: number; name: string }, at: Date): Promise<Lead> {
  const handled = i.status === 'handled';
  const [row] = await db.update(leads).set({
    status: i.status, staffNote: i.staff_note, handledBy: handled ? by.id : null, handledAt: handled ? at : null,
  }).where(eq(leads.id, id)).returning();
  if (!row) throw notFound('Lead not found.');
  return toApiLead(row, handled ? by.name : null);
}
