/**
 * Finding a booking by its reference and contact email, for guests. The answer holds passport numbers, so
 * guessing is limited: failed look-ups are counted per address and per email, and past the limit every look-up
 * from there (right or wrong) answers 429 until the hour is over.
 */
import type { AppContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { currentHits, hit } from '../auth/rate-limit';
import { canSee, loadBooking } from './service';

export const LOOKUP_LIMITED = 'Too many unsuccessful look-ups. Please try again in an hour.';
export const NO_MATCH = 'No booking matches this reference and email.';
const HOUR = 3600;

export async function findGuestBooking(ctx: AppContext, ip: string, pnr: string, email: string) {
  const l = ctx.config.limits;
  const keys = { ip: `lookup-fail:ip:${ip}`, email: `lookup-fail:email:${email.trim().toLowerCase()}` };
  if ((await currentHits(ctx, keys.ip, HOUR)) >= l.lookupFailuresPerIpPerHour || (await currentHits(ctx, keys.email, HOUR)) >= l.lookupFailuresPerEmailPerHour) {
    throw new ApiError(429, LOOKUP_LIMITED);
  }
  const b = await loadBooking(ctx.db, { pnr });
  if (!b || !canSee(b.row, null, email)) {
    await hit(ctx, keys.ip, HOUR);
    await hit(ctx, keys.email, HOUR);
    throw notFound(NO_MATCH);
  }
  return b;
}
