/**
 * What the middleware every request passes through costs: the cheapest answers (the CSRF cookie, an anonymous
 * GET /api/user, the agent app's bell poll), requests a second and the server's CPU per request, for this build
 * and a previous one side by side, measured in turns (then, now, now, then…) so the machine's drift falls on both.
 * The goal: the CSRF cookie's CPU per request back to the previous build's (029314c, before the wallet header).
 *
 * The previous build runs from a worktree of its own, built as `npm run build` builds it:
 *   git worktree add /tmp/safar-prev 029314c && ln -s "$PWD/node_modules" /tmp/safar-prev/node_modules && (cd /tmp/safar-prev && npm run build)
 * Run: node --import tsx bench/middleware.ts [--dir /tmp/safar-prev --seconds 5 --turns 3]. Without the worktree it
 * measures this build only. Loopback only; each run bounded by --seconds.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { agentToken, drive, type LoadResult } from './load';
import { LIFTED_LIMITS, NODE_FLAGS, SERVER_BUNDLE, startServer, type BenchServer } from './server';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/tmp/safar-prev' }, port: { type: 'string', default: '8194' },
    seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '8' }, turns: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds), connections = Number(values.connections), turns = Number(values.turns), port = Number(values.port);
const CSRF = 'GET /sanctum/csrf-cookie';

async function rows(server: BenchServer): Promise<Record<string, () => Promise<LoadResult>>> {
  const token = await agentToken(server);
  const run = (name: string, path: string, headers: Record<string, string> = {}) =>
    () => drive(server, name, { seconds, connections, next: () => ({ path, headers }) });
  return {
    [CSRF]: run(CSRF, '/sanctum/csrf-cookie'),
    'GET /api/user (anonymous)': run('GET /api/user (anonymous)', '/api/user'),
    'agent GET /api/notifications/unread-count': run('agent GET /api/notifications/unread-count', '/api/notifications/unread-count', { authorization: `Bearer ${token}` }),
  };
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const withPrev = existsSync(join(values.dir, SERVER_BUNDLE));
if (!withPrev) console.log(`(no previous build in ${values.dir}: this build only; see the comment at the top to make one)`);
console.log(`bench:middleware, ${connections} connections, ${seconds} s each, ${turns} turns, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);

const servers: BenchServer[] = [];
const results = new Map<string, { then: LoadResult[]; now: LoadResult[] }>();
try {
  const now = await startServer({ port, env: LIFTED_LIMITS });
  servers.push(now);
  const then = withPrev ? await startServer({ port: port + 1, env: LIFTED_LIMITS, checkout: { dir: values.dir, args: [...NODE_FLAGS, SERVER_BUNDLE] } }) : null;
  if (then) servers.push(then);
  const nowRows = await rows(now), thenRows = then ? await rows(then) : null;
  for (const name of Object.keys(nowRows)) {
    const r = { then: [] as LoadResult[], now: [] as LoadResult[] };
    results.set(name, r);
    await nowRows[name](); // warm-up: the JIT and the caches, not measured
    if (thenRows) await thenRows[name]();
    for (let turn = 0; turn < turns; turn++) {
      const order = turn % 2 === 0 ? ['now', 'then'] as const : ['then', 'now'] as const;
      for (const who of order) {
        const rowsOf = who === 'now' ? nowRows : thenRows;
        if (!rowsOf) continue;
        const res = await rowsOf[name]();
        r[who].push(res);
        console.log(`    ${who.padEnd(4)} ${name.padEnd(44)} ${res.rps.toFixed(0).padStart(6)}/s  cpu ${(res.cpuMsPerReq * 1000).toFixed(0)} µs/req  (2xx ${res.ok}, non-2xx ${res.non2xx}, errors ${res.errors})`);
      }
    }
  }
} finally {
  for (const s of servers) await s.stop();
}

console.log('\nmedians of the turns: requests/s and CPU per request, previous build → this one');
for (const [name, r] of results) {
  const cpu = (xs: LoadResult[]) => median(xs.map((x) => x.cpuMsPerReq * 1000));
  const rps = (xs: LoadResult[]) => median(xs.map((x) => x.rps));
  const prev = r.then.length ? `${rps(r.then).toFixed(0)}/s, ${cpu(r.then).toFixed(0)} µs → ` : '';
  console.log(`  ${name.padEnd(44)} ${prev}${rps(r.now).toFixed(0)}/s, ${cpu(r.now).toFixed(0)} µs/req`);
}
const csrf = results.get(CSRF)!;
if (csrf.then.length) {
  const before = median(csrf.then.map((x) => x.cpuMsPerReq)), after = median(csrf.now.map((x) => x.cpuMsPerReq));
  // Within 5%: the turns of one build differ by about that much on a quiet machine.
  console.log(`csrf-cookie per-request CPU: ${(after * 1000).toFixed(0)} µs (goal: back to the previous build's ${(before * 1000).toFixed(0)} µs) ${after <= before * 1.05 ? 'MET' : 'NOT MET'}`);
}
