/**
 * The embedded supplier's page of offers written straight into the form GET /flights sends (contract/flight-wire.ts):
 * the rows, journeys, segments and names compactOffers would make of buildSummary's offers, field for field and key
 * for key, without the FlightOffer, Journey, Segment and Money objects in between, which a search built only to take
 * apart again (a sixth of its work and much of what it allocated).
 */
import type { Bags } from '../../../contract/flights';
import type { FlightOfferRow, RowDefaults, WireFare, WireJourney, WireLayover, WireOffers } from '../../../contract/flight-wire';
import { toMoney } from '../../../contract/money';
import { AIRCRAFT, FAMILIES, type FareFamily } from './aircraft';
import { CURRENCY, type SectorPrice } from './fares';
import type { Network } from './network';
import { bagsOf, familyOf, isoInstant, type PricedJourney, type PricedOffer } from './offers';
import { numberOf, serviceOf, type DatedFlight } from './schedule';
import { isoLocal, localDayNumber } from './time';

export interface WireOfferSource { net: Network; supplier: string; isSooper: boolean; expiresAt: number }

/**
 * Per network, the answer that last named each airport (its answers are numbered), so that a segment's two airports
 * are array reads rather than look-ups in the answer's airports, an object of tens of keys. An answer is written
 * without a pause, so one counter per network serves every answer.
 */
interface AirportMarks { marks: Uint32Array; answers: number }
const named = new WeakMap<Network, AirportMarks>();
function nextAnswer(net: Network): AirportMarks {
  let m = named.get(net);
  if (!m) named.set(net, (m = { marks: new Uint32Array(net.airports.length), answers: 0 }));
  if (m.answers === 0xffff_ffff) { m.marks.fill(0); m.answers = 0; }
  m.answers++;
  return m;
}

/** `offers` in their order, with `ids[i]` naming `offers[i]`. */
export function writeWireOffers(src: WireOfferSource, offers: readonly PricedOffer[], ids: readonly string[]): WireOffers {
  const { net } = src;
  const wire: Omit<WireOffers, 'flights' | 'row_defaults'> = { journeys: {}, segments: [], airports: {}, airlines: {}, aircraft: {}, bags: {} };
  // A journey is one wire journey per fare family (the family sets its bags), as buildSummary shares its objects.
  const journeyKeys = new Map<FareFamily, Map<PricedJourney, string>>();
  const bagKeys = new Map<Bags, string>();
  let journeyCount = 0;

  const { marks, answers: answer } = nextAnswer(net);
  const place = (i: number) => {
    const a = net.airports[i];
    if (marks[i] !== answer) { marks[i] = answer; wire.airports[a.iata] = { name: a.name, city: a.city, country: a.country }; }
    return a;
  };
  // A flight is a segment of several journeys (a first flight connects to more than one onward flight), priced
  // once per search: its sector price with the same bags is one segment, sent once (as buildSummary shares it).
  const segmentAt = new Map<Bags, Map<SectorPrice, number>>();
  const segment = (f: DatedFlight, p: SectorPrice, family: FareFamily): number => {
    const bags = bagsOf(p.cabin === 'Y' || family === FAMILIES.YL ? family : FAMILIES[p.cabin]);
    let made = segmentAt.get(bags);
    if (!made) segmentAt.set(bags, (made = new Map()));
    let at = made.get(p);
    if (at !== undefined) return at;
    made.set(p, (at = wire.segments.length));
    const s = serviceOf(net, f);
    const r = net.routes[f.route];
    const c = net.carriers[s.carrier];
    const ac = AIRCRAFT[s.aircraft];
    wire.airlines[c.code] ??= c.name;
    wire.aircraft[ac.code] ??= ac.name;
    let bagsKey = bagKeys.get(bags);
    if (bagsKey === undefined) { bagKeys.set(bags, (bagsKey = `b${bagKeys.size + 1}`)); wire.bags[bagsKey] = bags; }
    const o = place(r.o), d = place(r.d);
    wire.segments.push([
      c.code, numberOf(net, f), ac.code, o.iata, o.size === 'small' ? null : s.depTerminal, d.iata, d.size === 'small' ? null : s.arrTerminal,
      isoLocal(f.dep, o.tz), isoLocal(f.arr, d.tz),
      Math.round((f.arr - f.dep) / 60_000), p.cabin, p.bookingClass, Math.min(9, p.seatsLeft), bagsKey,
    ]);
    return at;
  };
  // Its ends and times are its first and last segments', so they go as null (see WireJourney).
  const journey = (j: PricedJourney, family: FareFamily): WireJourney => {
    const fl = j.itin.flights;
    const segments = fl.map((f, i) => segment(f, j.sectors[i], family));
    const sent = wire.segments;
    const layovers: WireLayover[] = [];
    for (let i = 1; i < fl.length; i++) {
      const at = net.routes[fl[i].route].o;
      const a = net.airports[at];
      layovers.push([
        a.iata, a.city, Math.round((fl[i].dep - fl[i - 1].arr) / 60_000), sent[segments[i - 1]][6] !== sent[segments[i]][4],
        localDayNumber(fl[i - 1].arr, a.tz) !== localDayNumber(fl[i].dep, a.tz),
      ]);
    }
    return [null, null, null, null, Math.round((fl[fl.length - 1].arr - fl[0].dep) / 60_000), fl.length - 1, layovers, segments];
  };
  const keyOf = (j: PricedJourney, family: FareFamily) => {
    let byJourney = journeyKeys.get(family);
    if (!byJourney) journeyKeys.set(family, (byJourney = new Map()));
    let k = byJourney.get(j);
    if (k === undefined) {
      byJourney.set(j, (k = `j${++journeyCount}`));
      wire.journeys[k] = journey(j, family);
    }
    return k;
  };

  const expires_at = isoInstant(src.expiresAt);
  const defaults: RowDefaults | undefined = offers[0] && { expires_at, cabin_class: offers[0].cabin };
  const flights = offers.map((offer, i): FlightOfferRow => {
    const family = familyOf(net, offer);
    let stops = 0;
    const journey_ids = offer.journeys.map((j) => { stops += j.itin.flights.length - 1; return keyOf(j, family); });
    const c = net.carriers[offer.validating];
    const adult = offer.pax.find((p) => p.type === 'ADT')!;
    // What arrival works out again is left undefined, as compactOffers leaves it: the carriers in order of flying,
    // the summed minutes, the fewest seats and the per-adult price's currency are those here by construction.
    return {
      id: ids[i], supplier: src.supplier, is_sooper_flight: src.isSooper, expires_at: undefined,
      validating_airline: { code: c.code, name: wire.airlines[c.code] === c.name ? undefined : c.name }, airlines: undefined,
      cabin_class: offer.cabin === defaults!.cabin_class ? undefined : offer.cabin, fare_family: family.name, refundable: family.refundable,
      journey_ids, stops, duration_minutes: undefined, seats_left: undefined, price: toMoney(offer.total, CURRENCY),
      price_per_adult: { amount: toMoney(adult.perPerson, CURRENCY).amount, currency: undefined },
      fares: offer.pax.map((p): WireFare => [p.type, p.count, p.base, p.taxes]),
    };
  });
  return { ...wire, flights, row_defaults: defaults };
}
