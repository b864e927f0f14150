import { Hono } from 'hono';
import { CATALOGUE_MESSAGES as M, CATALOGUES, HeaderImagesInput } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import { requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { idParam } from './crud';
import { addHeaderImages, deleteHeaderImage, listHeaderImages } from './images';

export { listHeaderImages } from './images';

/** /{visa|holiday|umrah}-header-images: GET (public), POST {images: [file_name]} adds, DELETE /{id}. */
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
    r.delete(`${path}/:id`, manage, async (c) =>
      c.json({ message: M.headerImageDeleted, data: await deleteHeaderImage(c.get('ctx').db, kind, idParam(c)) }));
  }
  return r;
}
