import { Hono } from 'hono';
import { and, asc, eq, max } from 'drizzle-orm';
import { CATALOGUE_MESSAGES as M, CATALOGUES, HeaderImagesInput, type CatalogueKind, type HeaderImage } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import type { DbOrTx } from '../db/client';
import { headerImages } from '../db/schema';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { idParam } from '../catalogue/crud';
import { assertImage, fileUrl } from '../uploads/service';

const toApi = (r: typeof headerImages.$inferSelect): HeaderImage => ({ id: r.id, catalogue: r.catalogue, file_name: r.fileName, url: fileUrl(r.fileName), sort_order: r.sortOrder });

export async function listHeaderImages(db: DbOrTx, catalogue: CatalogueKind) {
  const rows = await db.select().from(headerImages).where(eq(headerImages.catalogue, catalogue)).orderBy(asc(headerImages.sortOrder), asc(headerImages.id));
  return rows.map(toApi);
}

/** /{visa|holiday|umrah}-header-images: GET (public), POST {images: [file_name]} adds, DELETE /{id}. */
export function headerImageRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('catalogue.manage');
  for (const kind of CATALOGUES) {
    const path = `/${kind}-header-images`;
    r.get(path, async (c) => c.json({ data: await listHeaderImages(c.get('ctx').db, kind) }));
    r.post(path, manage, async (c) => {
      const { images } = await body(c, HeaderImagesInput);
      const db = c.get('ctx').db;
      const data = await db.transaction(async (tx) => {
        for (const [i, f] of images.entries()) await assertImage(tx, f!, `images.${i}`);
        const [{ top }] = await tx.select({ top: max(headerImages.sortOrder) }).from(headerImages).where(eq(headerImages.catalogue, kind));
        let order = (top ?? 0) + 1;
        for (const f of new Set(images)) {
          await tx.insert(headerImages).values({ catalogue: kind, fileName: f!, sortOrder: order++ }).onConflictDoNothing();
        }
        return listHeaderImages(tx, kind);
      });
      return c.json({ message: M.headerImagesSaved, data });
    });
    r.delete(`${path}/:id`, manage, async (c) => {
      const db = c.get('ctx').db;
      const gone = await db.delete(headerImages).where(and(eq(headerImages.id, idParam(c)), eq(headerImages.catalogue, kind))).returning({ id: headerImages.id });
      if (!gone.length) throw notFound('Header image not found.');
      return c.json({ message: M.headerImageDeleted, data: await listHeaderImages(db, kind) });
    });
  }
  return r;
}
