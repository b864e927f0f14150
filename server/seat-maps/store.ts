/**
 * Seats chosen through us (seat_assignments). A seat is held by one insert that the segment-and-designator key
 * lets through once: of two bookings asking for one seat at the same moment, exactly one gets it.
 */
import { and, eq, or } from 'drizzle-orm';
import { segmentKey } from '../../contract/seat-maps';
import type { DbOrTx } from '../db/client';
import { seatAssignments } from '../db/schema';

export interface SegmentRef { flightNo: string; date: string }

/** The designators chosen on each segment, by segment key (a segment with none chosen is absent). */
export async function chosenSeats(db: DbOrTx, segments: readonly SegmentRef[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (segments.length === 0) return out;
  const rows = await db.select({ flightNo: seatAssignments.flightNo, date: seatAssignments.date, designator: seatAssignments.designator })
    .from(seatAssignments)
    .where(or(...segments.map((s) => and(eq(seatAssignments.flightNo, s.flightNo), eq(seatAssignments.date, s.date)))));
  for (const r of rows) {
    const key = segmentKey(r.flightNo, r.date);
    let set = out.get(key);
    if (!set) out.set(key, (set = new Set()));
    set.add(r.designator);
  }
  return out;
}

/**
 * Holds `designator` on a segment for a booking's passenger: 'held', or 'taken' when the seat is someone else's or
 * the passenger already holds a seat on that segment (nothing changes then).
 */
export async function holdSeat(db: DbOrTx, seat: SegmentRef & { designator: string; bookingId: number; passengerId: number }): Promise<'held' | 'taken'> {
  const rows = await db.insert(seatAssignments).values(seat).onConflictDoNothing().returning({ id: seatAssignments.id });
  return rows.length ? 'held' : 'taken';
}
