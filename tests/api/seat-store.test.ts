import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { DbSeatStore } from '../../server/bookings/seat-store';
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
    // Kept: a sale drops its date, so the next read sees it.
    expect(await store.consume(key('XS4', '2026-07-04'), 1, 10)).toBe(true);
    expect((await store.soldOnDates(['2026-07-04'])).get('2026-07-04')?.get('XS4|Y')).toBe(3);
    expect(await store.sold([key('XS4', '2026-07-04'), key('XS5', '2026-07-05'), key('XS6', '2026-07-06')])).toEqual([3, 3, 0]);
  });

  it('does not keep a read that a sale overtook', async () => {
    const store = new DbSeatStore(api.db, clock, 60_000);
    const date = '2026-07-03';
    const reading = store.sold([key('XS3', date)]);
    const selling = store.consume(key('XS3', date), 4, 10);
    await Promise.all([reading, selling]);
    expect(await store.sold([key('XS3', date)])).toEqual([4]);
  });
});
