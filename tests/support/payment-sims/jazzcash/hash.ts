/**
 * JazzCash's pp_SecureHash (Sandbox documentation, "Hashing Scheme"): every field whose name begins with "pp"
 * (pp_… and ppmpf_…), pp_SecureHash itself left out, in ascending ASCII order of the field names; their values
 * joined with '&', the integrity salt (the "shared secret") prepended with an '&', then HMAC-SHA256 keyed with the
 * salt, in hexadecimal. Worked example in the documentation: salt 0F5DD14AE2, pp_Amount 2995, pp_MerchantID
 * MER123, pp_OrderInfo A48cvE28 → "0F5DD14AE2&2995&MER123&A48cvE28" → c7689cda…c867.
 * Empty fields are left out (the sandbox's hash calculator and every integration do so). JazzCash's own answers
 * carry the hash in upper case; comparisons ignore case.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hashedFields(fields: Record<string, string | undefined | null>): [string, string][] {
  return Object.entries(fields)
    .filter((e): e is [string, string] => e[0].toLowerCase().startsWith('pp') && e[0] !== 'pp_SecureHash' && e[1] !== undefined && e[1] !== null && e[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function jazzCashHash(fields: Record<string, string | undefined | null>, integritySalt: string): string {
  const message = [integritySalt, ...hashedFields(fields).map(([, v]) => v)].join('&');
  return createHmac('sha256', Buffer.from(integritySalt, 'utf8')).update(Buffer.from(message, 'utf8')).digest('hex').toUpperCase();
}

/** Whether `fields.pp_SecureHash` is the hash of the other fields (case-insensitive). */
export function hashMatches(fields: Record<string, string>, integritySalt: string): boolean {
  const given = (fields.pp_SecureHash ?? '').toUpperCase();
  const expected = jazzCashHash(fields, integritySalt);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** `fields` with their pp_SecureHash, as JazzCash sends an answer. */
export function signed(fields: Record<string, string>, integritySalt: string): Record<string, string> {
  return { ...fields, pp_SecureHash: jazzCashHash(fields, integritySalt) };
}
