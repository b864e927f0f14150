import { Hono, type Context } from 'hono';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { CATALOGUE_MESSAGES as M, LEAD_SOURCES, LeadInput, LeadUpdateInput, type Lead, type LeadSource } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import type { DbOrTx } from '../db/client';
import { groupTickets, holidays, insurancePlans, leads, umrahPackages, users, visas } from '../db/schema';
import { enforce } from '../auth/rate-limit';
import { idParam, PageQuery } from '../catalogue/crud';
import { notFound, validationError } from '../http/errors';
import { currentUser, requirePermission } from '../http/guards';
import { clientIp } from '../http/ip';
import { body, parse } from '../http/validate';
import { mailStaffAboutLead } from '../leads/notify';

type LeadRow = typeof leads.$inferSelect;
const toApi = (r: LeadRow, handledByName: string | null = null): Lead => ({
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

const ListQuery = v.object({
  ...PageQuery.entries,
  status: v.optional(v.picklist(['new', 'handled', 'all'], 'The status must be new, handled or all.')),
  source: v.optional(v.picklist(LEAD_SOURCES, 'Unknown enquiry type.')),
});

/** POST /leads (anyone), GET /leads and PATCH|PUT /leads/{id} (leads.manage). */
export function leadRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('leads.manage');

  r.post('/leads', async (c) => {
    const ctx = c.get('ctx');
    const i = await body(c, LeadInput);
    await enforce(ctx, [{ key: `lead:ip:${clientIp(c)}`, max: 20, windowSeconds: 3600 }]);
    if (i.website) return c.json({ message: M.leadSent, data: null }, 201); // a bot filled the hidden field
    let title: string | null = null;
    if (i.item_id != null) {
      if (i.source === 'contact') throw validationError({ item_id: ['A contact enquiry is not about an item.'] });
      title = await itemTitle(ctx.db, i.source, Number(i.item_id));
      if (!title) throw validationError({ item_id: ['The selected item does not exist.'] });
    }
    const locale = c.req.header('accept-language')?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
    const row = await ctx.db.transaction(async (tx) => {
      const [lead] = await tx.insert(leads).values({
        source: i.source, itemId: i.item_id == null ? null : Number(i.item_id), itemTitle: title, name: i.name, email: i.email.toLowerCase(), phone: i.phone,
        message: i.message, travellers: i.travellers, travelDate: i.travel_date, locale, userId: c.get('user')?.id ?? null,
      }).returning();
      await mailStaffAboutLead(tx, ctx, lead); // with the lead or not at all
      return lead;
    });
    return c.json({ message: M.leadSent, data: { id: row.id } }, 201);
  });

  r.get('/leads', manage, async (c) => {
    const db = c.get('ctx').db;
    const q = parse(ListQuery, c.req.query()) as unknown as { page: number; per_page: number; q?: string; status?: string; source?: LeadSource };
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
    return c.json({ data: rows.map((x) => toApi(x.lead, x.handler)), meta: { page: q.page, per_page: q.per_page, total: n } });
  });

  const update = async (c: Context<AppEnv>) => {
    const db = c.get('ctx').db;
    const user = currentUser(c);
    const id = idParam(c);
    const i = await body(c, LeadUpdateInput);
    const handled = i.status === 'handled';
    const [row] = await db.update(leads).set({
      status: i.status, staffNote: i.staff_note, handledBy: handled ? user.id : null, handledAt: handled ? c.get('ctx').now() : null,
    }).where(eq(leads.id, id)).returning();
    if (!row) throw notFound('Lead not found.');
    return c.json({ message: M.leadUpdated, data: toApi(row, handled ? user.name : null) });
  };
  r.patch('/leads/:id', manage, update);
  r.put('/leads/:id', manage, update);
  return r;
}
