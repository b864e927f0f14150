/**
 * Search over the network: itineraries per journey, seat-aware pricing, filters, combination of journeys
 * (return and multi-city), sorting, and the flexible ±3 days view.
 */
import type { AvailableAirline, Cabin, FlexibleDay, FlightSearchQuery, Leg, SortKey } from '../../../contract/flights';
import { MAX_DAYS_AHEAD } from '../../../contract/flights';
import { toMoney } from '../../../contract/money';
import { AIRCRAFT } from './aircraft';
import { itinerariesOn, RULES, type Itinerary } from './connections';
import { CURRENCY, paxBase, priceJourney, type SectorMemo } from './fares';
import type { PricingContext } from '../../pricing/margins';
import type { Network } from './network';
import { pageKeepingEachCheapest } from './page-cut';
import { journeyTaxesOf, priceOffer, type Party, type PricedJourney, type PricedOffer } from './offers';
import { serviceOf, type DatedFlight } from './schedule';
import { addDays, dayMs, dayString, utcToLocal } from './time';
import type { SeatKey, SeatStore } from './types';

export interface SearchDeps { net: Network; seats: SeatStore; now: number }

/** No sale closer than this to departure. */
export const CUTOFF_MS = 2 * 3_600_000;
/** A later journey must leave at least this long after the previous one lands. */
const MIN_GAP_MS = 2 * 3_600_000;
const PER_JOURNEY = 30;
const BEAM = 60;

const CABIN_ORDER: Cabin[] = ['F', 'C', 'S', 'Y'];
/** A number naming a dated flight's cabin (route, timetable entry, day, cabin), cheaper than a string key. */
const seatId = (f: DatedFlight, cabin: number) => ((f.route * 64 + f.service) * 65_536 + (dayMs(f.day) / 86_400_000)) * 4 + cabin;

/** Real seats sold on every flight and cabin the candidates might use, in one SeatStore call. */
async function soldLookup(deps: SearchDeps, itins: Itinerary[][], cabin: Cabin): Promise<(f: DatedFlight, c: Cabin) => number> {
  const { net, seats } = deps;
  if (seats.soldOnDates) {
    // By date: a flight number is only spelled for dates that have sales (most have none). priceJourney asks
    // only for cabins from `cabin` down that the aircraft has, the ones the keys below would name.
    const dates = new Set<string>();
    for (const list of itins) for (const it of list) for (const f of it.flights) dates.add(f.day);
    const byDate = dates.size ? await seats.soldOnDates([...dates]) : new Map<string, ReadonlyMap<string, number>>();
    return (f, c) => {
      const sold = byDate.get(f.day);
      if (!sold || sold.size === 0) return 0;
      const s = serviceOf(net, f);
      return sold.get(`${net.carriers[s.carrier].code}${s.flightNo}|${c}`) ?? 0;
    };
  }
  const from = CABIN_ORDER.indexOf(cabin);
  const keys: SeatKey[] = [];
  const index = new Map<number, number>();
  for (const list of itins) for (const it of list) for (const f of it.flights) {
    const s = serviceOf(net, f);
    const cabins = AIRCRAFT[s.aircraft].cabins;
    for (let c = from; c < CABIN_ORDER.length; c++) {
      if (!cabins[CABIN_ORDER[c]]) continue;
      const id = seatId(f, c);
      if (index.has(id)) continue;
      index.set(id, keys.length);
      keys.push({ flight_no: `${net.carriers[s.carrier].code}${s.flightNo}`, date: f.day, cabin: CABIN_ORDER[c] });
    }
  }
  const sold = keys.length ? await deps.seats.sold(keys) : [];
  return (f: DatedFlight, c: Cabin) => {
    const i = index.get(seatId(f, CABIN_ORDER.indexOf(c)));
    return i === undefined ? 0 : sold[i] ?? 0;
  };
}

export interface JourneyOption extends PricedJourney { carrier: number; stops: number; minutes: number }

function matchesTime(net: Network, it: Itinerary, times: string[]): boolean {
  if (times.length === 0) return true;
  const tz = net.airports[net.routes[it.flights[0].route].o].tz;
  const h = utcToLocal(it.dep, tz).minutes / 60;
  const slot = h >= 5 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening';
  return times.includes(slot);
}

