/**
 * Suppliers that refund by their own quote (Duffel's order cancellation): a void or a refund of their booking gives
 * back what the supplier's quote refunds, converted at the rate the booking was sold at, never more than was paid;
 * the quote's id travels with the order so the supplier confirms the quote that was shown.
 */
import type { AppContext } from '../context';
import type { BookingRow } from '../bookings/records';
import { flightSuppliers } from '../bookings/suppliers';
import type { CancellationQuote, Order } from '../suppliers/flight/types';

export async function supplierQuote(ctx: AppContext, b: BookingRow): Promise<CancellationQuote | null> {
  const supplier = flightSuppliers(ctx).get(b.supplier);
  const order = b.supplierOrder as Order | null;
  if (!supplier?.cancellationQuote || !order?.remote) return null;
  return supplier.cancellationQuote(order);
}

/** What comes back of `paid` by the supplier's quote. */
export const quotedRefund = (paid: number, q: CancellationQuote) => Math.max(0, Math.min(paid, q.refund_minor_pkr));

/** The order with the quote to confirm. */
export const withQuote = (order: Order, q: CancellationQuote | null): Order =>
  (q && order.remote ? { ...order, remote: { ...order.remote, cancellation_id: q.id } } : order);
