/**
 * GET /api/price-alerts for an owner with 50 watches (dates and months, parties with children and infants, between
 * random large airports), against the app in this process on a PGlite folder of its own: p50/p95 of the list read,
 * beside the goal, and for comparison what one read cost when the list searched every watch again (one supplier
 * search per alert, timed once here). Run: node --import tsx bench/price-alerts-list.ts [--alerts 50 --reads 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { pgliteFromTemplate } from '../server/db/pglite-template';
import { priceAlerts, users } from '../server/db/schema';
import { seedDemo } from '../server/db/seed';
import { ensureAirlines } from '../server/flights/airlines';
import { pricingFor } from '../server/pricing';
import { quoteWatch } from '../server/price-alerts/quote';
import { watchOf } from '../server/price-alerts/service';
import { LIFTED_LIMITS } from './server';
import { percentile, randomSearches } from './search';

const GOAL_P95_MS = 300;
const { values } = parseArgs({ options: { alerts: { type: 'string', default: '50' }, reads: { type: 'string', default: '200' } } });
const alerts = Number(values.alerts), reads = Number(values.reads);

const dir = mkdtempSync(join(tmpdir(), 'safar-alerts-list-'));
try {
  const dataDir = join(dir, 'pglite');
  const fromTemplate = pgliteFromTemplate(dataDir); // a fresh folder is migrated instead (slower start, same figures)
  const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATA_DIR: dir, DATABASE_URL: '', ...LIFTED_LIMITS });
  const database = await openDatabase({ pglite: new PGlite(dataDir) });
  const ctx = { db: database.db, config, log: pino({ level: 'silent' }), now: () => new Date() };
  await seedDemo(ctx);
  await ensureAirlines(ctx);
  const app = createApp(ctx);

  const csrf = await app.request('/sanctum/csrf-cookie');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('\n'))![1];
  const login = await app.request('/api/login', {
    method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email: 'customer@demo.safar', password: 'Safar-demo-1' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // The watches, made as the app makes them (each priced once, at its start); one in five watches a month.
  let made = 0;
  for (const [i, q] of randomSearches(alerts * 3, 31).entries()) {
    if (made >= alerts) break;
    const [out, back] = q.legs;
    const when = i % 5 === 0 ? { month: out.date.slice(0, 7) } : { departure_date: out.date, return_date: back?.date };
    const body = { origin: out.origin, destination: out.destination, adults: q.adults, children: q.children, infants: q.infants, cabin_class: q.cabin_class, ...when };
    const res = await app.request('/api/price-alerts', { method: 'POST', headers: auth, body: JSON.stringify(body) });
    await res.arrayBuffer();
    if (res.status === 201) made++;
  }
  if (made < alerts) throw new Error(`only ${made} alerts made`);

  const read = async () => {
    const t = performance.now();
    const res = await app.request('/api/price-alerts', { headers: auth });
    const { data } = (await res.json()) as { data: unknown[] };
    if (res.status !== 200 || data.length !== alerts) throw new Error(`list: ${res.status}, ${data.length} alerts`);
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < reads; i++) times.push(await read());
  times.sort((a, b) => a - b);

  // The same watches priced one by one, as the list did at every read before.
  const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'customer@demo.safar'));
  const rows = await ctx.db.select().from(priceAlerts).where(eq(priceAlerts.userId, owner.id));
  const pricing = await pricingFor(ctx.db, owner);
  const t0 = performance.now();
  for (const r of rows) await quoteWatch(ctx, watchOf(r), pricing).catch(() => null);
  const oneByOne = performance.now() - t0;

  const f = (x: number) => `${x.toFixed(1)} ms`;
  const p95 = percentile(times, 95);
  console.log(`GET /api/price-alerts with ${alerts} alerts, ${reads} reads in process (PGlite${fromTemplate ? ', from the build template' : ''}):`);
  console.log(`  p50 ${f(percentile(times, 50))}  p95 ${f(p95)}  max ${f(times[times.length - 1])}   goal p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'MET' : 'NOT MET'}`);
  console.log(`  for comparison, pricing the ${rows.length} watches one by one (the list's old way, per read): ${f(oneByOne)}`);
  await database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
