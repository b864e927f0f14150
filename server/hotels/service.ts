/**
 * The hotel area's reads: search and a hotel's detail priced for the asker, a booking as the API answers it,
 * and who may see it. The booking lists are in list.ts. Creating, paying and canceling are in booking.ts, payment.ts, cancel.ts.
 */
import { eq } from 'drizzle-orm';
import { todayInZone } from '../../contract/flights';
import { stayRuleErrors, validateHotelSearch, type HotelBooking, type HotelGuestInput, type NightPrice, type RoomRequest, type StayQuery } from '../../contract/hotels';
import { toMoney } from '../../contract/money';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { hotelBookings } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { pricingFor } from '../pricing';
import { localToUtc } from '../suppliers/flight/time';
import { bookedCityAr, bookedHotelIn } from './names';
import { hotelSupplier } from './supplier';
import { HSM } from './messages';
import type { ReaderLang } from '../http/lang';
import { ownsOrAdministers } from '../agency/scope';

export type HotelBookingRow = typeof hotelBookings.$inferSelect;

/** "Today" where it is earliest on earth, so no traveller is told a check-in today is in the past. */
export const hotelToday = (ctx: AppContext) => todayInZone('Etc/GMT+12', ctx.now());

const first = (errors: Record<string, string>) => validationError(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));

export async function searchHotels(ctx: AppContext, user: SessionUser | null, raw: Record<string, unknown>, lang: ReaderLang = 'en') {
  const supplier = hotelSupplier(ctx);
  const checked = validateHotelSearch(raw, { today: hotelToday(ctx), isDestination: (id) => supplier.isDestination(id) });
  if (!checked.ok) throw first(checked.errors);
  const q = checked.value;
  const res = await supplier.search(q, { pricing: await pricingFor(ctx.db, user), now: ctx.now().getTime(), lang });
  return { data: res.hotels, meta: { page: q.page, per_page: q.per_page, total: res.total, nights: res.nights, destination: res.destination, price_range: res.price_range } };
}

/** The stay rules of a detail or a booking: as a search's, without the destination. */
export function checkStay(ctx: AppContext, stay: StayQuery) {
  const errors = stayRuleErrors({ ...stay, destination: '-' }, { today: hotelToday(ctx) });
  if (Object.keys(errors).length) throw first(errors);
}

export async function hotelDetail(ctx: AppContext, user: SessionUser | null, hotelId: string, stay: StayQuery, lang: ReaderLang = 'en') {
  checkStay(ctx, stay);
  const detail = await hotelSupplier(ctx).detail(hotelId, stay, { pricing: await pricingFor(ctx.db, user), now: ctx.now().getTime(), lang });
  if (!detail) throw notFound(HSM.hotelNotFound);
  return detail;
}

/** The free-cancellation deadline (hotel local time) as an instant. */
export function deadlineOf(row: Pick<HotelBookingRow, 'freeCancellationUntil' | 'hotel'>): Date | null {
  if (!row.freeCancellationUntil) return null;
  const [day, time] = row.freeCancellationUntil.split('T');
  const [h, m] = time.split(':').map(Number);
  return new Date(localToUtc(day, h * 60 + m, (row.hotel as { time_zone: string }).time_zone));
}

/** What cancelling at `at` refunds: all before the deadline, all but the penalty after it, nothing non-refundable. */
export function cancellationQuote(row: HotelBookingRow, at: Date): { refund: number; penalty: number } {
  const deadline = deadlineOf(row);
  const penalty = row.refundable && deadline && at < deadline ? 0 : Math.min(row.totalMinor, row.penaltyMinor);
  return { refund: row.totalMinor - penalty, penalty };
}

export function serializeHotelBooking(ctx: AppContext, row: HotelBookingRow, checkout?: { url: string; tracker: string } | null, lang: ReaderLang = 'en'): HotelBooking {
  const money = (minor: number) => toMoney(minor, row.currency);
  const live = row.status === 'confirmed' || row.status === 'pending_payment';
  const quote = row.status === 'confirmed' ? cancellationQuote(row, ctx.now()) : row.status === 'pending_payment' ? { refund: 0, penalty: 0 } : null;
  const { hotel, room } = bookedHotelIn(row.hotel as HotelBooking['hotel'] & { time_zone: string }, row.room as HotelBooking['room'], lang);
  return {
    id: row.id, reference: row.reference, status: row.status,
    hotel: { id: hotel.id, name: hotel.name, stars: hotel.stars, address: hotel.address, city: hotel.city, city_ar: bookedCityAr(String(hotel.id)), country_code: hotel.country_code, photo: hotel.photo, check_in_time: hotel.check_in_time, check_out_time: hotel.check_out_time, time_zone: hotel.time_zone },
    room, board: row.board as HotelBooking['board'],
    check_in: row.checkIn, check_out: row.checkOut, nights: row.nights,
    rooms: row.rooms as RoomRequest[], guests: row.guests as HotelGuestInput[],
    contact: { email: row.contactEmail, phone: row.contactPhone, country: row.contactCountry },
    special_requests: row.specialRequests, refundable: row.refundable, free_cancellation_until: row.freeCancellationUntil,
    nightly: row.nightly as NightPrice[], taxes_and_fees: money(row.taxesMinor), total: money(row.totalMinor),
    cancellation_quote: live && quote ? { refund: money(quote.refund), penalty: money(quote.penalty) } : null,
    refund: row.refundMinor === null ? null : money(row.refundMinor),
    payment: { method: row.paymentMethod, status: row.paymentStatus, ...(checkout !== undefined ? { checkout_url: checkout?.url ?? null, tracker: checkout?.tracker ?? null } : {}) },
    agent_id: row.channel === 'agent' ? row.userId : null,
    hold_expires_at: row.status === 'pending_payment' ? row.holdExpiresAt?.toISOString() ?? null : null,
    created_at: row.createdAt.toISOString(), canceled_at: row.canceledAt?.toISOString() ?? null,
  };
}

export async function loadHotelBooking(db: DbOrTx, where: { id?: number; reference?: string }): Promise<HotelBookingRow | null> {
  const cond = where.id !== undefined ? eq(hotelBookings.id, where.id) : eq(hotelBookings.reference, (where.reference ?? '').toUpperCase());
  const [row] = await db.select().from(hotelBookings).where(cond).limit(1);
  return row ?? null;
}

/**
 * The customer or agent who booked (or its agency and the agency's admins), or staff who may read bookings; a
 * guest through reference and email.
 */
export function canSeeHotelBooking(row: HotelBookingRow, user: SessionUser | null): boolean {
  if (!user) return false;
  return ownsOrAdministers(user, row) || can(user.role, 'bookings.read');
}
