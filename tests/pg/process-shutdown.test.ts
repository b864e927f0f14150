import { afterAll, describe, expect, it } from 'vitest';
import {
  contact, dayFromNow, failed, killAll, privateDatabase, ProcessClient, startServer, tempDir, traveller, type Answer, type Failure,
} from '../support/process';

/**
 * SIGTERM while searches and bookings are in flight (a deploy, a restart): every request gets its answer and the
 * process exits 0 within the grace period. Before, the database closed under them and the process exited at
 * once: the requests were reset.
 */
const GRACE_MS = 15_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.splice(0)) await c();
}, 60_000);

const ROUTES: [string, string][] = [['KHI', 'DXB'], ['LHE', 'DXB'], ['ISB', 'JED'], ['KHI', 'JED'], ['LHE', 'IST'], ['KHI', 'DOH'], ['ISB', 'DXB'], ['LHE', 'JED'], ['KHI', 'LHR'], ['ISB', 'IST']];

async function sigtermUnderLoad(env: Record<string, string>) {
  const server = await startServer({ ...env, SHUTDOWN_GRACE_MS: String(GRACE_MS) });
  const searcher = new ProcessClient(server.base);
  cleanups.push(() => searcher.close());
  // Offers to book, one per booking so no flight runs out of seats.
  const first = await searcher.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: dayFromNow(30), adults: 1, limit: 50 });
  if (failed(first) || first.status !== 200) throw new Error(`search: ${JSON.stringify(first)}`);
  const offers = first.body.flights as { id: string; supplier: string }[];
  expect(offers.length).toBeGreaterThanOrEqual(10);
  const guests = await Promise.all(Array.from({ length: 10 }, () => new ProcessClient(server.base).csrf()));
  cleanups.push(() => guests.forEach((g) => g.close()));
  // Open the search sockets first (keep-alive), so the requests below reach the server without a new connection.
  await Promise.all(Array.from({ length: 20 }, () => searcher.get('/sanctum/csrf-cookie')));

  const searches = Array.from({ length: 20 }, (_, i) => {
    const [origin, destination] = ROUTES[i % ROUTES.length];
    return searcher.get('/api/flights', { flightType: 'return', origin, destination, departure_date: dayFromNow(20 + i), return_date: dayFromNow(27 + i), adults: 2, children: 1, flexible_plus_minus_3: 'true' });
  });
  const bookings = guests.map((g, i) => g.post('/api/bookings', {
    flight_id: offers[i].id, supplier: offers[i].supplier, main_contact: contact, travellers: [traveller('Term')], payment_method: 'hold',
  }, { 'idempotency-key': `sigterm-${env.PORT ?? ''}-${i}-${Date.now()}` }));
  // SIGTERM as soon as the first answer is back: by then the server has read every request.
  const all = [...searches, ...bookings];
  await Promise.race(all);
  const termAt = Date.now();
  server.child.kill('SIGTERM');
  const answers: (Answer | Failure)[] = await Promise.all(all);
  const exit = await server.exited;

  const log = server.output();
  const inFlight = Number(/SIGTERM: closing; no new connections, (\d+) request/.exec(log)?.[1] ?? -1);
  const after = answers.filter((a) => a.at > termAt).length;
  const resets = answers.filter(failed);
  console.log(`${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${answers.length - resets.length}/${answers.length} answered, ${inFlight} in flight at SIGTERM, ${after} answered after it, exit ${exit.code} in ${exit.at - termAt} ms`);
  if (process.env.PROCESS_TEST_LOG) console.log(log.split('\n').filter((l) => !l.includes('"path":"/sanctum')).slice(-50).join('\n'));
  expect(resets).toEqual([]);
  expect((answers as Answer[]).slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(200));
  expect((answers as Answer[]).slice(20).map((a) => a.status)).toEqual(Array(10).fill(201));
  expect((answers as Answer[]).slice(20).every((a) => a.body.data?.pnr)).toBe(true);
  // Answered after the signal was sent. On PostgreSQL requests interleave (each waits on the database), so the
  // server also counts them in flight; on PGlite they run one after the other and the signal is handled
  // between two of them, after those already read.
  expect(after).toBeGreaterThanOrEqual(10);
  if (env.DATABASE_URL) expect(inFlight).toBeGreaterThanOrEqual(10);
  expect(exit.code).toBe(0);
  expect(exit.at - termAt).toBeLessThan(GRACE_MS);
  // Pino's lines can reach the pipe out of the order they were written: order them by their own clock.
  const at = (msg: string) => {
    const line = log.split('\n').find((l) => l.includes(msg));
    expect(line, msg).toBeDefined();
    return (JSON.parse(line!) as { time: number }).time;
  };
  expect(at('requests done')).toBeLessThanOrEqual(at('database closed'));
  expect(at('jobs stopped')).toBeLessThanOrEqual(at('database closed'));
}

describe('SIGTERM with requests in flight', () => {
  it('on PostgreSQL: every search and booking is answered, then the process exits 0', async () => {
    const db = await privateDatabase();
    cleanups.push(db.drop);
    const data = tempDir();
    cleanups.push(data.remove);
    await sigtermUnderLoad({ DATABASE_URL: db.url, DATA_DIR: data.path });
  }, 120_000);

  it('on PGlite (embedded database): the same', async () => {
    const data = tempDir();
    cleanups.push(data.remove);
    await sigtermUnderLoad({ DATA_DIR: data.path });
  }, 150_000);
});
