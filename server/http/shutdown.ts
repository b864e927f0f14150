/**
 * Graceful shutdown on SIGTERM/SIGINT, so a restart or a deploy drops no request:
 *
 *   stop listening → answer every request in flight (each with `Connection: close`, idle keep-alive sockets
 *   closed at once) → stop the jobs (a running tick finishes) → close the database → exit 0.
 *
 * Bounded by `graceMs` overall: whatever is still open then is cut and the process exits 1. A second signal
 * exits at once (an operator pressing Ctrl-C twice).
 */
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

export interface ShutdownOptions {
  server: Server;
  graceMs: number;
  /** Stops the periodic jobs and resolves once a tick under way has finished. */
  stopJobs: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  log: { info(msg: string): void; warn(msg: string): void };
  exit: (code: number) => void;
}

/** Responses not finished yet; kept from the start so shutdown can mark them `Connection: close`. */
export function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.prependListener('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

/** Resolves with true when `p` settles within `ms`, false otherwise. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), Math.max(0, ms)); });
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createShutdown(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const { server, log } = opts;
  const open = trackResponses(server);
  let started = false;

  return async function shutdown(signal: string) {
    if (started) {
      log.warn(`${signal} again: exiting now`);
      opts.exit(1);
      return;
    }
    started = true;
    const t0 = Date.now();
    const left = () => opts.graceMs - (Date.now() - t0);
    const ms = () => `${Date.now() - t0} ms`;
    log.info(`${signal}: closing; no new connections, ${open.size} request(s) in flight (grace ${opts.graceMs} ms)`);

    // Requests arriving on a kept-alive socket meanwhile are answered, then that socket closes too.
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
    for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    // Stop listening, but not http's close(), which also drops idle keep-alive sockets at once: one may hold a
    // request sent just before the signal that the loop has not read yet (it would be reset). Idle sockets are
    // dropped once the loop has turned (such a request is then under way), and again now and then.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    let sweep: NodeJS.Timeout;
    const sweepIdle = (ms: number) => { sweep = setTimeout(() => { server.closeIdleConnections(); sweepIdle(250); }, ms); };
    sweepIdle(20);
    let clean = await within(closed, left());
    clearTimeout(sweep!);
    if (clean) log.info(`requests done (${ms()})`);
    else {
      log.warn(`grace period over: cutting ${open.size} request(s) still open`);
      server.closeAllConnections();
    }

    if (await within(opts.stopJobs(), Math.max(left(), 1000))) log.info(`jobs stopped (${ms()})`);
    else { clean = false; log.warn('a job is still running: closing the database under it'); }

    try {
      await opts.closeDatabase();
      log.info(`database closed (${ms()}); bye`);
    } catch (err) {
      clean = false;
      log.warn(`closing the database failed: ${(err as Error).message}`);
    }
    opts.exit(clean ? 0 : 1);
  };
}

/** Runs `shutdown` on SIGTERM and SIGINT (a second one forces the exit). */
export function onStopSignals(shutdown: (signal: string) => Promise<void>) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}
