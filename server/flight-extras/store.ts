/**
 * Extras as stored: a purchase and its lines, written in the caller's transaction with the seats they hold
 * (seat_assignments, whose unique key lets one booking have a seat), confirmed when paid, and released when
 * never paid or when their booking closes, so the seats are free again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { segmentKey } from '../../contract/seat-maps';
import type { BookingExtra } from '../../contract/flight-extras';
import { toMoney } from '../../contract/money';
import type { DbOrTx } from '../db/client';
import { bookingExtras, extraPurchases, seatAssignments } from '../db/schema';
import { ApiError } from '../http/errors';
import { holdSeat } from '../seat-maps/store';
import { holdingKey, type Holding, type PricedExtra } from './choose';
import { XM } from './messages';

export type ExtraRow = typeof bookingExtras.$inferSelect;
export type PurchaseRow = typeof extraPurchases.$inferSelect;
type PurchaseValues = Pick<PurchaseRow, 'idempotencyKey' | 'paidWith' | 'status' | 'amountMinor' | 'currency'>;

const ACTIVE = ['confirmed', 'awaiting_payment'] as const;

/** The booking's seats and bags still standing (bought, or waiting for their payment). */
export async function activeExtras(db: DbOrTx, bookingId: number): Promise<(ExtraRow & { paidWith: PurchaseRow['paidWith'] })[]> {
  const rows = await db.select({ e: bookingExtras, paidWith: extraPurchases.paidWith }).from(bookingExtras)
    .innerJoin(extraPurchases, eq(extraPurchases.id, bookingExtras.purchaseId))
    .where(and(eq(bookingExtras.bookingId, bookingId), inArray(bookingExtras.status, [...ACTIVE])))
    .orderBy(bookingExtras.id);
  return rows.map((r) => ({ ...r.e, paidWith: r.paidWith }));
}

export function holdingOf(rows: readonly ExtraRow[]): Holding {
  const held: Holding = { seats: new Map(), bags: new Map() };
  for (const r of rows) {
    const key = holdingKey(segmentKey(r.flightNo, r.date), r.passenger);
    if (r.kind === 'seat') held.seats.set(key, r.designator!);
    else held.bags.set(key, (held.bags.get(key) ?? 0) + r.quantity);
  }
  return held;
}

/**
 * The wire's extra. Extras chosen with the booking are paid with its fare: waiting for payment while the booking
 * is (a free one is the traveller's at once).
 */
export function toBookingExtra(r: ExtraRow & { paidWith: PurchaseRow['paidWith'] }, bookingStatus: string): BookingExtra {
  const status = r.paidWith === 'booking' ? (bookingStatus === 'booked' && r.priceMinor > 0 ? 'awaiting_payment' : 'confirmed') : r.status === 'awaiting_payment' ? 'awaiting_payment' : 'confirmed';
  const base = { passenger: r.passenger, segment_id: segmentKey(r.flightNo, r.date), price: toMoney(r.priceMinor, r.currency), status } as const;
  return r.kind === 'seat'
    ? { kind: 'seat', ...base, designator: r.designator! }
    : { kind: 'bag', ...base, service_id: r.serviceId!, weight_kg: r.weightKg!, quantity: r.quantity };
}

/**
 * Writes a purchase and its lines in `tx`, each seat held for its passenger (a seat the passenger held on that
 * segment is given up for it). A seat another booking holds throws 409, which rolls the caller's transaction back.
 * A line priced from a remote supplier's service (`supplierServiceId`) holds no seat of ours: that supplier keeps
 * its own seat inventory and books the seat with its order.
 */
export async function writeExtras(
  tx: DbOrTx, p: {
    bookingId: number; passengerIds: readonly number[]; purchase: PurchaseValues; lines: readonly (PricedExtra & { supplierServiceId?: string })[];
    status: 'confirmed' | 'awaiting_payment'; at: Date;
  },
): Promise<PurchaseRow> {
  const [purchase] = await tx.insert(extraPurchases).values({ bookingId: p.bookingId, ...p.purchase, createdAt: p.at }).returning();
  for (const l of p.lines) {
    const passengerId = p.passengerIds[l.passenger];
    let fareMinor = p.purchase.paidWith === 'booking' ? l.priceMinor : 0;
    if (l.kind === 'seat' && !l.supplierServiceId) {
      const [old] = await tx.update(bookingExtras).set({ status: 'replaced', replacedBy: purchase.id })
        .where(and(eq(bookingExtras.bookingId, p.bookingId), eq(bookingExtras.passengerId, passengerId), eq(bookingExtras.kind, 'seat'),
          eq(bookingExtras.flightNo, l.flightNo), eq(bookingExtras.date, l.date), inArray(bookingExtras.status, [...ACTIVE])))
        .returning();
      if (old) await freeSeat(tx, old);
      // The fare's part of a paid seat goes over to the seat in its place (see seatSwapMoney in refunds.ts).
      if (old && p.purchase.paidWith !== 'booking') fareMinor = Math.min(l.priceMinor, old.fareMinor);
      const held = await holdSeat(tx, { flightNo: l.flightNo, date: l.date, designator: l.designator, bookingId: p.bookingId, passengerId });
      if (held === 'taken') throw new ApiError(409, XM.taken);
    }
    await tx.insert(bookingExtras).values({
      bookingId: p.bookingId, purchaseId: purchase.id, passengerId, passenger: l.passenger, flightNo: l.flightNo, date: l.date, kind: l.kind,
      designator: l.kind === 'seat' ? l.designator : null, serviceId: l.kind === 'bag' ? l.serviceId : null, weightKg: l.kind === 'bag' ? l.weightKg : null,
      quantity: l.kind === 'bag' ? l.quantity : 1, priceMinor: l.priceMinor, fareMinor, currency: p.purchase.currency, status: p.status, createdAt: p.at,
    });
  }
  return purchase;
}

