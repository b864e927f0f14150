import type { AppContext } from './context';
import { createTransport, drainOutbox } from './mail/worker';

/** Periodic work other areas add to (hold expiry, ...). Each job must be safe to run on several servers. */
export const jobs: Array<{ name: string; everyMs: number; run: (ctx: AppContext) => Promise<unknown> }> = [];

export async function startJobs(ctx: AppContext): Promise<() => void> {
  const transport = await createTransport(ctx);
  const all = [...jobs, { name: 'outbox', everyMs: 3000, run: (c: AppContext) => drainOutbox(c, transport) }];
  const timers = all.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run(ctx);
      } catch (err) {
        ctx.log.error({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, job.everyMs);
  });
  return () => timers.forEach(clearInterval);
}
