/**
 * Fare construction, in integer minor units of PKR: a base by distance and cabin, moved by demand (load
 * factor → booking class) and by days before departure; children pay 75 % and infants 10 % of the adult
 * base; taxes are separate lines. Connecting journeys are priced as a through fare (a discount on the sum).
 */
import type { Cabin, PaxType } from '../../../contract/flights';
import { AIRCRAFT, BOOKING_CLASSES } from './aircraft';
import type { Network } from './network';
import { hashInts, hashString, unit } from './prng';
import { serviceOf, type DatedFlight } from './schedule';

export const CURRENCY = 'PKR';
const CABIN_FACTOR: Record<Cabin, number> = { Y: 1, S: 1.7, C: 3.6, F: 6.5 };
export const PAX_SHARE: Record<PaxType, number> = { ADT: 1, CNN: 0.75, INF: 0.1 };
/** Connecting journeys are priced on the origin–destination distance, a little below a non-stop. */
const THROUGH_FARE = [1, 0.9, 0.85];

/** Published adult base for a sector in a cabin, before demand and timing (minor units). */
export function sectorBase(km: number, cabin: Cabin): number {
  const major = 15_000 + 24 * km ** 0.95;
  return Math.round(major * CABIN_FACTOR[cabin]) * 100;
}

/** Price level by how close to departure: early birds pay less, the last days most. */
export function advanceFactor(daysBefore: number): number {
  if (daysBefore >= 60) return 0.9;
  if (daysBefore >= 21) return 1;
  if (daysBefore >= 7) return 1.12;
  if (daysBefore >= 3) return 1.25;
  return 1.4;
}

/** The open booking class at a load factor, and its price multiplier (lowest buckets sell first). */
export function bookingClass(cabin: Cabin, loadFactor: number): { code: string; factor: number } {
  const classes = BOOKING_CLASSES[cabin];
  const i = Math.min(classes.length - 1, Math.max(0, Math.floor(loadFactor * classes.length)));
  const factor = classes.length === 1 ? 1 : 0.75 * 2.4 ** (i / (classes.length - 1));
  return { code: classes[i], factor };
}

export function cabinCapacity(net: Network, f: DatedFlight, cabin: Cabin): number {
  return AIRCRAFT[serviceOf(net, f).aircraft].cabins[cabin]?.seats ?? 0;
}

/**
 * Seats other travellers hold on a flight (the synthetic market): a final load factor per flight and day,
 * reached along a booking curve. Real bookings (the SeatStore) come on top.
 */
export function marketSold(net: Network, f: DatedFlight, cabin: Cabin, daysBefore: number): number {
  const capacity = cabinCapacity(net, f, cabin);
  const s = serviceOf(net, f);
  const final = 0.5 + 0.45 * unit(hashInts(net.seed, s.carrier, s.flightNo, hashString(f.day), cabin.charCodeAt(0)));
  const curve = 1 / (1 + Math.max(0, daysBefore) / 25);
  return Math.floor(capacity * final * curve);
}

/** A carrier's price level: low-cost cheaper, others spread a little so results differ. */
export function carrierFactor(net: Network, carrier: number): number {
  const c = net.carriers[carrier];
  return (c.lcc ? 0.8 : 1) * (0.95 + 0.12 * c.pref);
}

export interface TaxLineMinor { code: string; name: string; amount: number }

const PSC = [400_000, 250_000, 120_000]; // passenger service charge by airport size (minor units)
const isInternational = (net: Network, f: DatedFlight) =>
  net.airports[net.routes[f.route].o].country !== net.airports[net.routes[f.route].d].country;

/** Passenger service charges of a journey's sectors, by each departure airport's size. */
function serviceCharges(net: Network, flights: DatedFlight[]): number {
  let psc = 0;
  for (const f of flights) psc += PSC[net.size[net.routes[f.route].o]];
  return psc;
}
/** International departure tax of a journey: per sector that crosses a border. */
function departureTax(net: Network, flights: DatedFlight[]): number {
  let intl = 0;
  for (const f of flights) if (isInternational(net, f)) intl += 350_000;
  return intl;
}
/** Whole rupees, like every price (contract/money.ts wholeUnits). */
const duty = (paxBase: number, international: boolean) => Math.round((paxBase * (international ? 0.08 : 0.05)) / 100) * 100;

/**
 * Taxes for one passenger on one journey: departure charges per sector (infants are exempt), and a duty on
 * the passenger's base fare (8 % when the journey crosses a border, else 5 %). Lines in the order PSC, SEC, INT
 * (when a sector is international), DUT.
 */
export function journeyTaxes(net: Network, flights: DatedFlight[], pax: PaxType, paxBase: number): TaxLineMinor[] {
  const intl = departureTax(net, flights);
  const lines: TaxLineMinor[] = [];
  if (pax !== 'INF' && flights.length > 0) {
    lines.push({ code: 'PSC', name: 'Passenger service charge', amount: serviceCharges(net, flights) }, { code: 'SEC', name: 'Security charge', amount: 60_000 * flights.length });
    if (intl > 0) lines.push({ code: 'INT', name: 'International departure tax', amount: intl });
  }
  const international = intl > 0;
  lines.push({ code: 'DUT', name: international ? 'Excise duty (8%)' : 'Excise duty (5%)', amount: duty(paxBase, international) });
  return lines;
}

