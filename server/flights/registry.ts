import type { AppContext } from '../context';
import { FlightSupplierRegistry } from '../suppliers/flight';
import { flightSuppliers } from '../bookings/suppliers';

const registries = new WeakMap<AppContext, FlightSupplierRegistry>();

/**
 * One search registry per app context over the same suppliers the booking service uses; search asks those that
 * sell here (FLIGHT_SUPPLIERS), while an offer or a booking of any of them is still answered by it.
 */
export function searchRegistry(ctx: AppContext): FlightSupplierRegistry {
  let reg = registries.get(ctx);
  if (!reg) {
    reg = new FlightSupplierRegistry(flightSuppliers(ctx).list(), (supplier, err) => ctx.log.error({ err, supplier }, 'supplier search failed'), ctx.config.sellFlightsFrom);
    registries.set(ctx, reg);
  }
  return reg;
}
