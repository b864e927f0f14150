/**
 * The server half of `npm run build`: the server bundled for node into dist/server.mjs (so `npm start` does not
 * transpile TypeScript on every start), and an empty, migrated PGlite database in dist/pglite-template that a
 * first start copies instead of creating one: PGlite's own database creation (initdb) takes 3–4 s and grows the
 * process by 800 MB it never gives back. Demo data is not in the template: it is dated from the day it is seeded
 * and differs per NODE_ENV, so a first start still seeds it; its images are rendered here too (dist/demo-images).
 * Also made here: the flight network (dist/flight-network.bin), which a start reads instead of building it, and
 * `.br`/`.gz` beside each of the app's text files, which the server sends as they are.
 * Run: node --import tsx server/cli/build.ts
 */
import { build, type Plugin } from 'esbuild';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../db/client';
import { PGLITE_TEMPLATE } from '../db/pglite-template';
import { DEMO_IMAGES, DEMO_IMAGES_DIR } from '../catalogue/demo-images';
import { precompressDir } from '../http/precompress';
import { buildNetwork, networkSnapshotCurrent, writeNetworkSnapshot } from '../suppliers/flight';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const TEMPLATE_DIR = PGLITE_TEMPLATE;

/**
 * In one bundle every module would share the bundle's import.meta.url; files that read data beside themselves
 * (migrations, reference tables) get their own source address back, relative to the bundle so the folder may move.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\/(server|contract)\/.*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const own = relative(dist, args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/**
 * The pure-JavaScript ES modules the server loads at every start go into the bundle: node otherwise resolves,
 * reads and compiles ~180 files of them one by one (drizzle-orm alone is 107), a fifth of a restart. Packages
 * with native code, wasm or data files beside them (PGlite, argon2, pdfkit, ...) and CommonJS ones stay in
 * node_modules, loaded as before.
 */
const BUNDLED = new Set(['drizzle-orm', 'hono', '@hono/node-server', 'valibot', '@internationalized/date']);
const bundleStartPackages: Plugin = {
  name: 'bundle-start-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const pkg = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return BUNDLED.has(pkg) ? undefined : { path: args.path, external: true };
    });
  },
};

async function bundle() {
  const t0 = performance.now();
  for (const f of readdirSync(dist)) if (/^server-.+\.mjs(\.map)?$/.test(f)) rmSync(join(dist, f));
  await build({
    entryPoints: { server: join(root, 'server/main.ts') },
    outdir: dist,
    // What the server imports only when asked (the PostgreSQL driver, PDF, mail) goes into chunks of its own,
    // beside server.mjs so the sources' own addresses (above) stay right, with the packages they bring.
    splitting: true,
    chunkNames: 'server-[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl, bundleStartPackages],
  });
  console.log(`server bundled into dist/server.mjs in ${Math.round(performance.now() - t0)} ms`);
}

/**
 * The template keeps only the database the server uses: PostgreSQL's own template0 and template1 (copied from
 * when a database is created, which Safar never does) are two thirds of its 1,300 files, and a first start
 * copies every file: ~1 ms a file where creating files is slow.
 */
const TEMPLATE_RECIPE = 'postgres database only';

/** What the template depends on: the migrations, the PGlite version and the recipe. Unchanged, the template is reused. */
function templateStamp(): string {
  const h = createHash('sha256');
  h.update(TEMPLATE_RECIPE);
  h.update(JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const f of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const p = join(migrationsFolder, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(p));
  }
  return h.digest('hex');
}

async function template() {
  const stamp = templateStamp();
  const stampFile = join(TEMPLATE_DIR, '.stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return console.log('PGlite template up to date');
  const t0 = performance.now();
  const { openDatabase } = await import('../db/client');
  const { ensureAirlines } = await import('../flights/airlines');
  const work = `${TEMPLATE_DIR}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: work }); // creates and migrates
  await ensureAirlines({ db: database.db });
  for (const name of ['template0', 'template1']) {
    await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
    await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
  }
  await database.db.execute(sql.raw('CHECKPOINT'));
  await database.close();
  writeFileSync(join(work, '.stamp'), stamp);
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  renameSync(work, TEMPLATE_DIR); // whole or not at all: a start never copies a half-made template
  console.log(`PGlite template prepared in ${relative(root, TEMPLATE_DIR)} in ${Math.round(performance.now() - t0)} ms`);
}

if (!existsSync(dirname(TEMPLATE_DIR))) throw new Error('dist/ is missing: run `npm run build` (vite builds it first)');
/** The demo catalogue's images, rendered once here rather than on every first start (same bytes either way). */
function demoImages() {
  const source = readFileSync(join(root, 'server/catalogue/demo-images.ts'));
  const stamp = createHash('sha256').update(source).digest('hex');
  const stampFile = join(DEMO_IMAGES_DIR, '.stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return console.log('demo images up to date');
  const t0 = performance.now();
  const work = `${DEMO_IMAGES_DIR}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  for (const [name, draw] of Object.entries(DEMO_IMAGES)) writeFileSync(join(work, name), draw());
  writeFileSync(join(work, '.stamp'), stamp);
  rmSync(DEMO_IMAGES_DIR, { recursive: true, force: true });
  renameSync(work, DEMO_IMAGES_DIR);
  console.log(`demo images rendered into ${relative(root, DEMO_IMAGES_DIR)} in ${Math.round(performance.now() - t0)} ms`);
}

/** The default flight network, saved for starts to read (server/suppliers/flight/network-snapshot.ts). */
function flightNetwork() {
  if (networkSnapshotCurrent()) return console.log('flight network up to date');
  const t0 = performance.now();
  writeNetworkSnapshot(buildNetwork());
  console.log(`flight network saved into dist/flight-network.bin in ${Math.round(performance.now() - t0)} ms`);
}

/** The app's text files compressed beside themselves, at the highest settings (server/http/precompress.ts). */
async function precompressApp() {
  const t0 = performance.now();
  const r = await precompressDir(join(dist, 'app'), { cacheDir: join(root, 'node_modules/.cache/safar-precompress') });
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  console.log(`app precompressed: ${r.files} text files of ${kb(r.bytes)}, brotli ${kb(r.br)}, gzip ${kb(r.gzip)} (${r.reused} of ${r.files * 2} encodings from earlier builds) in ${Math.round(performance.now() - t0)} ms`);
}

// The precompression runs on libuv's threads while the rest goes on here.
const precompressed = precompressApp();
await bundle();
await template();
demoImages();
flightNetwork();
await precompressed;
