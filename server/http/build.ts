import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildOf } from '../../contract/http';

/** The build of the app in `dir` (its index.html's shell script, vite/app-shell.ts); null when there is no built app. */
export function readAppBuild(dir: string): string | null {
  try {
    return buildOf(readFileSync(join(dir, 'index.html'), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The build the server serves, for every answer's header (so a tab still running an older app learns a deploy
 * happened). The file is looked at again once a second, off the requests (a rebuild under a running development
 * server changes it); a middleware of its own cost the smallest answers a tenth of their rate.
 */
export function servedBuild(dir: string, refreshMs = 1000): () => string | null {
  const file = join(dir, 'index.html');
  let build = readAppBuild(dir);
  let mtime = mtimeOf(file);
  setInterval(() => {
    const m = mtimeOf(file);
    if (m !== mtime) { mtime = m; build = readAppBuild(dir); }
  }, refreshMs).unref();
  return () => build;
}

function mtimeOf(file: string): number {
  try { return statSync(file).mtimeMs; } catch { return 0; }
}
