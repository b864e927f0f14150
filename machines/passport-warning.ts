import { passportsExpiringSoon } from '../contract/bookings';

/**
 * A passport valid for the whole trip but for less than six months after its last day is allowed (the airline and
 * the server take it), yet many countries refuse boarding or entry with it. So a checkout that takes passports
 * warns, and goes on only once the user has said they checked (`passports_acknowledged`, a field of the form).
 */
export const PASSPORTS_UNACKNOWLEDGED = 'Confirm that you have checked the passport rules of every country on the trip.';

/** The acknowledgement's message when some passport of `expiries` runs out within six months of `lastDay` and the user has not confirmed. */
export function passportAcknowledgementErrors(expiries: readonly string[], lastDay: string | null, acknowledged: boolean): Record<string, string> {
  if (!lastDay || acknowledged) return {};
  return passportsExpiringSoon(expiries.map((expiry_date) => ({ expiry_date })), lastDay).length ? { passports_acknowledged: PASSPORTS_UNACKNOWLEDGED } : {};
}
