/**
 * Seats chosen through us across an airline's change. A seat is kept under its segment's key (flight number and
 * local departure day), so when the airline renumbers a flight or moves it to another day, the booking's seat holds
 * (seat_assignments) and its seat and bag lines (booking_extras) take the new key with the same designators: the
 * flight's map under its new number shows them taken, and an accepted change finds them on the booking's segment.
 * A seat someone else already holds under the new key cannot follow; it is released like the seats of a flight the
 * booking leaves. When a booking moves to other flights (a rebooking), its extras on flights it no longer takes are
 * released and their seats freed; what was paid for them after booking comes back at once, and what the fare paid is
 * recorded on the booking's history as due back (`extras_refund_due`), so that price is not lost.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { segmentKey } from '../../contract/seat-maps';
import { toMoney } from '../../contract/money';
import type { FlightOfferDetail } from '../../contract/flights';
import type { DbOrTx } from '../db/client';
import { bookingExtras, extraPurchases, seatAssignments } from '../db/schema';
import { recordEvent, type BookingRow } from '../bookings/records';
import { refundReleasedExtras } from '../flight-extras/refunds';

export interface SegmentRef { flightNo: string; date: string }
type ExtraRow = typeof bookingExtras.$inferSelect;

const ACTIVE = ['confirmed', 'awaiting_payment'] as const;
export const EXTRAS_REFUND_DUE = 'extras_refund_due';

const onSegment = (s: SegmentRef) => and(eq(seatAssignments.flightNo, s.flightNo), eq(seatAssignments.date, s.date));
const linesOn = (bookingId: number, s: SegmentRef) => and(eq(bookingExtras.bookingId, bookingId), eq(bookingExtras.flightNo, s.flightNo), eq(bookingExtras.date, s.date));

/** Every flight of an offer by its seat key. */
export const flightsOfOffer = (o: Pick<FlightOfferDetail, 'journeys'>): SegmentRef[] =>
  o.journeys.flatMap((j) => j.segments).map((s) => ({ flightNo: s.flight_number, date: s.departure_at.slice(0, 10) }));

/**
 * Moves the booking's seats and extras from each of `from` (the keys the flight was known by) to `to`. Answers the
 * seats that could not follow (their lines released, recorded as due back when paid).
 */
export async function moveBookingSeats(tx: DbOrTx, b: BookingRow, from: readonly SegmentRef[], to: SegmentRef, at: Date): Promise<string[]> {
  const sources = from.filter((f) => segmentKey(f.flightNo, f.date) !== segmentKey(to.flightNo, to.date));
  const stranded: ExtraRow[] = [];
  for (const f of sources) {
    const seats = await tx.select().from(seatAssignments).where(and(eq(seatAssignments.bookingId, b.id), onSegment(f)));
    for (const seat of seats) {
      const [clash] = await tx.select({ id: seatAssignments.id }).from(seatAssignments)
        .where(and(onSegment(to), or(eq(seatAssignments.designator, seat.designator), eq(seatAssignments.passengerId, seat.passengerId)))).limit(1);
      if (!clash) {
        await tx.update(seatAssignments).set({ flightNo: to.flightNo, date: to.date }).where(eq(seatAssignments.id, seat.id));
        continue;
      }
      await tx.delete(seatAssignments).where(eq(seatAssignments.id, seat.id));
      stranded.push(...await tx.update(bookingExtras).set({ status: 'released' }).where(and(
        linesOn(b.id, f), eq(bookingExtras.passengerId, seat.passengerId), eq(bookingExtras.kind, 'seat'),
        eq(bookingExtras.designator, seat.designator), inArray(bookingExtras.status, [...ACTIVE]),
      )).returning());
    }
    // Bags and the lines a later seat replaced go with the flight too (a replaced seat may be given back there).
    await tx.update(bookingExtras).set({ flightNo: to.flightNo, date: to.date }).where(and(linesOn(b.id, f), ne(bookingExtras.status, 'released')));
  }
  await recordRefundDue(tx, b, stranded, at);
  return stranded.map((l) => l.designator!);
}

/**
 * A booking moved onto `kept` flights: its seats and bags on any other flight are released and their seats freed;
 * what was paid for them is recorded as due back. Answers the released lines.
 */
export async function releaseExtrasOffFlights(tx: DbOrTx, b: BookingRow, kept: readonly SegmentRef[], at: Date): Promise<ExtraRow[]> {
  const keep = new Set(kept.map((k) => segmentKey(k.flightNo, k.date)));
  const active = await tx.select().from(bookingExtras).where(and(eq(bookingExtras.bookingId, b.id), inArray(bookingExtras.status, [...ACTIVE])));
  const gone = active.filter((r) => !keep.has(segmentKey(r.flightNo, r.date)));
  if (!gone.length) return [];
  await tx.update(bookingExtras).set({ status: 'released' }).where(inArray(bookingExtras.id, gone.map((r) => r.id)));
  for (const r of gone.filter((x) => x.kind === 'seat')) {
    await tx.delete(seatAssignments).where(and(eq(seatAssignments.bookingId, b.id), eq(seatAssignments.passengerId, r.passengerId), onSegment({ flightNo: r.flightNo, date: r.date })));
  }
  await recordRefundDue(tx, b, gone, at);
  return gone;
}

/**
 * The released lines that were paid for: bought from the wallet or by card and confirmed, or chosen with the fare
 * of a booking that is paid. Free seats, lines still waiting for their payment and a hold's extras cost nothing yet.
 */
export async function paidLines(tx: DbOrTx, b: Pick<BookingRow, 'status'>, lines: readonly ExtraRow[]): Promise<ExtraRow[]> {
  const priced = lines.filter((l) => l.priceMinor > 0);
  if (!priced.length) return [];
  const purchases = await tx.select({ id: extraPurchases.id, paidWith: extraPurchases.paidWith, status: extraPurchases.status }).from(extraPurchases)
    .where(inArray(extraPurchases.id, [...new Set(priced.map((l) => l.purchaseId))]));
  const byId = new Map(purchases.map((p) => [p.id, p]));
  return priced.filter((l) => {
    const p = byId.get(l.purchaseId);
    if (!p || p.paidWith === 'free') return false;
    if (p.paidWith === 'booking') return b.status !== 'booked';
    return p.status === 'confirmed';
  });
}

/**
 * Released lines paid after booking are paid back at once; the history records what else was paid for them (the
 * fare's part of seats chosen with the booking, due back with the fare) and how much; nothing when none was.
 */
async function recordRefundDue(tx: DbOrTx, b: BookingRow, lines: readonly ExtraRow[], at: Date): Promise<void> {
  const refunded = new Set((await refundReleasedExtras(tx, b, lines, null, at)).map((l) => l.id));
  const due = (await paidLines(tx, b, lines)).filter((l) => !refunded.has(l.id));
  if (!due.length) return;
  const total = due.reduce((n, l) => n + l.priceMinor, 0);
  const what = due.map((l) => `${l.kind === 'seat' ? `seat ${l.designator}` : `${l.quantity} × ${l.weightKg} kg bag`} ${l.flightNo} ${l.date} (line ${l.id})`).join(', ');
  await recordEvent(tx, b.id, EXTRAS_REFUND_DUE, b.status, b.status, { kind: 'system' }, at, `${what}: ${due[0].currency} ${toMoney(total, due[0].currency).amount} due back`);
}
