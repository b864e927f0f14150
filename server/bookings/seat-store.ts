import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey, SeatStore } from '../suppliers/flight/types';
import { countKey, noChanges, SHARED_SOLD_TTL_MS, soldAfterIn, SoldCounts, type Changes, type SeatsVersion, type SoldAfter } from './sold-counts';

/** Seats wanted on one flight of an itinerary, with the capacity passed for it. */
export interface WantedSeats { key: SeatKey; capacity: number; seats: number }

/** Rows are locked in the order given (a journey's order, the same for everyone); a flight listed twice is taken once for both. */
function wantedSeats(flights: readonly { key: SeatKey; capacity: number }[], seats: number): WantedSeats[] {
  const wanted = new Map<string, WantedSeats>();
  for (const f of flights) {
    const id = `${f.key.date}|${countKey(f.key)}`;
    const w = wanted.get(id);
    if (w) w.seats += seats;
    else wanted.set(id, { key: f.key, capacity: f.capacity, seats });
  }
  return [...wanted.values()];
}

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
export class DbSeatStore implements SeatStore {
  /** Sold counts kept for search (sold-counts.ts), shared with this store's transaction-bound copies. */
  private readonly counts: SoldCounts;

  /** `changes`: this store is bound to a transaction (see `during`); without, each statement commits by itself. */
  constructor(
    private readonly db: DbOrTx, private readonly now: () => number = Date.now, private readonly ttlMs = SHARED_SOLD_TTL_MS,
    counts?: SoldCounts, private readonly changes?: Changes, heard?: SeatsVersion,
  ) {
    this.counts = counts ?? new SoldCounts(now, ttlMs, heard);
  }

  /**
   * Runs a transaction that sells or releases through `bind(tx)` (the same store and cache inside it, so sales
   * commit with the order they belong to). Once it has committed, its sales' counts go into the counts kept; if
   * it failed, its dates are read again.
   */
  async during<T>(run: (bind: (tx: DbOrTx) => DbSeatStore) => Promise<T>): Promise<T> {
    return this.tracked((changes) => run((tx) => new DbSeatStore(tx, this.now, this.ttlMs, this.counts, changes)));
  }

  /** A write through this store: part of its transaction's changes, or, outside one, committed when it returns. */
  private write<T>(work: (changes: Changes) => Promise<T>): Promise<T> {
    return this.changes ? work(this.changes) : this.tracked(work);
  }

  private async tracked<T>(work: (changes: Changes) => Promise<T>): Promise<T> {
    const changes = noChanges();
    let committed = false;
    try {
      const out = await work(changes);
      committed = true;
      return out;
    } finally {
      this.counts.settle(changes, committed);
    }
  }

  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const byDate = await this.soldOnDates([...new Set(keys.map((k) => k.date))]);
    return keys.map((k) => byDate.get(k.date)?.get(countKey(k)) ?? 0);
  }

  soldOnDates(dates: readonly string[]): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>> {
    return this.counts.onDates(this.db, dates, this.changes !== undefined);
  }

  async consume(key: SeatKey, seats: number, capacity: number): Promise<boolean> {
    if (!Number.isInteger(seats) || seats <= 0) return seats === 0;
    return (await this.consumeAll([{ key, capacity }], seats)) === null;
  }

  /** One upsert for all the flights of an itinerary (see wantedSeats), as one consume after another would. */
  async consumeAll(flights: readonly { key: SeatKey; capacity: number }[], seats: number): Promise<SeatKey | null> {
    if (!Number.isInteger(seats) || seats <= 0) return seats === 0 ? null : flights[0]?.key ?? null;
    const list = wantedSeats(flights, seats);
    const tooMany = list.find((w) => w.seats > w.capacity);
    if (tooMany) return tooMany.key;
    if (list.length === 0) return null;
    return this.write(async (changes) => {
      const rows = await this.landedOrNot(list, changes, () => this.db
        .insert(flightSeats)
        .values(list.map((w) => ({ flightNo: w.key.flight_no, date: w.key.date, cabin: w.key.cabin, capacity: w.capacity, sold: w.seats })))
        .onConflictDoUpdate({
          target: [flightSeats.flightNo, flightSeats.date, flightSeats.cabin],
          // excluded.sold is the seats wanted on that flight, excluded.capacity the capacity passed for it.
          set: { sold: sql`${flightSeats.sold} + excluded.sold`, capacity: sql`excluded.capacity` },
          setWhere: sql`${flightSeats.sold} + excluded.sold <= excluded.capacity`,
        })
        .returning({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin, sold: flightSeats.sold }));
      const took = (w: WantedSeats) => rows.some((r) => r.flightNo === w.key.flight_no && r.date === w.key.date && r.cabin === w.key.cabin);
      const taken = list.filter(took);
      soldAfterIn(changes, taken, rows.map((r) => [r.flightNo, r.date, r.cabin, r.sold]));
      const short = list.find((w) => !took(w));
      if (!short) return null;
      // All or none: give back what this statement took.
      for (const w of taken) await this.releaseOne(w.key, w.seats, changes);
      return short.key;
    });
  }

  /**
   * Sells `seats` on every flight by `statement`, which sells all of them ('sold') or none (any other answer) and
   * commits when it returns, as this store's own write, telling `soldAfter` the flights' counts as the sale left
   * them: the sold counts kept for search take them. 'short' (nothing run) when a flight could never hold that
   * many or no seat is wanted: the caller's other way decides.
   */
  async sellBy<R extends string>(
    flights: readonly { key: SeatKey; capacity: number }[], seats: number,
    statement: (wanted: readonly WantedSeats[], soldAfter: (after: readonly SoldAfter[]) => void) => Promise<'sold' | R>,
  ): Promise<'sold' | 'short' | R> {
    if (this.changes || !Number.isInteger(seats) || seats <= 0) return 'short';
    const list = wantedSeats(flights, seats);
    if (list.length === 0 || list.some((w) => w.seats > w.capacity)) return 'short';
    return this.tracked(async (changes) => {
      let after: readonly SoldAfter[] = [];
      const out = await this.landedOrNot(list, changes, () => statement(list, (a) => { after = a; }));
      if (out === 'sold') soldAfterIn(changes, list, after);
      return out;
    });
  }

  /** A write that failed may still have landed (the answer was lost): its dates are read again. */
  private async landedOrNot<T>(list: readonly WantedSeats[], changes: Changes, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      for (const w of list) changes.released.add(w.key.date);
      throw err;
    }
  }

  async release(key: SeatKey, seats: number): Promise<void> {
    if (seats <= 0) return;
    await this.write((changes) => this.releaseOne(key, seats, changes));
  }

  private async releaseOne(key: SeatKey, seats: number, changes: Changes): Promise<void> {
    await this.db
      .update(flightSeats)
      .set({ sold: sql`greatest(0, ${flightSeats.sold} - ${seats})` })
      .where(and(eq(flightSeats.flightNo, key.flight_no), eq(flightSeats.date, key.date), eq(flightSeats.cabin, key.cabin)));
    changes.released.add(key.date);
  }
}
