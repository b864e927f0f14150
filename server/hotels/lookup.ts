/**
 * Finding the hotel booking a request names: by id or reference for its owner or staff, or by reference and
 * contact email for a guest. Failed guest look-ups are counted like the flight ones (per address and per email,
 * 429 past the limit), since guessing references must not be free.
 */
import type { Context } from 'hono';
import { can, type Permission } from '../../contract/permissions';
import type { AppEnv } from '../context';
import { ApiError, notFound, validationError } from '../http/errors';
import { currentHits, hit } from '../auth/rate-limit';
import { LOOKUP_LIMITED } from '../bookings/guest-lookup';
import { clientIp } from '../http/ip';
import { HSM } from './messages';
import { loadHotelBooking, type HotelBookingRow } from './service';

const HOUR = 3600;
const REFERENCE = /^HTL-[A-Z0-9]{6}$/i;

export async function findHotelBooking(c: Context<AppEnv>, idOrRef: string, email: string | undefined, staffPermission: Permission = 'bookings.read'): Promise<HotelBookingRow> {
  const ctx = c.get('ctx');
  const where = /^\d{1,9}$/.test(idOrRef) ? { id: Number(idOrRef) } : REFERENCE.test(idOrRef) ? { reference: idOrRef } : null;
  const user = c.get('user');
  if (email !== undefined && email !== '') {
    const l = ctx.config.limits;
    const keys = { ip: `lookup-fail:ip:${clientIp(c)}`, email: `lookup-fail:email:${email}` };
    if ((await currentHits(ctx, keys.ip, HOUR)) >= l.lookupFailuresPerIpPerHour || (await currentHits(ctx, keys.email, HOUR)) >= l.lookupFailuresPerEmailPerHour) {
      throw new ApiError(429, LOOKUP_LIMITED);
    }
    const b = where && 'reference' in where ? await loadHotelBooking(ctx.db, where) : null;
    if (b && b.contactEmail === email) return b;
    await hit(ctx, keys.ip, HOUR);
    await hit(ctx, keys.email, HOUR);
    throw notFound('No booking matches this reference and email.');
  }
  if (!user) throw validationError({ email: [HSM.lookup] });
  const b = where ? await loadHotelBooking(ctx.db, where) : null;
  if (!b || (b.userId !== user.id && !can(user.role, staffPermission))) throw notFound(HSM.notFound);
  return b;
}
