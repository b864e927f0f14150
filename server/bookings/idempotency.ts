/**
 * A booking's Idempotency-Key and duplicate check: the booking a key already names, answered to its own caller,
 * and whether a live booking has the same passengers on the same sectors.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { BM, type Booking } from '../../contract/bookings';
import type { AppContext, SessionUser } from '../context';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { bookings, LIVE_STATUSES } from '../db/schema';
import { ApiError } from '../http/errors';
import { loadBooking, serializeBooking } from './records';

/**
 * The live statuses are written into the statement, not sent as parameters: the statement is prepared once and soon
 * runs on a generic plan, which can use the partial unique index on live bookings' dupKey only if it sees the same
 * statuses as the index. With parameters it read the whole table on every hold (2.9 ms at 20,000 bookings).
 */
export const keyOrDuplicateWhere = or(
  eq(bookings.idempotencyKey, sql.placeholder('key')),
  and(eq(bookings.dupKey, sql.placeholder('dupKey')), sql`${bookings.status} in (${sql.raw(LIVE_STATUSES.map((st) => `'${st}'`).join(', '))})`),
);

/**
 * The booking holding this Idempotency-Key (what decides whose it is: nearly every key is new), and whether a live
 * booking has these passengers on these sectors: one read for both, built once. A null key or dupKey matches nothing.
 */
const keyOrDuplicateQuery = preparedPerDb((db) => db
  .select({ id: bookings.id, userId: bookings.userId, contactEmail: bookings.contactEmail, byKey: sql<boolean | null>`${bookings.idempotencyKey} = ${sql.placeholder('key')}` })
  .from(bookings)
  .where(keyOrDuplicateWhere)
  .limit(2)
  .prepare('booking_key_or_duplicate'));

export type KeyedRow = { id: number; userId: number | null; contactEmail: string };

export async function keyOrDuplicate(db: Db, key: string | null, dupKey: string | null): Promise<{ keyed: KeyedRow | null; duplicate: boolean }> {
  if (key === null && dupKey === null) return { keyed: null, duplicate: false };
  const rows = await keyOrDuplicateQuery(db).execute({ key, dupKey });
  return { keyed: rows.find((r) => r.byKey) ?? null, duplicate: rows.some((r) => !r.byKey) };
}

export async function findByIdempotencyKey(ctx: AppContext, key: string, user: SessionUser | null, email: string): Promise<Booking | null> {
  const { keyed } = await keyOrDuplicate(ctx.db, key, null);
  return keyed ? keyedBooking(ctx, keyed, user, email) : null;
}

/** The booking a known key names, for its own caller; anyone else's key is refused. */
export async function keyedBooking(ctx: AppContext, row: KeyedRow, user: SessionUser | null, email: string): Promise<Booking> {
  const mine = user ? row.userId === user.id : row.userId === null && row.contactEmail === email.trim().toLowerCase();
  if (!mine) throw new ApiError(422, BM.idempotencyReuse, { idempotency_key: [BM.idempotencyReuse] });
  return serializeBooking((await loadBooking(ctx.db, { id: row.id }))!);
}
