/**
 * POST /air/offer_requests: validates the search as Duffel does and answers deterministic offers for any pair of
 * airports: the same search always gives the same flights, times and prices (ids aside). Airlines fly direct when
 * an end of the route is one of their hubs and connect through a hub when the detour is modest. Offer shape:
 * node_modules/@duffel/api/dist/booking/Offers/OfferTypes.d.ts and duffel.com/docs/api/v2/offers.
 */
import { E, Problems, SimError, badFormat, fieldError, notIncluded, required } from './errors';
import { AIRLINES, aircraftFor, airlineObject, airport, type AirlineRow, type SimAirport } from './reference';
import { FX, type Json, type OfferRecord, type SimState } from './state';
import {
  between, clone, greatCircleKm, hash32, isCalendarDate, isoDuration, isoNow, isoSeconds, localToUtc, money, rng, utcToLocal,
} from './util';

export const CABINS = ['first', 'business', 'premium_economy', 'economy'] as const;
type Cabin = (typeof CABINS)[number];
const CABIN_LABEL: Record<Cabin, string> = { first: 'First', business: 'Business', premium_economy: 'Premium Economy', economy: 'Economy' };
const CABIN_PRICE: Record<Cabin, number> = { economy: 1, premium_economy: 1.7, business: 3.6, first: 6 };
// Which airlines sell which cabins (everyone sells economy and, but for the low-cost carrier, business).
const FIRST = ['QR', 'EK', 'EY', 'BA', 'LH', 'SQ'];
const PREMIUM = ['EK', 'BA', 'LH', 'SQ', 'TK'];
const PASSENGER_TYPES = ['adult', 'child', 'infant_without_seat'] as const;
const HOUR = 3600_000;
const OFFER_TTL_MS = 30 * 60_000;

interface Leg { from: SimAirport; to: SimAirport; airline: AirlineRow; flightNumber: string; depUtc: number; arrUtc: number; km: number }
interface Itinerary { airline: AirlineRow; legs: Leg[] }
interface SearchPassenger { id: string; type: (typeof PASSENGER_TYPES)[number]; age: number | null }

const blockMinutes = (km: number) => Math.round((40 + (km / 800) * 60) / 5) * 5;
const kmBetween = (a: SimAirport, b: SimAirport) => greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude);
const typeForAge = (age: number): SearchPassenger['type'] => (age < 2 ? 'infant_without_seat' : age < 12 ? 'child' : 'adult');

/** Validates the body of POST /air/offer_requests; throws Duffel's 422 with every problem found. */
function validate(data: Json, today: string): void {
  const p = new Problems();
  if (!Array.isArray(data.slices) || data.slices.length === 0) p.add(required('/slices'));
  else data.slices.forEach((s: Json, i: number) => {
    for (const f of ['origin', 'destination'] as const) {
      if (s?.[f] == null || s[f] === '') p.add(required(`/slices/${i}/${f}`));
      else if (typeof s[f] !== 'string' || !/^[A-Z]{3}$/.test(s[f])) p.add(badFormat(`/slices/${i}/${f}`, 'must be a 3-letter IATA code'));
    }
    if (s?.departure_date == null) p.add(required(`/slices/${i}/departure_date`));
    else if (!isCalendarDate(s.departure_date)) p.add(badFormat(`/slices/${i}/departure_date`, 'must be an ISO 8601 date'));
    // Not named in the docs (guessed code): a search for a day already gone.
    else if (s.departure_date < today) p.add(fieldError(`/slices/${i}/departure_date`, 'departure_date_in_past', 'Invalid value', "Field 'departure_date' must be today or a later date"));
  });
  if (!Array.isArray(data.passengers) || data.passengers.length === 0) p.add(required('/passengers'));
  else data.passengers.forEach((x: Json, i: number) => {
    const hasType = x?.type != null, hasAge = x?.age != null;
    if (!hasType && !hasAge) p.add(required(`/passengers/${i}/type`));
    if (hasType && hasAge && !x.fare_type) p.add(badFormat(`/passengers/${i}/age`, 'can not be given with a type: a passenger has a type or an age, not both'));
    if (hasType && !(PASSENGER_TYPES as readonly string[]).includes(x.type)) p.add(notIncluded(`/passengers/${i}/type`, PASSENGER_TYPES));
    if (hasAge && !(Number.isInteger(x.age) && x.age >= 0 && x.age <= 130)) p.add(badFormat(`/passengers/${i}/age`, 'must be a whole number between 0 and 130'));
  });
  if (data.cabin_class != null && !(CABINS as readonly string[]).includes(data.cabin_class)) p.add(notIncluded('/cabin_class', CABINS));
  if (data.max_connections != null && ![0, 1, 2].includes(data.max_connections)) p.add(notIncluded('/max_connections', [0, 1, 2]));
  p.throwIfAny();
}