const sortValue = (sort: SortKey, price: number, minutes: number, dep: number) =>
  sort === 'price' ? price : sort === 'duration' ? minutes : dep;

/** Priced journey options per leg, after the journey-level filters (stops, time of day). */
export async function journeyOptions(deps: SearchDeps, q: FlightSearchQuery, legs: Leg[]): Promise<JourneyOption[][] | null> {
  const { net, now } = deps;
  const idx = legs.map((l) => [net.index.get(l.origin), net.index.get(l.destination)] as const);
  if (idx.some(([o, d]) => o === undefined || d === undefined)) return null;
  const today = dayString(now);
  const horizon = addDays(today, MAX_DAYS_AHEAD + 1);
  if (legs.some((l) => l.date < addDays(today, -1) || l.date > horizon)) return null;
  const maxStops = q.stops === '0' ? 0 : RULES.maxStops;
  const itins = idx.map(([o, d], i) => itinerariesOn(net, o!, d!, legs[i].date, now + CUTOFF_MS, maxStops));
  const realSold = await soldLookup(deps, itins, q.cabin_class);
  const seats = q.adults + q.children;
  const sectors: SectorMemo = new Map();
  return itins.map((list, leg) => {
    const out: JourneyOption[] = [];
    for (const it of list) {
      const stops = it.flights.length - 1;
      if (q.stops === '1+' && stops === 0 && legs.length === 1) continue;
      if (leg === 0 && !matchesTime(net, it, q.time_of_day)) continue;
      const p = priceJourney(net, it.flights, q.cabin_class, seats, now, realSold, sectors);
      if (!p) continue;
      out.push({ itin: it, sectors: p.sectors, adultBase: p.adultBase, carrier: serviceOf(net, it.flights[0]).carrier, stops, minutes: (it.arr - it.dep) / 60_000 });
    }
    return out;
  });
}

/**
 * Best combinations of one option per leg, in time order (a beam search: legs × options stays small).
 * `priceOf` is what a journey adds to a combination's price (its adult base unless told otherwise); `perJourney`
 * and `width` bound the options per leg and the combinations kept after each leg on multi-leg trips.
 */
export function combine(
  options: JourneyOption[][], sort: SortKey,
  { priceOf = (o: JourneyOption) => o.adultBase, perJourney = PER_JOURNEY, width = BEAM }: { priceOf?: (o: JourneyOption) => number; perJourney?: number; width?: number } = {},
): JourneyOption[][] {
  // Each option's price and sort value are worked out once, and a combination's list of journeys is only built
  // for the ones the beam keeps: a return search weighs ~900 pairings to keep 60.
  const top = options.map((list) => {
    const keyed = list.map((o) => { const price = priceOf(o); return { o, price, key: sortValue(sort, price, o.minutes, o.itin.dep) }; });
    // One leg: every option is a combination, in the order the beam below would give them (by value, then price,
    // then departure), without a pairing and a list built for each of the ~120 options of a one-way search.
    if (options.length === 1) return keyed.sort((a, b) => a.key - b.key || a.price - b.price || a.o.itin.dep - b.o.itin.dep);
    return keyed.sort((a, b) => a.key - b.key || a.o.itin.dep - b.o.itin.dep).slice(0, perJourney);
  });
  if (top.length === 1) return top[0].map((k) => [k.o]);
  let beam: { combo: JourneyOption[]; price: number; minutes: number }[] = [{ combo: [], price: 0, minutes: 0 }];
  for (const list of top) {
    // The `width` best pairings of all of them in this order (see admits); a pairing is made only once it is among them.
    const kept: { from: number; o: JourneyOption; price: number; minutes: number; value: number }[] = [];
    for (let from = 0; from < beam.length; from++) {
      const b = beam[from];
      const prev = b.combo[b.combo.length - 1];
      for (const { o, price } of list) {
        if (prev && o.itin.dep < prev.itin.arr + MIN_GAP_MS) continue;
        const total = b.price + price, minutes = b.minutes + o.minutes;
        const value = sortValue(sort, total, minutes, (b.combo[0] ?? o).itin.dep);
        if (!admits(kept, width, value, total)) continue;
        keep(kept, width, { from, o, price: total, minutes, value });
      }
    }
    beam = kept.map((n) => ({ combo: [...beam[n.from].combo, n.o], price: n.price, minutes: n.minutes }));
  }
  return beam.map((b) => b.combo);
}

