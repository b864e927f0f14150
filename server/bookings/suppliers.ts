import type { AppContext } from '../context';
import type { FlightSupplier } from '../suppliers/flight/types';
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { DbOrderStore } from './order-store';
import { DbSeatStore } from './seat-store';
import { SHARED_SOLD_TTL_MS, type SeatsVersion } from './sold-counts';
import { getTableName } from 'drizzle-orm';
import { flightSeats } from '../db/schema';
import { writeWatchOf } from '../db/write-watch';
import { holdSeatsWithOrder } from './seats-and-order';
import { DuffelFlightSupplier } from '../suppliers/duffel/supplier';

/**
 * Where the booking service finds flight suppliers by code (the `supplier` of POST bookings and of
 * GET /flight/{id}/{supplier}/{isSooperFlight}). The app composition registers them once per context:
 *   registerFlightSuppliers(ctx, [embedded, groupTickets])
 * or installs a factory for every context (setFlightSupplierFactory). Tests register their own.
 */
export interface FlightSuppliers {
  get(code: string): FlightSupplier | undefined;
  list(): FlightSupplier[];
}

const registries = new WeakMap<AppContext, FlightSuppliers>();
let factory: ((ctx: AppContext) => FlightSupplier[]) | null = null;

export function registerFlightSuppliers(ctx: AppContext, suppliers: FlightSupplier[]): FlightSuppliers {
  const byCode = new Map(suppliers.map((s) => [s.code, s]));
  const reg: FlightSuppliers = { get: (code) => byCode.get(code), list: () => [...byCode.values()] };
  registries.set(ctx, reg);
  return reg;
}

/** A default for contexts that registered nothing (the server's main context). */
export function setFlightSupplierFactory(make: (ctx: AppContext) => FlightSupplier[]) {
  factory = make;
}

export function flightSuppliers(ctx: AppContext): FlightSuppliers {
  const reg = registries.get(ctx);
  if (reg) return reg;
  return registerFlightSuppliers(ctx, (factory ?? defaultSuppliers)(ctx));
}

/** flight_seats' version in the database's write watch while it hears every writer (see SeatsVersion). */
export function seatsVersion(db: object): SeatsVersion {
  let seats: { readonly version: number } | undefined;
  return () => {
    const watch = writeWatchOf(db); // undefined while the notices cannot be heard
    if (!watch) return null;
    seats ??= watch.counter([getTableName(flightSeats)]);
    return seats.version;
  };
}

/**
 * The embedded supplier with seats and orders in the database (a sale and its order in one statement, other
 * changes in one transaction) and the context's clock; and each real supplier whose variables are set (Duffel:
 * DUFFEL_ACCESS_TOKEN). Another supplier is one more line here and one more module under suppliers/.
 */
export function defaultSuppliers(ctx: AppContext): FlightSupplier[] {
  return [embeddedSupplier(ctx), ...(ctx.config.duffel ? [new DuffelFlightSupplier(ctx.config.duffel, ctx.now)] : [])];
}

function embeddedSupplier(ctx: AppContext): FlightSupplier {
  // On an embedded database no other server sells seats, so sold counts can be kept until this server sells.
  const soldTtl = ctx.config.databaseUrl ? SHARED_SOLD_TTL_MS : 60_000;
  const seats = new DbSeatStore(ctx.db, () => ctx.now().getTime(), soldTtl, undefined, undefined, ctx.config.databaseUrl ? seatsVersion(ctx.db) : undefined);
  const orders = new DbOrderStore(ctx.db, 'safar', ctx.now);
  return new EmbeddedFlightSupplier({
    seats, orders, clock: () => ctx.now().getTime(), secret: ctx.config.appKey,
    transaction: (work) => seats.during((bind) => ctx.db.transaction((tx) => work({ seats: bind(tx), orders: orders.bind(tx) }))),
    holdSeats: holdSeatsWithOrder(ctx.db, seats, orders),
  });
}