/** A search's legs for one airline: direct when the route touches its hub, else through a hub on the way. */
function itinerariesFor(airline: AirlineRow, o: SimAirport, d: SimAirport, date: string, maxConnections: number, anyDetour: boolean): Itinerary[] {
  const code = (a: SimAirport) => a.iata_code;
  const direct = [o, d].some((a) => airline.hubs.includes(code(a)));
  const out: Itinerary[] = [];
  const flightNo = (a: SimAirport, b: SimAirport) => String(100 + (hash32(`${airline.iata}${code(a)}${code(b)}`) % 880));
  const leg = (a: SimAirport, b: SimAirport, depUtc: number): Leg => {
    const km = kmBetween(a, b);
    return { from: a, to: b, airline, flightNumber: flightNo(a, b), depUtc, arrUtc: depUtc + blockMinutes(km) * 60000, km };
  };
  if (direct) {
    const r = rng(`${airline.iata}:${code(o)}-${code(d)}:${date}:direct`);
    const departures = 1 + (hash32(`${airline.iata}${code(o)}${code(d)}`) % 2);
    for (let k = 0; k < departures; k++) {
      // One morning and one evening bank, in five-minute steps, local to the origin.
      const minute = k === 0 ? between(r, 72, 138) * 5 : between(r, 192, 282) * 5;
      out.push({ airline, legs: [leg(o, d, localToUtc(date, minute, o.time_zone))] });
    }
  }
  if (maxConnections >= 1) {
    const directKm = kmBetween(o, d);
    for (const hubCode of airline.hubs) {
      if (hubCode === code(o) || hubCode === code(d)) continue;
      const hub = airport(hubCode);
      const detour = (kmBetween(o, hub) + kmBetween(hub, d)) / Math.max(directKm, 1);
      // Nobody sells a 40-minute hop between neighbouring airports (KHI-SHJ-DXB) as a connection.
      const hop = Math.min(kmBetween(o, hub), kmBetween(hub, d));
      if (!anyDetour && (detour > 1.45 || directKm < 400 || hop < 250)) continue;
      const r = rng(`${airline.iata}:${code(o)}-${hubCode}-${code(d)}:${date}`);
      const first = leg(o, hub, localToUtc(date, between(r, 84, 264) * 5, o.time_zone));
      const layover = between(r, 14, 44) * 5;
      out.push({ airline, legs: [first, leg(hub, d, first.arrUtc + layover * 60000)] });
    }
  }
  return out;
}

function sliceItineraries(o: SimAirport, d: SimAirport, date: string, maxConnections: number, cabin: Cabin): Itinerary[] {
  const airlines = AIRLINES.filter((a) => cabinSold(a, cabin));
  let found = airlines.flatMap((a) => itinerariesFor(a, o, d, date, maxConnections, false));
  if (found.length === 0) {
    // No one's network covers the pair (an unknown code, say): the big Gulf and Turkish hubs connect anything.
    const hubs = airlines.filter((a) => ['QR', 'EK', 'TK'].includes(a.iata));
    found = maxConnections >= 1
      ? hubs.flatMap((a) => itinerariesFor(a, o, d, date, maxConnections, true))
      : hubs.slice(hash32(o.iata_code + d.iata_code) % Math.max(hubs.length, 1)).slice(0, 1)
        .flatMap((a) => itinerariesFor({ ...a, hubs: [o.iata_code] }, o, d, date, 0, true));
  }
  return found;
}

function cabinSold(a: AirlineRow, cabin: Cabin): boolean {
  if (cabin === 'economy') return true;
  if (a.lowCost) return false;
  if (cabin === 'first') return FIRST.includes(a.iata);
  if (cabin === 'premium_economy') return PREMIUM.includes(a.iata);
  return true;
}

