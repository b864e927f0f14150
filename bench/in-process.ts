/**
 * The app in this process on a PGlite folder of its own (copied from the build's template), for the benches that
 * measure what one write costs in CPU: one request at a time, every millisecond of the process's CPU is the
 * requests' (PGlite runs in this process too). Counts the database round trips as well.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../server/app';
import type { AppContext } from '../server/context';
import { loadConfig } from '../server/config';
import { openDatabase, PGLITE_SMALL_BUFFERS } from '../server/db/client';
import { pgliteFromTemplate } from '../server/db/pglite-template';
import { seedDemo } from '../server/db/seed';
import { ensureAirlines } from '../server/flights/airlines';
import { benchNodeFlags, LIFTED_LIMITS, NODE_FLAGS } from './server';

/** What @hono/node-server passes a route (the client's address is read from it), as the real server would. */
export const NODE_ENV = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } } };

export interface InProcessApp {
  app: ReturnType<typeof createApp>;
  /** What the app's routes are given: its database, configuration and clock, for calling a service directly. */
  ctx: AppContext;
  /** Round trips into PGlite's WebAssembly so far: a statement (or a transaction's begin and commit) is one. */
  roundTrips(): number;
  /** The XSRF cookie and header a browser sends with a write, as a guest has them. */
  xsrf(): Promise<Record<string, string>>;
  /** A demo account's bearer token, as a client gets it (XSRF cookie, then POST /api/login). */
  token(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Runs this bench again, and exits with its code, when this process lacks the V8 flags `npm start` gives the server:
 * what a write costs depends on them (PGlite's WebAssembly compiled by Liftoff alone runs slower than with TurboFan,
 * and a bench run without the flag read hotel bookings 10–40% cheaper than the product makes them).
 * BENCH_NODE_FLAGS adds flags, as it does for the benches' server.
 */
function underProductFlags(): void {
  if (process.env.BENCH_UNDER_PRODUCT_FLAGS || NODE_FLAGS.every((f) => process.execArgv.includes(f))) return;
  const run = spawnSync(process.execPath, [...NODE_FLAGS, ...benchNodeFlags(), ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit', env: { ...process.env, BENCH_UNDER_PRODUCT_FLAGS: '1' },
  });
  process.exit(run.status ?? 1);
}

export async function inProcessApp(): Promise<InProcessApp> {
  underProductFlags();
  const dir = mkdtempSync(join(tmpdir(), 'safar-bench-cpu-'));
  const dataDir = join(dir, 'pglite');
  if (!pgliteFromTemplate(dataDir)) throw new Error('dist/pglite-template is missing: run `npm run build` first');
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dir, DATABASE_URL: '', ...LIFTED_LIMITS });
  const pg = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SMALL_BUFFERS] });
  let trips = 0;
  for (const name of ['execProtocolStream', 'exec', 'query'] as const) {
    const own = pg[name].bind(pg) as (...a: unknown[]) => unknown;
    (pg as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => { trips++; return own(...a); };
  }
  const database = await openDatabase({ pglite: pg });
  const ctx = { db: database.db, config, log: pino({ level: 'silent' }), now: () => new Date() };
  await seedDemo(ctx);
  await ensureAirlines(ctx);
  const app = createApp(ctx);
  const xsrf = async () => {
    const csrf = await app.request('/sanctum/csrf-cookie');
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))![1];
    return { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': decodeURIComponent(cookie) };
  };
  return {
    app,
    ctx,
    roundTrips: () => trips,
    xsrf,
    async token(email) {
      const login = await app.request('/api/login', {
        method: 'POST', headers: { 'content-type': 'application/json', ...(await xsrf()) },
        body: JSON.stringify({ email, password: 'Safar-demo-1' }),
      });
      return ((await login.json()) as { data: { access_token: string } }).data.access_token;
    },
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `one` n times, one after the other, and answers the process's CPU and wall time per call; with a path, writes a V8 CPU profile of the run there. */
export async function cpuPerCall(n: number, one: () => Promise<void>, profilePath?: string): Promise<{ cpuMs: number; wallMs: number }> {
  const session = profilePath ? new Session() : null;
  if (session) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start'); }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one();
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profilePath!, JSON.stringify(profile));
    session.disconnect();
  }
  return { cpuMs: (cpu.user + cpu.system) / 1000 / n, wallMs: wall / n };
}
