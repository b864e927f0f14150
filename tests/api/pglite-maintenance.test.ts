import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { maintainOnce } from '../../server/db/pglite-maintenance';

const api = await setupApi();
const rows = async <T>(q: ReturnType<typeof sql>) => ((await api.db.execute(q)) as unknown as { rows: T[] }).rows;
const stats = async (table: string) => (await rows<{ n_mod_since_analyze: number; last_analyze: string | null }>(
  sql`select n_mod_since_analyze, last_analyze from pg_stat_user_tables where relname = ${table}`))[0];
/** Statistics reach the views at most once a second; this makes the next statement's end send them. */
const flushStats = async () => { await api.db.execute(sql`select pg_stat_force_next_flush()`); await api.db.execute(sql`select 1`); };
const planOf = async () => JSON.stringify(await rows(sql.raw(`explain execute seats_by_date('2027-02-01')`)));

/** PGlite has no autovacuum (single-user mode): the maintenance job does its work by its thresholds. */
describe.runIf(api.driver === 'pglite')('PGlite maintenance', () => {
  it('analyses the table furthest past its threshold, and with it ends the plans made while it was tiny', async () => {
    while (await maintainOnce(api.db)); // what the seeding left past the thresholds, first
    await api.db.execute(sql`set plan_cache_mode = force_generic_plan`);
    try {
      await api.db.execute(sql.raw(`prepare seats_by_date(date) as select flight_no, sold from flight_seats where date = $1`));
      const tiny = await planOf();
      await api.db.execute(sql`insert into flight_seats (flight_no, date, cabin, capacity, sold)
        select 'MT' || g, date '2027-01-01' + (g % 300), 'Y', 100, 1 from generate_series(1, 6000) g`);
      await flushStats();
      // The plan made on a tiny table stays however large it grows, until the table is analysed.
      expect(await planOf()).toBe(tiny);
      expect(Number((await stats('flight_seats')).n_mod_since_analyze)).toBeGreaterThanOrEqual(6000);

      expect(await maintainOnce(api.db)).toEqual({ table: 'flight_seats', command: 'analyze "flight_seats"' });
      const after = await stats('flight_seats');
      expect(Number(after.n_mod_since_analyze)).toBe(0);
      expect(after.last_analyze).not.toBeNull();
      expect(await planOf()).toContain('flight_seats_date_idx');
    } finally {
      await api.db.execute(sql.raw(`deallocate seats_by_date`)).catch(() => {});
      await api.db.execute(sql`reset plan_cache_mode`);
    }
  });

  it('works through every table past a threshold, one a turn, then has nothing to do', async () => {
    await api.db.execute(sql`insert into flight_seats (flight_no, date, cabin, capacity, sold)
      select 'MV' || g, date '2027-06-01' + (g % 30), 'Y', 100, 1 from generate_series(1, 1000) g`);
    await flushStats();
    const done: string[] = [];
    for (let turn = 0; turn < 100; turn++) {
      const did = await maintainOnce(api.db);
      if (!did) break;
      expect(done).not.toContain(did.table);
      done.push(did.table);
    }
    expect(await maintainOnce(api.db)).toBeNull();
    // Every row updated: as many dead rows as live ones, so a vacuum too (it cannot run inside a transaction block).
    await api.db.execute(sql`update flight_seats set sold = sold + 1`);
    await flushStats();
    expect(await maintainOnce(api.db)).toEqual({ table: 'flight_seats', command: 'vacuum (analyze) "flight_seats"' });
    expect(await maintainOnce(api.db)).toBeNull();
    // 60 changed rows in a table of thousands is under its threshold: left alone.
    await api.db.execute(sql`update flight_seats set sold = 2 where flight_no in (select flight_no from flight_seats limit 60)`);
    await flushStats();
    expect(Number((await stats('flight_seats')).n_mod_since_analyze)).toBeGreaterThanOrEqual(60);
    expect(await maintainOnce(api.db)).toBeNull();
  });
});
