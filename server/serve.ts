import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import type { Database } from './db/client';
import { createLogger } from './logger';
import { createApp } from './app';
import type { AppContext } from './context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { demoPnrLines } from './supplier-console/demo';
import { afterStart, prepareData } from './startup';
import { startJobs } from './jobs';
import { ensureAirlines } from './flights/airlines';
import { hasSavedNetwork, warmNetwork } from './suppliers/flight';
import { loadAirportOverrides } from './airports/store';
import { createShutdown, onStopSignals } from './http/shutdown';
import { keepIdleSocketsOpen } from './http/keep-alive';

/** The server over an open database: reference data, demo data, the app, listening, the jobs and the stop signals. */
export async function serveSafar(config: Config, database: Database, started: number) {
  const log = createLogger(config.env);
  const ctx: AppContext = { db: database.db, config, log, now: () => new Date() };

  await ensureAirlines(ctx); // reference data every environment needs (the network's carriers, not its routes)
  await loadAirportOverrides(ctx.db); // staff airport changes over the reference data (kept fresh per request)
  const { seeded, notes } = await prepareData(ctx);
  const staticDir = config.appDir ?? fileURLToPath(new URL('../dist/app', import.meta.url));
  const app = createApp(ctx, { staticDir });
  // Work of our own (the periodic jobs' first ticks, a query or a transaction each, and the flight network when no
  // saved one could be read, built a step per turn) waits a moment after listening: begun at once it held the first
  // request back ~0.4 s, and a restarted server is put back to use by its first answers (health checks, the pages
  // users reload). A search in that moment builds the network itself, as any search before the network is ready does.
  const QUIET_AFTER_LISTENING_MS = 1000;
  let jobs: Promise<() => Promise<void>> | null = null;
  let stopping = false;
  const stopJobs = async () => {
    stopping = true;
    if (jobs) await (await jobs)();
  };

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const ms = Math.round(performance.now() - started);
    const lines = [
      '',
      `Safar is running at ${config.appUrl} (${config.host}:${info.port}, ${database.driver}${config.databaseUrl ? '' : ` in ${config.dataDir}`}, ready in ${ms} ms)`,
    ];
    if (config.env !== 'production') {
      lines.push(seeded ? 'Demo data seeded. Demo accounts:' : 'Demo accounts:');
      for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(26)} ${DEMO_PASSWORD}   (${a.note})`);
      lines.push(...demoPnrLines());
      lines.push(`Mail viewer (development, this machine only): ${config.appUrl}/dev/mail`);
      for (const n of notes) lines.push(n.level === 'warn' ? `WARNING: ${n.text}` : n.text);
      lines.push('');
    } else {
      for (const n of notes) log[n.level](n.text);
    }
    console.log(lines.join('\n'));
    // The flight network the build saved is read at once, a few milliseconds per turn between the first requests:
    // a first search finds it read (or finishes the read, ~0.1 s) instead of waiting seconds for a build.
    if (hasSavedNetwork()) void warmNetwork();
    setTimeout(() => {
      if (stopping) return;
      jobs = startJobs(ctx);
      void afterStart(ctx, seeded);
    }, QUIET_AFTER_LISTENING_MS).unref();
  });

  keepIdleSocketsOpen(server as import('node:http').Server);
  onStopSignals(createShutdown({
    server: server as import('node:http').Server,
    graceMs: config.shutdownGraceMs ?? 20_000,
    stopJobs,
    closeDatabase: () => database.close(),
    log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
    exit: (code) => process.exit(code),
  }));
}
