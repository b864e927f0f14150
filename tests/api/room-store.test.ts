import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { DbRoomStore } from '../../server/hotels/inventory';
import { nightKey, type RoomNightKey } from '../../server/suppliers/hotel/types';

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
    expect(await store.consume(CITY, k, 2, 10)).toBe(true);
    expect(await soldOn(store, k)).toBe(2);
    await store.during(() => api.db.transaction(async (tx) => { await store.bind(tx).release(k, 1); }));
    expect(await soldOn(store, k)).toBe(1);
    expect(await store.consume(CITY, k, 10, 10)).toBe(false);
    expect(await soldOn(store, k)).toBe(1);
  });

  it("sees another server's sales once its TTL has passed, not before", async () => {
    const here = new DbRoomStore(api.db, clock, 2000);
    const there = new DbRoomStore(api.db, clock, 2000);
    const k = night('2026-07-02', 'TWN');
    expect(await soldOn(here, k)).toBe(0);
    expect(await there.consume(CITY, k, 3, 10)).toBe(true);
    expect(await soldOn(here, k)).toBe(0);
    now += 2001;
    expect(await soldOn(here, k)).toBe(3);
  });

  it('does not keep a read that a sale overtook, nor one made while a sale is open', async () => {
    const store = new DbRoomStore(api.db, clock, 60_000);
    const k = night('2026-07-03', 'TRP');
    await Promise.all([soldOn(store, k), store.consume(CITY, k, 4, 10)]);
    expect(await soldOn(store, k)).toBe(4);
    const fresh = new DbRoomStore(api.db, clock, 60_000);
    const other = new DbRoomStore(api.db);
    let release!: () => void;
    const open = fresh.during(() => new Promise<void>((r) => { release = r; }));
    expect(await soldOn(fresh, k)).toBe(4);
    await other.consume(CITY, k, 1, 10); // committed by "another server" while this one's sale is open
    expect(await soldOn(fresh, k)).toBe(5);
    release();
    await open;
  });
});
