import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { DbRoomStore } from '../../server/hotels/inventory';
import { nightKey, type RoomNightKey } from '../../server/suppliers/hotel/types';
import { writeHotelBooking } from '../../server/hotels/booking-write';
import { hotelBookingWrite } from '../support/hotels';

/** The room nights search reads, kept for a TTL: own sales show at once, others' after it, and no read a sale overtook is kept. */
const api = await setupApi();
let now = Date.parse('2026-06-01T00:00:00Z');
const clock = () => now;
const CITY = 104515;
const night = (date: string, room_code = 'DBL'): RoomNightKey => ({ hotel_id: `${CITY}-1`, room_code, date });
const soldOn = async (store: DbRoomStore, k: RoomNightKey) => (await store.sold(CITY, k.date, '2026-07-31')).get(nightKey(k)) ?? 0;

describe('DbRoomStore sold counts', () => {
  it('shows its own sales and releases at once, in a transaction too, however long the TTL', async () => {
    const store = new DbRoomStore(api.db, clock, 60_000);
    const k = night('2026-07-01');
    expect(await soldOn(store, k)).toBe(0);
    expect(await store.consume(CITY, [{ key: k, capacity: 10 }], 2)).toBe(true);
    expect(await soldOn(store, k)).toBe(2);
    await store.during(() => api.db.transaction(async (tx) => { await store.bind(tx).release([k], 1); }));
    expect(await soldOn(store, k)).toBe(1);
    expect(await store.consume(CITY, [{ key: k, capacity: 10 }], 10)).toBe(false);
    expect(await soldOn(store, k)).toBe(1);
  });

  it("sees another server's sales once its TTL has passed, not before", async () => {
    const here = new DbRoomStore(api.db, clock, 2000);
    const there = new DbRoomStore(api.db, clock, 2000);
    const k = night('2026-07-02', 'TWN');
    expect(await soldOn(here, k)).toBe(0);
    expect(await there.consume(CITY, [{ key: k, capacity: 10 }], 3)).toBe(true);
    expect(await soldOn(here, k)).toBe(0);
    now += 2001;
    expect(await soldOn(here, k)).toBe(3);
  });

  it('does not keep a read that a sale overtook, nor one made while a sale is open', async () => {
    const store = new DbRoomStore(api.db, clock, 60_000);
    const k = night('2026-07-03', 'TRP');
    await Promise.all([soldOn(store, k), store.consume(CITY, [{ key: k, capacity: 10 }], 4)]);
    expect(await soldOn(store, k)).toBe(4);
    const fresh = new DbRoomStore(api.db, clock, 60_000);
    const other = new DbRoomStore(api.db);
    let release!: () => void;
    const open = fresh.during(() => new Promise<void>((r) => { release = r; }));
    expect(await soldOn(fresh, k)).toBe(4);
    await other.consume(CITY, [{ key: k, capacity: 10 }], 1); // committed by "another server" while this one's sale is open
    expect(await soldOn(fresh, k)).toBe(5);
    release();
    await open;
  });

  it("takes a booking's own sale into the nights it sold and keeps every other night; a write that failed drops them all", async () => {
    const here = new DbRoomStore(api.db, clock, 60_000);
    const there = new DbRoomStore(api.db, clock, 60_000);
    const mine = night('2026-07-20', 'QAD'), theirs = night('2026-07-20', 'QUI');
    expect(await soldOn(here, mine)).toBe(0);
    await there.consume(CITY, [{ key: theirs, capacity: 10 }], 2); // another server's sale, unseen here for the TTL
    const booking = hotelBookingWrite(CITY, [mine], () => 10, 3);
    await here.during(() => writeHotelBooking(api.db, null, booking, 'No rooms left'), (w) => ({ cityId: CITY, nights: w.soldAfter }));
    expect(await soldOn(here, mine)).toBe(3);
    expect(await soldOn(here, theirs)).toBe(0); // still the kept read: the booking dropped nothing else
    await expect(here.during(() => Promise.reject(new Error('connection lost')), () => ({ cityId: CITY, nights: [] }))).rejects.toThrow('connection lost');
    expect(await soldOn(here, theirs)).toBe(2);
    expect(await soldOn(here, mine)).toBe(3);
  });

  it('sells every night of a stay at once, or none of them inside a transaction when one is short', async () => {
    const store = new DbRoomStore(api.db);
    const stay = ['2026-07-10', '2026-07-11', '2026-07-12'].map((d) => night(d, 'STE'));
    const sold = () => Promise.all(stay.map((k) => soldOn(store, k)));
    expect(await store.consume(CITY, stay.map((key) => ({ key, capacity: 5 })), 2)).toBe(true);
    expect(await sold()).toEqual([2, 2, 2]);
    // The middle night may take only one more: the whole sale is refused and rolled back.
    const short = stay.map((key, i) => ({ key, capacity: i === 1 ? 3 : 5 }));
    await expect(api.db.transaction(async (tx) => {
      if (!(await store.bind(tx).consume(CITY, short, 2))) throw new Error('short');
    })).rejects.toThrow('short');
    expect(await sold()).toEqual([2, 2, 2]);
    expect(await store.consume(CITY, stay.map((key) => ({ key, capacity: 6 })), 6)).toBe(false);
    await store.release(stay, 2);
    expect(await sold()).toEqual([0, 0, 0]);
    await store.release(stay, 2);
    expect(await sold()).toEqual([0, 0, 0]);
  });
});
