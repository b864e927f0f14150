import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { HEARD_SOLD_TTL_MS } from '../../server/bookings/sold-counts';
import type { SeatKey } from '../../server/suppliers/flight/types';

/** The sold-count cache that search reads: own sales show at once, others' after the TTL, and a read never keeps a count a sale overtook. */
const api = await setupApi();
let now = Date.parse('2026-06-01T00:00:00Z');
const clock = () => now;
const key = (flight_no: string, date = '2026-07-01', cabin: SeatKey['cabin'] = 'Y'): SeatKey => ({ flight_no, date, cabin });

describe('DbSeatStore sold counts', () => {
  it('shows its own sales and releases at once, however long the TTL', async () => {
    const store = new DbSeatStore(api.db, clock, 60_000);
    expect(await store.sold([key('XS1')])).toEqual([0]);
    expect(await store.consume(key('XS1'), 2, 10)).toBe(true);
    expect(await store.sold([key('XS1'), key('XS1', '2026-07-01', 'C')])).toEqual([2, 0]);
    await store.release(key('XS1'), 1);
    expect(await store.sold([key('XS1')])).toEqual([1]);
    expect(await store.consume(key('XS1'), 10, 10)).toBe(false);
    expect(await store.sold([key('XS1')])).toEqual([1]);
  });

  it("sees another server's sales once its TTL has passed, not before", async () => {
    const here = new DbSeatStore(api.db, clock, 2000);
    const there = new DbSeatStore(api.db, clock, 2000);
    expect(await here.sold([key('XS2', '2026-07-02')])).toEqual([0]);
    expect(await there.consume(key('XS2', '2026-07-02'), 3, 10)).toBe(true);
    expect(await here.sold([key('XS2', '2026-07-02')])).toEqual([0]);
    now += 2001;
    expect(await here.sold([key('XS2', '2026-07-02')])).toEqual([3]);
  });

  it('answers by date what it answers by key (how search reads it)', async () => {
    const store = new DbSeatStore(api.db, clock, 60_000);
    expect(await store.consume(key('XS4', '2026-07-04'), 2, 10)).toBe(true);
    expect(await store.consume(key('XS4', '2026-07-04', 'C'), 1, 10)).toBe(true);
    expect(await store.consume(key('XS5', '2026-07-05'), 3, 10)).toBe(true);
    const byDate = await store.soldOnDates(['2026-07-04', '2026-07-05', '2026-07-06']);
    expect(Object.fromEntries([...byDate].map(([d, m]) => [d, Object.fromEntries(m)]))).toEqual({
      '2026-07-04': { 'XS4|Y': 2, 'XS4|C': 1 }, '2026-07-05': { 'XS5|Y': 3 }, '2026-07-06': {},
    });
    // Kept: a sale is added to its kept date, so the next read sees it.
    expect(await store.consume(key('XS4', '2026-07-04'), 1, 10)).toBe(true);
    expect((await store.soldOnDates(['2026-07-04'])).get('2026-07-04')?.get('XS4|Y')).toBe(3);
    expect(await store.sold([key('XS4', '2026-07-04'), key('XS5', '2026-07-05'), key('XT1', '2026-08-06')])).toEqual([3, 3, 0]);
  });

  it('takes its own committed sales into a kept date without reading it again', async () => {
    const here = new DbSeatStore(api.db, clock, 60_000);
    const there = new DbSeatStore(api.db, clock, 60_000);
    const d = '2026-07-07';
    expect(await here.sold([key('XS7', d), key('XS6', d)])).toEqual([0, 0]);
    // Another writer's sales are not in the kept counts until a sale of this store tells the flight's count.
    expect(await there.consume(key('XS7', d), 5, 10)).toBe(true);
    expect(await there.consume(key('XS6', d), 5, 10)).toBe(true);
    expect(await here.consume(key('XS7', d), 1, 10)).toBe(true);
    expect(await here.sold([key('XS7', d), key('XS6', d)])).toEqual([6, 0]);
    // Inside a transaction: not shown before the commit, shown after it; a rolled-back one changes nothing.
    let inside: number[] = [];
    await here.during((bind) => api.db.transaction(async (tx) => {
      expect(await bind(tx).consumeAll([{ key: key('XS7', d), capacity: 10 }, { key: key('XS8', d), capacity: 10 }], 2)).toBeNull();
      inside = await here.sold([key('XS7', d), key('XS8', d)]);
    }));
    expect(inside).toEqual([6, 0]);
    expect(await here.sold([key('XS7', d), key('XS8', d)])).toEqual([8, 2]);
    await expect(here.during((bind) => api.db.transaction(async (tx) => {
      await bind(tx).consume(key('XS8', d), 1, 10);
      throw new Error('rolled back');
    }))).rejects.toThrow('rolled back');
    now += 60_001;
    expect(await here.sold([key('XS7', d), key('XS8', d)])).toEqual([8, 2]);
  });

  it('takes seats on every flight of an itinerary or on none, naming the first that was short', async () => {
    const store = new DbSeatStore(api.db, clock, 60_000);
    const d = '2026-07-09';
    expect(await store.consume(key('XS10', d), 9, 10)).toBe(true);
    const itinerary = [{ key: key('XS9', d), capacity: 10 }, { key: key('XS10', d), capacity: 10 }, { key: key('XS11', d), capacity: 10 }];
    expect(await store.consumeAll(itinerary, 2)).toEqual(key('XS10', d));
    expect(await store.sold(itinerary.map((f) => f.key))).toEqual([0, 9, 0]);
    expect(await store.consumeAll(itinerary, 1)).toBeNull();
    expect(await store.sold(itinerary.map((f) => f.key))).toEqual([1, 10, 1]);
    // The same flight twice (never in a real itinerary) counts twice against its capacity.
    expect(await store.consumeAll([{ key: key('XS9', d), capacity: 10 }, { key: key('XS9', d), capacity: 10 }], 5)).toEqual(key('XS9', d));
    expect(await store.consumeAll([{ key: key('XS9', d), capacity: 10 }, { key: key('XS9', d), capacity: 10 }], 4)).toBeNull();
    now += 60_001;
    expect(await store.sold(itinerary.map((f) => f.key))).toEqual([9, 10, 1]);
  });

  it('keeps a read that a sale overlapped with the sale in it, whether or not the read saw it', async () => {
    const store = new DbSeatStore(api.db, clock, 60_000);
    const date = '2026-07-03';
    const reading = store.sold([key('XS3', date)]);
    const selling = store.consume(key('XS3', date), 4, 10);
    await Promise.all([reading, selling]);
    expect(await store.sold([key('XS3', date)])).toEqual([4]);
  });

  /** The store on a database whose sold-count reads answer only when `open` is called, and count themselves. */
  function heldReads() {
    const held = { reads: 0, open: () => {} };
    let gate = new Promise<void>((resolve) => { held.open = resolve; });
    const db = new Proxy(api.db, {
      get(target, prop, receiver) {
        if (prop !== 'select') return Reflect.get(target, prop, receiver);
        return (...fields: Parameters<typeof target.select>) => ({
          from: (table: Parameters<ReturnType<typeof target.select>['from']>[0]) => ({
            where: async (where: Parameters<ReturnType<ReturnType<typeof target.select>['from']>['where']>[0]) => {
              held.reads++;
              const rows = await target.select(...fields).from(table).where(where);
              await gate;
              gate = Promise.resolve();
              return rows;
            },
          }),
        });
      },
    });
    return { held, store: new DbSeatStore(db, clock, 60_000) };
  }

  it('a read answered after a sale it did not see keeps the count with the sale in it', async () => {
    const { held, store } = heldReads();
    const date = '2026-07-10';
    const reading = store.sold([key('XS12', date), key('XS13', date)]);
    await new Promise((r) => setTimeout(r, 20)); // the read has its snapshot; its answer waits
    expect(await store.consume(key('XS12', date), 3, 10)).toBe(true);
    held.open();
    expect(await reading).toEqual([3, 0]);
    expect(await store.sold([key('XS12', date), key('XS13', date)])).toEqual([3, 0]);
    expect(held.reads).toBe(1);
  });

  it('a read overlapped by a release keeps nothing of that date', async () => {
    const { held, store } = heldReads();
    const date = '2026-07-11';
    expect(await store.consume(key('XS14', date), 4, 10)).toBe(true);
    const reading = store.sold([key('XS14', date)]);
    await new Promise((r) => setTimeout(r, 20));
    await store.release(key('XS14', date), 1);
    const after = store.sold([key('XS14', date)]); // not answered by the read under way: it reads again
    held.open();
    expect(await reading).toEqual([4]); // what it read, answered once
    expect(await after).toEqual([3]);
    expect(await store.sold([key('XS14', date)])).toEqual([3]);
    expect(held.reads).toBe(2);
  });

  it('a date wanted while it is being read waits for that read, sales meanwhile included', async () => {
    const { held, store } = heldReads();
    const date = '2026-07-12';
    const first = store.sold([key('XS15', date)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.consume(key('XS15', date), 2, 10)).toBe(true);
    const second = store.soldOnDates([date, '2026-07-13']);
    held.open();
    expect(await first).toEqual([2]);
    expect(Object.fromEntries((await second).get(date)!)).toEqual({ 'XS15|Y': 2 });
    expect(held.reads).toBe(2); // the first read, and one for the date it was not reading
  });

  it('on PostgreSQL keeps counts past the TTL while no sale has been heard of, and only until one is', async () => {
    // The write watch's flight_seats version, as defaultSuppliers passes it; null while notices cannot be heard.
    let version: number | null = 7;
    const here = new DbSeatStore(api.db, clock, 2000, undefined, undefined, () => version);
    const there = new DbSeatStore(api.db, clock, 2000);
    const k = key('XT1', '2026-08-06');
    expect(await here.sold([k])).toEqual([0]);
    expect(await there.consume(k, 2, 10)).toBe(true);
    now += 30_000;
    expect(await here.sold([k])).toEqual([0]); // nothing heard: still the kept count
    version = 8; // the other server's notice arrives
    expect(await here.sold([k])).toEqual([2]);
    expect(await there.consume(k, 1, 10)).toBe(true);
    now += HEARD_SOLD_TTL_MS + 1;
    expect(await here.sold([k])).toEqual([3]); // kept no longer than HEARD_SOLD_TTL_MS, heard or not
    expect(await there.consume(k, 1, 10)).toBe(true);
    version = null; // notices stopped: back to the TTL
    now += 2001;
    expect(await here.sold([k])).toEqual([4]);
  });

  it('a read during which a sale is heard of is kept for the TTL only', async () => {
    let version = 1;
    const here = new DbSeatStore(api.db, clock, 2000, undefined, undefined, () => version);
    const there = new DbSeatStore(api.db, clock, 2000);
    const k = key('XT2', '2026-08-07');
    const reading = here.sold([k]);
    version = 2; // a notice arrives while the read runs: its sale may be after the read's snapshot
    expect(await reading).toEqual([0]);
    expect(await there.consume(k, 5, 10)).toBe(true);
    now += 30_000;
    expect(await here.sold([k])).toEqual([5]);
  });
});
