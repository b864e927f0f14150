/**
 * The hotel booking lists (GET /api/hotel-bookings): staff with the bookings permission see every booking,
 * filtered, each with the agent who booked it (the back office filters and reads by agency); customers and
 * agents see only their own, an agency and its admins all of the agency's.
 */
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { HotelBookingListRow } from '../../contract/hotels';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import { agentProfiles, hotelBookings, users } from '../db/schema';
import { serializeHotelBooking, type HotelBookingRow } from './service';
import type { ReaderLang } from '../http/lang';
import { agencyRows, ownRowsScope } from '../agency/scope';

export interface HotelBookingFilters { page: number; per_page: number; status?: HotelBookingRow['status']; reference?: string; from?: string; to?: string; agent_id?: number }

export async function listHotelBookings(ctx: AppContext, user: SessionUser, f: HotelBookingFilters, lang: ReaderLang = 'en') {
  const conds: SQL[] = [];
  if (!can(user.role, 'bookings.read')) conds.push(ownRowsScope(user, hotelBookings));
  // An agency's bookings: its own and its branch users'.
  else if (f.agent_id !== undefined) conds.push(agencyRows(hotelBookings, f.agent_id), eq(hotelBookings.channel, 'agent'));
  if (f.status) conds.push(eq(hotelBookings.status, f.status));
  if (f.reference) conds.push(eq(hotelBookings.reference, f.reference.toUpperCase()));
  // The dates are the stay's: from and to bound the check-in day.
  if (f.from) conds.push(gte(hotelBookings.checkIn, f.from));
  if (f.to) conds.push(lte(hotelBookings.checkIn, f.to));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await ctx.db
    .select({ b: hotelBookings, name: users.name, code: users.agentCode, company: agentProfiles.companyName })
    .from(hotelBookings)
    .leftJoin(users, eq(users.id, hotelBookings.userId))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, hotelBookings.userId))
    .where(where)
    .orderBy(desc(hotelBookings.id))
    .limit(f.per_page)
    .offset((f.page - 1) * f.per_page);
  const [{ n }] = await ctx.db.select({ n: count() }).from(hotelBookings).where(where);
  const data: HotelBookingListRow[] = rows.map(({ b, name, code, company }) => ({
    ...serializeHotelBooking(ctx, b, undefined, lang),
    agent: b.channel === 'agent' && b.userId ? { id: b.userId, name: name ?? '', company_name: company, agent_code: code } : null,
  }));
  return { data, meta: { page: f.page, per_page: f.per_page, total: n } };
}
