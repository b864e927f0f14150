/**
 * Price alerts: a signed-in customer or agent watches a route for fixed dates (one-way or return) or for any day
 * of a month, for a party (adults, children and infants, as the search takes them) and cabin. The dates, airports, travellers and cabin follow the flight search's own
 * rules and messages (validateFlightSearch), and a month the price calendar's (validateCalendar), so an alert never
 * watches what the search or the calendar would refuse.
 */
import type { Cabin } from './flight-choices';
import { validateCalendar } from './flight-calendar';
import { validateFlightSearch, todayInZone } from './flights';
import type { Money } from './money';

export const PRICE_ALERT_MESSAGES = {
  duplicate: 'You already watch this route and these dates.',
  notFound: 'This price alert was not found.',
  badLink: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer get price alerts for this search.',
  removed: 'Price alert removed.',
  datesOrMonth: 'Choose dates or a month, not both.',
} as const;

/** A drop is worth a mail from this many percent below the price the owner was last told of. */
export const DROP_PERCENT = 5;

/** What an alert watches: fixed dates (`departure_date`, and `return_date` for a return trip) or a `month`. */
export interface PriceAlertWatch {
  origin: string;
  destination: string;
  departure_date: string | null;
  return_date: string | null;
  month: string | null;
  adults: number;
  children: number;
  infants: number;
  cabin_class: Cabin;
}

export interface PriceAlert extends PriceAlertWatch {
  id: number;
  /**
   * The lowest price last priced for the owner's role (null when nothing was on sale): when the watch started, then
   * at each daily look. The list answers from it rather than searching every watch again at every read.
   */
  price: Money | null;
  /** When `price` was priced. */
  priced_at: string;
  /** The price the owner was last told of: when they started watching, or the last mail. */
  notice_price: Money | null;
  /** The app path that reopens the search (or the month's first day), for the owner's area. */
  search_path: string;
  created_at: string;
  checked_at: string | null;
  mailed_at: string | null;
}

export type PriceAlertValidation = { success: true; output: PriceAlertWatch } | { success: false; errors: Record<string, string[]> };

interface Options { isAirport?: (code: string) => boolean; now?: Date }
const text = (x: unknown) => (typeof x === 'string' ? x.trim() : x);
const given = (x: unknown) => x !== undefined && x !== null && x !== '';

/** POST /price-alerts: a month (YYYY-MM, as the calendar takes it) or dates (as a one-way or return search takes them). */
export function validatePriceAlert(input: unknown, opts: Options = {}): PriceAlertValidation {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const shared = {
    origin: body.origin, destination: body.destination, adults: body.adults ?? 1, children: body.children ?? 0, infants: body.infants ?? 0,
    cabin_class: body.cabin_class ?? 'Y',
  };
  if (given(body.month) && (given(body.departure_date) || given(body.return_date))) return { success: false, errors: { month: [PRICE_ALERT_MESSAGES.datesOrMonth] } };
  if (given(body.month)) {
    const checked = validateCalendar({ ...shared, month: text(body.month) }, opts);
    if (!checked.success) return checked;
    const { search, month } = checked.output;
    return { success: true, output: { origin: search.legs[0].origin, destination: search.legs[0].destination, departure_date: null, return_date: null, month, ...partyOf(search), cabin_class: search.cabin_class } };
  }
  const today = todayInZone('Etc/GMT+12', opts.now);
  const flightType = given(body.return_date) ? 'return' : 'one-way';
  const checked = validateFlightSearch({ ...shared, flightType, departure_date: body.departure_date ?? '', return_date: body.return_date ?? '' }, { isAirport: opts.isAirport, today });
  if (!checked.success) return checked;
  const [out, back] = checked.output.legs;
  return { success: true, output: { origin: out.origin, destination: out.destination, departure_date: out.date, return_date: back?.date ?? null, month: null, ...partyOf(checked.output), cabin_class: checked.output.cabin_class } };
}

const partyOf = (q: { adults: number; children: number; infants: number }) => ({ adults: q.adults, children: q.children, infants: q.infants });

/** The app's search URL for a watch: the results screen with the search's own parameters (a month opens its first day). */
export function priceAlertSearchPath(w: PriceAlertWatch, base: string, today: string): string {
  const first = w.month ? (`${w.month}-01` < today ? today : `${w.month}-01`) : w.departure_date!;
  const q = new URLSearchParams({ flightType: w.return_date ? 'return' : 'one-way', origin: w.origin, destination: w.destination, departure_date: first });
  if (w.return_date) q.set('return_date', w.return_date);
  q.set('adults', String(w.adults));
  // No children or infants is left out: the search takes none when absent.
  if (w.children) q.set('children', String(w.children));
  if (w.infants) q.set('infants', String(w.infants));
  q.set('cabin_class', w.cabin_class);
  return `${base}?${q}`;
}