/** Offers for a validated search: one per airline itinerary combination and fare brand (a cheap and a flexible one). */
function buildOffers(state: SimState, requestId: string, data: Json, passengers: SearchPassenger[], createdAt: number): OfferRecord[] {
  const cabin: Cabin = data.cabin_class ?? 'economy';
  const maxConnections: number = data.max_connections ?? 1;
  const slices = data.slices.map((s: Json) => ({ o: airport(s.origin), d: airport(s.destination), date: s.departure_date as string }));
  const perSlice = slices.map((s: { o: SimAirport; d: SimAirport; date: string }) => sliceItineraries(s.o, s.d, s.date, maxConnections, cabin));
  const records: OfferRecord[] = [];
  for (const airline of AIRLINES) {
    const options = perSlice.map((list: Itinerary[]) => list.filter((it) => it.airline.iata === airline.iata));
    if (options.some((l: Itinerary[]) => l.length === 0)) continue;
    const combos = Math.max(...options.map((l: Itinerary[]) => l.length));
    for (let c = 0; c < combos; c++) {
      const journey: Itinerary[] = options.map((l: Itinerary[]) => l[c % l.length]);
      // A return must leave after the outbound lands.
      if (journey.some((it, i) => i > 0 && it.legs[0].depUtc < journey[i - 1].legs.at(-1)!.arrUtc + 2 * HOUR)) continue;
      for (const tier of [0, 1] as const) records.push(offerFor(state, requestId, airline, journey, tier, cabin, passengers, createdAt, slices.at(-1).date));
    }
  }
  return records.sort((a, b) => a.totalMinor - b.totalMinor);
}

function offerFor(
  state: SimState, requestId: string, airline: AirlineRow, journey: Itinerary[], tier: 0 | 1, cabin: Cabin,
  passengers: SearchPassenger[], createdAt: number, lastSliceDate: string,
): OfferRecord {
  const fx = FX[state.currency];
  const cur = state.currency;
  const owner = airlineObject(airline);
  const brand = airline.lowCost ? ['Basic', 'Value'][tier] : ['Saver', 'Flex'][tier];
  const fareBrand = `${CABIN_LABEL[cabin]} ${brand}`;
  const business = cabin === 'business' || cabin === 'first';
  const penalty = (usd: number) => ({ allowed: true as const, penalty_amount: money(Math.round(usd * fx * 100)), penalty_currency: cur });
  const refused = { allowed: false as const, penalty_amount: null, penalty_currency: null };
  const change = tier === 1 ? penalty(0) : penalty(airline.lowCost ? 40 : 60);
  const refund = tier === 1 ? penalty(business ? 150 : 100) : airline.lowCost ? null : refused;

  let baseMinor = 0, taxMinor = 0, emissions = 0;
  const slices = journey.map((it) => {
    const km = it.legs.reduce((n, l) => n + l.km, 0);
    const connectionDiscount = it.legs.length > 1 ? 0.9 : 1;
    for (const p of passengers) {
      const fare = (45 + km * 0.085) * CABIN_PRICE[cabin] * (tier ? 1.35 : 1) * airline.priceFactor * connectionDiscount;
      const tax = 25 * it.legs.length + fare * 0.12;
      const share = p.type === 'infant_without_seat' ? [0.1, 0.3] : p.type === 'child' ? [0.75, 1] : [1, 1];
      baseMinor += Math.round(fare * share[0] * fx * 100);
      taxMinor += Math.round(tax * share[1] * fx * 100);
      if (p.type !== 'infant_without_seat') emissions += km * 0.09 * (business ? 2.5 : 1);
    }
    const segments = it.legs.map((l) => segmentFor(state, l, tier, cabin, passengers));
    const first = it.legs[0], last = it.legs.at(-1)!;
    return {
      id: state.newId('sli'),
      origin: first.from, destination: last.to, origin_type: 'airport', destination_type: 'airport',
      duration: isoDuration(Math.round((last.arrUtc - first.depUtc) / 60000)),
      fare_brand_name: fareBrand,
      segments,
      conditions: {
        change_before_departure: change, refund_before_departure: refund,
        advance_seat_selection: tier === 1 || business, priority_boarding: tier === 1 || business, priority_check_in: business,
      },
      ngs_shelf: business ? 4 : tier + 1,
      comparison_key: Buffer.from(String(hash32(it.legs.map((l) => l.airline.iata + l.flightNumber + l.depUtc).join()))).toString('base64'),
    };
  });

  const departureMs = journey[0].legs[0].depUtc;
  const soon = departureMs - createdAt < 72 * HOUR;
  const requiresInstant = tier === 0 || !airline.holdable || soon;
  // Holds are due 72 hours after the search with the price kept 48 hours (as Duffel's test airline does), never
  // later than a day before departure.
  const payBy = Math.min(createdAt + 72 * HOUR, departureMs - 24 * HOUR);
  const guaranteeUntil = Math.min(createdAt + 48 * HOUR, payBy);
  const id = state.newId('off');
  const offer: Json = {
    id, live_mode: false, partial: false,
    created_at: isoNow(createdAt), updated_at: isoNow(createdAt), expires_at: isoNow(createdAt + OFFER_TTL_MS),
    owner, slices,
    passengers: passengers.map((p) => ({ id: p.id, type: p.type, age: p.age, fare_type: null, loyalty_programme_accounts: [] })),
    total_amount: money(baseMinor + taxMinor), total_currency: cur,
    base_amount: money(baseMinor), base_currency: cur,
    tax_amount: money(taxMinor), tax_currency: cur,
    total_emissions_kg: String(Math.round(emissions)),
    conditions: { change_before_departure: change, refund_before_departure: refund },
    payment_requirements: requiresInstant
      ? { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null }
      : { requires_instant_payment: false, payment_required_by: isoSeconds(payBy), price_guarantee_expires_at: isoSeconds(guaranteeUntil) },
    passenger_identity_documents_required: airline.documentsRequired,
    supported_passenger_identity_document_types: ['passport'],
    supported_loyalty_programmes: [airline.iata],
    private_fares: [],
  };
  return {
    offer, services: bagServices(state, offer, airline), requestId, createdAt, expiresAt: createdAt + OFFER_TTL_MS,
    totalMinor: baseMinor + taxMinor, pendingMinor: null, unavailable: false, departureMs, lastSliceDate,
  };
}

