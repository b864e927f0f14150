import type { AppContext } from '../context';
import { EmbeddedHotelSupplier } from '../suppliers/hotel/embedded';
import type { HotelSupplier } from '../suppliers/hotel/types';
import { DbRoomStore } from './inventory';

/** The hotel supplier of a context: the embedded one over the database's room nights unless one was installed. */
const suppliers = new WeakMap<AppContext, HotelSupplier>();

export function hotelSupplier(ctx: AppContext): HotelSupplier {
  let s = suppliers.get(ctx);
  if (!s) suppliers.set(ctx, (s = new EmbeddedHotelSupplier(new DbRoomStore(ctx.db))));
  return s;
}

export const setHotelSupplier = (ctx: AppContext, s: HotelSupplier) => { suppliers.set(ctx, s); };
