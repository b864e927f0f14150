/**
 * Finding the hotel booking a request names: by id or reference for its owner or staff, or by reference and
 * contact email for a guest. Failed guest look-ups are counted like the flight ones (per address and per email,
 * 429 past the limit), since guessing references must not be free.
 */
import type { Context } from 'hono';
import { can, type Permission } from '../../contract/permissions';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { guestLookup } from '../auth/guest-lookup';
import { clientIp } from '../http/ip';
import { HSM } from './messages';
import { loadHotelBooking, type HotelBookingRow } from './service';
import { ownsOrAdministers } from '../agency/scope';

const REFERENCE = /^HTL-[A-Z0-9]{6}$/i;

export async function findHotelBooking(c: Context<AppEnv>, idOrRef: string, email: string | undefined, staffPermission: Permission = 'bookings.read'): Promise<HotelBookingRow> {
  const ctx = c.get('ctx');
  const where = /^\d{1,9}$/.test(idOrRef) ? { id: Number(idOrRef) } : REFERENCE.test(idOrRef) ? { reference: idOrRef } : null;
  const user = c.get('user');
  if (email !== undefined && email !== '') {
    return guestLookup(ctx, clientIp(c), email, async () => {
      const b = where && 'reference' in where ? await loadHotelBooking(ctx.db, where) : null;
      return b && b.contactEmail === email ? b : null;
    }, 'No booking matches this reference and email.');
  }
  if (!user) throw validationError({ email: [HSM.lookup] });
  const b = where ? await loadHotelBooking(ctx.db, where) : null;
  if (!b || (!ownsOrAdministers(user, b) && !can(user.role, staffPermission))) throw notFound(HSM.notFound);
  return b;
}
