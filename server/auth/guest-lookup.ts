/**
 * A guest finds what they bought by its reference and contact email. The answer holds passport numbers and
 * references are easy to guess, so the email is the secret: failed look-ups are counted per address and per
 * email, and past either limit every look-up from there (right or wrong) answers 429 until the hour is over.
 */
import type { AppContext } from '../context';
import { ApiError, notFound } from '../http/errors';
import { currentHits, hit } from './rate-limit';

export const LOOKUP_LIMITED = 'Too many unsuccessful look-ups. Please try again in an hour.';
const HOUR = 3600;

/**
 * What `find` returns when it matches, else 404 with `noMatch` (and one more failure counted). `find` answers
 * null for a reference that does not exist and for one whose email differs: both count the same, so a guess
 * learns nothing about which references exist.
 */
export async function guestLookup<T>(ctx: AppContext, ip: string, email: string, find: () => Promise<T | null>, noMatch: string): Promise<T> {
  const l = ctx.config.limits;
  const limits = [
    { key: `lookup-fail:ip:${ip}`, windowSeconds: HOUR, max: l.lookupFailuresPerIpPerHour },
    { key: `lookup-fail:email:${email.trim().toLowerCase()}`, windowSeconds: HOUR, max: l.lookupFailuresPerEmailPerHour },
  ];
  const failures = await currentHits(ctx, limits);
  if (limits.some((k) => failures.get(k.key)! >= k.max)) throw new ApiError(429, LOOKUP_LIMITED);
  const found = await find();
  if (found !== null) return found;
  await hit(ctx, limits);
  throw notFound(noMatch);
}
