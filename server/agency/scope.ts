import { eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../context';
import { bookings } from '../db/schema';
import { agencyOf, isAgencyAdmin } from './of';

/** An agency's bookings: those its branch users made for it, and its own (older rows carry no agency). */
export const agencyBookings = (agencyId: number): SQL => sql`coalesce(${bookings.agencyId}, ${bookings.userId}) = ${agencyId}`;

/** The flight bookings an agent works on: all of its agency's for the agency and its admins, its own for a booker. */
export const agentBookingsScope = (user: SessionUser): SQL => (isAgencyAdmin(user) ? agencyBookings(agencyOf(user)) : eq(bookings.userId, user.id));
