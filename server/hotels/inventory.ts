import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays } from '../../contract/flights';
import type { DbOrTx } from '../db/client';
import { renderedOnce } from '../db/prepared';
import { takeHigher } from '../bookings/sold-counts';
import { hotelRoomNights } from '../db/schema';
import { nightKey, type NightToSell, type RoomInventoryStore, type RoomNightKey } from '../suppliers/hotel/types';

/** A night a sale took, with its sold count as the sale left it. */
export interface SoldNight { key: RoomNightKey; sold: number }

/** Sold counts per city and night kept for search, shared by a store and its transaction-bound copies. */
interface SoldCache {
  byNight: Map<string, { at: number; sold: Map<string, number> }>;
  /** Bumped by every sale or release, so a read that overlapped one is not kept. */
  writes: number;
  /** Transactions under way: a read while one is open may miss its uncommitted sale, so none is kept. */
  open: number;
}

/** The nights of a city sold in [from, to), rendered once (a booking prices its stay with this read). */
const soldQuery = renderedOnce('hotel_nights_sold', (h) => h.select({ hotelId: hotelRoomNights.hotelId, roomCode: hotelRoomNights.roomCode, date: hotelRoomNights.date, sold: hotelRoomNights.sold })
  .from(hotelRoomNights)
  .where(and(eq(hotelRoomNights.cityId, sql.placeholder('cityId')), gte(hotelRoomNights.date, sql.placeholder('from')), lt(hotelRoomNights.date, sql.placeholder('to')))),
([hotelId, roomCode, date, sold]) => ({ hotelId: hotelId as string, roomCode: roomCode as string, date: date as string, sold: Number(sold) }));

/** Past this many city nights kept the cache starts over: a bound, not an LRU; nights are cheap to re-read. */
const SOLD_CACHE_LIMIT = 20_000;

/**
 * The hotel supplier's room-night inventory in the database. `consume` is one conditional upsert for all the
 * nights, so two clients racing for the last room cannot both have it; `release` is one update that never goes
 * below zero. Bound to a transaction, the nights of one booking are sold together or not at all.
 *
 * With a `ttlMs`, what search reads (sold counts of a city's nights) is kept that long, as the flight seat store
 * does: search would otherwise ask the database on every request. Sales and releases always go to the database;
 * a release drops what is kept, a booking's sale updates it (`during`), so this server sees its own at once and
 * other servers' within `ttlMs`.
 */
export class DbRoomStore implements RoomInventoryStore {
  constructor(
    private readonly db: DbOrTx, private readonly now: () => number = Date.now, private readonly ttlMs = 0,
    private readonly cache: SoldCache = { byNight: new Map(), writes: 0, open: 0 },
  ) {}

  /** The same store (and cache) inside a transaction. */
  bind(tx: DbOrTx): DbRoomStore {
    return new DbRoomStore(tx, this.now, this.ttlMs, this.cache);
  }

  /**
   * Runs a write that sells or releases (through `bind(tx)` in a transaction), keeping no count read while it is
   * open. After it, what is kept is dropped, unless `took` says what the write sold and how many each night then had
   * sold: those nights take the counts and every other kept night stays (a booking then leaves the next search of
   * its city to the cache). A write that failed may or may not have landed, so it drops everything.
   */
  async during<T>(run: () => Promise<T>, took?: (result: T) => { cityId: number; nights: SoldNight[] }): Promise<T> {
    this.cache.open++;
    let result: T;
    try {
      result = await run();
    } catch (err) {
      this.forget();
      throw err;
    } finally {
      this.cache.open--;
    }
    if (took) this.took(took(result));
    else this.forget();
    return result;
  }

  /**
   * Sales only add, so of a kept count and a sale's own the higher is the later: a kept night takes it. A read
   * under way when the sale committed is still not kept (`writes`).
   */
  private took({ cityId, nights }: { cityId: number; nights: SoldNight[] }) {
    this.cache.writes++;
    for (const night of nights) {
      const kept = this.cache.byNight.get(`${cityId}|${night.key.date}`);
      if (kept) takeHigher(kept.sold, [[nightKey(night.key), night.sold]]);
    }
  }

