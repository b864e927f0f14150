/**
 * Staff keep a package's departures: add a date with its seats, change the date or the seats (the seats already
 * booked stay booked, so the total may not drop below them: one conditional update), delete one nobody booked.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { PKM, type PackageDepartureInput } from '../../contract/package-bookings';
import type { AppContext } from '../context';
import { packageBookings, packageDepartures } from '../db/schema';
import { conflict, notFound, validationError } from '../http/errors';
import { departureToApi, loadPackage } from './packages';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const clash = (err: unknown) => { if (isUniqueViolation(err)) throw validationError({ departure_date: [PKM.departureExists] }); throw err; };

async function packageOf(ctx: AppContext, input: Pick<PackageDepartureInput, 'kind' | 'package_id'>) {
  const p = await loadPackage(ctx.db, input.kind, input.package_id);
  if (!p) throw validationError({ package_id: [PKM.packageNotFound] });
  return p;
}

export async function addDeparture(ctx: AppContext, input: PackageDepartureInput) {
  const p = await packageOf(ctx, input);
  const [row] = await ctx.db.insert(packageDepartures).values({
    packageKind: input.kind, packageId: input.package_id, departureDate: input.departure_date, seatsTotal: input.seats_total, seatsAvailable: input.seats_total,
  }).returning().catch(clash);
  return departureToApi(row, p.days);
}

export async function updateDeparture(ctx: AppContext, id: number, input: PackageDepartureInput) {
  const [current] = await ctx.db.select().from(packageDepartures).where(eq(packageDepartures.id, id)).limit(1);
  if (!current || current.packageKind !== input.kind || current.packageId !== input.package_id) throw notFound(PKM.departureNotFound);
  const p = await packageOf(ctx, input);
  // booked = total - available, read and kept in the row itself, so a booking made meanwhile still counts.
  const [row] = await ctx.db.update(packageDepartures).set({
    departureDate: input.departure_date, seatsTotal: input.seats_total,
    seatsAvailable: sql`${input.seats_total} - (${packageDepartures.seatsTotal} - ${packageDepartures.seatsAvailable})`, updatedAt: ctx.now(),
  }).where(and(eq(packageDepartures.id, id), gte(sql`${input.seats_total}`, sql`${packageDepartures.seatsTotal} - ${packageDepartures.seatsAvailable}`))).returning().catch(clash);
  if (!row) throw validationError({ seats_total: [PKM.seatsBelowBooked] });
  return departureToApi(row, p.days);
}

export async function deleteDeparture(ctx: AppContext, id: number) {
  const [{ n }] = await ctx.db.select({ n: count() }).from(packageBookings).where(eq(packageBookings.departureId, id));
  if (n > 0) throw conflict(PKM.departureBooked);
  const [row] = await ctx.db.delete(packageDepartures).where(eq(packageDepartures.id, id)).returning();
  if (!row) throw notFound(PKM.departureNotFound);
}
