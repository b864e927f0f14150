import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats } from '../db/schema';
import type { SeatKey } from '../suppliers/flight/types';

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

/** A flight's sold count as a sale left it: [flight_no, date, cabin, sold]. */
export type SoldAfter = [string, string, string, number];

/** Sold counts by date, then `${flight_no}|${cabin}`. */
type ByDate = Map<string, Map<string, number>>;

/** What one write (or transaction) changed, applied to the kept counts once it has committed. */
export interface Changes {
  /** The flights' sold counts as the sales left them. */
  sold: ByDate;
  /** Dates with a release, or a sale whose count is unknown: read again rather than worked out. */
  released: Set<string>;
}

/**
 * What settled while a read ran: the counts sales left (taken into what the read keeps, whether or not its
 * snapshot held them), and the dates it must not keep (a release, or a write that may or may not have landed).
 */
interface ReadUnderWay { sold: ByDate; spoiled: Set<string> }

/** Past this many sold counts kept the cache starts over: a bound, not an LRU; dates are cheap to re-read. */
const SOLD_CACHE_LIMIT = 40_000;

export const countKey = (k: SeatKey) => `${k.flight_no}|${k.cabin}`;

export const noChanges = (): Changes => ({ sold: new Map(), released: new Set() });

/**
 * Takes each count where it is higher than the one held: sales only add, so of two counts of a flight the higher
 * is the later. Answers how many flights were new to `into`.
 */
export function takeHigher(into: Map<string, number>, counts: Iterable<[string, number]>): number {
  let added = 0;
  for (const [k, n] of counts) {
    const held = into.get(k);
    if (held === undefined) added++;
    into.set(k, Math.max(held ?? 0, n));
  }
  return added;
}

function countIn(into: ByDate, date: string, key: string, sold: number): void {
  let byKey = into.get(date);
  if (!byKey) into.set(date, (byKey = new Map()));
  takeHigher(byKey, [[key, sold]]);
}

/** A sale's counts after it; a flight it sold on without telling its count is read again. */
export function soldAfterIn(changes: Changes, sold: readonly { key: SeatKey }[], after: readonly SoldAfter[]): void {
  for (const [flightNo, date, cabin, n] of after) countIn(changes.sold, date, `${flightNo}|${cabin}`, n);
  for (const w of sold) if (!changes.sold.get(w.key.date)?.has(countKey(w.key))) changes.released.add(w.key.date);
}

/**
 * Sold counts per departure date, kept for a moment for search (which shows seats left on every result and would
 * otherwise ask the database on every search) and shared by a seat store and its transaction-bound copies. Sales
 * and releases always go to the database; a kept date takes this server's sales once they have committed, so this
 * server sees its own sales at once and others within `ttlMs`. An embedded database belongs to this process
 * alone, so there it can be kept much longer.
 *
 * Why a kept count is exact for this server's sales: every sale answers with its flights' counts as it left them,
 * and sales only add, so of two counts of a flight the higher is the later. A kept count takes the higher of
 * itself and each committed sale's; a read keeps the higher of what it read and the counts of every sale that
 * settled while it ran, whether or not its snapshot held them; a sale still open when the read is kept is taken
 * in when it commits. A release (counts go down) or a write that may or may not have landed drops its dates, and
 * a read it overlapped keeps nothing of them.
 */
export class SoldCounts {
  private readonly byDate = new Map<string, { at: number; version: number | null; sold: ReadonlyMap<string, number> }>();
  /** Reads under way, each told of every write that settles while it runs. */
  private readonly reads = new Set<ReadUnderWay>();
  /** The read under way of each date, for a search or hold that wants the date meanwhile. */
  private readonly pending = new Map<string, { during: ReadUnderWay; at: number; result: Promise<ByDate> }>();
  /** Sold counts held over all dates, for the bound. */
  private entries = 0;

  constructor(private readonly now: () => number, private readonly ttlMs: number, private readonly heard?: SeatsVersion) {}

