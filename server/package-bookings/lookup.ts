/**
 * Finding the package booking a request names: by id or reference for its owner or staff, or by reference and
 * contact email for a guest. Failed guest look-ups are counted like the flight and hotel ones (429 past the
 * limit): references are sequential, so the email is the secret and guessing it must not be free.
 */
import type { Context } from 'hono';
import { can, type Permission } from '../../contract/permissions';
import { PKM } from '../../contract/package-bookings';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { guestLookup } from '../auth/guest-lookup';
import { clientIp } from '../http/ip';
import { loadPackageBooking, type PackageBookingRow } from './service';
import { ownsOrAdministers } from '../agency/scope';

const REFERENCE = /^PK-\d{2}-\d{6,9}$/i;

export async function findPackageBooking(c: Context<AppEnv>, idOrRef: string, email: string | undefined, staffPermission: Permission = 'bookings.read'): Promise<PackageBookingRow> {
  const ctx = c.get('ctx');
  const where = /^\d{1,9}$/.test(idOrRef) ? { id: Number(idOrRef) } : REFERENCE.test(idOrRef) ? { reference: idOrRef } : null;
  const user = c.get('user');
  if (email !== undefined && email !== '') {
    return guestLookup(ctx, clientIp(c), email, async () => {
      const b = where && 'reference' in where ? await loadPackageBooking(ctx.db, where) : null;
      return b && b.contactEmail === email ? b : null;
    }, 'No booking matches this reference and email.');
  }
  if (!user) throw validationError({ email: [PKM.lookup] });
  const b = where ? await loadPackageBooking(ctx.db, where) : null;
  if (!b || (!ownsOrAdministers(user, b) && !can(user.role, staffPermission))) throw notFound(PKM.notFound);
  return b;
}
