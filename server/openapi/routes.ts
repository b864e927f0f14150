/**
 * GET /api/openapi.json (the document, built once from the app's route table at its first request), GET /api/docs
 * (the reference page) and GET /api/docs/{file} (the page's script and style). Public: the document says no more
 * than the app's own requests show.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { EncodedText } from '../http/compress';
import { notFound } from '../http/errors';
import type { RouteEntry } from './access';
import { DOCS_PAGE, docsAsset } from './viewer';

export function openApiRoutes(routesOf: () => RouteEntry[], xsrfExempt: RegExp[]) {
  const r = new Hono<AppEnv>();
  // The generator and the schemas it converts load at the first request, not at every start.
  // Built, serialised and compressed once: the document is some 600 KB of JSON.
  let doc: Promise<EncodedText> | null = null;
  r.get('/openapi.json', async (c) => {
    doc ??= import('./document').then((m) => new EncodedText(JSON.stringify(m.openApiDocument(routesOf(), xsrfExempt))));
    doc.catch(() => { doc = null; });
    return (await doc).respond(c);
  });
  r.get('/docs', (c) => c.html(DOCS_PAGE));
  r.get('/docs/:file', async (c) => {
    const asset = docsAsset(c.req.param('file'));
    if (!asset) throw notFound('No such file.');
    return (await asset).respond(c, { 'cache-control': 'public, max-age=3600' });
  });
  return r;
}
