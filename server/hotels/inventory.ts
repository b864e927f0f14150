import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { hotelRoomNights } from '../db/schema';
import { nightKey, type RoomInventoryStore, type RoomNightKey } from '../suppliers/hotel/types';

/**
 * The hotel supplier's room-night inventory in the database. `consume` is one conditional upsert, so two clients
 * racing for the last room cannot both have it; `release` never goes below zero. Bound to a transaction, the
 * nights of one booking are sold together or not at all.
 */
export class DbRoomStore implements RoomInventoryStore {
  constructor(private readonly db: DbOrTx) {}

  async sold(cityId: number, from: string, to: string): Promise<Map<string, number>> {
    const rows = await this.db.select().from(hotelRoomNights)
      .where(and(eq(hotelRoomNights.cityId, cityId), gte(hotelRoomNights.date, from), lt(hotelRoomNights.date, to)));
    return new Map(rows.filter((r) => r.sold > 0).map((r) => [nightKey({ hotel_id: r.hotelId, room_code: r.roomCode, date: r.date }), r.sold]));
  }

  async consume(cityId: number, key: RoomNightKey, rooms: number, capacity: number): Promise<boolean> {
    if (rooms > capacity) return false;
    const rows = await this.db.insert(hotelRoomNights)
      .values({ cityId, hotelId: key.hotel_id, roomCode: key.room_code, date: key.date, sold: rooms })
      .onConflictDoUpdate({
        target: [hotelRoomNights.hotelId, hotelRoomNights.roomCode, hotelRoomNights.date],
        set: { sold: sql`${hotelRoomNights.sold} + ${rooms}` },
        setWhere: sql`${hotelRoomNights.sold} + ${rooms} <= ${capacity}`,
      })
      .returning({ sold: hotelRoomNights.sold });
    return rows.length === 1;
  }

  async release(key: RoomNightKey, rooms: number): Promise<void> {
    await this.db.update(hotelRoomNights).set({ sold: sql`greatest(0, ${hotelRoomNights.sold} - ${rooms})` })
      .where(and(eq(hotelRoomNights.hotelId, key.hotel_id), eq(hotelRoomNights.roomCode, key.room_code), eq(hotelRoomNights.date, key.date)));
  }
}
