/**
 * Finding the policy a request names: by id or policy number for its buyer or staff, or by policy number and
 * contact email for a guest. Failed guest look-ups are counted like the booking ones (per address and per email,
 * 429 past the limit), since guessing policy numbers must not be free.
 */
import type { Context } from 'hono';
import { ISM } from '../../contract/insurance';
import type { AppEnv } from '../context';
import { guestLookup } from '../auth/guest-lookup';
import { notFound, validationError } from '../http/errors';
import { clientIp } from '../http/ip';
import { canSeePolicy, loadPolicy, POLICY_NUMBER, type PolicyRow } from './service';


export async function findPolicy(c: Context<AppEnv>, idOrNumber: string, email: string | undefined): Promise<PolicyRow> {
  const ctx = c.get('ctx');
  const user = c.get('user');
  if (email) {
    // By number only: ids are easy to count through.
    return guestLookup(ctx, clientIp(c), email, async () => {
      const p = POLICY_NUMBER.test(idOrNumber) ? await loadPolicy(ctx.db, idOrNumber) : null;
      return p && p.contactEmail === email ? p : null;
    }, ISM.lookupFailed);
  }
  if (!user) throw validationError({ email: [ISM.lookup] });
  const p = await loadPolicy(ctx.db, idOrNumber);
  if (!p || !canSeePolicy(p, user)) throw notFound(ISM.notFound);
  return p;
}