const freeSeat = (tx: DbOrTx, r: ExtraRow) => tx.delete(seatAssignments).where(and(
  eq(seatAssignments.bookingId, r.bookingId), eq(seatAssignments.passengerId, r.passengerId), eq(seatAssignments.flightNo, r.flightNo),
  eq(seatAssignments.date, r.date), eq(seatAssignments.designator, r.designator!),
));

/** A paid purchase: its lines are the traveller's. False when it was no longer waiting (released meanwhile). */
export async function confirmPurchase(tx: DbOrTx, purchaseId: number): Promise<boolean> {
  const [p] = await tx.update(extraPurchases).set({ status: 'confirmed' })
    .where(and(eq(extraPurchases.id, purchaseId), eq(extraPurchases.status, 'awaiting_payment'))).returning({ id: extraPurchases.id });
  if (!p) return false;
  await tx.update(bookingExtras).set({ status: 'confirmed' }).where(and(eq(bookingExtras.purchaseId, purchaseId), eq(bookingExtras.status, 'awaiting_payment')));
  return true;
}

/**
 * A purchase never paid: its seats are freed and the seats it replaced given back to their passengers where
 * nobody took them meanwhile. Once only (a conditional update).
 */
export async function releasePurchase(tx: DbOrTx, purchaseId: number): Promise<boolean> {
  const [p] = await tx.update(extraPurchases).set({ status: 'failed' })
    .where(and(eq(extraPurchases.id, purchaseId), eq(extraPurchases.status, 'awaiting_payment'))).returning({ id: extraPurchases.id });
  if (!p) return false;
  const lines = await tx.update(bookingExtras).set({ status: 'released' })
    .where(and(eq(bookingExtras.purchaseId, purchaseId), eq(bookingExtras.status, 'awaiting_payment'))).returning();
  for (const l of lines) if (l.kind === 'seat') await freeSeat(tx, l);
  const replaced = await tx.select().from(bookingExtras).where(and(eq(bookingExtras.replacedBy, purchaseId), eq(bookingExtras.status, 'replaced')));
  for (const r of replaced) {
    const back = await holdSeat(tx, { flightNo: r.flightNo, date: r.date, designator: r.designator!, bookingId: r.bookingId, passengerId: r.passengerId });
    await tx.update(bookingExtras).set(back === 'held' ? { status: 'confirmed', replacedBy: null } : { status: 'released' }).where(eq(bookingExtras.id, r.id));
  }
  return true;
}

/** A closed booking (canceled, voided, refunded, rejected) gives its seats back; unpaid purchases are released. */
export async function releaseBookingSeats(tx: DbOrTx, bookingId: number): Promise<void> {
  await tx.delete(seatAssignments).where(eq(seatAssignments.bookingId, bookingId));
  const open = await tx.select({ id: extraPurchases.id }).from(extraPurchases)
    .where(and(eq(extraPurchases.bookingId, bookingId), eq(extraPurchases.status, 'awaiting_payment')));
  for (const p of open) {
    await tx.update(extraPurchases).set({ status: 'failed' }).where(eq(extraPurchases.id, p.id));
    await tx.update(bookingExtras).set({ status: 'released' }).where(and(eq(bookingExtras.purchaseId, p.id), eq(bookingExtras.status, 'awaiting_payment')));
  }
}

/**
 * A booking moved onto other flights (a date change, a schedule change's rebooking): its seats and bags on
 * flights it no longer takes are released, their seats freed.
 */
export async function releaseExtrasOffItinerary(tx: DbOrTx, bookingId: number, flights: readonly { flightNo: string; date: string }[]): Promise<void> {
  const kept = new Set(flights.map((f) => segmentKey(f.flightNo, f.date)));
  const active = await tx.select().from(bookingExtras).where(and(eq(bookingExtras.bookingId, bookingId), inArray(bookingExtras.status, [...ACTIVE])));
  for (const r of active) {
    if (kept.has(segmentKey(r.flightNo, r.date))) continue;
    await tx.update(bookingExtras).set({ status: 'released' }).where(eq(bookingExtras.id, r.id));
    if (r.kind === 'seat') await freeSeat(tx, r);
  }
}
