/**
 * The audit trail of hotel bookings: every status change recorded in the transaction that makes it (so a change
 * and its record commit together or not at all), and read back for staff and the agent who booked.
 */
import { asc, eq } from 'drizzle-orm';
import type { HotelBookingEvent } from '../../contract/hotels';
import type { DbOrTx } from '../db/client';
import { hotelBookingEvents, users } from '../db/schema';
import type { Actor } from '../bookings/records';

export type HotelEventAction = 'created' | 'paid' | 'payment_failed' | 'payment_canceled' | 'canceled' | 'expired';

export interface HotelEvent { action: HotelEventAction; from: string | null; to: string; actor: Actor; at: Date; note?: string | null }

/** The event's row, but for the booking it belongs to. */
export function hotelEventValues(e: HotelEvent) {
  return {
    action: e.action, fromStatus: e.from, toStatus: e.to,
    actorId: e.actor.kind === 'user' ? e.actor.user.id : null,
    actorKind: e.actor.kind === 'user' ? e.actor.user.role : e.actor.kind,
    note: e.note ?? null, createdAt: e.at,
  };
}

export async function recordHotelEvent(db: DbOrTx, e: HotelEvent & { bookingId: number }) {
  await db.insert(hotelBookingEvents).values({ hotelBookingId: e.bookingId, ...hotelEventValues(e) });
}

export async function hotelBookingTrail(db: DbOrTx, bookingId: number): Promise<HotelBookingEvent[]> {
  const rows = await db.select({ e: hotelBookingEvents, name: users.name }).from(hotelBookingEvents)
    .leftJoin(users, eq(users.id, hotelBookingEvents.actorId))
    .where(eq(hotelBookingEvents.hotelBookingId, bookingId)).orderBy(asc(hotelBookingEvents.id));
  return rows.map(({ e, name }) => ({
    action: e.action, from_status: e.fromStatus, to_status: e.toStatus, actor: e.actorKind, actor_name: name ?? null, at: e.createdAt.toISOString(), note: e.note,
  }));
}
