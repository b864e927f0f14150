import { Hono } from 'hono';
import { CATALOGUE_MESSAGES as M, CATALOGUES, HeaderImagesInput } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import { requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { idOf } from '../http/record-id';
import { addHeaderImages, deleteHeaderImage, listHeaderImages } from './images';

export { listHeaderImages } from './images';

/** /{visa|holiday|umrah}-header-images: GET (public), POST {images: [file_name]} adds, DELETE /{id} (or the id in the query or body). */
export function headerImageRoutes() {
  const r = new Hono<AppEnv>();
  const manage = requirePermission('catalogue.manage');
  for (const kind of CATALOGUES) {
    const path = `/${kind}-header-images`;
    r.get(path, async (c) => c.json({ data: await listHeaderImages(c.get('ctx').db, kind) }));
    r.post(path, manage, async (c) => {
      const { images } = await body(c, HeaderImagesInput);
      const data = await addHeaderImages(c.get('ctx').db, kind, images as string[]);
      return c.json({ message: M.headerImagesSaved, data });
    });
    // The id in the path, or (another client's way) in the query or the body.
    for (const at of [`${path}/:id`, path]) {
      r.delete(at, manage, async (c) =>
        c.json({ message: M.headerImageDeleted, data: await deleteHeaderImage(c.get('ctx').db, kind, await idOf(c)) }));
    }
  }
  return r;
}
