/**
 * What a watched search costs now, for its owner: the same search (and, for a month, the same price calendar) the
 * owner would see, priced with their role's margins. The cheapest fare is named by its flights and dates, so the
 * next look can tell that it sold out. Nothing here writes.
 */
import type { FlightSearchQuery } from '../../contract/flights';
import { parseMinor } from '../../contract/money';
import type { PriceAlertWatch } from '../../contract/price-alerts';
import type { AppContext } from '../context';
import { priceCalendar } from '../flights/calendar';
import { searchRegistry } from '../flights/registry';
import type { PricingContext } from '../pricing';

export interface Quote {
  /** Lowest total for the party in minor units; null when nothing is on sale. */
  lowestMinor: number | null;
  currency: string | null;
  /** The cheapest fare: flight numbers with their local departure days, "PK301@2026-12-29 PK302@2027-01-05". */
  fareKey: string | null;
  /** Every fare the search sold, by the same key (to see whether a watched fare is still on sale). */
  fares: Set<string>;
}

/** A supplier that failed or ran out of time answers nothing: the look is given up rather than read as a sell-out. */
export class QuoteUnavailable extends Error {}

const query = (w: PriceAlertWatch, departure: string): FlightSearchQuery => {
  const legs = [{ origin: w.origin, destination: w.destination, date: departure }];
  if (w.return_date) legs.push({ origin: w.destination, destination: w.origin, date: w.return_date });
  return {
    flightType: w.return_date ? 'return' : 'one-way', legs, adults: w.adults, children: w.children, infants: w.infants, cabin_class: w.cabin_class,
    stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
  };
};

type Offer = { price: { amount: string; currency: string }; journeys: { segments: { flight_number: string; departure_at: string }[] }[] };
export const fareKeyOf = (o: Offer) => o.journeys.flatMap((j) => j.segments.map((s) => `${s.flight_number}@${s.departure_at.slice(0, 10)}`)).join(' ');

async function searchDay(ctx: AppContext, w: PriceAlertWatch, departure: string, pricing: PricingContext): Promise<Quote> {
  const res = await searchRegistry(ctx).search(query(w, departure), { pricing, limit: 200 });
  if (res.left_out?.length) throw new QuoteUnavailable('A flight supplier did not answer.');
  let best: { minor: number; offer: Offer } | null = null;
  for (const o of res.flights) {
    const minor = parseMinor(o.price.amount);
    if (minor !== null && (!best || minor < best.minor)) best = { minor, offer: o };
  }
  return {
    lowestMinor: best?.minor ?? null, currency: best?.offer.price.currency ?? null, fareKey: best ? fareKeyOf(best.offer) : null,
    fares: new Set(res.flights.map(fareKeyOf)),
  };
}

/** The watch's lowest price now; a month takes the calendar's cheapest day, then that day's cheapest fare. */
export async function quoteWatch(ctx: AppContext, w: PriceAlertWatch, pricing: PricingContext): Promise<Quote> {
  if (!w.month) return searchDay(ctx, w, w.departure_date!, pricing);
  const cal = await priceCalendar(ctx, { month: w.month, search: query(w, `${w.month}-01`) }, pricing);
  let day: string | null = null, lowest = Infinity;
  for (const d of cal.days) {
    const minor = d.price ? parseMinor(d.price.amount) : null;
    if (minor !== null && minor < lowest) { lowest = minor; day = d.date; }
  }
  if (!day) return { lowestMinor: null, currency: null, fareKey: null, fares: new Set() };
  return searchDay(ctx, w, day, pricing);
}

/** Whether the watched fare is still sold: a month's fare is looked for on its own day. */
export async function fareStillSold(ctx: AppContext, w: PriceAlertWatch, fareKey: string, now: Quote, pricing: PricingContext): Promise<boolean> {
  if (now.fares.has(fareKey)) return true;
  if (!w.month) return false;
  const day = fareKey.split(' ')[0].split('@')[1];
  if (!day || day === now.fareKey?.split(' ')[0].split('@')[1]) return false;
  return (await searchDay(ctx, w, day, pricing)).fares.has(fareKey);
}
