/**
 * Booking lists for every screen: paginated, filtered (status, date range, PNR, agent, passenger name) and with
 * counters per status under the same filters (so the tabs show how many each status holds).
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { payableMinor } from '../pricing';
import * as v from 'valibot';
import { toMoney } from '../../contract/money';
import type { DbOrTx } from '../db/client';
import { quoteWire } from './refunds';
import type { RefundQuote } from '../../contract/bookings';
import { agentProfiles, bookingPassengers, bookings, BOOKING_STATUSES, directBookings, users, type BookingStatus } from '../db/schema';
import { validationError } from '../http/errors';
import { pageField, perPageField } from '../http/paging';
import { idFilter } from '../../contract/ids';
import { voidWindowClosesAt } from './settings';
import { multiCityRoute, routeList } from '../bookings/route';
import { agencyBookings } from '../agency/scope';

const day = v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date as YYYY-MM-DD.'));
export const BookingListQuery = v.object({
  page: pageField,
  per_page: perPageField(100, 20),
  status: v.optional(v.picklist([...BOOKING_STATUSES, ''], 'Unknown status.'), ''),
  from: v.optional(day, ''),
  to: v.optional(day, ''),
  pnr: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(10)), ''),
  agent_id: v.optional(idFilter('Choose an agent.'), ''),
  passenger: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ''),
  /** Which travel date the range applies to: when it was booked (default) or when it flies. */
  date_field: v.optional(v.picklist(['created', 'departure', '']), ''),
});
export type BookingListQuery = v.InferOutput<typeof BookingListQuery>;

/** Which bookings a list covers before the user's filters. */
export interface ListScope {
  /** Only this user's bookings (agents, customers). */
  userId?: number;
  /** Every booking of this agency, its branch users' too (an agency admin's lists). */
  agencyId?: number;
  /** online: booked through the site (agents/customers/guests); direct: entered by staff; customer: customers and guests. */
  kind: 'online' | 'direct' | 'customer' | 'agent' | 'all';
  statuses?: readonly BookingStatus[];
}

const esc = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeWhere(scope: ListScope): SQL[] {
  const w: SQL[] = [];
  if (scope.userId !== undefined) w.push(eq(bookings.userId, scope.userId));
  if (scope.agencyId !== undefined) w.push(agencyBookings(scope.agencyId));
  if (scope.kind === 'direct') w.push(eq(bookings.channel, 'staff'));
  if (scope.kind === 'online') w.push(ne(bookings.channel, 'staff'));
  if (scope.kind === 'agent') w.push(eq(bookings.channel, 'agent'));
  if (scope.kind === 'customer') w.push(inArray(bookings.channel, ['customer', 'guest']));
  if (scope.statuses) w.push(inArray(bookings.status, [...scope.statuses]));
  return w;
}

function filterWhere(q: BookingListQuery): SQL[] {
  const w: SQL[] = [];
  if (q.from && q.to && q.from > q.to) throw validationError({ to: ['The end date must be on or after the start date.'] });
  if (q.date_field === 'departure') {
    if (q.from) w.push(gte(bookings.departureDate, q.from));
    if (q.to) w.push(sql`${bookings.departureDate} <= ${q.to}`);
  } else {
    if (q.from) w.push(gte(bookings.createdAt, new Date(`${q.from}T00:00:00Z`)));
    if (q.to) w.push(lt(bookings.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)));
  }
  if (q.pnr) w.push(ilike(bookings.pnr, `${esc(q.pnr)}%`));
  if (q.agent_id) w.push(agencyBookings(Number(q.agent_id)));
  if (q.passenger) {
    const like = `%${esc(q.passenger)}%`;
    w.push(sql`exists (select 1 from ${bookingPassengers} p where p.booking_id = ${bookings.id} and (p.first_name ilike ${like} or p.last_name ilike ${like} or (p.first_name || ' ' || p.last_name) ilike ${like} or (p.last_name || '/' || p.first_name) ilike ${like}))`);
  }
  return w;
}

export interface ListRow {
  id: number; pnr: string; status: BookingStatus; channel: string; supplier: string; payment_method: string;
  origin: string; destination: string; flight_type: string; departure_date: string; cabin: string;
  /** A multi-city trip's airports in order (KHI, DXB, IST, KHI); null for one-way and return trips. */
  multi_city_route: string[] | null;
  lead_passenger: string | null; passengers: number;
  total: ReturnType<typeof toMoney>; payable: ReturnType<typeof toMoney>;
  agent: { id: number; name: string; company_name: string | null; agent_code: string | null } | null;
  direct: { source: string; margin: ReturnType<typeof toMoney> } | null;
  offline: boolean;
  created_at: string; ticketed_at: string | null; hold_expires_at: string | null; void_window_closes_at: string | null;
  refund_quote: RefundQuote | null;
}

