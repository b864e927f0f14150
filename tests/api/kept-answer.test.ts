import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { bookingSettings, visas } from '../../server/db/schema';
import { watchedRead, WriteWatch, writeWatchOf } from '../../server/db/write-watch';
import { keptAnswer } from '../../server/http/kept-answer';
import type { AppEnv } from '../../server/context';

// Reads whose answers are kept between requests (server/http/kept-answer.ts): every test asks at least twice
// before the change, so the answer after it would be the kept one if the change did not end it.
const api = await setupApi();
const watched = writeWatchOf(api.db) !== undefined;

const visa = (title: string) => ({
  country_code: 'ae', title, title_ar: 'تأشيرة', visa_type: 'tourist', price: '32500.00', processing_days: 4, validity_days: 58, stay_days: 30,
  entry: 'single', description: '<p>x</p>', requirements: '<p>y</p>', is_published: true, is_featured: false,
});
const titles = async (c: { get: (p: string) => Promise<{ body: { data: Array<{ title: string }> } }> }, path = '/api/visas?per_page=100') =>
  (await c.get(path)).body.data.map((v) => v.title);

describe('a kept answer ends with any write to what it was read from', () => {
  it('a staff edit through the API', async () => {
    const admin = await api.as('admin');
    const guest = await api.as('anonymous');
    const id = (await admin.post('/api/visas', visa('Kept Visa One'))).body.data.id as number;
    for (let i = 0; i < 2; i++) expect(await titles(guest)).toContain('Kept Visa One');
    expect((await admin.put(`/api/visas/${id}`, visa('Kept Visa Renamed'))).status).toBe(200);
    expect(await titles(guest)).toContain('Kept Visa Renamed');
    for (let i = 0; i < 2; i++) expect((await guest.get(`/api/visas/${id}`)).body.data.title).toBe('Kept Visa Renamed');
    expect((await admin.delete(`/api/visas/${id}`)).status).toBe(200);
    expect((await guest.get(`/api/visas/${id}`)).status).toBe(404);
    expect(await titles(guest)).not.toContain('Kept Visa Renamed');
  });

  it('raw SQL written straight to the database', async () => {
    const admin = await api.as('admin');
    const guest = await api.as('anonymous');
    const id = (await admin.post('/api/visas', visa('Kept Visa Two'))).body.data.id as number;
    for (let i = 0; i < 2; i++) expect(await titles(guest)).toContain('Kept Visa Two');
    await api.db.execute(sql`update visas set title = 'Kept Visa Raw' where id = ${id}`);
    expect(await titles(guest)).toContain('Kept Visa Raw');
  });

  it('a kept setting the answer was built from (the booking time zone in the void window of a list)', async () => {
    const agent = await api.as('agent');
    const before = (await agent.get('/api/get-bookings')).body;
    expect((await agent.get('/api/get-bookings')).body).toEqual(before);
    await api.db.update(bookingSettings).set({ timeZone: 'UTC' }).where(eq(bookingSettings.id, 1));
    const after = await agent.get('/api/get-bookings');
    expect(after.status).toBe(200);
    // The settings row may not exist yet (defaults); the watch must still have moved for the table.
    if (watched) expect(writeWatchOf(api.db)!.unchanged([['booking_settings', 0]])).toBe(false);
  });

  it('each caller has its own: a manager asking for unpublished visas does not show them to a guest', async () => {
    const admin = await api.as('admin');
    const guest = await api.as('anonymous');
    await admin.post('/api/visas', { ...visa('Kept Visa Draft'), is_published: false });
    for (let i = 0; i < 2; i++) expect(await titles(admin, '/api/visas?per_page=100&status=all')).toContain('Kept Visa Draft');
    expect(await titles(guest, '/api/visas?per_page=100')).not.toContain('Kept Visa Draft');
    expect((await guest.get('/api/visas?per_page=100&status=all')).status).toBe(403);
  });
});

describe.runIf(watched)('keptAnswer', () => {
  /** A route counting how often its handler runs, reading the visas table (and writing it when told to). */
  let apps = 0;
  function countingApp(writeWhileReading: () => boolean) {
    const path = `/n${apps++}`; // answers are kept per URL across apps on the same database
    let runs = 0;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => { c.set('ctx', api.ctx); c.set('user', null); await next(); });
    app.get(path, keptAnswer, async (c) => {
      runs++;
      const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(visas);
      if (writeWhileReading()) await api.db.update(visas).set({ sortOrder: sql`${visas.sortOrder}` }).where(eq(visas.id, -1));
      return c.json({ n: row.n });
    });
    return { get: async () => (await app.request(path)).json(), runs: () => runs };
  }

  it('answers from memory until its table is written', async () => {
    const app = countingApp(() => false);
    const first = await app.get();
    expect(await app.get()).toEqual(first);
    expect(app.runs()).toBe(1);
    await api.db.update(visas).set({ sortOrder: sql`${visas.sortOrder}` }).where(eq(visas.id, -1));
    await app.get();
    expect(app.runs()).toBe(2);
    // A write elsewhere leaves it kept.
    await api.db.execute(sql`update leads set status = status where id = -1`);
    await app.get();
    expect(app.runs()).toBe(2);
  });

  it('does not keep an answer built while something was written', async () => {
    let write = true;
    const app = countingApp(() => write);
    await app.get();
    write = false;
    await app.get();
    await app.get();
    expect(app.runs()).toBe(2);
  });
});

describe('WriteWatch tables', () => {
  const tables = new Map([['users', []], ['bookings', ['users']], ['booking_passengers', ['bookings']], ['visas', []]]);

  it('an insert or update moves the tables it names; a delete also those whose keys reach them', () => {
    const w = new WriteWatch(tables);
    const at = () => w.versionsOf(['users', 'bookings', 'booking_passengers', 'visas']);
    const start = at();
    w.see('update "users" set "name" = $1 where "users"."id" = $2');
    expect(w.unchanged(start.filter(([t]) => t !== 'users'))).toBe(true);
    expect(w.unchanged(start)).toBe(false);
    const afterUpdate = at();
    w.see('delete from "users" where "id" = $1');
    expect(w.unchanged(afterUpdate.filter(([t]) => t === 'visas'))).toBe(true);
    for (const t of ['users', 'bookings', 'booking_passengers']) expect(w.unchanged(afterUpdate.filter(([n]) => n === t))).toBe(false);
  });

  it('a transaction moves its tables again when it ends', () => {
    const w = new WriteWatch(tables);
    const moved = w.see('insert into "visas" ("title") values ($1)');
    const inside = w.versionsOf(['visas']);
    w.ended([moved]);
    expect(w.unchanged(inside)).toBe(false);
  });

  it('collects what a read touched: the tables its statements name and those of kept settings it asked', async () => {
    const w = new WriteWatch(tables);
    const fakeDb = {};
    const { keepWatch } = await import('../../server/db/write-watch');
    keepWatch(fakeDb, w);
    const setting = watchedRead(['visas'], async () => 1);
    const read = new Set<string>();
    await w.reading(read, async () => {
      w.see('select "bookings"."id", (select count(*) from "booking_passengers") from "bookings"');
      await setting(fakeDb, 1);
      await setting(fakeDb, 1);
    });
    expect([...read].sort()).toEqual(['booking_passengers', 'bookings', 'visas']);
    w.see('select * from "users"');
    expect([...read]).not.toContain('users');
  });
});
