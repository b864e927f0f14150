import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppEnv } from '../context';

/** The built app: hashed assets cached for a year, every other GET falls back to index.html (client routing). */
export function staticApp(dir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(dir, 'index.html');
  const root = relative(process.cwd(), dir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Files precompressed at build (.br, .gz beside each asset) are sent as they are; others are compressed per request.
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}
