import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { getMimeType } from 'hono/utils/mime';
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { AppEnv } from '../context';
import { acceptedEncodings, ANSWER_ENCODED } from './compress';
import { PRECOMPRESSED_TEXT, VARIANTS } from './precompress';
import { BUILD_HEADER } from '../../contract/http';

const fileStat = (path: string) => stat(path).then((s) => (s.isFile() ? s : null), () => null);

/** A path that could leave the folder or name a dot file (the manifest): not ours to send. */
const UNSAFE = /(?:^|[/\\])\.|[/\\]{2,}|\\/;

/**
 * A text file of the build as `npm run build` compressed it (precompress.ts): the `.br` or `.gz` beside it when the
 * client takes that encoding, else the file itself, never compressed here. Every such answer varies by
 * Accept-Encoding, the plain one too, so a cache between never hands a plain client the brotli bytes or back.
 * Null when there is no such file.
 */
export async function sendBuiltText(c: Context<AppEnv>, file: string, headers: Record<string, string> = {}): Promise<Response | null> {
  const original = await fileStat(file);
  if (!original) return null;
  let path = file;
  let encoding: string | null = null;
  let size = original.size;
  for (const v of VARIANTS) {
    if (!acceptedEncodings(c.req.header('accept-encoding')).includes(v.encoding)) continue;
    const s = await fileStat(file + v.suffix);
    if (s) { path = file + v.suffix; encoding = v.encoding; size = s.size; break; }
  }
  c.set(ANSWER_ENCODED, true); // the compress middleware leaves it as it is
  const out: Record<string, string> = {
    'content-type': getMimeType(file) ?? 'application/octet-stream',
    vary: 'accept-encoding',
    'last-modified': original.mtime.toUTCString(),
    ...headers,
  };
  if (encoding) out['content-encoding'] = encoding;
  if (c.req.method === 'HEAD') return c.body(null, 200, { ...out, 'content-length': String(size) });
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    return null; // removed between the look and the read (a rebuild)
  }
  // The length of what is sent, read whole: a rebuild between stat and read cannot make the two disagree.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, { ...out, 'content-length': String(body.length) });
}

/**
 * Headers only a document or an API answer acts on (a page's policies, framing, the request id, the build it is).
 * A hashed script, style or font carries none of them: they were about 700 of the ~980 bytes of each such answer's
 * headers, and a first visit loads some 40 scripts. nosniff and the resource policy, which do apply to them, stay.
 */
const DOCUMENT_ONLY = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'strict-transport-security', 'x-dns-prefetch-control',
  'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'x-request-id', 'last-modified', BUILD_HEADER,
];

/**
 * Mounted on `/assets/*` outside the security headers (which are set on the way out), so it sees and drops what
 * they add.
 */
export const leanAssetHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const name of DOCUMENT_ONLY) c.res.headers.delete(name);
};

/** The built app: hashed assets cached for a year, every other GET falls back to index.html (client routing). */
export function staticApp(dir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(dir, 'index.html');
  const root = relative(process.cwd(), dir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    let name: string;
    try { name = decodeURIComponent(c.req.path); } catch { return next(); }
    if (!PRECOMPRESSED_TEXT.test(name) || UNSAFE.test(name)) return next();
    return (await sendBuiltText(c, join(dir, name))) ?? next();
  });
  // Other files (images, fonts: compressed formats of their own) as they are, byte ranges included.
  app.use('*', serveStatic({ root, onFound: (_path, c) => { c.set(ANSWER_ENCODED, true); } }));
  app.get('*', async (c) => {
    const page = await sendBuiltText(c, indexFile, { 'cache-control': 'no-cache' });
    return page ?? c.text('The app is not built. Run `npm run build`.', 503);
  });
  return app;
}