function segmentFor(state: SimState, l: Leg, tier: 0 | 1, cabin: Cabin, passengers: SearchPassenger[]): Json {
  const carrier = airlineObject(l.airline);
  const terminal = (a: SimAirport) => String(1 + (hash32(a.iata_code + l.airline.iata) % 3));
  const business = cabin === 'business' || cabin === 'first';
  const checked = business ? 2 : l.airline.lowCost ? tier : tier + 1;
  const fareBasis = `${cabin[0].toUpperCase()}${tier ? 'FLX' : 'SVR'}${l.from.iata_country_code}`;
  return {
    id: state.newId('seg'),
    origin: l.from, destination: l.to,
    origin_terminal: terminal(l.from), destination_terminal: terminal(l.to),
    departing_at: utcToLocal(l.depUtc, l.from.time_zone), arriving_at: utcToLocal(l.arrUtc, l.to.time_zone),
    duration: isoDuration(Math.round((l.arrUtc - l.depUtc) / 60000)),
    distance: l.km.toFixed(1),
    aircraft: aircraftFor(l.km, `${l.airline.iata}${l.flightNumber}`),
    marketing_carrier: carrier, marketing_carrier_flight_number: l.flightNumber,
    operating_carrier: carrier, operating_carrier_flight_number: l.flightNumber,
    stops: [],
    passengers: passengers.map((p) => ({
      passenger_id: p.id,
      cabin_class: cabin,
      cabin_class_marketing_name: CABIN_LABEL[cabin],
      fare_basis_code: fareBasis,
      baggages: p.type === 'infant_without_seat'
        ? [{ type: 'checked', quantity: 1 }, { type: 'carry_on', quantity: 0 }]
        : [{ type: 'checked', quantity: checked }, { type: 'carry_on', quantity: 1 }],
      cabin: {
        name: cabin, marketing_name: CABIN_LABEL[cabin],
        amenities: {
          wifi: l.airline.lowCost ? null : { available: true, cost: business ? 'free' : 'paid' },
          seat: { pitch: business ? 'more' : 'standard', type: business ? 'full_flat' : 'standard' },
          power: { available: !l.airline.lowCost },
        },
      },
    })),
  };
}

