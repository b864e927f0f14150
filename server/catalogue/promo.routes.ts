import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { CATALOGUE_MESSAGES as M, PromoImageInput } from '../../contract/catalogue';
import { can } from '../../contract/permissions';
import { parseId } from '../../contract/ids';
import type { AppEnv } from '../context';
import { ApiError, notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { body, query } from '../http/validate';
import { deletePromoImage, listPromoImages, savePromoImage } from './images';

const ListQuery = v.object({
  home: v.optional(v.picklist(['0', '1', 'true', 'false'], 'The home filter must be 0 or 1.')),
  status: v.optional(v.picklist(['active', 'all'], 'The status must be active or all.')),
});

function promoId(c: Context): number {
  const id = parseId(c.req.param('id') ?? c.req.query('id'));
  if (id === null) throw notFound('Promo image not found.');
  return id;
}

/** Promo banners: POST save-promo-image, GET /get-promo-images, DELETE /delete-promo-image. */
export function promoRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('catalogue.manage');

  r.get('/get-promo-images', async (c) => {
    const q = query(c, ListQuery);
    const manager = can(c.get('user')?.role, 'catalogue.manage');
    if (q.status === 'all' && !manager) throw new ApiError(403, 'You are not allowed to see inactive banners.');
    const home = q.home ? q.home === '1' || q.home === 'true' : undefined;
    return c.json({ data: await listPromoImages(c.get('ctx').db, { all: q.status === 'all', home }) });
  });

  r.post('/save-promo-image', manage, async (c) => {
    const { data, created } = await savePromoImage(c.get('ctx').db, await body(c, PromoImageInput));
    return c.json({ message: M.promoSaved, data }, created ? 201 : 200);
  });

  const del = async (c: Context<AppEnv>) => {
    await deletePromoImage(c.get('ctx').db, promoId(c));
    return c.json({ message: M.promoDeleted });
  };
  r.delete('/delete-promo-image/:id', manage, del);
  r.delete('/delete-promo-image', manage, del); // ?id=

  return r;
}
