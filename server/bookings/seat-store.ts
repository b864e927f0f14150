import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey, SeatStore } from '../suppliers/flight/types';

/** How long sold counts are kept when other servers may sell too (PostgreSQL) and their sales cannot be heard. */
export const SHARED_SOLD_TTL_MS = 2000;
/** How long they are kept on PostgreSQL while no sale has been heard of since they were read. */
export const HEARD_SOLD_TTL_MS = 60_000;

/**
 * On PostgreSQL, the version of flight_seats in this process's write watch: it moves with every sale this server
 * sends and with every other writer's, whose notices arrive milliseconds after their commit. null while those
 * notices cannot be heard.
 */
export type SeatsVersion = () => number | null;

/** Sold counts kept for search, shared by a store and its transaction-bound copies. */
interface SoldCache {
  byDate: Map<string, { at: number; version: number | null; sold: ReadonlyMap<string, number> }>;
  /** Bumped by every sale or release, so a read that overlapped one is not kept. */
  writes: number;
  /** Transactions under way: a read while one is open may miss its uncommitted sale, so none is kept. */
  open: number;
  /** Sold counts held over all dates, for the bound. */
  entries: number;
  heard?: SeatsVersion;
}

/** What one transaction changed, applied to the kept counts once it has committed. */
interface Changes {
  /** Seats sold, by date, then `${flight_no}|${cabin}`. */
  sold: Map<string, Map<string, number>>;
  /** Dates with a release: read again rather than worked out (a release stops at zero). */
  released: Set<string>;
}

/** Past this many sold counts kept the cache starts over: a bound, not an LRU; dates are cheap to re-read. */
const SOLD_CACHE_LIMIT = 40_000;

const countKey = (k: SeatKey) => `${k.flight_no}|${k.cabin}`;

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

function soldIn(changes: Changes, w: WantedSeats): void {
  let sold = changes.sold.get(w.key.date);
  if (!sold) changes.sold.set(w.key.date, (sold = new Map()));
  sold.set(countKey(w.key), (sold.get(countKey(w.key)) ?? 0) + w.seats);
}

/**
 * The flight supplier's SeatStore in the database (flight_seats). `consume` is one conditional upsert, so two
 * servers selling the last seat cannot both succeed; `release` never goes below zero.
 */
export class DbSeatStore implements SeatStore {
  /**
   * Sold counts per departure date, kept for a moment: search shows seats left on every result and would
   * otherwise ask the database on every search. Only what search displays is cached; consume and release always
   * go to the database, and a kept date takes this server's sales once they have committed, so this server sees
   * its own sales at once and others within `ttlMs`. An embedded database belongs to this process alone, so
   * there it can be kept much longer.
   *
   * Why adding a committed sale to a kept count is exact: a count is kept only from a read that no sale or open
   * transaction of this store overlapped, so it holds every sale committed before the read and none after.
   */
  private readonly cache: SoldCache;

  /** `changes`: this store is bound to a transaction (see `during`); without, each statement commits by itself. */
  constructor(
    private readonly db: DbOrTx, private readonly now: () => number = Date.now, private readonly ttlMs = SHARED_SOLD_TTL_MS,
    cache?: SoldCache, private readonly changes?: Changes, heard?: SeatsVersion,
  ) {
    this.cache = cache ?? { byDate: new Map(), writes: 0, open: 0, entries: 0, heard };
  }

  /**
   * Runs a transaction that sells or releases through `bind(tx)` (the same store and cache inside it, so sales
   * commit with the order they belong to), keeping no count read while it is open. Once it has committed, its
   * sales are added to the counts kept; if it failed, its dates are read again.
   */
  async during<T>(run: (bind: (tx: DbOrTx) => DbSeatStore) => Promise<T>): Promise<T> {
    return this.tracked((changes) => run((tx) => new DbSeatStore(tx, this.now, this.ttlMs, this.cache, changes)));
  }

  /** A write through this store: part of its transaction's changes, or, outside one, committed when it returns. */
  private write<T>(work: (changes: Changes) => Promise<T>): Promise<T> {
    return this.changes ? work(this.changes) : this.tracked(work);
  }

  private async tracked<T>(work: (changes: Changes) => Promise<T>): Promise<T> {
    const changes: Changes = { sold: new Map(), released: new Set() };
    this.cache.open++;
    let committed = false;
    try {
      const out = await work(changes);
      committed = true;
      return out;
    } finally {
      this.cache.open--;
      this.cache.writes++;
      this.settle(changes, committed);
    }
  }

