import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { pgliteFromTemplate } from './db/pglite-template';
import { compilePgliteWasm } from './db/pglite-early';

const started = performance.now();
const config = loadConfig();
const pgliteDir = config.databaseUrl ? undefined : `${config.dataDir}/pglite`;
if (pgliteDir) {
  mkdirSync(config.dataDir, { recursive: true });
  pgliteFromTemplate(pgliteDir);
}
// The database opens while the rest of the server loads: PGlite's WebAssembly is read and compiled (on V8's own
// threads) while the app's modules load and compile. This module imports only what that needs, so both begin at
// once; with every module imported first, a start took ~0.1 s more.
const pgliteWasm = pgliteDir ? compilePgliteWasm() : undefined;
const [database, { serveSafar }] = await Promise.all([
  import('./db/client').then(({ openDatabase }) => openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir, pgliteWasm })),
  import('./serve'),
]);
await serveSafar(config, database, started);