/**
 * What a list row shows. The itinerary and supplier-order JSON are most of a booking row's bytes (about 8 KB
 * each); reading them for a page of 20 cost more than the rest of the request.
 */
const listColumns = {
  id: bookings.id, pnr: bookings.pnr, status: bookings.status, channel: bookings.channel, supplier: bookings.supplier,
  paymentMethod: bookings.paymentMethod, origin: bookings.origin, destination: bookings.destination, flightType: bookings.flightType,
  departureDate: bookings.departureDate, cabin: bookings.cabin, totalMinor: bookings.totalMinor, currency: bookings.currency,
  userId: bookings.userId, createdAt: bookings.createdAt, ticketedAt: bookings.ticketedAt, holdExpiresAt: bookings.holdExpiresAt,
  refundQuote: bookings.refundQuote,
};

// A page's passengers as two columns of its own query (the unique (booking_id, position) index answers both)
// rather than a third query for the page's ids: one statement less on every list.
const paxCount = sql<number>`(select count(*)::int from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id})`;
const leadPassenger = sql<string | null>`(select ${bookingPassengers.lastName} || '/' || ${bookingPassengers.firstName} from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id} order by ${bookingPassengers.position} limit 1)`;

export async function listBookings(db: DbOrTx, scope: ListScope, q: BookingListQuery, timeZone: string) {
  const base = [...scopeWhere(scope), ...filterWhere(q)];
  const where = and(...base, q.status ? eq(bookings.status, q.status) : undefined);
  const rows = await db
    .select({ b: listColumns, d: { source: directBookings.source, marginMinor: directBookings.marginMinor }, agentName: users.name, agentRole: users.role, agentCode: users.agentCode, company: agentProfiles.companyName, paxCount, leadPassenger, multiCityRoute })
    .from(bookings)
    .leftJoin(directBookings, eq(directBookings.bookingId, bookings.id))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, bookings.userId))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  // The per-status counts cover the same rows, so the total is read from them rather than counted again.
  const counts = await db.select({ status: bookings.status, n: count() }).from(bookings).where(and(...base)).groupBy(bookings.status);
  const n = counts.reduce((sum, c) => sum + (!q.status || c.status === q.status ? Number(c.n) : 0), 0);

  const data: ListRow[] = rows.map(({ b, d, agentName, agentRole, agentCode, company, paxCount, leadPassenger, multiCityRoute: mc }) => {
    const margin = d?.marginMinor ?? 0;
    return {
      id: b.id, pnr: b.pnr, status: b.status, channel: b.channel, supplier: b.supplier, payment_method: b.paymentMethod,
      origin: b.origin, destination: b.destination, flight_type: b.flightType, departure_date: b.departureDate, cabin: b.cabin,
      multi_city_route: routeList(mc), lead_passenger: leadPassenger, passengers: Number(paxCount),
      total: toMoney(b.totalMinor, b.currency), payable: toMoney(payableMinor(b.totalMinor, margin), b.currency),
      agent: agentRole === 'agent' && b.userId ? { id: b.userId, name: agentName ?? '', company_name: company, agent_code: agentCode } : null,
      direct: d ? { source: d.source, margin: toMoney(margin, b.currency) } : null,
      offline: b.supplier === 'offline',
      created_at: b.createdAt.toISOString(), ticketed_at: b.ticketedAt?.toISOString() ?? null,
      hold_expires_at: b.status === 'booked' ? b.holdExpiresAt?.toISOString() ?? null : null,
      void_window_closes_at: (b.status === 'ticketed' || b.status === 'requested') && b.ticketedAt ? voidWindowClosesAt(b.ticketedAt, timeZone).toISOString() : null,
      // What staff approve when deciding a refund request: the quote the owner confirmed.
      refund_quote: b.status === 'refund_requested' && b.refundQuote ? quoteWire(b.refundQuote, b.currency) : null,
    };
  });
  const status_counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  for (const c of counts) status_counts[c.status] = Number(c.n);
  const all = Object.values(status_counts).reduce((s, x) => s + x, 0);
  return { data, meta: { page: q.page, per_page: q.per_page, total: Number(n), status_counts: { all, ...status_counts } } };
}

