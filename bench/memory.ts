/**
 * Start-up time and memory of the real server, each printed beside its goal: time to the first answer on a fresh
 * and on an existing data folder (database), resident memory after start and after 10,000 searches.
 * PGlite by default; with DATABASE_URL, PostgreSQL on a database of its own made there and dropped after.
 * Run: npm run bench:memory [-- --searches 10000 --starts 3 --semi-space 64]. Loopback only; bounded by the searches it sends.
 */
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rssMb, scratchDatabase, startServer, type BenchServer } from './server';
import { BROWSER, searchPath } from './load';
import { randomSearches } from './search';

const { values } = parseArgs({ options: { searches: { type: 'string', default: '10000' }, starts: { type: 'string', default: '3' }, port: { type: 'string', default: '8198' },
  /** V8 young-generation semi-space in MB, to compare with what npm start sets (bench/server.ts NODE_FLAGS). */
  'semi-space': { type: 'string' } } });
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL || undefined;
const driver = databaseUrl ? 'postgres' : 'pglite';
const GOALS = driver === 'postgres'
  ? { freshMs: 3000, existingMs: 1000, rssFresh: 200, rssExisting: 200, rssAfterSearches: 200 }
  : { freshMs: 3000, existingMs: 1000, rssFresh: 450, rssExisting: 350, rssAfterSearches: 300 };

const settle = () => new Promise((r) => setTimeout(r, 1000));
const line = (what: string, value: string, goal: string, met: boolean) =>
  console.log(`  ${what.padEnd(44)} ${value.padStart(10)}   goal ${goal.padEnd(10)} ${met ? 'MET' : 'NOT MET'}   load ${os.loadavg()[0].toFixed(1)}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Sends searches from a few connections at once, as users would; returns when all are answered. */
async function search(server: BenchServer, n: number) {
  const paths = randomSearches(n, 31).map(searchPath);
  let next = 0;
  const worker = async () => { while (next < paths.length) await (await fetch(server.base + paths[next++], { headers: BROWSER })).arrayBuffer(); };
  await Promise.all(Array.from({ length: 8 }, worker));
}

console.log(`bench:memory on ${driver}${values['semi-space'] ? `, --max-semi-space-size=${values['semi-space']}` : ''}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const starts = Number(values.starts);
const fresh: { ms: number; rss: number }[] = [];
const existing: { ms: number; rss: number }[] = [];
let last: BenchServer | null = null;
let cleanup = async () => {};
try {
  for (let i = 0; i < starts; i++) {
    // Fresh: a new data folder (PGlite) or an empty database (PostgreSQL), created and migrated by the server.
    const pgDb = databaseUrl ? await scratchDatabase(databaseUrl) : null;
    const dataDir = mkdtempSync(join(tmpdir(), 'safar-mem-'));
    cleanup = async () => { rmSync(dataDir, { recursive: true, force: true }); await pgDb?.drop(); };
    const opts = { port, dataDir, databaseUrl: pgDb?.url, nodeArgs: values['semi-space'] ? [`--max-semi-space-size=${values['semi-space']}`] : [] };
    let s = await startServer(opts);
    await settle();
    fresh.push({ ms: s.readyMs, rss: rssMb(s.proc.pid!) });
    await s.stop();
    s = await startServer(opts);
    await settle();
    existing.push({ ms: s.readyMs, rss: rssMb(s.proc.pid!) });
    if (i < starts - 1) { await s.stop(); await cleanup(); } else last = s;
  }
  console.log(`  first starts ${fresh.map((x) => `${(x.ms / 1000).toFixed(2)} s / ${x.rss.toFixed(0)} MB`).join(', ')}; restarts ${existing.map((x) => `${(x.ms / 1000).toFixed(2)} s / ${x.rss.toFixed(0)} MB`).join(', ')}`);
  const freshMs = median(fresh.map((x) => x.ms)), existingMs = median(existing.map((x) => x.ms));
  line('start-up to the first answer, fresh', `${(freshMs / 1000).toFixed(2)} s`, `≤ ${GOALS.freshMs / 1000} s`, freshMs <= GOALS.freshMs);
  line('start-up to the first answer, existing', `${(existingMs / 1000).toFixed(2)} s`, `≤ ${GOALS.existingMs / 1000} s`, existingMs <= GOALS.existingMs);
  const rssFresh = Math.max(...fresh.map((x) => x.rss)), rssExisting = Math.max(...existing.map((x) => x.rss));
  line('RSS after a first start', `${rssFresh.toFixed(0)} MB`, `≤ ${GOALS.rssFresh} MB`, rssFresh <= GOALS.rssFresh);
  line('RSS after a restart', `${rssExisting.toFixed(0)} MB`, `≤ ${GOALS.rssExisting} MB`, rssExisting <= GOALS.rssExisting);
  const n = Number(values.searches);
  const before = rssMb(last!.proc.pid!);
  const t0 = performance.now();
  await search(last!, n);
  await settle();
  const after = rssMb(last!.proc.pid!);
  line(`RSS after ${n} searches (${((performance.now() - t0) / 1000).toFixed(0)} s)`, `${after.toFixed(0)} MB`, `≤ ${GOALS.rssAfterSearches} MB`, after <= GOALS.rssAfterSearches);
  console.log(`    (+${(after - before).toFixed(0)} MB over ${before.toFixed(0)} MB after start)`);
} finally {
  await last?.stop();
  await cleanup();
}
