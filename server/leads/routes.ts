import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { CATALOGUE_MESSAGES as M, LEAD_SOURCES, LeadInput, LeadUpdateInput, type LeadSource } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import { enforce } from '../auth/rate-limit';
import { PageQuery } from '../catalogue/crud';
import { idParam } from '../http/record-id';
import { currentUser, requirePermission } from '../http/guards';
import { clientIp } from '../http/ip';
import { body, parse } from '../http/validate';
import { createLead, listLeads, updateLead } from './service';

export const ListQuery = v.object({
  ...PageQuery.entries,
  status: v.optional(v.picklist(['new', 'handled', 'all'], 'The status must be new, handled or all.')),
  source: v.optional(v.picklist(LEAD_SOURCES, 'Unknown enquiry type.')),
});

/** POST /leads (anyone), GET /leads (leads.manage or leads.read) and PATCH|PUT /leads/{id} (leads.manage). */
export function leadRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('leads.manage');
  const readers = requirePermission('leads.manage', 'leads.read');

  r.post('/leads', async (c) => {
    const ctx = c.get('ctx');
    const i = await body(c, LeadInput);
    await enforce(ctx, [{ key: `lead:ip:${clientIp(c)}`, max: 20, windowSeconds: 3600 }]);
    if (i.website) return c.json({ message: M.leadSent, data: null }, 201); // a bot filled the hidden field
    const locale = c.req.header('accept-language')?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
    const row = await createLead(ctx, i, { userId: c.get('user')?.id ?? null, locale });
    return c.json({ message: M.leadSent, data: { id: row.id } }, 201);
  });

  r.get('/leads', readers, async (c) => {
    const q = parse(ListQuery, c.req.query()) as unknown as { page: number; per_page: number; q?: string; status?: string; source?: LeadSource };
    const { data, total } = await listLeads(c.get('ctx').db, q);
    return c.json({ data, meta: { page: q.page, per_page: q.per_page, total } });
  });

  const update = async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const id = idParam(c);
    const data = await updateLead(c.get('ctx').db, id, await body(c, LeadUpdateInput), user, c.get('ctx').now());
    return c.json({ message: M.leadUpdated, data });
  };
  r.patch('/leads/:id', manage, update);
  r.put('/leads/:id', manage, update);
  return r;
}
