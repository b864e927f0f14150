/**
 * Limits on unpaid holds by guests and customers. A hold takes real seats for 15 minutes before anyone pays, so
 * an anonymous caller could otherwise hold a flight's whole cabin again and again ("seat spinning"). Agents are
 * exempt: they are approved, known, and pay from a prepaid wallet.
 *
 * - bookings created, per address and per contact email, an hour (429);
 * - live unpaid holds, per contact email and per address (429);
 * - unpaid guest and customer holds together may take at most a share of a flight's sellable seats (409).
 * The counts are taken under transaction-scoped advisory locks, so concurrent requests cannot all slip under.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, flightSeats } from '../db/schema';
import { ApiError, conflict } from '../http/errors';
import { enforce } from '../auth/rate-limit';
import type { SeatKey } from '../suppliers/flight/types';

export const HM = {
  tooManyBookings: 'Too many bookings from here in the last hour. Please try again later.',
  tooManyHolds: 'You already have several bookings waiting for payment. Pay for or cancel one of them before holding more seats.',
  flightHoldsFull: 'Too many seats on this flight are on hold right now. Please try again in a few minutes.',
} as const;

const UNPAID = ['hold', 'card'] as const;

/** Guests and customers paying later (hold) or by card (unpaid until the provider confirms). */
export function isCappedHold(user: SessionUser | null, paymentMethod: string): boolean {
  return (!user || user.role === 'customer') && (UNPAID as readonly string[]).includes(paymentMethod);
}

/** Counted before the supplier is asked for seats: a refused attempt costs nothing but the count. */
export async function limitBookingRate(ctx: AppContext, ip: string, email: string): Promise<void> {
  const l = ctx.config.limits;
  try {
    await enforce(ctx, [
      { key: `booking:ip:${ip}`, max: l.bookingsPerIpPerHour, windowSeconds: 3600 },
      { key: `booking:email:${email.trim().toLowerCase()}`, max: l.bookingsPerEmailPerHour, windowSeconds: 3600 },
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) throw new ApiError(429, HM.tooManyBookings);
    throw err;
  }
}

const lock = (tx: DbOrTx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

/**
 * Inside the transaction that inserts the hold, before the insert: refuses it when the contact or the address
 * already has enough live unpaid holds, or when unpaid holds would take more than their share of a flight.
 */
export async function capUnpaidHolds(tx: DbOrTx, ctx: AppContext, hold: { email: string; ip: string; seats: number; seatKeys: readonly SeatKey[] }): Promise<void> {
  const l = ctx.config.limits;
  const email = hold.email.trim().toLowerCase();
  // One lock order for everyone (sorted), so two holds never wait on each other in a circle.
  const keys = [`hold:email:${email}`, `hold:ip:${hold.ip}`, ...hold.seatKeys.map((k) => `hold:flight:${k.flight_no}|${k.date}|${k.cabin}`)].sort();
  for (const k of keys) await lock(tx, k);

  const live = and(eq(bookings.status, 'booked'), inArray(bookings.channel, ['guest', 'customer']), inArray(bookings.paymentMethod, [...UNPAID]));
  const [mine] = await tx.select({
    byEmail: sql<number>`count(*) filter (where ${bookings.contactEmail} = ${email})`,
    byIp: sql<number>`count(*) filter (where ${bookings.clientIp} = ${hold.ip})`,
  }).from(bookings).where(and(live, or(eq(bookings.contactEmail, email), eq(bookings.clientIp, hold.ip))));
  if (Number(mine.byEmail) >= l.liveHoldsPerEmail || Number(mine.byIp) >= l.liveHoldsPerIp) throw new ApiError(429, HM.tooManyHolds);

  for (const k of hold.seatKeys) {
    const [flight] = await tx.select({ capacity: flightSeats.capacity }).from(flightSeats)
      .where(and(eq(flightSeats.flightNo, k.flight_no), eq(flightSeats.date, k.date), eq(flightSeats.cabin, k.cabin))).limit(1);
    if (!flight) continue;
    const [held] = await tx.select({ seats: sql<number>`coalesce(sum(${bookings.seats}), 0)` }).from(bookings)
      .where(and(live, sql`${bookings.supplierOrder}->'seat_keys' @> ${JSON.stringify([k])}::jsonb`));
    if (Number(held.seats) + hold.seats > Math.floor(l.guestHoldShare * flight.capacity)) throw conflict(HM.flightHoldsFull);
  }
}
