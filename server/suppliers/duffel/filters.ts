/** Search's own filters (stops, airlines, highest price, time of day) over a remote supplier's mapped offers. */
import type { FlightOffer, FlightSearchQuery } from '../../../contract/flights';

const HOURS: Record<string, [number, number]> = { morning: [5, 12], afternoon: [12, 18], evening: [18, 24] };

export function filterOffers<T extends FlightOffer>(offers: T[], q: FlightSearchQuery): T[] {
  const max = q.max_price === undefined ? Infinity : q.max_price;
  return offers.filter((o) => {
    if (q.stops === '0' && o.stops > 0) return false;
    if (q.stops === '1+' && o.stops === 0) return false;
    if (q.airlines.length && !q.airlines.includes(o.validating_airline.code)) return false;
    if (Number(o.price.amount) > max) return false;
    if (q.time_of_day.length) {
      const hour = Number(o.journeys[0].departure_at.slice(11, 13));
      if (!q.time_of_day.some((t) => HOURS[t] && hour >= HOURS[t][0] && hour < HOURS[t][1])) return false;
    }
    return true;
  });
}
