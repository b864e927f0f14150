import { and, asc, desc, eq, max, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { CatalogueKind, HeaderImage, PromoImage, PromoImageInput } from '../../contract/catalogue';
import type { DbOrTx } from '../db/client';
import { headerImages, promoImages } from '../db/schema';
import { notFound } from '../http/errors';
import { assertImage, fileUrl } from '../uploads/service';

/** The catalogue's pictures: header images above each public catalogue page, and the promotion banners. */

const toApiHeader = (r: typeof headerImages.$inferSelect): HeaderImage => ({ id: r.id, catalogue: r.catalogue, file_name: r.fileName, url: fileUrl(r.fileName), sort_order: r.sortOrder });

export async function listHeaderImages(db: DbOrTx, catalogue: CatalogueKind) {
  const rows = await db.select().from(headerImages).where(eq(headerImages.catalogue, catalogue)).orderBy(asc(headerImages.sortOrder), asc(headerImages.id));
  return rows.map(toApiHeader);
}

/** Adds uploaded images after the existing ones (an image already there stays where it is); all or none. */
export function addHeaderImages(db: DbOrTx, kind: CatalogueKind, images: string[]) {
  return db.transaction(async (tx) => {
    for (const [i, f] of images.entries()) await assertImage(tx, f, `images.${i}`);
    const [{ top }] = await tx.select({ top: max(headerImages.sortOrder) }).from(headerImages).where(eq(headerImages.catalogue, kind));
    let order = (top ?? 0) + 1;
    for (const f of new Set(images)) {
      await tx.insert(headerImages).values({ catalogue: kind, fileName: f, sortOrder: order++ }).onConflictDoNothing();
    }
    return listHeaderImages(tx, kind);
  });
}

export async function deleteHeaderImage(db: DbOrTx, kind: CatalogueKind, id: number) {
  const gone = await db.delete(headerImages).where(and(eq(headerImages.id, id), eq(headerImages.catalogue, kind))).returning({ id: headerImages.id });
  if (!gone.length) throw notFound('Header image not found.');
  return listHeaderImages(db, kind);
}

const toApiPromo = (r: typeof promoImages.$inferSelect): PromoImage => ({
  id: r.id, file_name: r.fileName, url: fileUrl(r.fileName), title: r.title, title_ar: r.titleAr, link: r.link, is_home: r.isHome,
  is_active: r.isActive, sort_order: r.sortOrder, created_at: r.createdAt.toISOString(),
});

/** Banners, active ones only unless `all`; `home` narrows to those shown (or not) on the home page. */
export async function listPromoImages(db: DbOrTx, q: { all: boolean; home?: boolean }) {
  const conds: SQL[] = [];
  if (!q.all) conds.push(eq(promoImages.isActive, true));
  if (q.home !== undefined) conds.push(eq(promoImages.isHome, q.home));
  const rows = await db.select().from(promoImages).where(conds.length ? and(...conds) : undefined).orderBy(asc(promoImages.sortOrder), desc(promoImages.id));
  return rows.map(toApiPromo);
}

/** Creates a banner, or updates one when the input names its id; `created` says which. */
export async function savePromoImage(db: DbOrTx, i: v.InferOutput<typeof PromoImageInput>): Promise<{ data: PromoImage; created: boolean }> {
  await assertImage(db, i.file_name!, 'file_name');
  const values = { fileName: i.file_name!, title: i.title, titleAr: i.title_ar, link: i.link, isHome: i.is_home, isActive: i.is_active, sortOrder: i.sort_order };
  if (i.id) {
    const [row] = await db.update(promoImages).set(values).where(eq(promoImages.id, Number(i.id))).returning();
    if (!row) throw notFound('Promo image not found.');
    return { data: toApiPromo(row), created: false };
  }
  const [row] = await db.insert(promoImages).values(values).returning();
  return { data: toApiPromo(row), created: true };
}

export async function deletePromoImage(db: DbOrTx, id: number): Promise<void> {
  const gone = await db.delete(promoImages).where(eq(promoImages.id, id)).returning({ id: promoImages.id });
  if (!gone.length) throw notFound('Promo image not found.');
}
