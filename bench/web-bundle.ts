/**
 * JavaScript per route, from Vite's build manifest: what a first visit of a route downloads before the screen can
 * render. That is the entry chunk and its static imports (recursively), plus the route's lazy chunk and its static
 * imports. Dynamic imports inside those (an editor, a prefetch) are not counted: they load later or never.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (outDir: string): Manifest => JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The manifest keys of a chunk and everything it imports statically, in load order, each once. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return [...seen];
}

export const entryKey = (manifest: Manifest): string => {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('the manifest has no entry');
  return key;
};

/** The manifest key of a module named without its extension, e.g. "src/features/public/Home". */
export function moduleKey(manifest: Manifest, module: string): string | undefined {
  return ['', '.tsx', '.ts', '.jsx', '.js', '.json', '/index.tsx', '/index.ts'].map((ext) => module + ext).find((k) => manifest[k]);
}

export interface RouteWeight {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
  /** The heaviest files, for the bench's report of what a route pays for. */
  largest: { file: string; gzip: number }[];
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(outDir: string, file: string) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = readFileSync(join(outDir, file));
    s = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, s);
  }
  return s;
}

/**
 * Bytes of the JavaScript a first visit of the route with this lazy module loads (null module: the entry alone).
 * `alsoFirst` names modules the entry imports dynamically but waits for before its first render (the reader's
 * dictionary), which count as first-load too.
 */
export function routeWeight(outDir: string, manifest: Manifest, module: string | null, alsoFirst: string[] = []): RouteWeight {
  const keys = [entryKey(manifest), ...alsoFirst.map((m) => moduleKey(manifest, m)).filter((k): k is string => !!k)];
  if (module) {
    const key = moduleKey(manifest, module);
    if (!key) throw new Error(`no chunk for ${module} in the manifest`);
    keys.push(key);
  }
  const files = staticClosure(manifest, keys).map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const each = files.map((file) => ({ file, ...sizeOf(outDir, file) }));
  return {
    files: files.length,
    raw: each.reduce((n, f) => n + f.raw, 0),
    gzip: each.reduce((n, f) => n + f.gzip, 0),
    brotli: each.reduce((n, f) => n + f.brotli, 0),
    largest: each.sort((a, b) => b.gzip - a.gzip).slice(0, 4).map(({ file, gzip }) => ({ file, gzip })),
  };
}

/** The module a route's `load()` imports, read from its source text: "() => import('../features/public/Home')…". */
export function loadedModule(load: () => unknown, fromDir = 'src/app'): string | null {
  const m = /import\(["']([^"']+)["']\)/.exec(load.toString());
  return m ? posix.normalize(posix.join(fromDir, m[1])) : null;
}
