import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey, SeatStore } from '../suppliers/flight/types';

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
const SOLD_TTL_MS = 2000;

export class DbSeatStore implements SeatStore {
  /**
   * Sold counts per departure date, kept for a moment: search shows seats left on every result and would
   * otherwise ask the database on every search. Only what search displays is cached; consume and release always
   * go to the database and drop the date here, so this server sees its own sales at once and others within
   * SOLD_TTL_MS.
   */
  private readonly byDate = new Map<string, { at: number; sold: Map<string, number> }>();

  constructor(private readonly db: DbOrTx, private readonly now: () => number = Date.now) {}

  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const now = this.now();
    const dates = [...new Set(keys.map((k) => k.date))];
    const stale = dates.filter((d) => { const c = this.byDate.get(d); return !c || now - c.at > SOLD_TTL_MS || now < c.at; });
    if (stale.length > 0) {
      const rows = await this.db
        .select({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin, sold: flightSeats.sold })
        .from(flightSeats)
        .where(inArray(flightSeats.date, stale));
      for (const d of stale) this.byDate.set(d, { at: now, sold: new Map() });
      for (const r of rows) this.byDate.get(r.date)!.sold.set(`${r.flightNo}|${r.cabin}`, r.sold);
      if (this.byDate.size > 2000) this.byDate.clear(); // a bound, not an LRU: dates are cheap to re-read
    }
    return keys.map((k) => this.byDate.get(k.date)?.sold.get(`${k.flight_no}|${k.cabin}`) ?? 0);
  }

  async consume(key: SeatKey, seats: number, capacity: number): Promise<boolean> {
    if (!Number.isInteger(seats) || seats <= 0) return seats === 0;
    if (seats > capacity) return false;
    const rows = await this.db
      .insert(flightSeats)
      .values({ flightNo: key.flight_no, date: key.date, cabin: key.cabin, capacity, sold: seats })
      .onConflictDoUpdate({
        target: [flightSeats.flightNo, flightSeats.date, flightSeats.cabin],
        set: { sold: sql`${flightSeats.sold} + ${seats}`, capacity },
        setWhere: sql`${flightSeats.sold} + ${seats} <= ${capacity}`,
      })
      .returning({ sold: flightSeats.sold });
    this.byDate.delete(key.date);
    return rows.length === 1;
  }

  async release(key: SeatKey, seats: number): Promise<void> {
    if (seats <= 0) return;
    await this.db
      .update(flightSeats)
      .set({ sold: sql`greatest(0, ${flightSeats.sold} - ${seats})` })
      .where(and(eq(flightSeats.flightNo, key.flight_no), eq(flightSeats.date, key.date), eq(flightSeats.cabin, key.cabin)));
    this.byDate.delete(key.date);
  }
}
