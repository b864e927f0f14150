import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey, SeatStore } from '../suppliers/flight/types';

/** How long sold counts are kept when other servers may sell too (PostgreSQL). */
export const SHARED_SOLD_TTL_MS = 2000;

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
/** Sold counts kept for search, shared by a store and its transaction-bound copies. */
interface SoldCache {
  byDate: Map<string, { at: number; sold: Map<string, number> }>;
  /** Bumped by every sale or release, so a read that overlapped one is not kept. */
  writes: number;
  /** Transactions under way: a read while one is open may miss its uncommitted sale, so none is kept. */
  open: number;
  /** Sold counts held over all dates, for the bound. */
  entries: number;
}

/** Past this many sold counts kept the cache starts over: a bound, not an LRU; dates are cheap to re-read. */
const SOLD_CACHE_LIMIT = 40_000;

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
export class DbSeatStore implements SeatStore {
  /**
   * Sold counts per departure date, kept for a moment: search shows seats left on every result and would
   * otherwise ask the database on every search. Only what search displays is cached; consume and release always
   * go to the database and drop the date here, so this server sees its own sales at once and others within
   * `ttlMs`. An embedded database belongs to this process alone, so there it can be kept much longer.
   */
  private readonly cache: SoldCache;

  constructor(private readonly db: DbOrTx, private readonly now: () => number = Date.now, private readonly ttlMs = SHARED_SOLD_TTL_MS, cache?: SoldCache) {
    this.cache = cache ?? { byDate: new Map(), writes: 0, open: 0, entries: 0 };
  }

  /** The same store (and cache) inside a transaction: sales through `tx` commit with the order they belong to. */
  bind(tx: DbOrTx): DbSeatStore {
    return new DbSeatStore(tx, this.now, this.ttlMs, this.cache);
  }

  /** Runs a transaction that sells or releases through `bind(tx)`, keeping no count read while it is open. */
  async during<T>(run: () => Promise<T>): Promise<T> {
    this.cache.open++;
    try {
      return await run();
    } finally {
      this.cache.open--;
      this.cache.writes++;
    }
  }

  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const byDate = await this.soldOnDates([...new Set(keys.map((k) => k.date))]);
    return keys.map((k) => byDate.get(k.date)?.get(`${k.flight_no}|${k.cabin}`) ?? 0);
  }

  async soldOnDates(dates: readonly string[]): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>> {
    const now = this.now();
    const { byDate } = this.cache;
    const out = new Map<string, ReadonlyMap<string, number>>();
    const stale: string[] = [];
    for (const d of dates) {
      const c = byDate.get(d);
      if (!c || now - c.at > this.ttlMs || now < c.at) stale.push(d);
      else out.set(d, c.sold);
    }
    if (stale.length === 0) return out;
    const before = this.cache.writes;
    const rows = await this.db
      .select({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin, sold: flightSeats.sold })
      .from(flightSeats)
      .where(inArray(flightSeats.date, stale));
    const fresh = new Map(stale.map((d) => [d, new Map<string, number>()]));
    for (const r of rows) fresh.get(r.date)!.set(`${r.flightNo}|${r.cabin}`, r.sold);
    if (byDate.size > 2000 || this.cache.entries + rows.length > SOLD_CACHE_LIMIT) { byDate.clear(); this.cache.entries = 0; }
    // A sale that landed while we read may or may not be in `rows`: answer with them, keep them only if none did.
    if (this.cache.writes === before && this.cache.open === 0) {
      for (const [d, sold] of fresh) byDate.set(d, { at: now, sold });
      this.cache.entries += rows.length;
    }
    for (const [d, sold] of fresh) out.set(d, sold);
    return out;
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
    this.cache.writes++;
    this.cache.byDate.delete(key.date);
    return rows.length === 1;
  }

  async release(key: SeatKey, seats: number): Promise<void> {
    if (seats <= 0) return;
    await this.db
      .update(flightSeats)
      .set({ sold: sql`greatest(0, ${flightSeats.sold} - ${seats})` })
      .where(and(eq(flightSeats.flightNo, key.flight_no), eq(flightSeats.date, key.date), eq(flightSeats.cabin, key.cabin)));
    this.cache.writes++;
    this.cache.byDate.delete(key.date);
  }
}
