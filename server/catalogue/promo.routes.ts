import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { CATALOGUE_MESSAGES as M, PromoImageInput } from '../../contract/catalogue';
import { can } from '../../contract/permissions';
import type { AppEnv } from '../context';
import { ApiError } from '../http/errors';
import { requirePermission } from '../http/guards';
import { query } from '../http/validate';
import { idOf } from '../http/record-id';
import { bodyWithFile } from '../uploads/form-body';
import { deletePromoImage, listPromoImages, savePromoImage } from './images';

export const ListQuery = v.object({
  home: v.optional(v.picklist(['0', '1', 'true', 'false'], 'The home filter must be 0 or 1.')),
  status: v.optional(v.picklist(['active', 'all'], 'The status must be active or all.')),
});



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
    // The image may come as a file in the save's form.
    const input = await bodyWithFile(c, PromoImageInput, { field: 'file_name', purpose: 'catalogue', imagesOnly: true });
    const { data, created } = await savePromoImage(c.get('ctx').db, input);
    return c.json({ message: M.promoSaved, data }, created ? 201 : 200);
  });

  const del = async (c: Context<AppEnv>) => {
    await deletePromoImage(c.get('ctx').db, await idOf(c, 'Promo image not found.'));
    return c.json({ message: M.promoDeleted });
  };
  r.delete('/delete-promo-image/:id', manage, del);
  r.delete('/delete-promo-image', manage, del); // ?id=

  return r;
}