  async sold(cityId: number, from: string, to: string): Promise<Map<string, number>> {
    if (this.ttlMs <= 0) return this.read(cityId, from, to);
    const now = this.now();
    const nights: string[] = [];
    for (let d = from; d < to; d = addDays(d, 1)) nights.push(d);
    const kept = nights.map((d) => this.cache.byNight.get(`${cityId}|${d}`));
    if (kept.every((k) => k && now - k.at <= this.ttlMs && now >= k.at)) {
      const out = new Map<string, number>();
      for (const k of kept) for (const [key, n] of k!.sold) out.set(key, n);
      return out;
    }
    const before = this.cache.writes;
    const rows = await this.read(cityId, from, to);
    // A sale that landed while we read may or may not be in `rows`: answer with them, keep them only if none did.
    if (this.cache.writes === before && this.cache.open === 0) {
      if (this.cache.byNight.size + nights.length > SOLD_CACHE_LIMIT) this.cache.byNight.clear();
      const perNight = new Map(nights.map((d) => [d, new Map<string, number>()]));
      for (const [key, n] of rows) perNight.get(key.slice(key.lastIndexOf('|') + 1))?.set(key, n);
      for (const [d, sold] of perNight) this.cache.byNight.set(`${cityId}|${d}`, { at: now, sold });
    }
    return rows;
  }

  private async read(cityId: number, from: string, to: string): Promise<Map<string, number>> {
    const rows = await soldQuery(this.db, { cityId, from, to });
    return new Map(rows.filter((r) => r.sold > 0).map((r) => [nightKey({ hotel_id: r.hotelId, room_code: r.roomCode, date: r.date }), r.sold]));
  }

  private forget() {
    this.cache.writes++;
    this.cache.byNight.clear();
  }

  /**
   * A night already sold is raised only while it stays within that night's capacity (`capacity` rides along in
   * each row, as `excluded.capacity` is not a column, through a values list joined in the condition); a night
   * that was not is written whole. Every night that took the rooms comes back, so fewer than asked means one was
   * short.
   */
  async consume(cityId: number, nights: NightToSell[], rooms: number): Promise<boolean> {
    if (!nights.length) return true;
    if (nights.some((n) => rooms > n.capacity)) return false;
    const capacities = sql.join(nights.map(({ key, capacity }) => sql`(${key.hotel_id}, ${key.room_code}, ${key.date}::date, ${capacity}::int)`), sql`, `);
    const rows = await this.db.insert(hotelRoomNights)
      .values(nights.map(({ key }) => ({ cityId, hotelId: key.hotel_id, roomCode: key.room_code, date: key.date, sold: rooms })))
      .onConflictDoUpdate({
        target: [hotelRoomNights.hotelId, hotelRoomNights.roomCode, hotelRoomNights.date],
        set: { sold: sql`${hotelRoomNights.sold} + ${rooms}` },
        setWhere: sql`${hotelRoomNights.sold} + ${rooms} <= (select cap.capacity from (values ${capacities}) as cap (hotel_id, room_code, date, capacity)
          where (cap.hotel_id, cap.room_code, cap.date) = (${hotelRoomNights.hotelId}, ${hotelRoomNights.roomCode}, ${hotelRoomNights.date}))`,
      })
      .returning({ date: hotelRoomNights.date });
    this.forget();
    return rows.length === nights.length;
  }

  async release(nights: RoomNightKey[], rooms: number): Promise<void> {
    if (!nights.length) return;
    const keys = sql.join(nights.map((k) => sql`(${k.hotel_id}, ${k.room_code}, ${k.date}::date)`), sql`, `);
    await this.db.update(hotelRoomNights).set({ sold: sql`greatest(0, ${hotelRoomNights.sold} - ${rooms})` })
      .where(sql`(${hotelRoomNights.hotelId}, ${hotelRoomNights.roomCode}, ${hotelRoomNights.date}) in (${keys})`);
    this.forget();
  }
}
