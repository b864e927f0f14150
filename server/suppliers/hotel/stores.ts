/** In-memory room-night inventory for one process (engine tests, the bench). The database one is server/hotels/inventory.ts. */
import { nightKey, type RoomInventoryStore, type RoomNightKey } from './types';

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
  async consume(_cityId: number, key: RoomNightKey, rooms: number, capacity: number): Promise<boolean> {
    const k = nightKey(key);
    const now = this.counts.get(k) ?? 0;
    if (now + rooms > capacity) return false;
    this.counts.set(k, now + rooms);
    return true;
  }
  async release(key: RoomNightKey, rooms: number): Promise<void> {
    const k = nightKey(key);
    this.counts.set(k, Math.max(0, (this.counts.get(k) ?? 0) - rooms));
  }
}
