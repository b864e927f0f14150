/**
 * Searches per second over HTTP: starts the real server in its own process on a fresh PGlite folder, then
 * drives GET /api/flights with autocannon over random large-airport queries made like the in-process bench's, none repeated.
 * Run: npm run bench:http [-- --seconds 20 --connections 16]. Loopback only; bounded in time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { randomSearches } from './search';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '16' }, port: { type: 'string', default: '8199' } } });
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

function toQuery(q: ReturnType<typeof randomSearches>[number]): string {
  const p = new URLSearchParams({
    flightType: q.flightType, origin: q.legs[0].origin, destination: q.legs[0].destination, departure_date: q.legs[0].date,
    adults: String(q.adults), children: String(q.children), infants: String(q.infants), cabin_class: q.cabin_class, sort: 'price',
  });
  if (q.flightType === 'return') p.set('return_date', q.legs[1].date);
  return `/api/flights?${p}`;
}

/** CPU time (user + system) a process has used, from /proc; Linux only, as is this bench. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks of 10 ms
}

const dataDir = mkdtempSync(join(tmpdir(), 'safar-bench-'));
// Started as `npm start` starts it (the same Node flags).
const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
const stop = () => { server.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); };

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try { if ((await fetch(`${base}/api/user`)).ok) break; } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  // Never the same search twice in a run (more than it can send), so no answer can come from a cache of answers.
  const paths = randomSearches(Number(values.seconds) * 1500, 11).map(toQuery);
  // Warm-up as a running server would be: JIT compiled, network built, sold counts of the dates in play cached.
  for (const p of randomSearches(300, 12).map(toQuery)) await fetch(base + p);
  const serverCpu0 = cpuMs(server.pid!);
  const loadCpu0 = process.cpuUsage();
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  const ok = result['2xx'];
  console.log(`HTTP search: ${values.connections} connections for ${values.seconds} s`);
  console.log(`  searches/s  mean ${result.requests.average.toFixed(0)}  (2xx ${ok}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  const total = result.requests.total;
  const own = process.cpuUsage(loadCpu0);
  console.log(`  cpu ms/search  server ${((cpuMs(server.pid!) - serverCpu0) / total).toFixed(2)}  load generator ${((own.user + own.system) / 1000 / total).toFixed(2)}  (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)})`);
  console.log(`  response     ${Math.round(result.throughput.total / total / 1024)} KB mean`);
  console.log(`  latency ms  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
} finally {
  stop();
}
