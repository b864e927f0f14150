import type { AppContext } from '../context';
import { SHARED_SOLD_TTL_MS } from '../bookings/sold-counts';
import { EmbeddedHotelSupplier } from '../suppliers/hotel/embedded';
import type { HotelSupplier } from '../suppliers/hotel/types';
import { DbRoomStore } from './inventory';

/** The hotel supplier of a context: the embedded one over the database's room nights unless one was installed. */
const suppliers = new WeakMap<AppContext, HotelSupplier>();
const stores = new WeakMap<AppContext, DbRoomStore>();

/**
 * The context's room nights, sold counts kept for search: a moment when other servers may sell too (PostgreSQL),
 * a minute on the embedded database, which this process alone writes. Bookings, cancellations and expiries sell
 * and release through it (bind, during), so what it keeps is dropped as they happen.
 */
export function hotelRoomStore(ctx: AppContext): DbRoomStore {
  let s = stores.get(ctx);
  if (!s) stores.set(ctx, (s = new DbRoomStore(ctx.db, () => ctx.now().getTime(), ctx.config.databaseUrl ? SHARED_SOLD_TTL_MS : 60_000)));
  return s;
}

export function hotelSupplier(ctx: AppContext): HotelSupplier {
  let s = suppliers.get(ctx);
  if (!s) suppliers.set(ctx, (s = new EmbeddedHotelSupplier(hotelRoomStore(ctx))));
  return s;
}

export const setHotelSupplier = (ctx: AppContext, s: HotelSupplier) => { suppliers.set(ctx, s); };
