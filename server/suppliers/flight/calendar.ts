/**
 * Lowest prices across many days without building offers: every day's journeys come from one journeyOptions call
 * (one look-up of real seats sold for all the days, sectors priced once), and only each journey's total is worked
 * out. The totals are the ones search shows, since they are priced by the same priceJourney and priceOffer
 * with the asker's margins; a day's lowest is exactly the first offer of a search by price on that day.
 */
import type { FlightSearchQuery, Leg } from '../../../contract/flights';
import { MAX_DAYS_AHEAD } from '../../../contract/flights';
import type { PricingContext } from '../../pricing/margins';
import { priceOffer, type Party } from './offers';
import { carrierMinima, combine, journeyOptions, type JourneyOption, type SearchDeps } from './search';
import { addDays, dayString } from './time';

const party = (q: FlightSearchQuery): Party => ({ adults: q.adults, children: q.children, infants: q.infants });

/**
 * Days search would answer for, the same bounds as journeyOptions' (which refuses a whole call if any leg is
 * outside them): from yesterday in UTC, since it is still today somewhere, to the schedule's horizon.
 */
function searchable(now: number, day: string): boolean {
  const today = dayString(now);
  return day >= addDays(today, -1) && day <= addDays(today, MAX_DAYS_AHEAD + 1);
}

/** Journey options per day in one direction; a day search would not answer for gets none. */
async function optionsByDay(deps: SearchDeps, q: FlightSearchQuery, legs: Leg[]): Promise<Map<Leg, JourneyOption[]>> {
  const open = legs.filter((l) => searchable(deps.now, l.date));
  const options = open.length ? await journeyOptions(deps, { ...q, sort: 'price', stops: 'all', airlines: [], time_of_day: [] }, open) : [];
  return new Map(open.map((l, i) => [l, options?.[i] ?? []]));
}

/** The lowest one-way total (minor units, all passengers) per day, null where nothing flies or sells. */
export async function lowestOneWay(deps: SearchDeps, q: FlightSearchQuery, days: string[], pricing: PricingContext): Promise<Map<string, number | null>> {
  const { origin, destination } = q.legs[0];
  const legs = days.map((date) => ({ origin, destination, date }));
  const byDay = await optionsByDay(deps, q, legs);
  const who = party(q);
  const out = new Map<string, number | null>();
  for (const leg of legs) {
    let best: number | null = null;
    for (const o of byDay.get(leg) ?? []) {
      const total = priceOffer(deps.net, [o], q.cabin_class, who, pricing).total;
      if (best === null || total < best) best = total;
    }
    out.set(leg.date, best);
  }
  return out;
}

/**
 * The lowest return total for every pairing of departure and return days (a return before its departure is
 * null). Pairings are chosen as search chooses them (its combine by price, and each airline's own cheapest), so each
 * cell is that search's first offer.
 */
export async function lowestReturn(
  deps: SearchDeps, q: FlightSearchQuery, departs: string[], returns: string[], pricing: PricingContext,
): Promise<{ depart: string; ret: string; total: number | null }[]> {
  const { origin, destination } = q.legs[0];
  const out = departs.map((date) => ({ origin, destination, date }));
  const back = returns.map((date) => ({ origin: destination, destination: origin, date }));
  const byDay = await optionsByDay(deps, q, [...out, ...back]);
  const who = party(q);
  const cells: { depart: string; ret: string; total: number | null }[] = [];
  for (const o of out) for (const r of back) {
    const a = byDay.get(o) ?? [], b = byDay.get(r) ?? [];
    let best: number | null = null;
    if (r.date >= o.date && a.length && b.length) {
      const price = (combo: JourneyOption[]) => priceOffer(deps.net, combo, q.cabin_class, who, pricing);
      for (const combo of combine([a, b], 'price')) {
        const total = price(combo).total;
        if (best === null || total < best) best = total;
      }
      // Search also answers each airline's cheapest combination found apart from the beam, which can be lower.
      for (const { min } of carrierMinima(deps.net, [a, b], price, () => true).values()) if (best === null || min < best) best = min;
    }
    cells.push({ depart: o.date, ret: r.date, total: best });
  }
  return cells;
}
