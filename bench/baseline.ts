/**
 * The throughput rows of bench:http on this machine for two products: one an issue measured for its "now" column,
 * and this one. Hosts differ by 1.5× or more in what one request costs, so a figure from one machine set against a
 * goal set on another says little; the two products side by side on one machine say how much faster this one is,
 * next to how much faster the goal asks it to be. Two references (--ref):
 * - `88220f9` (default): the product as the first performance issue found it, the parent of its first commit. It
 *   runs as its `npm start` ran it (tsx, no build):
 *     git worktree add /tmp/safar-baseline 88220f9 && (cd /tmp/safar-baseline && npm ci)
 * - `4dcb429`: the product as "Faster where people feel it" found it (the parent of its first commit), whose goals
 *   are the holds on PostgreSQL and flight search on both databases. It runs its build as its `npm start` did:
 *     git worktree add /tmp/safar-i45 4dcb429 && (cd /tmp/safar-i45 && npm ci && npm run build)
 * - any other commit (`--ref abc1234`): an earlier build of this product, run with today's flags from /tmp/safar-abc1234.
 * Run: npm run bench:baseline [-- --ref 88220f9|4dcb429|COMMIT --dir DIR --seconds 10 --only search,airports,reads,holds --turns 3 --together]
 * With DATABASE_URL, both on PostgreSQL (a scratch database each). Loopback only.
 * `--together`: each turn loads both servers at once, half the connections each, instead of one after the other. This
 * host's speed moves by a third from one second to the next (the same build read 358–781 searches a second within an
 * hour), more than turns of seconds spread out; two servers sharing the same seconds meet the same machine, so their
 * ratio holds where each figure alone does not. The figures are then each server's share of the machine, not its
 * throughput alone, so only the speed-up is read from them.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { agentToken, airportLoad, holdLoad, offersToHold, readLoad, searchLoad, warmSearches, type LoadResult } from './load';
import { LIFTED_LIMITS, NODE_FLAGS, scratchDatabase, SERVER_BUNDLE, startServer, type BenchServer } from './server';

const { values } = parseArgs({
  options: {
    ref: { type: 'string', default: '88220f9' }, dir: { type: 'string' }, port: { type: 'string', default: '8198' },
    seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' },
    only: { type: 'string', default: 'search,airports,reads,holds' }, turns: { type: 'string', default: '3' },
    together: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds), port = Number(values.port), turns = Number(values.turns), together = values.together;
/** Per server: all of them in turns, half each when both are loaded at once. */
const connections = together ? Math.max(1, Math.floor(Number(values.connections) / 2)) : Number(values.connections);
const only = new Set(values.only.split(','));
const databaseUrl = process.env.DATABASE_URL || undefined;
const driver = databaseUrl ? 'postgres' : 'pglite';

type Figures = Record<string, { now: Partial<Record<'pglite' | 'postgres', [number, number]>>; goal: Partial<Record<'pglite' | 'postgres', number>> }>;

/** Each reference: where its checkout is kept, how its server starts, and its issue's "now" (req/s on that issue's machine) and goal per row and driver. */
const REFS: Record<string, { dir: string; args: string[]; setup: string; issue: Figures }> = {
  '88220f9': {
    dir: '/tmp/safar-baseline',
    args: ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'],
    setup: 'git worktree add /tmp/safar-baseline 88220f9 && (cd /tmp/safar-baseline && npm ci)',
    issue: {
      'flight search': { now: { pglite: [381, 548] }, goal: { pglite: 600, postgres: 600 } },
      'airports ?q=kar': { now: { pglite: [166, 166] }, goal: { pglite: 5000, postgres: 5000 } },
      'agent GET /api/get-bookings': { now: { pglite: [94, 94], postgres: [195, 195] }, goal: { pglite: 800, postgres: 2000 } },
      'agent GET /api/agent-statment': { now: { pglite: [335, 335], postgres: [991, 991] }, goal: { pglite: 800, postgres: 2000 } },
      'agent GET /api/visas': { now: { pglite: [378, 378], postgres: [1360, 1360] }, goal: { pglite: 800, postgres: 2000 } },
      'agent POST /api/bookings (hold)': { now: { pglite: [73, 73], postgres: [184, 184] }, goal: { pglite: 200, postgres: 500 } },
    },
  },
  '4dcb429': {
    dir: '/tmp/safar-i45',
    args: ['--max-semi-space-size=16', '--heap-growing-percent=30', '--no-allocation-site-pretenuring', '--liftoff-only', 'dist/server.mjs'],
    setup: 'git worktree add /tmp/safar-i45 4dcb429 && (cd /tmp/safar-i45 && npm ci && npm run build)',
    issue: {
      'flight search': { now: { pglite: [411, 539], postgres: [552, 552] }, goal: { pglite: 600, postgres: 600 } },
      'agent POST /api/bookings (hold)': { now: { postgres: [315, 424] }, goal: { pglite: 200, postgres: 500 } },
    },
  },
};
/**
 * Any other commit is an earlier build of this product, run as `npm start` runs it now: what one change did, in
 * turns on one machine. It has no issue figures, so the medians say only then → now.
 */
const anyBuild = (commit: string) => ({
  dir: `/tmp/safar-${commit}`, args: [...NODE_FLAGS, SERVER_BUNDLE],
  setup: `git worktree add /tmp/safar-${commit} ${commit} && (cd /tmp/safar-${commit} && npm ci && npm run build)`,
  issue: {} as Figures,
});
const ref = REFS[values.ref] ?? (/^[0-9a-f]{7,40}$/.test(values.ref) ? anyBuild(values.ref) : undefined);
if (!ref) {
  console.error(`--ref is one of ${Object.keys(REFS).join(', ')}, or another commit of this product`);
  process.exit(2);
}
const dir = values.dir ?? ref.dir;
const ISSUE = ref.issue;

