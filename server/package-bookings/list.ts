/**
 * GET /package-bookings: staff with the bookings permission see every booking, filtered (status, kind,
 * reference, departure dates); customers and agents only their own, an agency its users' too. Each row says who booked it.
 */
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { PackageBookingListRow, PackageBookingStatus, PackageKind } from '../../contract/package-bookings';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import { packageBookings, users } from '../db/schema';
import { serializePackageBooking } from './service';
import { ownRowsScope } from '../agency/scope';

export interface PackageBookingFilters { page: number; per_page: number; status?: PackageBookingStatus; kind?: PackageKind; reference?: string; from?: string; to?: string }

export async function listPackageBookings(ctx: AppContext, user: SessionUser, f: PackageBookingFilters) {
  const conds: SQL[] = [];
  if (!can(user.role, 'bookings.read')) conds.push(ownRowsScope(user, packageBookings));
  if (f.status) conds.push(eq(packageBookings.status, f.status));
  if (f.kind) conds.push(eq(packageBookings.packageKind, f.kind));
  if (f.reference) conds.push(eq(packageBookings.reference, f.reference.toUpperCase()));
  if (f.from) conds.push(gte(packageBookings.departureDate, f.from));
  if (f.to) conds.push(lte(packageBookings.departureDate, f.to));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await ctx.db.select({ b: packageBookings, name: users.name }).from(packageBookings).leftJoin(users, eq(users.id, packageBookings.userId))
    .where(where).orderBy(desc(packageBookings.id)).limit(f.per_page).offset((f.page - 1) * f.per_page);
  const [{ n }] = await ctx.db.select({ n: count() }).from(packageBookings).where(where);
  const data: PackageBookingListRow[] = rows.map(({ b, name }) => ({ ...serializePackageBooking(b), booked_by: b.userId ? { id: b.userId, name: name ?? '' } : null }));
  return { data, meta: { page: f.page, per_page: f.per_page, total: n } };
}
