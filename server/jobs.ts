import type { AppContext } from './context';
import { createTransport, drainOutbox } from './mail/worker';
import { maintainOnce } from './db/pglite-maintenance';

/** Periodic work other areas add to (hold expiry, ...). Each job must be safe to run on several servers. */
export const jobs: Array<{ name: string; everyMs: number; run: (ctx: AppContext) => Promise<unknown> }> = [];

/**
 * Starts every job (each tick skipped while the previous one runs). The returned stop clears the timers and
 * resolves once the ticks under way have finished, so shutdown can close the database after them.
 * `config.jobEveryMs[name]` overrides a job's interval (tests run them fast).
 */
export async function startJobs(ctx: AppContext): Promise<() => Promise<void>> {
  const transport = await createTransport(ctx);
  const all = [
    ...jobs, { name: 'outbox', everyMs: 3000, run: (c: AppContext) => drainOutbox(c, transport) },
    // PostgreSQL servers have autovacuum of their own; PGlite has none (see pglite-maintenance.ts).
    ...(ctx.config.databaseUrl ? [] : [{ name: 'pglite-maintenance', everyMs: 30_000, run: (c: AppContext) => maintainOnce(c.db) }]),
  ];
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = all.map((job) => {
    let current: Promise<void> | null = null;
    const tick = () => {
      if (current || stopped) return;
      current = job.run(ctx)
        .then(() => undefined, (err) => ctx.log.error({ err, job: job.name }, 'job failed'))
        .finally(() => { running.delete(current!); current = null; });
      running.add(current);
    };
    tick();
    return setInterval(tick, ctx.config.jobEveryMs?.[job.name] ?? job.everyMs);
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all([...running]);
  };
}