/** Extra checked bags, one service per passenger (infants excepted) per slice, priced per bag. */
function bagServices(state: SimState, offer: Json, airline: AirlineRow): Json[] {
  const fx = FX[state.currency];
  return offer.slices.flatMap((s: Json) => {
    const km = s.segments.reduce((n: number, g: Json) => n + Number(g.distance), 0);
    const usd = airline.lowCost ? 35 : km > 3000 ? 80 : 45;
    return offer.passengers.filter((p: Json) => p.type !== 'infant_without_seat').map((p: Json) => ({
      id: state.newId('ase'), type: 'baggage', maximum_quantity: airline.lowCost ? 1 : 2,
      passenger_ids: [p.id], segment_ids: s.segments.map((g: Json) => g.id),
      total_amount: money(Math.round(usd * fx * 100)), total_currency: state.currency,
      metadata: { type: 'checked', maximum_weight_kg: 23, maximum_height_cm: 90, maximum_length_cm: 75, maximum_depth_cm: 43 },
    }));
  });
}

export function createOfferRequest(state: SimState, data: Json, returnOffers: boolean): Json {
  const createdAt = state.now();
  validate(data, isoNow(createdAt).slice(0, 10));
  const passengers: SearchPassenger[] = data.passengers.map((x: Json) => ({
    id: state.newId('pas'),
    type: x.type ?? typeForAge(x.age),
    age: x.age ?? null,
  }));
  const adults = passengers.filter((p) => p.type === 'adult').length;
  const infants = passengers.filter((p) => p.type === 'infant_without_seat').length;
  // Not named in the docs (guessed code): a lap infant needs an adult's lap.
  if (infants > adults) throw new SimError(422, [fieldError('/passengers', 'too_many_infants', 'Invalid passengers', 'Each infant_without_seat passenger must travel with an adult; there are more infants than adults')]);

  const id = state.newId('orq');
  const records = buildOffers(state, id, data, passengers, createdAt);
  for (const r of records) state.offers.set(r.offer.id, r);
  const request: Json = {
    id, live_mode: false, created_at: isoNow(createdAt),
    cabin_class: data.cabin_class ?? 'economy',
    slices: data.slices.map((s: Json) => ({
      origin: airport(s.origin), destination: airport(s.destination), origin_type: 'airport', destination_type: 'airport',
      departure_date: s.departure_date, departure_time: s.departure_time ?? null, arrival_time: s.arrival_time ?? null,
    })),
    passengers: passengers.map((p, i) => ({
      id: p.id, type: data.passengers[i].type ?? null, age: p.age,
      given_name: data.passengers[i].given_name ?? null, family_name: data.passengers[i].family_name ?? null,
      loyalty_programme_accounts: data.passengers[i].loyalty_programme_accounts ?? [], fare_type: data.passengers[i].fare_type ?? null,
    })),
    offer_ids: records.map((r) => r.offer.id),
  };
  state.offerRequests.set(id, request);
  return offerRequestView(state, request, returnOffers);
}

export function offerRequestView(state: SimState, request: Json, withOffers: boolean): Json {
  const { offer_ids, ...rest } = request;
  return { ...clone(rest), offers: withOffers ? (offer_ids as string[]).map((o) => offerView(state.offers.get(o)!, false)) : [] };
}

/** The public offer; `available_services` only when asked for (GET /air/offers/:id?return_available_services=true). */
export function offerView(rec: OfferRecord, withServices: boolean): Json {
  return { ...clone(rec.offer), available_services: withServices ? clone(rec.services) : null };
}

/** Re-prices an offer (changePrice), keeping taxes in proportion. */
export function applyPrice(rec: OfferRecord, totalMinor: number, now: number): void {
  const tax = Math.round(Number(rec.offer.tax_amount) * 100 * (totalMinor / rec.totalMinor));
  rec.totalMinor = totalMinor;
  rec.pendingMinor = null;
  Object.assign(rec.offer, { total_amount: money(totalMinor), tax_amount: money(tax), base_amount: money(totalMinor - tax), updated_at: isoNow(now) });
}

/** Looks an offer up for a read: unknown is 404, past its expiry it is gone as Duffel answers (422). */
export function readOffer(state: SimState, id: string): OfferRecord {
  const rec = state.offers.get(id);
  if (!rec) throw E.notFound();
  if (state.now() > rec.expiresAt) throw E.offerGone('airline_error');
  return rec;
}
