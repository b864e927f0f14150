/**
 * Money never moves for a booking whose supplier no longer sells it at its price. A supplier whose price may move
 * while a booking waits for its money (a remote supplier: Duffel) is asked just before the wallet is debited or the
 * card checkout opens: a changed price answers 409 with the new fare, as a booking does; a fare gone, 409.
 */
import type { AppContext } from '../context';
import { conflict } from '../http/errors';
import { bookingPricing } from '../pricing';
import type { Order } from '../suppliers/flight/types';
import { flightSuppliers } from './suppliers';
import { BM } from '../../contract/bookings';
import { fareSummary, type BookingRow } from './records';
import { PriceChangedError } from './create';

export async function confirmWithSupplier(ctx: AppContext, b: BookingRow): Promise<void> {
  const supplier = flightSuppliers(ctx).get(b.supplier);
  if (!supplier?.checkBeforePayment || b.status !== 'booked') return;
  const { pricing } = await bookingPricing(ctx.db, b.userId !== null && b.channel === 'agent' ? { id: b.userId, agencyId: b.agencyId, role: 'agent' } : null);
  const check = await supplier.checkBeforePayment(b.supplierOrder as Order, { pricing });
  if (check.status === 'unavailable') throw conflict(BM.unavailable);
  if (check.status === 'price_changed') throw new PriceChangedError(fareSummary(check.offer, b.agentMarkupMinor, b.currency));
}
