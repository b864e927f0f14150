/**
 * A restart's first flight search: the built server (`node dist/server.mjs`, as `npm start` runs it) spawned on an
 * existing PGlite data folder, and a search sent from the moment it listens, timed from the spawn to the search's
 * answer. The flight network must be ready by then (the build saves it: dist/flight-network.bin), not built while
 * the search waits. Run: node --import tsx bench/first-search.ts [--starts 3 --port 8197]. Needs `npm run build`.
 * Loopback only; each start ends once its search is answered.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NODE_FLAGS, SERVER_BUNDLE, cpuMs } from './server';

export const GOAL_FIRST_SEARCH_MS = 1500;
const { values } = parseArgs({ options: { starts: { type: 'string', default: '3' }, port: { type: 'string', default: '8197' } } });
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
const search = `/api/flights?${new URLSearchParams({ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day, adults: '1' })}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
if (await fetch(`${base}/api/user`).then(() => true, () => false)) throw new Error(`port ${port} is already in use: pass --port`);

/** Spawns the server and sends the search until it is answered; ms from the spawn, and the server's CPU by then. */
async function start(dataDir: string): Promise<{ ms: number; cpu: number; status: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...NODE_FLAGS, SERVER_BUNDLE], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error('no answer in 2 minutes');
      const res = await fetch(base + search, { headers: { 'accept-encoding': 'br, gzip' } }).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        return { ms: performance.now() - t0, cpu: cpuMs(proc.pid!), status: res.status };
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'safar-first-search-'));
try {
  console.log(`bench:first-search, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const first = await start(dataDir); // a first start creates and seeds the folder; the restarts below find it
  console.log(`  first start (new data folder): ${first.ms.toFixed(0)} ms, status ${first.status}`);
  const runs: number[] = [];
  for (let i = 0; i < Number(values.starts); i++) {
    const r = await start(dataDir);
    if (r.status !== 200) throw new Error(`the search answered ${r.status}`);
    runs.push(r.ms);
    console.log(`  restart ${i + 1}: first search answered ${r.ms.toFixed(0)} ms after the spawn (server CPU ${r.cpu} ms)`);
  }
  const ms = median(runs);
  console.log(`spawn → first search answered: ${ms.toFixed(0)} ms (goal ≤ ${GOAL_FIRST_SEARCH_MS}) ${ms <= GOAL_FIRST_SEARCH_MS ? 'MET' : 'NOT MET'}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