  /**
   * Every sold count on the dates, kept or read through `db`. `inTransaction`: `db` is a transaction, whose reads
   * may hold its own sales before they commit; they are neither kept nor shared.
   */
  async onDates(db: DbOrTx, dates: readonly string[], inTransaction: boolean): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>> {
    const now = this.now();
    // Read before the statement is sent: a sale heard of while it runs makes what it read stale at once.
    const version = this.heard?.() ?? null;
    const out = new Map<string, ReadonlyMap<string, number>>();
    const toRead: string[] = [];
    const waits: Promise<void>[] = [];
    for (const d of dates) {
      const c = this.byDate.get(d);
      if (c && this.current(c, now, version)) { out.set(d, c.sold); continue; }
      // A read of the date under way answers as a kept count would: younger than the TTL, and with every sale of
      // this server that settles before it ends. Not one a release overlapped, nor one in a transaction.
      const p = inTransaction ? undefined : this.pending.get(d);
      if (p && !p.during.spoiled.has(d) && now - p.at <= this.ttlMs) waits.push(p.result.then((m) => { out.set(d, m.get(d)!); }));
      else toRead.push(d);
    }
    if (toRead.length > 0) waits.push(this.read(db, toRead, now, version, inTransaction).then((m) => { for (const [d, sold] of m) out.set(d, sold); }));
    await Promise.all(waits);
    return out;
  }

  /** Committed changes go into the kept counts and the reads under way; a failed commit may or may not have landed, so its dates go. */
  settle(changes: Changes, committed: boolean): void {
    const dropped = committed ? changes.released : new Set([...changes.released, ...changes.sold.keys()]);
    for (const d of dropped) {
      this.byDate.delete(d);
      for (const r of this.reads) r.spoiled.add(d);
    }
    for (const [d, after] of changes.sold) {
      if (dropped.has(d)) continue;
      for (const r of this.reads) for (const [k, n] of after) countIn(r.sold, d, k, n);
      const kept = this.byDate.get(d);
      if (!kept) continue;
      // A new map: counts already handed to a search stay as they were.
      const sold = new Map(kept.sold);
      this.entries += takeHigher(sold, after);
      this.byDate.set(d, { at: kept.at, version: kept.version, sold });
    }
  }

  /** Kept for ttlMs; on PostgreSQL longer while no sale at all, this server's or another's, has been heard of since the read. */
  private current(c: { at: number; version: number | null }, now: number, version: number | null): boolean {
    const age = now - c.at;
    if (age < 0) return false;
    return age <= this.ttlMs || (version !== null && c.version === version && age <= HEARD_SOLD_TTL_MS);
  }

  /** Reads the dates' counts, as a read under way others may wait for, and keeps what nothing spoiled. */
  private read(db: DbOrTx, dates: string[], now: number, version: number | null, inTransaction: boolean): Promise<ByDate> {
    const during: ReadUnderWay = { sold: new Map(), spoiled: new Set() };
    const result = this.readRows(db, dates, during).then((fresh) => {
      if (!inTransaction) this.keep(fresh, during, now, version);
      return fresh;
    });
    if (!inTransaction) {
      const entry = { during, at: now, result };
      for (const d of dates) this.pending.set(d, entry);
      const done = () => { for (const d of dates) if (this.pending.get(d) === entry) this.pending.delete(d); };
      result.then(done, done);
    }
    return result;
  }

  private async readRows(db: DbOrTx, dates: string[], during: ReadUnderWay): Promise<ByDate> {
    this.reads.add(during);
    let rows;
    try {
      rows = await db
        .select({ flightNo: flightSeats.flightNo, date: flightSeats.date, cabin: flightSeats.cabin, sold: flightSeats.sold })
        .from(flightSeats)
        .where(inArray(flightSeats.date, dates));
    } finally {
      this.reads.delete(during);
    }
    const fresh: ByDate = new Map(dates.map((d) => [d, new Map<string, number>()]));
    for (const r of rows) fresh.get(r.date)!.set(`${r.flightNo}|${r.cabin}`, r.sold);
    // A sale that settled while we read may or may not be in `rows`: its count is the higher one if it is not.
    for (const [d, after] of during.sold) {
      const sold = fresh.get(d);
      if (sold) takeHigher(sold, after);
    }
    return fresh;
  }

  private keep(fresh: ByDate, during: ReadUnderWay, now: number, version: number | null): void {
    let size = 0;
    for (const sold of fresh.values()) size += sold.size;
    if (this.byDate.size > 2000 || this.entries + size > SOLD_CACHE_LIMIT) { this.byDate.clear(); this.entries = 0; }
    for (const [d, sold] of fresh) {
      if (during.spoiled.has(d)) continue;
      this.byDate.set(d, { at: now, version, sold });
      this.entries += sold.size;
    }
  }
}