type Pairing = { value: number; price: number };
const byValue = (a: Pairing, b: Pairing) => a.value - b.value || a.price - b.price;

/**
 * The beam's rule, one pairing at a time: `kept` holds the `k` first of the pairings offered so far by value, then
 * price, as a stable sort would order them (ties keep their order). Whether a pairing of this value and price
 * would be among them; asked before the pairing is made, since a return search weighs ~900 to keep 60.
 */
export const admits = (kept: readonly Pairing[], k: number, value: number, price: number) =>
  kept.length < k || (value - kept[k - 1].value || price - kept[k - 1].price) < 0;

/** Puts `it` into `kept` after every pairing not greater than it, and drops what falls past `k`. */
export function keep<T extends Pairing>(kept: T[], k: number, it: T): void {
  let at = kept.length;
  while (at > 0 && byValue(kept[at - 1], it) > 0) at--;
  kept.splice(at, 0, it);
  if (kept.length > k) kept.pop();
}

/** `total`: the offers matching the query's filters, of which `offers` is the page answered. */
export interface SearchOutcome { offers: PricedOffer[]; airlines: AvailableAirline[]; total: number }

const party = (q: FlightSearchQuery): Party => ({ adults: q.adults, children: q.children, infants: q.infants });

/**
 * Offers by the asked order, then price, then departure. Each offer's sort value is worked out once: the
 * comparison summed every offer's journey minutes on both sides each time, a thousand times a search.
 */
function sortedOffers(offers: PricedOffer[], sort: SortKey): PricedOffer[] {
  const keyed = offers.map((o) => {
    const minutes = o.journeys.reduce((s, j) => s + (j.itin.arr - j.itin.dep), 0);
    return { o, value: sortValue(sort, o.total, minutes, o.journeys[0].itin.dep) };
  });
  keyed.sort((a, b) => a.value - b.value || a.o.total - b.o.total || a.o.journeys[0].itin.dep - b.o.journeys[0].itin.dep);
  return keyed.map((k) => k.o);
}

/** An adult's base plus taxes on one journey, before margins; fills the tax memo pricing uses later. */
function adultFare(net: Network, o: JourneyOption): number {
  return paxBase(o.adultBase, 'ADT') + journeyTaxesOf(net, o, 'ADT');
}

/**
 * Per airline flying every leg: its cheapest combination's total (what its filter then shows first), and how many
 * journeys it has on the first leg. Journeys are ranked by an adult's fare with taxes, since a non-stop with a
 * higher base can beat a connection that pays more airport taxes; the few best pairings are priced in full.
 */
export function carrierMinima(net: Network, options: JourneyOption[][], price: (combo: JourneyOption[]) => PricedOffer, ok: (o: PricedOffer) => boolean) {
  const out = new Map<number, CarrierBest>();
  for (const carrier of new Set(options[0].map((o) => o.carrier))) {
    const legs = options.map((list) => list.filter((o) => o.carrier === carrier));
    if (legs.some((l) => l.length === 0)) continue;
    const fares = new Map(legs.flat().map((o) => [o, adultFare(net, o)]));
    const best = combine(legs, 'price', { priceOf: (o) => fares.get(o)!, perJourney: 8, width: 8 });
    const priced = best.slice(0, 3).map(price).filter(ok);
    if (priced.length) {
      const cheapest = priced.reduce((a, b) => (b.total < a.total ? b : a));
      out.set(carrier, { min: cheapest.total, count: legs[0].length, best: cheapest });
    }
  }
  return out;
}

export interface CarrierBest { min: number; count: number; best: PricedOffer }

/** Which flights, on which days, an offer flies: two combinations of the same journeys are the same offer. */
const offerKey = (o: PricedOffer) => o.journeys.map((j) => j.itin.flights.map((f) => `${f.route}.${f.service}.${f.day}`).join(',')).join('|');