/** What one server needs for the rows: warmed as bench:http warms, an agent's token, offers to hold. */
async function prepare(server: BenchServer) {
  await warmSearches(server);
  const token = only.has('reads') || only.has('holds') ? await agentToken(server) : '';
  const offers = only.has('holds') ? await offersToHold(server, Math.max(2000, seconds * 500) * turns) : [];
  let held = 0;
  // Each row with the --only group it belongs to; names as bench:http prints them (and ISSUE knows them).
  // Each turn's searches are new to both servers (caches warmed by an earlier turn would flatter whoever keeps more).
  let searched = 0;
  const rows: Record<string, { group: string; run: () => Promise<LoadResult> }> = {
    'flight search': { group: 'search', run: () => searchLoad(server, seconds, connections, 11 + 1000 * searched++) },
    'airports ?q=kar': { group: 'airports', run: () => airportLoad(server, seconds, connections) },
    'agent GET /api/get-bookings': { group: 'reads', run: () => readLoad(server, '/api/get-bookings', token, seconds, connections) },
    'agent GET /api/agent-statment': { group: 'reads', run: () => readLoad(server, '/api/agent-statment', token, seconds, connections) },
    'agent GET /api/visas': { group: 'reads', run: () => readLoad(server, '/api/visas', token, seconds, connections) },
    // Each turn holds offers no earlier turn held.
    'agent POST /api/bookings (hold)': { group: 'holds', run: () => holdLoad(server, token, offers.slice(Math.floor((held++ * offers.length) / turns)), seconds, connections) },
  };
  return rows;
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const line = (who: string, r: LoadResult) => console.log(`    ${who} ${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)}/s  cpu ${r.cpuMsPerReq.toFixed(2)} ms/req  (2xx ${r.ok}, non-2xx ${r.non2xx}, errors ${r.errors})`);

if (!existsSync(join(dir, 'node_modules'))) {
  console.error(`No checkout of ${values.ref} in ${dir}: ${ref.setup}`);
  process.exit(2);
}
console.log(`bench:baseline against ${values.ref} on ${driver}, ${connections} connections${together ? ' each, both servers loaded at once' : ''}, ${seconds} s each, ${turns} turns, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
// Both servers up at once and measured in turns, row by row (then, now, then, now…): this machine's speed drifts by
// more than the differences measured over the minutes a whole run takes, and turns spread the drift over both.
const dbs = databaseUrl ? [await scratchDatabase(databaseUrl), await scratchDatabase(databaseUrl)] : [null, null];
const servers: BenchServer[] = [];
const old = new Map<string, LoadResult[]>(), now = new Map<string, LoadResult[]>();
try {
  // The old product as its `npm start` ran it (REFS).
  servers.push(await startServer({ port, databaseUrl: dbs[0]?.url, env: LIFTED_LIMITS, checkout: { dir, args: ref.args } }));
  servers.push(await startServer({ port: port + 1, databaseUrl: dbs[1]?.url, env: LIFTED_LIMITS }));
  const [thenRows, nowRows] = [await prepare(servers[0]), await prepare(servers[1])];
  for (const [name, { group }] of Object.entries(nowRows)) {
    if (!only.has(group)) continue;
    for (let turn = 0; turn < turns; turn++) {
      // Which goes first alternates, so neither always meets the machine as the other left it.
      let a: LoadResult, b: LoadResult;
      if (together) [a, b] = await Promise.all([thenRows[name].run(), nowRows[name].run()]);
      else if (turn % 2 === 0) { a = await thenRows[name].run(); b = await nowRows[name].run(); } else { b = await nowRows[name].run(); a = await thenRows[name].run(); }
      line('then', a); line('now ', b);
      old.set(name, [...(old.get(name) ?? []), a]); now.set(name, [...(now.get(name) ?? []), b]);
    }
  }
} finally {
  for (const s of servers) await s.stop();
  for (const db of dbs) await db?.drop();
}

const fmt = (n: number) => n.toFixed(0);
const range = (r: [number, number]) => (r[0] === r[1] ? fmt(r[0]) : `${fmt(r[0])}–${fmt(r[1])}`);
console.log('\nmedians of the turns (the speed-up: of each turn\'s)\nrow                               issue: now → goal (its machine)   here: then → now   speed-up here   the goal asks');
for (const [name, b] of now) {
  const a = old.get(name), issue = ISSUE[name] ?? { now: {}, goal: {} };
  if (!a) continue;
  const then = median(a.map((r) => r.rps)), nowRps = median(b.map((r) => r.rps));
  // The speed-up of each turn (its two runs met the same machine, or nearly), then their median.
  const speedUp = median(b.map((r, i) => r.rps / a[i].rps));
  const was = issue.now[driver], goal = issue.goal[driver];
  const asks = was && goal ? `${(goal / was[1]).toFixed(2)}–${(goal / was[0]).toFixed(2)}×`.replace(/^(\S+)–\1×$/, '$1×') : '-';
  const issueCol = goal ? `${was ? range(was) : '-'} → ${goal}` : '-';
  const failed = [...a, ...b].some((r) => r.non2xx + r.errors > 0) ? '  (failed requests: see above)' : '';
  console.log(`${name.padEnd(34)}${issueCol.padEnd(34)}${`${fmt(then)} → ${fmt(nowRps)}`.padEnd(19)}${`${speedUp.toFixed(2)}×`.padEnd(16)}${asks}${failed}`);
}
