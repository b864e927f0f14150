/**
 * Sold counts kept for search while sales, transactions and releases race on several connections: whatever the
 * order in which reads and writes land, once all have settled the kept counts are the database's.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { flightSeats } from '../../server/db/schema';
import type { SeatKey } from '../../server/suppliers/flight/types';

const api = await setupApi();
const soldInDatabase = async (date: string) => Object.fromEntries(
  (await api.db.select({ flightNo: flightSeats.flightNo, cabin: flightSeats.cabin, sold: flightSeats.sold }).from(flightSeats).where(eq(flightSeats.date, date)))
    .map((r) => [`${r.flightNo}|${r.cabin}`, r.sold]),
);

describe('kept sold counts under racing writes (PostgreSQL)', () => {
  it('end equal to the database after sales, transactions, releases and reads at once', async () => {
    // A long TTL and no notices: nothing is read again unless the store decides its kept count may be wrong.
    const store = new DbSeatStore(api.db, Date.now, 600_000);
    const date = '2027-03-14';
    const flights = ['RC1', 'RC2', 'RC3', 'RC4'].map((flight_no): { key: SeatKey; capacity: number } => ({ key: { flight_no, date, cabin: 'Y' }, capacity: 10_000 }));
    let seed = 7;
    const random = (n: number) => { seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648; return seed % n; };
    const worker = async (w: number) => {
      for (let i = 0; i < 40; i++) {
        const f = flights[random(flights.length)];
        const pick = random(10);
        if (pick < 4) await store.consume(f.key, 1 + random(2), f.capacity);
        else if (pick < 6) await store.consumeAll([f, flights[(flights.indexOf(f) + 1) % flights.length]], 1);
        else if (pick < 7) await store.during((bind) => api.db.transaction((tx) => bind(tx).consumeAll([f], 2)));
        else if (pick < 8 && w % 3 === 0) await store.release(f.key, 1);
        else await store.soldOnDates([date]);
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));
    const kept = await store.soldOnDates([date]);
    expect(Object.fromEntries(kept.get(date) ?? [])).toEqual(await soldInDatabase(date));
  });

  it('keep a read that raced a sale with the sale in it, whichever landed first', async () => {
    const store = new DbSeatStore(api.db, Date.now, 600_000);
    const date = '2027-03-15';
    const flights = ['RD1', 'RD2'].map((flight_no): SeatKey => ({ flight_no, date, cabin: 'Y' }));
    const dummy: SeatKey = { flight_no: 'RD0', date, cabin: 'Y' };
    await store.consume(dummy, 1, 10_000);
    let wrong = 0;
    for (let round = 0; round < 60; round++) {
      // A release drops the date, so the next read goes to the database and races the sale.
      await store.consume(dummy, 1, 10_000);
      await store.release(dummy, 1);
      const lag = round % 4;
      const sale = store.consume(flights[round % 2], 1, 10_000);
      await new Promise((r) => (lag === 0 ? r(null) : setTimeout(r, lag - 1)));
      await Promise.all([store.soldOnDates([date]), sale]);
      const kept = Object.fromEntries((await store.soldOnDates([date])).get(date) ?? []);
      if (JSON.stringify(Object.entries(kept).sort()) !== JSON.stringify(Object.entries(await soldInDatabase(date)).sort())) wrong++;
    }
    expect(wrong).toBe(0);
  });
});
