import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../context';
import { bookings } from '../db/schema';
import { agencyOf, bookingAgency, isAgencyAdmin } from './of';

/** A table of things agents buy: who bought each row, and the agency it was bought for (none on older rows). */
interface Purchases { userId: AnyPgColumn; agencyId: AnyPgColumn }

/** An agency's rows: those its branch users bought for it, and its own (older rows carry no agency). */
export const agencyRows = (table: Purchases, agencyId: number): SQL => sql`coalesce(${table.agencyId}, ${table.userId}) = ${agencyId}`;

/** The rows an agent or customer works on: all of its agency's for an agency and its admins, its own otherwise. */
export const ownRowsScope = (user: SessionUser, table: Purchases): SQL =>
  (isAgencyAdmin(user) ? agencyRows(table, agencyOf(user)) : eq(table.userId, user.id));

/** The row is the user's own, or one its agency bought and the user is the agency or one of its admins. */
export const ownsOrAdministers = (user: SessionUser, row: { userId: number | null; agencyId?: number | null }): boolean =>
  row.userId !== null && (row.userId === user.id || (isAgencyAdmin(user) && bookingAgency(row) === agencyOf(user)));

/** An agency's flight bookings. */
export const agencyBookings = (agencyId: number): SQL => agencyRows(bookings, agencyId);

/** The flight bookings an agent works on: all of its agency's for the agency and its admins, its own for a booker. */
export const agentBookingsScope = (user: SessionUser): SQL => ownRowsScope(user, bookings);