/** `pool` with each airline's cheapest combination in it (combinations found apart from the beam may be missing). */
function withBests(pool: PricedOffer[], bests: PricedOffer[]): PricedOffer[] {
  const have = new Set(pool);
  const missing = bests.filter((b) => !have.has(b));
  if (missing.length === 0) return pool;
  const keys = new Set(pool.map(offerKey));
  return [...pool, ...missing.filter((b) => !keys.has(offerKey(b)))];
}

/** Offers for the query's legs, filtered and sorted, with the airlines that had any (before the airline filter). */
export async function searchLegs(deps: SearchDeps, q: FlightSearchQuery, legs: Leg[], ctx: PricingContext, limit: number): Promise<SearchOutcome> {
  const options = await journeyOptions(deps, q, legs);
  if (!options || options.some((l) => l.length === 0)) return { offers: [], airlines: [], total: 0 };
  const price = (combo: JourneyOption[]) => priceOffer(deps.net, combo, q.cabin_class, party(q), ctx);
  const stopsOk = (o: PricedOffer) => q.stops !== '1+' || o.journeys.some((j) => j.itin.flights.length > 1);
  const maxMinor = q.max_price === undefined ? Infinity : Math.round(q.max_price * 100);

  const all = combine(options, q.sort).map(price).filter(stopsOk);
  const byCarrier = new Map<number, CarrierBest>();
  for (const o of all) {
    const e = byCarrier.get(o.validating);
    if (!e) byCarrier.set(o.validating, { min: o.total, count: 1, best: o });
    else { if (o.total < e.min) { e.min = o.total; e.best = o; } e.count++; }
  }
  if (options.length > 1) {
    // The beam keeps the best combinations overall, so on a return trip a few low-cost carriers can fill it;
    // list every airline that flies each leg, from its own cheapest combination (what its filter shows first).
    for (const [carrier, e] of carrierMinima(deps.net, options, price, stopsOk)) {
      const seen = byCarrier.get(carrier);
      if (!seen) byCarrier.set(carrier, e);
      else if (e.min < seen.min) { seen.min = e.min; seen.best = e.best; }
    }
  }
  // An airline's "from" fare is an offer in the answer: airlines with nothing under the highest price are left out.
  const listed = [...byCarrier].filter(([, e]) => e.min <= maxMinor);
  const airlines: AvailableAirline[] = listed.map(([ci, e]) => {
    const c = deps.net.carriers[ci];
    return { code: c.code, name: c.name, logo: `/img/airlines/${c.code}.png`, min_price: toMoney(e.min, CURRENCY), count: e.count };
  }).sort((a, b) => Number(a.min_price.amount) - Number(b.min_price.amount) || a.code.localeCompare(b.code));

  let pool = withBests(all, listed.map(([, e]) => e.best));
  if (q.airlines.length > 0) {
    // Filter journeys before combining so the chosen airlines are not crowded out of the beam.
    const wanted = new Set(q.airlines);
    const filtered = options.map((l) => l.filter((o) => wanted.has(deps.net.carriers[o.carrier].code)));
    const chosen = listed.filter(([ci]) => wanted.has(deps.net.carriers[ci].code)).map(([, e]) => e.best);
    pool = filtered.some((l) => l.length === 0) ? [] : withBests(combine(filtered, q.sort).map(price).filter(stopsOk), chosen);
  }
  const matching = sortedOffers(pool.filter((o) => o.total <= maxMinor), q.sort);
  const offers = pageKeepingEachCheapest(matching, limit, (o) => o.validating, (o) => o.total);
  return { offers, airlines, total: matching.length };
}

/** The cheapest total on each day from three days before to three after (all legs shift together). */
export async function flexibleDays(deps: SearchDeps, q: FlightSearchQuery, ctx: PricingContext): Promise<FlexibleDay[]> {
  const today = dayString(deps.now);
  const days: FlexibleDay[] = [];
  for (let delta = -3; delta <= 3; delta++) {
    const legs = q.legs.map((l) => ({ ...l, date: addDays(l.date, delta) }));
    const day: FlexibleDay = { departure_date: legs[0].date, return_date: q.flightType === 'return' ? legs[1].date : null, price: null };
    if (legs[0].date >= today) {
      const r = await searchLegs(deps, { ...q, sort: 'price' }, legs, ctx, 1);
      if (r.offers[0]) day.price = toMoney(r.offers[0].total, CURRENCY);
    }
    days.push(day);
  }
  return days;
}
