/**
 * The CPU one hotel booking costs on PGlite: POST /api/hotel-bookings against the app in this process (see
 * in-process.ts), one at a time, a rate re-priced, its room nights taken and the booking written. Two kinds: a
 * guest paying by card (the booking waits for the payment, a checkout is opened) and an agent paying from the
 * wallet (debited in the same transaction). Prints ms of CPU and database round trips per booking beside the goal.
 * Run: node --import tsx bench/hotel-book-cpu.ts [--bookings 300 --warm 1000 --cpu-prof FILE]. Needs `npm run build`.
 *
 * Read once the process has settled, as a running server has: the JIT and PGlite's WebAssembly keep compiling their
 * hot code for the first thousand-odd bookings, on threads whose CPU counts here. Runs of 300 measured after a
 * warm-up of 100, 400, 1,000 and 2,000 read guest 4.41, 3.32, 2.56, 2.21 ms and agent 5.44, 4.57, 3.53, 3.40 ms.
 */
import { parseArgs } from 'node:util';
import { DENSE_CITIES } from '../server/suppliers/hotel/dense-cities';
import { cpuPerCall, inProcessApp, NODE_ENV } from './in-process';

export const HOTEL_BOOKING_CPU_GOAL_MS = 3.5;
const { values } = parseArgs({ options: { bookings: { type: 'string', default: '300' }, warm: { type: 'string', default: '1000' }, 'cpu-prof': { type: 'string' } } });
const bookings = Number(values.bookings), warm = Number(values.warm);
/** Dense cities, so that rooms stay to be had for every booking of a run. */
const CITIES = DENSE_CITIES.map((c) => `city:${c.geonameid}`);

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const bench = await inProcessApp();
try {
  const { app } = bench;
  const json = async <T>(res: Response) => (await res.json()) as T;
  const agent = await bench.token('agent@demo.safar');
  const accounts = await bench.token('accounts@demo.safar');
  // Rates to book, each with its own stay (1–3 nights, some weeks out) so that no night of one hotel sells out.
  const rates: { rate_id: string; check_in: string; check_out: string }[] = [];
  for (let i = 0; rates.length < 2 * (bookings + warm); i++) {
    const stay = { check_in: day(20 + (i % 60)), check_out: day(21 + (i % 60) + (i % 3)), rooms: JSON.stringify([{ adults: 2, children_ages: [] }]) };
    const search = await json<{ data: { id: number }[] }>(await app.request(`/api/hotels?${new URLSearchParams({ destination: CITIES[i % CITIES.length], ...stay, per_page: '10' })}`));
    for (const h of search.data ?? []) {
      const detail = await json<{ data: { rooms: { rates: { id: string }[] }[] } }>(await app.request(`/api/hotels/${h.id}?${new URLSearchParams(stay)}`));
      const rate = detail.data?.rooms?.[0]?.rates?.[0];
      if (rate) rates.push({ rate_id: rate.id, check_in: stay.check_in, check_out: stay.check_out });
    }
    if (i > 4 * (bookings + warm)) throw new Error(`only ${rates.length} rates found`);
  }

  // The agent's wallet holds enough for every wallet booking of the run (an approved deposit).
  const me = await json<{ data: { id: number } }>(await app.request('/api/user', { headers: { authorization: `Bearer ${agent}` } }));
  const topUp = await app.request('/api/transactions', {
    method: 'POST', headers: { authorization: `Bearer ${accounts}`, 'content-type': 'application/json', 'idempotency-key': 'hotel-cpu-funds' },
    body: JSON.stringify({ agent_id: me.data.id, direction: 'credit', amount: '90000000', description: 'Bench funds' }),
  }, NODE_ENV);

  const guest = await bench.xsrf();
  let n = 0;
  const book = (wallet: boolean) => async () => {
    const i = n++;
    const r = rates[i];
    const res = await app.request('/api/hotel-bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `hotel-cpu-${i}`, 'accept-encoding': 'br, gzip', ...(wallet ? { authorization: `Bearer ${agent}` } : guest) },
      body: JSON.stringify({
        rate_id: r.rate_id, check_in: r.check_in, check_out: r.check_out, rooms: [{ adults: 2, children_ages: [] }],
        guests: [{ title: 'MR', first_name: 'Bench', last_name: `Guest ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}` }],
        contact: { email: `bench${i % 50}@example.com`, phone: '+92 300 1234567', country: 'PK' }, payment_method: wallet ? 'wallet' : 'card',
      }),
    }, NODE_ENV);
    const answer = await res.text();
    if (res.status !== 201) throw new Error(`booking ${i} (${wallet ? 'wallet' : 'card'}): ${res.status} ${answer.slice(0, 300)}`);
  };

  console.log(`hotel booking CPU on PGlite, ${bookings} of each after ${warm} to warm up (goal ≤ ${HOTEL_BOOKING_CPU_GOAL_MS} ms):`);
  for (const [kind, wallet] of [['guest, card', false], ['agent, wallet', true]] as const) {
    if (wallet && topUp.status >= 300) { console.log(`  ${kind}: skipped (the wallet could not be funded: ${topUp.status})`); continue; }
    for (let i = 0; i < warm; i++) await book(wallet)();
    const trips0 = bench.roundTrips();
    const { cpuMs, wallMs } = await cpuPerCall(bookings, book(wallet), wallet ? undefined : values['cpu-prof']);
    console.log(`  ${kind.padEnd(14)} ${cpuMs.toFixed(2)} ms CPU, ${wallMs.toFixed(2)} ms wall, ${((bench.roundTrips() - trips0) / bookings).toFixed(1)} round trips each  ${cpuMs <= HOTEL_BOOKING_CPU_GOAL_MS ? 'MET' : 'NOT MET'}`);
  }
} finally {
  await bench.close();
}