/**
 * The sum of journeyTaxes' lines, without the lines: a search prices every journey it finds for each passenger
 * type and needs only the total; the lines are spelled for the few offers whose details are shown.
 */
export function journeyTaxTotal(net: Network, flights: DatedFlight[], pax: PaxType, paxBase: number): number {
  const intl = departureTax(net, flights);
  const charges = pax !== 'INF' && flights.length > 0 ? serviceCharges(net, flights) + 60_000 * flights.length + intl : 0;
  return charges + duty(paxBase, intl > 0);
}

/** The cabin asked for, then the lower ones a sector may fall back to. */
const FALLBACK: Record<Cabin, readonly Cabin[]> = { F: ['F', 'C', 'S', 'Y'], C: ['C', 'S', 'Y'], S: ['S', 'Y'], Y: ['Y'] };

export interface SectorPrice { cabin: Cabin; bookingClass: string; seatsLeft: number; adultBase: number }
/** A sector priced once: its SectorPrice and its published base (for the through fare); null when no cabin fits. */
interface PricedSector { price: SectorPrice; published: number }
/**
 * Sectors already priced in one search (same cabin asked, moment and sold counts): a flight is a sector of many
 * journeys (each first flight connects to several onward ones, hubs' flights to many), priced once here.
 */
export type SectorMemo = Map<DatedFlight, PricedSector | null>;

function priceSector(net: Network, f: DatedFlight, order: readonly Cabin[], now: number, realSold: (f: DatedFlight, cabin: Cabin) => number): PricedSector | null {
  const aircraft = AIRCRAFT[serviceOf(net, f).aircraft];
  const c = order.find((x) => aircraft.cabins[x]);
  if (!c) return null;
  const capacity = aircraft.cabins[c]!.seats;
  const daysBefore = Math.floor((f.dep - now) / 86_400_000);
  const sold = Math.min(capacity, marketSold(net, f, c, daysBefore) + realSold(f, c));
  const seatsLeft = capacity - sold;
  const bc = bookingClass(c, sold / capacity);
  const published = sectorBase(net.routes[f.route].km, c);
  const base = Math.round(published * bc.factor * advanceFactor(daysBefore) * carrierFactor(net, serviceOf(net, f).carrier) / 100) * 100;
  return { price: { cabin: c, bookingClass: bc.code, seatsLeft, adultBase: base }, published };
}

/**
 * Prices one journey for an adult, sector by sector, at a moment (`now`): per sector the cabin asked for
 * (or the best lower one the aircraft has), its open booking class and the seats left after the market and
 * real bookings (`realSold`). Returns null when a sector cannot seat the party. `memo` keeps sectors for the
 * rest of the search (same `cabin`, `now` and `realSold` only).
 */
export function priceJourney(
  net: Network, flights: DatedFlight[], cabin: Cabin, seatsNeeded: number, now: number,
  realSold: (f: DatedFlight, cabin: Cabin) => number, memo?: SectorMemo,
): { sectors: SectorPrice[]; adultBase: number } | null {
  const sectors: SectorPrice[] = [];
  let sum = 0, published = 0;
  let hasRequested = false;
  const order = FALLBACK[cabin];
  for (const f of flights) {
    let sector = memo?.get(f);
    if (sector === undefined) {
      sector = priceSector(net, f, order, now, realSold);
      memo?.set(f, sector);
    }
    if (!sector) return null;
    if (sector.price.cabin === cabin) hasRequested = true;
    if (sector.price.seatsLeft < seatsNeeded) return null;
    sectors.push(sector.price);
    sum += sector.price.adultBase;
    published += sector.published;
  }
  if (!hasRequested) return null;
  if (flights.length === 1) return { sectors, adultBase: sum };
  // Through fare: the O&D fare in the asked cabin, moved by the sectors' average demand and timing.
  const first = net.routes[flights[0].route].o, last = net.routes[flights[flights.length - 1].route].d;
  const od = odBase(net, first, last, cabin) * (sum / published) * THROUGH_FARE[flights.length - 1];
  return { sectors, adultBase: Math.round(od / 100) * 100 };
}

/**
 * sectorBase over the great circle from `first` to `last`. The connecting journeys of a leg all ask it for the same
 * ends and cabin, hundreds of times a search, so the last answer is kept (a distance and a power each time before).
 */
let lastOd: { net: Network; first: number; last: number; cabin: Cabin; base: number } | undefined;
function odBase(net: Network, first: number, last: number, cabin: Cabin): number {
  const m = lastOd;
  if (m && m.net === net && m.first === first && m.last === last && m.cabin === cabin) return m.base;
  const base = sectorBase(net.dist(first, last), cabin);
  lastOd = { net, first, last, cabin, base };
  return base;
}

/** The base fare of a passenger type from the adult base. */
export const paxBase = (adultBase: number, pax: PaxType) => Math.round((adultBase * PAX_SHARE[pax]) / 100) * 100;
