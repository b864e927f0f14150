/** Offers: pricing a combination of journeys for a party, and the contract shapes (offer-ids.ts holds the id). */
import type {
  Bags, Cabin, FlightOffer, FlightOfferDetail, Journey, Layover, PaxFareDetail, PaxType, Segment,
} from '../../../contract/flights';
import { CABIN_NAMES } from '../../../contract/flights';
import { toMoney } from '../../../contract/money';
import { AIRCRAFT, FAMILIES, INFANT_BAGS, type FareFamily } from './aircraft';
import type { Itinerary } from './connections';
import { CURRENCY, journeyTaxes, journeyTaxTotal, paxBase, type SectorPrice, type TaxLineMinor } from './fares';
import { applyMargins, type PricingContext } from '../../pricing/margins';
import type { Network } from './network';
import { hashString } from './prng';
import { numberOf, serviceOf, type DatedFlight } from './schedule';
import { isoLocal, utcToLocal } from './time';

export interface Party { adults: number; children: number; infants: number }
export interface PricedJourney {
  itin: Itinerary; sectors: SectorPrice[]; adultBase: number;
  /** Tax totals per passenger type, filled on first use: a journey appears in many return/multi-city combinations. */
  taxMemo?: Partial<Record<PaxType, number>>;
}
export interface PaxPrice {
  type: PaxType; count: number;
  supplierBase: number; airlineMargin: number; channelMargin: number; base: number;
  taxes: number; perPerson: number;
}
export interface PricedOffer { journeys: PricedJourney[]; cabin: Cabin; party: Party; validating: number; pax: PaxPrice[]; total: number }

const PAX_ORDER: PaxType[] = ['ADT', 'CNN', 'INF'];
const countOf = (p: Party, t: PaxType) => (t === 'ADT' ? p.adults : t === 'CNN' ? p.children : p.infants);

/** A journey's taxes for one passenger of `type`, worked out once per journey. */
export function journeyTaxesOf(net: Network, j: PricedJourney, type: PaxType): number {
  const memo = (j.taxMemo ??= {});
  return (memo[type] ??= journeyTaxTotal(net, j.itin.flights, type, paxBase(j.adultBase, type)));
}

/** Prices a combination for the party with the asker's margins (per passenger type; taxes as totals). */
export function priceOffer(net: Network, journeys: PricedJourney[], cabin: Cabin, party: Party, ctx: PricingContext): PricedOffer {
  const validating = serviceOf(net, journeys[0].itin.flights[0]).carrier;
  const code = net.carriers[validating].code;
  const pax: PaxPrice[] = [];
  let total = 0;
  for (const type of PAX_ORDER) {
    const count = countOf(party, type);
    if (count === 0) continue;
    let supplierBase = 0, taxes = 0;
    for (const j of journeys) {
      supplierBase += paxBase(j.adultBase, type);
      taxes += journeyTaxesOf(net, j, type);
    }
    const m = applyMargins(supplierBase, type, code, ctx);
    const perPerson = m.base + taxes;
    pax.push({ type, count, supplierBase, airlineMargin: m.airline, channelMargin: m.channel, base: m.base, taxes, perPerson });
    total += perPerson * count;
  }
  return { journeys, cabin, party, validating, pax, total };
}

/** The tax lines of one passenger of `type` on an offer: each journey's lines, the same codes summed, in first-seen order. */
export function offerTaxLines(net: Network, offer: PricedOffer, type: PaxType): TaxLineMinor[] {
  const merged: TaxLineMinor[] = [];
  for (const j of offer.journeys) {
    for (const l of journeyTaxes(net, j.itin.flights, type, paxBase(j.adultBase, type))) {
      const same = merged.find((x) => x.code === l.code);
      if (same) same.amount += l.amount; else merged.push(l);
    }
  }
  return merged;
}

/** A stable short key of the pricing context: an offer priced for one asker is not shown to another. */
export const pricingKey = (ctx: PricingContext) => hashString(JSON.stringify(ctx)).toString(36);

// ---- contract shapes --------------------------------------------------------------------------------

export function familyOf(net: Network, offer: PricedOffer): FareFamily {
  return offer.cabin === 'Y' && net.carriers[offer.validating].lcc ? FAMILIES.YL : FAMILIES[offer.cabin];
}

// One object per fare family, so a response can send each allowance once (see compactOffers).
const bagsByFamily = new WeakMap<object, Bags>();
export function bagsOf(f: FareFamily | typeof INFANT_BAGS): Bags {
  let b = bagsByFamily.get(f);
  if (!b) bagsByFamily.set(f, (b = allowance(f)));
  return b;
}
function allowance(f: FareFamily | typeof INFANT_BAGS): Bags {
  return {
    carry_on: f.carryOnPieces ? `${f.carryOnPieces} × ${f.carryOnKg} kg` : 'None',
    checked: f.checkedPieces ? `${f.checkedPieces} × ${f.checkedKg} kg` : 'No checked bag',
    carry_on_kg: f.carryOnKg * f.carryOnPieces, checked_pieces: f.checkedPieces, checked_kg: f.checkedKg * f.checkedPieces,
  };
}

