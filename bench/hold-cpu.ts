/**
 * The CPU one flight hold costs on PGlite: an agent's POST /api/bookings with payment_method hold, against the app
 * in this process on a PGlite folder of its own (copied from the build's template), one request at a time, so
 * every millisecond of the process's CPU is the holds' (PGlite runs in this process too). Also counts the
 * database round trips a hold makes. Prints the figure beside its goal: half of what a hold cost before the hold
 * path was trimmed (HOLD_CPU_BEFORE_MS, measured on this machine in turns with that build).
 * Run: node --import tsx bench/hold-cpu.ts [--holds 400 --warm 200 --cpu-prof FILE]. Needs `npm run build` (the template).
 */
import { parseArgs } from 'node:util';
import { cpuPerCall, inProcessApp, NODE_ENV } from './in-process';
import { randomSearches } from './search';
import { searchPath } from './load';

/**
 * ms of CPU per hold before the trim: commit 7f3ea17, the median of three runs of this script in a worktree of it
 * (9.1, 10.5, 11.2 ms, a busy two-core machine). Another machine sets its own: HOLD_CPU_BEFORE_MS=...
 */
export const HOLD_CPU_BEFORE_MS = Number(process.env.HOLD_CPU_BEFORE_MS ?? 0) || 10.5;

const { values } = parseArgs({ options: { holds: { type: 'string', default: '400' }, warm: { type: 'string', default: '200' }, 'cpu-prof': { type: 'string' } } });
const holds = Number(values.holds), warm = Number(values.warm);

const bench = await inProcessApp();
try {
  const { app } = bench;
  const token = await bench.token('agent@demo.safar');

  // Offers to hold, a few per one-way search between large airports (they fill up), one adult each.
  const offers: { id: string; supplier: string }[] = [];
  for (const q of randomSearches(Math.ceil((holds + warm) / 3) + 50, 21)) {
    if (offers.length >= holds + warm) break;
    const res = await app.request(searchPath({ ...q, flightType: 'one-way', legs: [q.legs[0]], adults: 1, children: 0, infants: 0, cabin_class: 'Y' }));
    for (const f of ((await res.json()) as { flights?: { id: string; supplier: string }[] }).flights?.slice(0, 3) ?? []) offers.push(f);
  }
  if (offers.length < holds + warm) throw new Error(`only ${offers.length} offers found`);

  const nameOf = (n: number) => { let s = ''; do { s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); } while (n); return `Bench${s.toLowerCase()}`; };
  let n = 0;
  const hold = async () => {
    const i = n++;
    const o = offers[i];
    const res = await app.request('/api/bookings', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `hold-cpu-${i}`, 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({
        flight_id: o.id, supplier: o.supplier, main_contact: { email: 'bench@example.com', phone: '+92 300 1234567', country: 'PK' }, payment_method: 'hold',
        travellers: [{ type: 'ADT', title: 'Mr', first_name: nameOf(i), last_name: 'Perf', gender: 'M', dob: '1980-06-01', nationality: 'PK', document_type: 'passport', document_no: `BP${String(i).padStart(7, '0')}`, expiry_date: '2036-01-01', issue_country: 'PK' }],
      }),
    }, NODE_ENV);
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`hold ${i}: ${res.status}`);
  };
  for (let i = 0; i < warm; i++) await hold();

  const trips0 = bench.roundTrips();
  const { cpuMs: ms, wallMs } = await cpuPerCall(holds, hold, values['cpu-prof']);
  console.log(`hold CPU: ${ms.toFixed(2)} ms (goal ≤ half of ${HOLD_CPU_BEFORE_MS} before, ≤ ${(HOLD_CPU_BEFORE_MS / 2).toFixed(2)}) ${ms <= HOLD_CPU_BEFORE_MS / 2 ? 'MET' : 'NOT MET'}`);
  console.log(`  ${holds} holds after ${warm} to warm up, ${wallMs.toFixed(2)} ms each wall, ${((bench.roundTrips() - trips0) / holds).toFixed(1)} database round trips each`);
} finally {
  await bench.close();
}
