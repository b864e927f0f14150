import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey, SeatStore } from '../suppliers/flight/types';

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
export class DbSeatStore implements SeatStore {
  constructor(private readonly db: DbOrTx) {}

  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const flightNos = [...new Set(keys.map((k) => k.flight_no))];
    const dates = [...new Set(keys.map((k) => k.date))];
    const rows = await this.db
      .select({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin, sold: flightSeats.sold })
      .from(flightSeats)
      .where(and(inArray(flightSeats.flightNo, flightNos), inArray(flightSeats.date, dates)));
    const map = new Map(rows.map((r) => [`${r.flightNo}|${r.date}|${r.cabin}`, r.sold]));
    return keys.map((k) => map.get(`${k.flight_no}|${k.date}|${k.cabin}`) ?? 0);
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
    return rows.length === 1;
  }

  async release(key: SeatKey, seats: number): Promise<void> {
    if (seats <= 0) return;
    await this.db
      .update(flightSeats)
      .set({ sold: sql`greatest(0, ${flightSeats.sold} - ${seats})` })
      .where(and(eq(flightSeats.flightNo, key.flight_no), eq(flightSeats.date, key.date), eq(flightSeats.cabin, key.cabin)));
  }
}