/**
 * The airline, aircraft and airport parts of a segment, one frozen object each per network: a search's summaries
 * name the same few hundreds of times, and making them anew was a good part of what a summary allocated.
 */
interface SegmentParts { airlines: Segment['airline'][]; aircraft: Map<object, Segment['aircraft']>; airports: Map<string | null, Segment['origin']>[] }
const partsByNet = new WeakMap<Network, SegmentParts>();
function partsOf(net: Network): SegmentParts {
  let p = partsByNet.get(net);
  if (!p) partsByNet.set(net, (p = { airlines: [], aircraft: new Map(), airports: [] }));
  return p;
}

function airportRef(net: Network, parts: SegmentParts, i: number, terminal: string) {
  const a = net.airports[i];
  const shown = a.size === 'small' ? null : terminal;
  const byTerminal = (parts.airports[i] ??= new Map());
  let ref = byTerminal.get(shown);
  if (!ref) byTerminal.set(shown, (ref = Object.freeze({ code: a.iata, name: a.name, city: a.city, country: a.country, terminal: shown })));
  return ref;
}

function segment(net: Network, f: DatedFlight, p: SectorPrice, family: FareFamily, memo?: JourneyMemo): Segment {
  const fam = p.cabin === 'Y' || family === FAMILIES.YL ? family : FAMILIES[p.cabin];
  if (!memo) return newSegment(net, f, p, fam);
  // One object per sector price (a flight priced once a search) and bags, so compactOffers sends it once.
  const bags = bagsOf(fam);
  let byPrice = memo.segments.get(bags);
  if (!byPrice) memo.segments.set(bags, (byPrice = new Map()));
  let made = byPrice.get(p);
  if (!made) byPrice.set(p, (made = newSegment(net, f, p, fam)));
  return made;
}

function newSegment(net: Network, f: DatedFlight, p: SectorPrice, fam: FareFamily): Segment {
  const s = serviceOf(net, f);
  const r = net.routes[f.route];
  const ac = AIRCRAFT[s.aircraft];
  const o = net.airports[r.o], d = net.airports[r.d];
  const parts = partsOf(net);
  let airline = parts.airlines[s.carrier];
  if (!airline) { const c = net.carriers[s.carrier]; parts.airlines[s.carrier] = airline = Object.freeze({ code: c.code, name: c.name }); }
  let aircraft = parts.aircraft.get(ac);
  if (!aircraft) parts.aircraft.set(ac, (aircraft = Object.freeze({ code: ac.code, name: ac.name })));
  return {
    airline,
    flight_number: numberOf(net, f),
    aircraft,
    origin: airportRef(net, parts, r.o, s.depTerminal),
    destination: airportRef(net, parts, r.d, s.arrTerminal),
    departure_at: isoLocal(f.dep, o.tz),
    arriving_at: isoLocal(f.arr, d.tz),
    duration_minutes: Math.round((f.arr - f.dep) / 60_000),
    cabin: p.cabin,
    booking_class: p.bookingClass,
    seats_left: Math.min(9, p.seatsLeft),
    bags: bagsOf(fam),
  };
}

function journey(net: Network, j: PricedJourney, family: FareFamily, memo?: JourneyMemo): Journey {
  const fl = j.itin.flights;
  const segments = fl.map((f, i) => segment(net, f, j.sectors[i], family, memo));
  const layovers: Layover[] = [];
  for (let i = 1; i < fl.length; i++) {
    const at = net.routes[fl[i].route].o;
    const tz = net.airports[at].tz;
    layovers.push({
      airport: net.airports[at].iata,
      city: net.airports[at].city,
      duration_minutes: Math.round((fl[i].dep - fl[i - 1].arr) / 60_000),
      change_of_terminal: segments[i - 1].destination.terminal !== segments[i].origin.terminal,
      overnight: utcToLocal(fl[i - 1].arr, tz).day !== utcToLocal(fl[i].dep, tz).day,
    });
  }
  const first = fl[0], last = fl[fl.length - 1];
  return {
    origin: net.airports[net.routes[first.route].o].iata,
    destination: net.airports[net.routes[last.route].d].iata,
    departure_at: segments[0].departure_at,
    arriving_at: segments[segments.length - 1].arriving_at,
    duration_minutes: Math.round((last.arr - first.dep) / 60_000),
    stops: fl.length - 1,
    layovers,
    segments,
  };
}

