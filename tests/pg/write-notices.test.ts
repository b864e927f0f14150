import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { setupApi } from '../support/api';
import { pgUrl } from '../support/template';
import { writeWatchOf } from '../../server/db/write-watch';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { SHARED_SOLD_TTL_MS } from '../../server/bookings/sold-counts';
import { seatsVersion } from '../../server/bookings/suppliers';

// On PostgreSQL other servers and psql write too: their commits reach this process's write watch as notices
// (server/db/pg-watch.ts), which end the answers and credentials it keeps.
const api = await setupApi();
const [{ name }] = ((await api.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }).rows;

async function otherWriter<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl(name) });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function eventually(check: () => Promise<boolean> | boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const visa = (title: string) => ({
  country_code: 'ae', title, title_ar: 'تأشيرة', visa_type: 'tourist', price: '32500.00', processing_days: 4, validity_days: 58, stay_days: 30,
  entry: 'single', description: '<p>x</p>', requirements: '<p>y</p>', is_published: true, is_featured: false,
});
const titles = async (c: { get: (p: string) => Promise<{ body: { data: Array<{ title: string }> } }> }) =>
  (await c.get('/api/visas?per_page=100')).body.data.map((v) => v.title);

describe.runIf(api.driver === 'postgres')('write notices on PostgreSQL', () => {
  it('every table of the schema carries the notice trigger', async () => {
    const tables = Object.values(schema).filter((t) => is(t, PgTable)).map((t) => getTableName(t as PgTable));
    const rows = await otherWriter(async (c) => (await c.query<{ name: string }>(
      `select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'safar_write_notice'`,
    )).rows.map((r) => r.name));
    expect(rows.sort()).toEqual([...new Set(tables)].sort());
  });

  it("another writer's commit ends a kept answer once its notice arrives", async () => {
    expect(writeWatchOf(api.db)).toBeDefined();
    const admin = await api.as('admin');
    const guest = await api.as('anonymous');
    const id = (await admin.post('/api/visas', visa('Notice Visa'))).body.data.id as number;
    for (let i = 0; i < 2; i++) expect(await titles(guest)).toContain('Notice Visa');
    await otherWriter((c) => c.query(`update visas set title = 'Notice Visa Renamed' where id = $1`, [id]));
    await eventually(async () => (await titles(guest)).includes('Notice Visa Renamed'));
  });

  it("sold counts kept for search outlive their TTL until another writer's sale is heard of", async () => {
    let now = Date.now();
    const store = new DbSeatStore(api.db, () => now, SHARED_SOLD_TTL_MS, undefined, undefined, seatsVersion(api.db));
    const k = { flight_no: 'XN1', date: '2027-01-05', cabin: 'Y' as const };
    expect(await store.sold([k])).toEqual([0]);
    // A write that sends no notice (triggers off for that session): nothing heard, so the kept count stands.
    await otherWriter(async (c) => {
      await c.query(`set session_replication_role = replica`);
      await c.query(`insert into flight_seats (flight_no, date, cabin, capacity, sold) values ('XN1', '2027-01-05', 'Y', 9, 2)`);
    });
    now += 30_000;
    expect(await store.sold([k])).toEqual([0]);
    await otherWriter((c) => c.query(`update flight_seats set sold = 3 where flight_no = 'XN1' and date = '2027-01-05'`));
    await eventually(async () => (await store.sold([k]))[0] === 3);
  });

  it("another writer's suspension of a user holds on the very next request: credentials are not remembered here", async () => {
    const agent = await api.as('agent');
    for (let i = 0; i < 2; i++) expect((await agent.get('/api/user')).body.data).not.toBeNull();
    await otherWriter((c) => c.query(`update users set status = 'suspended' where email = 'agent@demo.safar'`));
    try {
      expect((await agent.get('/api/user')).body.data).toBeNull();
    } finally {
      await otherWriter((c) => c.query(`update users set status = 'active' where email = 'agent@demo.safar'`));
    }
  });

  it('with the listening connection lost the watch is off until it listens again, and nothing kept before counts', async () => {
    const guest = await api.as('anonymous');
    const admin = await api.as('admin');
    const id = (await admin.post('/api/visas', visa('Lost Notice Visa'))).body.data.id as number;
    for (let i = 0; i < 2; i++) expect(await titles(guest)).toContain('Lost Notice Visa');
    await otherWriter((c) => c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [name]));
    await eventually(() => writeWatchOf(api.db) === undefined);
    // Written while nobody listened: no notice will ever come for it.
    await otherWriter((c) => c.query(`update visas set title = 'Lost Notice Visa Renamed' where id = $1`, [id]));
    expect(await titles(guest)).toContain('Lost Notice Visa Renamed');
    await eventually(() => writeWatchOf(api.db) !== undefined);
    for (let i = 0; i < 2; i++) expect(await titles(guest)).toContain('Lost Notice Visa Renamed');
  });
});
