import { Hono, type Context } from 'hono';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { CATALOGUE_MESSAGES as M, PromoImageInput, type PromoImage } from '../../contract/catalogue';
import { can } from '../../contract/permissions';
import { parseId } from '../../contract/ids';
import type { AppEnv } from '../context';
import { promoImages } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { body, query } from '../http/validate';
import { assertImage, fileUrl } from '../uploads/service';

const toApi = (r: typeof promoImages.$inferSelect): PromoImage => ({
  id: r.id, file_name: r.fileName, url: fileUrl(r.fileName), title: r.title, title_ar: r.titleAr, link: r.link, is_home: r.isHome,
  is_active: r.isActive, sort_order: r.sortOrder, created_at: r.createdAt.toISOString(),
});

const ListQuery = v.object({
  home: v.optional(v.picklist(['0', '1', 'true', 'false'], 'The home filter must be 0 or 1.')),
  status: v.optional(v.picklist(['active', 'all'], 'The status must be active or all.')),
});

function promoId(c: Context): number {
  const id = parseId(c.req.param('id') ?? c.req.query('id'));
  if (id === null) throw notFound('Promo image not found.');
  return id;
}

/** Promo banners (spec §7 Other): POST save-promo-image, GET /get-promo-images, DELETE /delete-promo-image. */
export function promoRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('catalogue.manage');

  r.get('/get-promo-images', async (c) => {
    const q = query(c, ListQuery);
    const manager = can(c.get('user')?.role, 'catalogue.manage');
    if (q.status === 'all' && !manager) throw new ApiError(403, 'You are not allowed to see inactive banners.');
    const conds: SQL[] = [];
    if (q.status !== 'all') conds.push(eq(promoImages.isActive, true));
    if (q.home) conds.push(eq(promoImages.isHome, q.home === '1' || q.home === 'true'));
    const rows = await c.get('ctx').db.select().from(promoImages).where(conds.length ? and(...conds) : undefined).orderBy(asc(promoImages.sortOrder), desc(promoImages.id));
    return c.json({ data: rows.map(toApi) });
  });

  r.post('/save-promo-image', manage, async (c) => {
    const i = await body(c, PromoImageInput);
    const db = c.get('ctx').db;
    await assertImage(db, i.file_name!, 'file_name');
    const values = { fileName: i.file_name!, title: i.title, titleAr: i.title_ar, link: i.link, isHome: i.is_home, isActive: i.is_active, sortOrder: i.sort_order };
    if (i.id) {
      const [row] = await db.update(promoImages).set(values).where(eq(promoImages.id, Number(i.id))).returning();
      if (!row) throw notFound('Promo image not found.');
      return c.json({ message: M.promoSaved, data: toApi(row) });
    }
    const [row] = await db.insert(promoImages).values(values).returning();
    return c.json({ message: M.promoSaved, data: toApi(row) }, 201);
  });

  const del = async (c: Context<AppEnv>) => {
    const gone = await c.get('ctx').db.delete(promoImages).where(eq(promoImages.id, promoId(c))).returning({ id: promoImages.id });
    if (!gone.length) throw notFound('Promo image not found.');
    return c.json({ message: M.promoDeleted });
  };
  r.delete('/delete-promo-image/:id', manage, del);
  r.delete('/delete-promo-image', manage, del); // ?id=

  return r;
}
