/**
 * Seats sold equal live passengers, whatever crashed when.
 *
 * A supplier sells seats and saves its order in one transaction (suppliers/flight), and our booking row is
 * inserted afterwards in another. A server killed in between leaves an order that holds seats for nobody; a
 * server killed between claiming a release (bookings.seats_released_at) and the supplier's cancel leaves a
 * closed booking whose order still holds seats. This job finds both once they are older than a grace period
 * (ORDER_RECONCILE_GRACE_MS, 2 minutes: longer than any booking request) and closes those orders.
 *
 * Why a reconcile job rather than writing an intent row before calling the supplier: the order row already is
 * that intent (it exists exactly when its seats are sold), so nothing new has to be written on the booking path.
 *
 * On several servers: an order is claimed by one conditional UPDATE (abandoned_at), and a booking takes its order
 * (attached_at) in the statement that inserts it (hold-write.ts), only if it was not claimed. The row lock orders the two, so
 * a booking request slower than the grace period gets 409 rather than a booking whose seats were given back.
 * Supplier cancels are themselves conditional, so two servers closing the same order release its seats once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, supplierOrders } from '../db/schema';
import type { Order } from '../suppliers/flight/types';
import { flightSuppliers } from './suppliers';

export const ORDER_RECONCILE_GRACE_MS = 2 * 60_000;

const HELD = ['booked', 'ticketed'];
const heldOrder = sql`${supplierOrders.order}->>'status' in ('booked', 'ticketed')`;

const orderOf = (supplier: string, pnr: string) => and(eq(supplierOrders.supplier, supplier), eq(supplierOrders.pnr, pnr.toUpperCase()));

/**
 * In the transaction that moves a booking onto a new order (a reissue): marks the supplier's order as taken. False
 * when the orphan-order job claimed it first (then the booking must not be saved). A supplier that keeps its orders
 * elsewhere has no row here: nothing to take, true. A new booking takes its order by the same rule in the statement
 * that inserts it (hold-write.ts).
 */
export async function attachOrder(tx: DbOrTx, supplier: string, pnr: string, at: Date): Promise<boolean> {
  const taken = await takeOrder(tx, supplier, pnr, at);
  return taken.length > 0 || noOrderToTake(tx, supplier, pnr);
}

function takeOrder(tx: DbOrTx, supplier: string, pnr: string, at: Date) {
  return tx.update(supplierOrders).set({ attachedAt: at }).where(and(orderOf(supplier, pnr), isNull(supplierOrders.abandonedAt))).returning({ id: supplierOrders.id });
}

/**
 * In the transaction that moves a booking onto a new order (a reissue): the order it replaces is no booking's
 * any more. The reissue closes it with the supplier after commit; should that fail, this job closes it once the
 * grace period is over, as it closes any order no booking took.
 */
export async function releaseReplacedOrder(tx: DbOrTx, supplier: string, pnr: string, at: Date): Promise<void> {
  await tx.update(supplierOrders).set({ attachedAt: null, updatedAt: at }).where(orderOf(supplier, pnr));
}

/** After takeOrder took nothing: true when there is no order here to take, false when the job claimed it. */
async function noOrderToTake(tx: DbOrTx, supplier: string, pnr: string): Promise<boolean> {
  const [abandoned] = await tx.select({ id: supplierOrders.id }).from(supplierOrders).where(orderOf(supplier, pnr)).limit(1);
  return !abandoned;
}

/** Tells the supplier to close an order that holds seats; its cancel/void are conditional, so twice is harmless. */
async function closeOrder(ctx: AppContext, order: Order): Promise<Order | null> {
  const supplier = flightSuppliers(ctx).get(order.supplier);
  if (!supplier) return null;
  return order.status === 'ticketed' ? supplier.void(order) : supplier.cancel(order);
}

export async function reconcileOrders(ctx: AppContext, limit = 50): Promise<{ orphans: number; unreleased: number }> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - (ctx.config.orderReconcileGraceMs ?? ORDER_RECONCILE_GRACE_MS));
  const codes = flightSuppliers(ctx).list().map((s) => s.code);
  if (codes.length === 0) return { orphans: 0, unreleased: 0 };

  // 1. Orders no booking took within the grace period. A claim whose cancel failed is retried after the grace.
  const unclaimed = or(isNull(supplierOrders.abandonedAt), lte(supplierOrders.abandonedAt, cutoff));
  const candidates = ctx.db.select({ id: supplierOrders.id }).from(supplierOrders).where(and(
    isNull(supplierOrders.attachedAt), unclaimed, lte(supplierOrders.updatedAt, cutoff), heldOrder, inArray(supplierOrders.supplier, codes),
    // An order a booking refers to without having taken it (a PNR import, rows from before attached_at) is not an orphan,
    // unless a reissue moved that booking onto another order (its PNR stays the first order's).
    // Nor is an order booked through another channel (the supplier console): it is attached when it is made.
    sql`not exists (select 1 from ${bookings} where ${bookings.pnr} = ${supplierOrders.pnr} and ${bookings.supplier} = ${supplierOrders.supplier}
      and (${bookings.reissuedAt} is null or ${bookings.supplierOrder}->>'pnr' = ${supplierOrders.pnr}))`,
  )).orderBy(asc(supplierOrders.updatedAt)).limit(limit);
  // attached_at is checked again on the row itself: a booking that took the order meanwhile wins (row lock).
  const claimed = await ctx.db.update(supplierOrders).set({ abandonedAt: now })
    .where(and(inArray(supplierOrders.id, candidates), isNull(supplierOrders.attachedAt), unclaimed))
    .returning({ order: supplierOrders.order });
  let orphans = 0;
  for (const { order } of claimed) {
    try {
      if (await closeOrder(ctx, order)) {
        orphans++;
        ctx.log.warn({ pnr: order.pnr, supplier: order.supplier }, 'canceled a supplier order no booking took (seats released)');
      }
    } catch (err) {
      ctx.log.error({ err, pnr: order.pnr }, 'orphan order cancel failed; retried later');
    }
  }

  // 2. Closed bookings whose order still holds seats: the release was claimed but never reached the supplier.
  const stuck = await ctx.db.select({ id: bookings.id, releasedAt: bookings.seatsReleasedAt, order: bookings.supplierOrder }).from(bookings).where(and(
    inArray(bookings.status, ['canceled', 'voided', 'refunded']), isNotNull(bookings.seatsReleasedAt), lte(bookings.seatsReleasedAt, cutoff),
    inArray(sql`${bookings.supplierOrder}->>'status'`, HELD), inArray(bookings.supplier, codes),
  )).orderBy(asc(bookings.seatsReleasedAt)).limit(limit);
  let unreleased = 0;
  for (const b of stuck) {
    // Re-stamped first: one server takes it per grace period, and a failing one does not block the queue.
    const [mine] = await ctx.db.update(bookings).set({ seatsReleasedAt: now })
      .where(and(eq(bookings.id, b.id), eq(bookings.seatsReleasedAt, b.releasedAt!))).returning({ id: bookings.id });
    if (!mine) continue;
    try {
      const order = await closeOrder(ctx, b.order as Order);
      if (!order) continue;
      await ctx.db.update(bookings).set({ supplierOrder: order }).where(eq(bookings.id, b.id));
      unreleased++;
      ctx.log.warn({ bookingId: b.id, pnr: order.pnr }, 'released the seats of a closed booking whose release was interrupted');
    } catch (err) {
      ctx.log.error({ err, bookingId: b.id }, 'interrupted seat release failed again; retried later');
    }
  }
  return { orphans, unreleased };
}
