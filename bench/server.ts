/**
 * The real server in its own process for the benchmarks: on a fresh PGlite folder, or on a PostgreSQL database of
 * its own (created on the server DATABASE_URL names and dropped after). Started as `npm start` starts it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What `npm start` runs (package.json): the bundle `npm run build` makes, with the same V8 flags. */
export const SERVER_BUNDLE = 'dist/server.mjs';
export const NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30', '--no-allocation-site-pretenuring', '--liftoff-only'];
/** BENCH_NODE_FLAGS: more node/V8 flags for what a bench runs, to compare a flag with what `npm start` sets. */
export const benchNodeFlags = () => (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** The C library's allocator settings `npm start` sets before the node command. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

export interface BenchServer {
  base: string;
  proc: ChildProcess;
  driver: 'pglite' | 'postgres';
  /** ms from spawn to the first answered request. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Guest hold caps lifted (as playwright.config.ts does): a benchmark books many times from one address. */
export const LIFTED_LIMITS = {
  BOOKING_LIMIT_PER_IP_PER_HOUR: '1000000', BOOKING_LIMIT_PER_EMAIL_PER_HOUR: '1000000',
  LIVE_HOLDS_PER_IP: '1000000', LIVE_HOLDS_PER_EMAIL: '1000000', GUEST_HOLD_SHARE: '1',
};

/** A database of our own on the PostgreSQL server `url` points at; dropped by the returned function. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
  /**
   * Transactions committed or rolled back in it so far, as PostgreSQL counts them: a statement outside a
   * transaction is one, so across a load of single statements this counts the round trips. Backends report their
   * counts up to ten seconds after going idle: `settled` waits until two reads a second apart agree.
   */
  transactions(opts?: { settled?: boolean }): Promise<number>;
}

export async function scratchDatabase(url: string): Promise<ScratchDatabase> {
  const name = `safar_bench_${randomBytes(4).toString('hex')}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const run = async (sql: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try { return await c.query(sql, values); } finally { await c.end(); }
  };
  await run(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const count = async () => Number((await run('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name])).rows[0]?.n ?? 0);
  return {
    url: own.toString(),
    drop: async () => { await run(`drop database if exists ${name} with (force)`); },
    async transactions(opts = {}) {
      let last = await count();
      for (let i = 0; opts.settled && i < 15; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        const now = await count();
        if (now === last) break;
        last = now;
      }
      return last;
    },
  };
}

/** CPU time (user + system) a process has used, from /proc; Linux only, as are these benches. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/** Resident set size of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

export async function waitUntilUp(base: string, timeoutMs = 120_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try { if ((await fetch(`${base}/api/user`)).status < 500) return; } catch { /* not up yet */ }
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Until the work a start does after it first answers is over (the flight network, a first start's demo bookings
 * and their mails): memory and throughput are measured after it. Development servers say so at /api/dev/ready; others have no such call (404).
 */
export async function afterStartWork(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${base}/api/dev/ready`)).status === 425) {
    if (Date.now() > deadline) throw new Error('start-up work did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  await outboxSent(base, deadline);
}

/**
 * Until the mails a first start queued (the demo bookings') are sent: their PDFs are rendered as they go, every
 * few seconds for about ten after a fresh PostgreSQL database is seeded, and measured that work fell into the
 * first run's figures (2 % of a flight search run's CPU). Servers without the development outbox call (404) go on.
 */
async function outboxSent(base: string, deadline: number): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/api/dev/outbox`);
    if (!res.ok) return;
    const { data } = (await res.json()) as { data: { status: string }[] };
    if (!data.some((m) => m.status === 'pending')) return;
    if (Date.now() > deadline) throw new Error('the mails queued at start were not sent');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface StartOptions {
  port: number;
  /** PostgreSQL database URL; PGlite in dataDir (or a fresh temporary folder) otherwise. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** Another checkout's server, started as its own `npm start` started it (bench:baseline), instead of this build. */
  checkout?: { dir: string; args: string[] };
}

export async function startServer(opts: StartOptions): Promise<BenchServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'safar-bench-'));
  const t0 = performance.now();
  // Another server on the port would answer for ours (the machine is shared) and be measured instead.
  if (await fetch(`${base}/api/user`).then(() => true, () => false)) throw new Error(`port ${opts.port} is already in use: pass --port`);
  if (!opts.checkout && !existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first (the benches run what \`npm start\` runs)`);
  const args = opts.checkout ? opts.checkout.args : [...NODE_FLAGS, ...benchNodeFlags(), ...(opts.nodeArgs ?? []), SERVER_BUNDLE];
  const proc = spawn(process.execPath, args, {
    cwd: opts.checkout?.dir,
    env: { ...process.env, ...(opts.checkout ? {} : SERVER_ENV), PORT: String(opts.port), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: 'warn', ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATABASE_URL: '' }), ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const stop = async () => {
    if (proc.exitCode === null) proc.kill('SIGTERM');
    await exited;
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let readyMs: number;
  try {
    await waitUntilUp(base, 120_000, proc);
    readyMs = performance.now() - t0;
    // Measured from a settled server: memory, throughput and Lighthouse runs share nothing with start-up work.
    await afterStartWork(base);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, proc, driver: opts.databaseUrl ? 'postgres' : 'pglite', readyMs, stop };
}
