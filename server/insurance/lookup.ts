/**
 * Finding the policy a request names: by id or policy number for its buyer or staff, or by policy number and
 * contact email for a guest. Failed guest look-ups are counted like the booking ones (per address and per email,
 * 429 past the limit), since guessing policy numbers must not be free.
 */
import type { Context } from 'hono';
import { ISM } from '../../contract/insurance';
import type { AppEnv } from '../context';
import { currentHits, hit } from '../auth/rate-limit';
import { LOOKUP_LIMITED } from '../bookings/guest-lookup';
import { ApiError, notFound, validationError } from '../http/errors';
import { clientIp } from '../http/ip';
import { canSeePolicy, loadPolicy, POLICY_NUMBER, type PolicyRow } from './service';

const HOUR = 3600;

export async function findPolicy(c: Context<AppEnv>, idOrNumber: string, email: string | undefined): Promise<PolicyRow> {
  const ctx = c.get('ctx');
  const user = c.get('user');
  if (email) {
    const l = ctx.config.limits;
    const keys = { ip: `lookup-fail:ip:${clientIp(c)}`, email: `lookup-fail:email:${email}` };
    if ((await currentHits(ctx, keys.ip, HOUR)) >= l.lookupFailuresPerIpPerHour || (await currentHits(ctx, keys.email, HOUR)) >= l.lookupFailuresPerEmailPerHour) {
      throw new ApiError(429, LOOKUP_LIMITED);
    }
    // By number only: ids are easy to count through.
    const p = POLICY_NUMBER.test(idOrNumber) ? await loadPolicy(ctx.db, idOrNumber) : null;
    if (p && p.contactEmail === email) return p;
    await hit(ctx, keys.ip, HOUR);
    await hit(ctx, keys.email, HOUR);
    throw notFound(ISM.lookupFailed);
  }
  if (!user) throw validationError({ email: [ISM.lookup] });
  const p = await loadPolicy(ctx.db, idOrNumber);
  if (!p || !canSeePolicy(p, user)) throw notFound(ISM.notFound);
  return p;
}
