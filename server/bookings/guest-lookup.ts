/** A guest's flight booking, by its PNR and contact email (server/auth/guest-lookup.ts counts the failures). */
import type { AppContext } from '../context';
import { guestLookup } from '../auth/guest-lookup';
import { canSee, loadBooking } from './records';

export const NO_MATCH = 'No booking matches this reference and email.';

export async function findGuestBooking(ctx: AppContext, ip: string, pnr: string, email: string) {
  return guestLookup(ctx, ip, email, async () => {
    const b = await loadBooking(ctx.db, { pnr });
    return b && canSee(b.row, null, email) ? b : null;
  }, NO_MATCH);
}
