/** In-memory room-night inventory for one process (engine tests, the bench). The database one is server/hotels/inventory.ts. */
import { nightKey, type NightToSell, type RoomInventoryStore, type RoomNightKey } from './types';

export class MemoryRoomStore implements RoomInventoryStore {
  private readonly counts = new Map<string, number>();
  async sold(cityId: number, from: string, to: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const [k, n] of this.counts) {
      const [hotel, , date] = k.split('|');
      if (hotel.startsWith(`${cityId}-`) && date >= from && date < to) out.set(k, n);
    }
    return out;
  }
  async consume(_cityId: number, nights: NightToSell[], rooms: number): Promise<boolean> {
    if (nights.some((n) => (this.counts.get(nightKey(n.key)) ?? 0) + rooms > n.capacity)) return false;
    for (const n of nights) this.counts.set(nightKey(n.key), (this.counts.get(nightKey(n.key)) ?? 0) + rooms);
    return true;
  }
  async release(nights: RoomNightKey[], rooms: number): Promise<void> {
    for (const key of nights) this.counts.set(nightKey(key), Math.max(0, (this.counts.get(nightKey(key)) ?? 0) - rooms));
  }
}
