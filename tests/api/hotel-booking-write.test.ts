import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { hotelBookingEvents, hotelBookings } from '../../server/db/schema';
import { writeHotelBooking, type HotelBookingWrite } from '../../server/hotels/booking-write';
import { hotelBookingWrite } from '../support/hotels';
import { DbRoomStore } from '../../server/hotels/inventory';
import { ApiError } from '../../server/http/errors';
import { nightKey, type RoomNightKey } from '../../server/suppliers/hotel/types';

/** The one statement that sells a stay's room nights and writes its booking: all of it, or none of it. */
const api = await setupApi();
const CITY = 104515;
const night = (date: string): RoomNightKey => ({ hotel_id: `${CITY}-7`, room_code: 'TWN', date });
const STAY = ['2026-08-10', '2026-08-11', '2026-08-12'].map(night);
const store = new DbRoomStore(api.db);
const sold = async () => {
  const counts = await store.sold(CITY, STAY[0].date, '2026-08-31');
  return STAY.map((k) => counts.get(nightKey(k)) ?? 0);
};

const aWrite = (capacity: (i: number) => number, rooms = 1) => hotelBookingWrite(CITY, STAY, capacity, rooms);
const bookingsOf = (w: HotelBookingWrite) => api.db.select().from(hotelBookings).where(eq(hotelBookings.reference, w.booking.reference));
const refused = async (run: Promise<unknown>) => {
  const err = await run.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(409);
  expect((err as ApiError).message).toBe('No rooms left');
};

describe('writeHotelBooking', () => {
  it('sells every night and writes the booking and its event in one statement, read back as drizzle reads the table, with each night\'s sold count after it', async () => {
    const w = aWrite(() => 3);
    const { row, soldAfter } = await writeHotelBooking(api.db, null, w, 'No rooms left');
    expect([...soldAfter].sort((a, b) => a.key.date.localeCompare(b.key.date))).toEqual(STAY.map((key) => ({ key, sold: 1 })));
    expect(row).toMatchObject({ reference: w.booking.reference, status: 'pending_payment', totalMinor: 90_000, checkIn: '2026-08-10', hotel: { name: 'Test Hotel' }, refundable: true });
    expect(row.id).toEqual(expect.any(Number));
    expect(row.createdAt).toEqual(new Date('2026-07-01T09:30:00Z'));
    expect(row.holdExpiresAt).toEqual(new Date('2026-07-01T09:45:00Z'));
    expect(row).toEqual((await bookingsOf(w))[0]);
    const events = await api.db.select().from(hotelBookingEvents).where(eq(hotelBookingEvents.hotelBookingId, row.id));
    expect(events).toMatchObject([{ action: 'created', toStatus: 'pending_payment', actorKind: 'guest', note: 'card' }]);
    expect(await sold()).toEqual([1, 1, 1]);
  });

  it('sells none of the nights and writes nothing when one night is short, on its own or inside a transaction', async () => {
    const before = await sold();
    // The middle night has no room left for this booking; the others have plenty.
    const short = aWrite((i) => (i === 1 ? before[1] : 9));
    await refused(writeHotelBooking(api.db, null, short, 'No rooms left'));
    expect(await bookingsOf(short)).toEqual([]);
    expect(await sold()).toEqual(before);

    const inTx = aWrite((i) => (i === 2 ? before[2] : 9));
    await refused(api.db.transaction((tx) => writeHotelBooking(api.db, tx, inTx, 'No rooms left')));
    expect(await bookingsOf(inTx)).toEqual([]);
    expect(await sold()).toEqual(before);
  });

  it('refuses more rooms than a night has before asking the database, and the same write goes through once there is room', async () => {
    const before = await sold();
    await refused(writeHotelBooking(api.db, null, aWrite(() => 1, 2), 'No rooms left'));
    expect(await sold()).toEqual(before);
    const roomy = aWrite(() => 9, 2);
    await api.db.transaction((tx) => writeHotelBooking(api.db, tx, roomy, 'No rooms left'));
    expect(await bookingsOf(roomy)).toHaveLength(1);
    expect(await sold()).toEqual(before.map((n) => n + 2));
  });
});
