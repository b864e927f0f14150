import { constants, cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The empty, migrated PGlite database `npm run build` prepares (server/cli/build.ts). */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('../../dist/pglite-template', import.meta.url));

/**
 * A new PGlite folder starts as a copy of the build's template rather than from PGlite's initdb (3–4 s and
 * 800 MB of memory the process keeps). Migrations still run after, so a template older than the code is fine.
 * Without a template (no build yet) PGlite creates the database as before. Returns whether it copied.
 */
export function pgliteFromTemplate(dir: string, template = PGLITE_TEMPLATE): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  if (!existsSync(join(template, '.stamp'))) return false;
  const work = `${dir}.copying`;
  rmSync(work, { recursive: true, force: true });
  // A reflink where the file system has them (a copy-on-write clone costs nothing), a plain copy elsewhere.
  cpSync(template, work, { recursive: true, mode: constants.COPYFILE_FICLONE, filter: (src) => !src.endsWith('.stamp') });
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir); // a start that dies mid-copy leaves no half database behind
  return true;
}