const money = (minor: number) => toMoney(minor, CURRENCY);
const atLeast = (minor: number, floor: number) => Math.max(floor, Math.round(minor / 100) * 100);

/** Every offer of a search expires at the same instant: its text is made once. */
let lastInstant = { at: NaN, iso: '' };
export function isoInstant(at: number): string {
  if (lastInstant.at !== at) lastInstant = { at, iso: new Date(at).toISOString() };
  return lastInstant.iso;
}

/**
 * Journeys already built in one search, by fare family (it sets the bags): offers that share one share the object.
 * Likewise segments, by sector price and bags: journeys that share a flight share its segment.
 */
export interface JourneyMemo { journeys: Map<FareFamily, Map<PricedJourney, Journey>>; segments: Map<Bags, Map<SectorPrice, Segment>> }
export const journeyMemo = (): JourneyMemo => ({ journeys: new Map(), segments: new Map() });

function sharedJourney(net: Network, j: PricedJourney, family: FareFamily, memo?: JourneyMemo): Journey {
  if (!memo) return journey(net, j, family);
  let byJourney = memo.journeys.get(family);
  if (!byJourney) memo.journeys.set(family, (byJourney = new Map()));
  let built = byJourney.get(j);
  if (!built) byJourney.set(j, (built = journey(net, j, family, memo)));
  return built;
}

/** The search-result view of an offer, built straight from the priced offer (no fare rules, tax lines or bags). */
export function buildSummary(net: Network, offer: PricedOffer, id: string, supplier: string, isSooper: boolean, expiresAt: number, memo?: JourneyMemo): FlightOffer {
  const family = familyOf(net, offer);
  const journeys = offer.journeys.map((j) => sharedJourney(net, j, family, memo));
  // Plain loops: the spread sets and lists these were built with were a good part of a search's summaries.
  const carriers: string[] = [];
  let stops = 0, minutes = 0, seatsLeft = Infinity;
  for (const j of journeys) {
    stops += j.stops;
    minutes += j.duration_minutes;
    for (const s of j.segments) {
      if (!carriers.includes(s.airline.code)) carriers.push(s.airline.code);
      if (s.seats_left < seatsLeft) seatsLeft = s.seats_left;
    }
  }
  const adult = offer.pax.find((p) => p.type === 'ADT')!;
  const c = net.carriers[offer.validating];
  return {
    id, supplier, is_sooper_flight: isSooper,
    expires_at: isoInstant(expiresAt),
    validating_airline: { code: c.code, name: c.name },
    airlines: carriers,
    cabin_class: offer.cabin,
    fare_family: family.name,
    refundable: family.refundable,
    journeys,
    stops,
    duration_minutes: minutes,
    seats_left: seatsLeft,
    price: money(offer.total),
    price_per_adult: money(adult.perPerson),
    fares: offer.pax.map((p) => ({ type: p.type, count: p.count, base: money(p.base), taxes: money(p.taxes), total_per_person: money(p.perPerson), total: money(p.perPerson * p.count) })),
  };
}

/** The full offer of GET /flight/{id}: the summary plus tax lines, bags per passenger type and fare rules. */
export function buildDetail(net: Network, offer: PricedOffer, id: string, supplier: string, isSooper: boolean, expiresAt: number): FlightOfferDetail {
  const summary = buildSummary(net, offer, id, supplier, isSooper, expiresAt);
  const family = familyOf(net, offer);
  const adult = offer.pax.find((p) => p.type === 'ADT')!;
  const fares: PaxFareDetail[] = offer.pax.map((p, i) => ({
    ...summary.fares[i],
    taxes_breakdown: offerTaxLines(net, offer, p.type).map((l) => ({ code: l.code, name: l.name, amount: money(l.amount) })),
    bags: bagsOf(p.type === 'INF' ? INFANT_BAGS : family),
  }));
  const notes = [
    `${family.name} fare, ${CABIN_NAMES[offer.cabin]} cabin.`,
    family.refundable ? 'Refundable before departure for a fee.' : 'Non-refundable; taxes are refunded on request.',
    'Fees are per passenger, plus any fare difference when changing.',
  ];
  return {
    ...summary,
    fares,
    fare_rules: {
      refundable: family.refundable,
      cancellation_fee: family.cancelFeePct === null ? null : money(atLeast(adult.base * family.cancelFeePct, family.cancelFeePct ? 300_000 : 0)),
      change_fee: family.changeFeePct === null ? null : money(atLeast(adult.base * family.changeFeePct, family.changeFeePct ? 200_000 : 0)),
      no_show_fee: money(family.refundable ? 500_000 : 0),
      notes,
    },
    passengers: { ...offer.party },
  };
}
