/**
 * GET /api/openapi.json (the document, built once from the app's route table at its first request), GET /api/docs
 * (the reference page) and GET /api/docs/{file} (the page's script and style). Public: the document says no more
 * than the app's own requests show.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { notFound } from '../http/errors';
import type { RouteEntry } from './access';
import { DOCS_PAGE, docsAsset } from './viewer';

export function openApiRoutes(routesOf: () => RouteEntry[], xsrfExempt: RegExp[]) {
  const r = new Hono<AppEnv>();
  // The generator and the schemas it converts load at the first request, not at every start.
  let doc: Promise<unknown> | null = null;
  r.get('/openapi.json', async (c) => {
    doc ??= import('./document').then((m) => m.openApiDocument(routesOf(), xsrfExempt));
    doc.catch(() => { doc = null; });
    return c.json(await doc);
  });
  r.get('/docs', (c) => c.html(DOCS_PAGE));
  r.get('/docs/:file', async (c) => {
    const asset = await docsAsset(c.req.param('file'));
    if (!asset) throw notFound('No such file.');
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' });
  });
  return r;
}
