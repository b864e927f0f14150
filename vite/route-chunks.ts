import { basename, extname, resolve } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

type Chunking = Parameters<Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/**
 * Chunks cut by the routes that load them first. A first visit of a route downloads the entry's chunk and the
 * static imports of its screen. The bundler's own split follows the lazy imports, not the routes: the home page
 * fetched 30 scripts, many under 1 KB, each paying ~370 bytes of headers and naming its neighbours' files again.
 * - The entry (index.html) and everything it imports statically are one chunk, but for the libraries `apart`
 *   names, which keep a file of their own (it stays cached while the app's code changes).
 * - A module of the app that the screens of two routes or more import statically joins the other modules with
 *   exactly the same routes, in one chunk: those files always travelled together, and no route loads more.
 * - Such a group joins the entry's chunk when the files it saves the routes that load it outweigh the bytes it
 *   adds to the routes that do not (a few hundred bytes used by nearly every screen).
 * Left to the bundler: modules of one route (they stay in its screen's chunk), screens (each stays its route's
 * lazy chunk, which the route's import names) and libraries outside the entry.
 */
export function routeChunks(root: string, apart: RegExp, files = { entry: 'src/main.tsx', routes: 'src/app/routes.ts' }): CodeSplittingGroup {
  let chunkOf: Map<string, string> | null = null;
  return {
    name: (id, ctx) => (chunkOf ??= planChunks(ctx, resolve(root, files.entry), resolve(root, files.routes), apart)).get(id) ?? null,
    debugName: 'routes',
    priority: -1,
    // A module's static imports reach every route it reaches, and more: pulled into its chunk they would load on
    // routes that never use them. Left where they are, they sit in chunks of the same routes or more, so these
    // chunks import one another one way only.
    includeDependenciesRecursively: false,
  };
}

const BOOT = 'boot';
const LIBRARY = /[\\/]node_modules[\\/]/;
const STYLESHEET = /\.css($|\?)/;
/** What one more file costs a first visit, in bytes: its response headers and its neighbours' names in imports. */
const FILE_COST = 450;
/** About what a module's source weighs once minified and compressed, as a share of it. */
const SHARE_COMPRESSED = 0.3;

/** module id → chunk name, for the modules that share their routes with another module and are not one route's own. */
function planChunks(ctx: Chunking, entryId: string, routesId: string, apart: RegExp): Map<string, string> {
  const routes = ctx.getModuleInfo(routesId);
  if (!routes || !ctx.getModuleInfo(entryId)) throw new Error(`route chunks: ${entryId} or ${routesId} is not in the module graph`);
  const staticClosure = (start: string) => {
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) walk(dep);
    };
    walk(start);
    return seen;
  };
  // The page's entry (index.html, which also brings Vite's preload polyfill) with everything it imports: in one
  // chunk, the entry's own, instead of an entry that only imports it.
  const page = ctx.getModuleInfo(entryId)!.importers.find((id) => ctx.getModuleInfo(id)?.isEntry) ?? entryId;
  const entry = staticClosure(page);
  const chunkOf = new Map<string, string>();
  for (const id of entry) if (!apart.test(id)) chunkOf.set(id, BOOT);

  // The routes (by index) whose screen reaches each module statically.
  const routesOf = new Map<string, number[]>();
  routes.dynamicallyImportedIds.forEach((screen, i) => {
    for (const id of staticClosure(screen)) {
      // Libraries are left to the bundler: a library's index re-exports all of it, so by the import graph every
      // route that uses one of its parts would reach all of them, and one route's parts would join another's.
      if (entry.has(id) || LIBRARY.test(id)) continue;
      const list = routesOf.get(id);
      if (list) list.push(i);
      else routesOf.set(id, [i]);
    }
  });

  // A screen stays the start of its own chunk, which its route's import names.
  const screens = new Set(routes.dynamicallyImportedIds);
  const bySet = new Map<string, string[]>();
  for (const [id, list] of routesOf) {
    if (list.length < 2 || screens.has(id)) continue;
    const key = list.join(',');
    bySet.set(key, [...(bySet.get(key) ?? []), id]);
  }
  const names = new Set([BOOT]);
  const inBoot = (id: string) => chunkOf.get(id) === BOOT || apart.test(id);
  // The groups most routes load first, so that a group's imports have been placed before it is.
  const groups = [...bySet].map(([key, ids]) => ({ ids, users: key.split(',').length })).sort((a, b) => b.users - a.users);
  for (const { ids, users } of groups) {
    const size = ids.reduce((sum, id) => sum + (ctx.getModuleInfo(id)?.code?.length ?? 0), 0);
    const own = new Set(ids);
    // Into the entry's chunk only what costs less than the file it saves, and never a stylesheet (it would hold up
    // every page's first paint) nor a group that imports what is not there already (every page would load that too).
    const joins = FILE_COST * users > SHARE_COMPRESSED * size * (screens.size - users) &&
      ids.every((id) => !STYLESHEET.test(id) && (ctx.getModuleInfo(id)?.importedIds ?? []).every((dep) => own.has(dep) || inBoot(dep)));
    if (joins) {
      for (const id of ids) chunkOf.set(id, BOOT);
      continue;
    }
    // Named after its largest module, as the bundler names a chunk.
    const largest = ids.reduce((a, b) => ((ctx.getModuleInfo(b)?.code?.length ?? 0) > (ctx.getModuleInfo(a)?.code?.length ?? 0) ? b : a));
    const base = basename(largest, extname(largest)).replace(/^index$/, basename(resolve(largest, '..')));
    // One name per group: the bundler merges groups that return the same name.
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}${n}`;
    names.add(name);
    for (const id of ids) chunkOf.set(id, name);
  }
  return chunkOf;
}