  /** Committed changes go into the kept counts; a failed commit may or may not have landed, so its dates go. */
  private settle(changes: Changes, committed: boolean): void {
    const { byDate } = this.cache;
    for (const d of changes.released) byDate.delete(d);
    for (const [d, sales] of changes.sold) {
      const kept = byDate.get(d);
      if (!kept || changes.released.has(d)) continue;
      if (!committed) { byDate.delete(d); continue; }
      // A new map: counts already handed to a search stay as they were.
      const sold = new Map(kept.sold);
      for (const [k, n] of sales) {
        if (!sold.has(k)) this.cache.entries++;
        sold.set(k, (sold.get(k) ?? 0) + n);
      }
      byDate.set(d, { at: kept.at, version: kept.version, sold });
    }
  }

  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const byDate = await this.soldOnDates([...new Set(keys.map((k) => k.date))]);
    return keys.map((k) => byDate.get(k.date)?.get(countKey(k)) ?? 0);
  }

  async soldOnDates(dates: readonly string[]): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>> {
    const now = this.now();
    const { byDate, heard } = this.cache;
    // Read before the statement is sent: a sale heard of while it runs makes what it read stale at once.
    const version = heard?.() ?? null;
    const out = new Map<string, ReadonlyMap<string, number>>();
    const stale: string[] = [];
    for (const d of dates) {
      const c = byDate.get(d);
      if (c && this.current(c, now, version)) out.set(d, c.sold);
      else stale.push(d);
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
      for (const [d, sold] of fresh) byDate.set(d, { at: now, version, sold });
      this.cache.entries += rows.length;
    }
    for (const [d, sold] of fresh) out.set(d, sold);
    return out;
  }

  /** Kept for ttlMs; on PostgreSQL longer while no sale at all, this server's or another's, has been heard of since the read. */
  private current(c: { at: number; version: number | null }, now: number, version: number | null): boolean {
    const age = now - c.at;
    if (age < 0) return false;
    return age <= this.ttlMs || (version !== null && c.version === version && age <= HEARD_SOLD_TTL_MS);
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
      const rows = await this.db
        .insert(flightSeats)
        .values(list.map((w) => ({ flightNo: w.key.flight_no, date: w.key.date, cabin: w.key.cabin, capacity: w.capacity, sold: w.seats })))
        .onConflictDoUpdate({
          target: [flightSeats.flightNo, flightSeats.date, flightSeats.cabin],
          // excluded.sold is the seats wanted on that flight, excluded.capacity the capacity passed for it.
          set: { sold: sql`${flightSeats.sold} + excluded.sold`, capacity: sql`excluded.capacity` },
          setWhere: sql`${flightSeats.sold} + excluded.sold <= excluded.capacity`,
        })
        .returning({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin });
      this.cache.writes++;
      const took = (w: WantedSeats) => rows.some((r) => r.flightNo === w.key.flight_no && r.date === w.key.date && r.cabin === w.key.cabin);
      const taken = list.filter(took);
      for (const w of taken) soldIn(changes, w);
      const short = list.find((w) => !took(w));
      if (!short) return null;
      // All or none: give back what this statement took.
      for (const w of taken) await this.releaseOne(w.key, w.seats, changes);
      return short.key;
    });
  }

  /**
   * Sells `seats` on every flight by `statement`, which sells all of them ('sold') or none (any other answer) and
   * commits when it returns, as this store's own write: the sold counts kept for search take the sale. 'short'
   * (nothing run) when a flight could never hold that many or no seat is wanted: the caller's other way decides.
   */
  async sellBy<R extends string>(flights: readonly { key: SeatKey; capacity: number }[], seats: number, statement: (wanted: readonly WantedSeats[]) => Promise<'sold' | R>): Promise<'sold' | 'short' | R> {
    if (this.changes || !Number.isInteger(seats) || seats <= 0) return 'short';
    const list = wantedSeats(flights, seats);
    if (list.length === 0 || list.some((w) => w.seats > w.capacity)) return 'short';
    return this.tracked(async (changes) => {
      const out = await statement(list);
      this.cache.writes++;
      if (out === 'sold') for (const w of list) soldIn(changes, w);
      return out;
    });
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
    this.cache.writes++;
    changes.released.add(key.date);
  }
}
