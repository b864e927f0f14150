/**
 * GET /flights as it travels. A return or multi-city search combines a few journeys into many offers, and every
 * segment repeats the same airports, airlines and bags, so each of those is sent once and named where used (as
 * travel APIs with "dictionaries" do). Journeys, segments, layovers and fares go as positional lists rather than
 * objects: their field names were half of an answer's text, and writing the JSON of a search was a sixth of its
 * cost. The app reads it back with expandSearchResponse into exactly the answer the search made.
 */
import type { AirportRef, Bags, Cabin, FlightOffer, FlightSearchResponse, Journey, Layover, PaxFare, PaxType, Segment } from './flights';
import { toMoney, type Money } from './money';

/**
 * A fare as sent: passenger type, count, and the base and taxes per person in minor units of the row's price
 * currency. A person's total is base plus taxes and the type's total that times the count, as every supplier
 * prices them, so those two are worked out again rather than sent.
 */
export type WireFare = [type: PaxType, count: number, base: number, taxes: number];

/** A result row as sent: its journeys as keys into the answer's `journeys`, its fares as WireFare. */
export interface FlightOfferRow extends Omit<FlightOffer, 'journeys' | 'fares'> { journey_ids: string[]; fares: WireFare[] }

/** A segment as sent: airline, aircraft and airports by code (names in the dictionaries), bags by key. */
export type WireSegment = [
  airline: string, flight_number: string, aircraft: string, origin: string, origin_terminal: string | null, destination: string,
  destination_terminal: string | null, departure_at: string, arriving_at: string, duration_minutes: number, cabin: Cabin, booking_class: string,
  seats_left: number, bags: string,
];
export type WireLayover = [airport: string, city: string, duration_minutes: number, change_of_terminal: boolean, overnight: boolean];
export type WireJourney = [
  origin: string, destination: string, departure_at: string, arriving_at: string, duration_minutes: number, stops: number,
  layovers: WireLayover[], segments: WireSegment[],
];

export interface FlightSearchWire extends Omit<FlightSearchResponse, 'flights'> {
  flights: FlightOfferRow[];
  journeys: Record<string, WireJourney>;
  airports: Record<string, Omit<AirportRef, 'code' | 'terminal'>>;
  airlines: Record<string, string>;
  aircraft: Record<string, string>;
  bags: Record<string, Bags>;
}

/** Server side: journeys (and bags) that are the same object are sent once; names go to the dictionaries. */
export function compactSearchResponse(r: FlightSearchResponse): FlightSearchWire {
  const wire: Omit<FlightSearchWire, keyof FlightSearchResponse> = { journeys: {}, airports: {}, airlines: {}, aircraft: {}, bags: {} };
  const journeyKeys = new Map<Journey, string>();
  const bagKeys = new Map<Bags, string>();
  const place = (a: AirportRef) => {
    wire.airports[a.code] ??= { name: a.name, city: a.city, country: a.country };
    return a.code;
  };
  const segment = (s: Segment): WireSegment => {
    wire.airlines[s.airline.code] ??= s.airline.name;
    wire.aircraft[s.aircraft.code] ??= s.aircraft.name;
    let bags = bagKeys.get(s.bags);
    if (bags === undefined) { bagKeys.set(s.bags, (bags = `b${bagKeys.size + 1}`)); wire.bags[bags] = s.bags; }
    return [
      s.airline.code, s.flight_number, s.aircraft.code, place(s.origin), s.origin.terminal, place(s.destination), s.destination.terminal,
      s.departure_at, s.arriving_at, s.duration_minutes, s.cabin, s.booking_class, s.seats_left, bags,
    ];
  };
  const layover = (l: Layover): WireLayover => [l.airport, l.city, l.duration_minutes, l.change_of_terminal, l.overnight];
  const keyOf = (j: Journey) => {
    let k = journeyKeys.get(j);
    if (k === undefined) {
      journeyKeys.set(j, (k = `j${journeyKeys.size + 1}`));
      wire.journeys[k] = [j.origin, j.destination, j.departure_at, j.arriving_at, j.duration_minutes, j.stops, j.layovers.map(layover), j.segments.map(segment)];
    }
    return k;
  };
  // Amounts are toMoney's text ("188181.00"): ×100 and rounding gives its minor units back exactly, at a fraction of
  // parseMinor's cost (it also takes typed input, which a search never holds), hundreds of times an answer.
  const minor = (m: Money) => Math.round(Number(m.amount) * 100);
  // Fields spelled out rather than `...rest`: object rest is slow, and this runs for every offer of every search.
  const flights = r.flights.map((o): FlightOfferRow => ({
    id: o.id, supplier: o.supplier, is_sooper_flight: o.is_sooper_flight, expires_at: o.expires_at, validating_airline: o.validating_airline,
    airlines: o.airlines, cabin_class: o.cabin_class, fare_family: o.fare_family, refundable: o.refundable, journey_ids: o.journeys.map(keyOf),
    stops: o.stops, duration_minutes: o.duration_minutes, seats_left: o.seats_left, price: o.price, price_per_adult: o.price_per_adult,
    fares: o.fares.map((f): WireFare => [f.type, f.count, minor(f.base), minor(f.taxes)]),
  }));
  return {
    flights, available_airlines: r.available_airlines, ...(r.total !== undefined ? { total: r.total } : {}), previous_search: r.previous_search, ...(r.flexible_dates ? { flexible_dates: r.flexible_dates } : {}),
    ...(r.left_out?.length ? { left_out: r.left_out } : {}), ...wire,
  };
}

/** App side: the rows with their journeys in place again (a journey shared by offers stays one object). */
export function expandSearchResponse(w: FlightSearchWire): FlightSearchResponse {
  const { journeys, airports, airlines, aircraft, bags, flights, ...rest } = w;
  const place = (code: string, terminal: string | null): AirportRef => ({ code, ...(airports[code] ?? { name: code, city: code, country: '' }), terminal });
  const segment = ([airline, flight_number, craft, origin, originTerminal, destination, destinationTerminal, departure_at, arriving_at, duration_minutes, cabin, booking_class, seats_left, bagsKey]: WireSegment): Segment => ({
    airline: { code: airline, name: airlines[airline] ?? airline }, flight_number, aircraft: { code: craft, name: aircraft[craft] ?? craft },
    origin: place(origin, originTerminal), destination: place(destination, destinationTerminal), departure_at, arriving_at, duration_minutes, cabin,
    booking_class, seats_left, bags: bags[bagsKey],
  });
  const layover = ([airport, city, duration_minutes, change_of_terminal, overnight]: WireLayover): Layover => ({ airport, city, duration_minutes, change_of_terminal, overnight });
  const built = new Map<string, Journey>();
  const journey = (k: string): Journey | undefined => {
    const j = journeys[k];
    if (!j) return undefined;
    let out = built.get(k);
    if (!out) {
      const [origin, destination, departure_at, arriving_at, duration_minutes, stops, layovers, segments] = j;
      out = { origin, destination, departure_at, arriving_at, duration_minutes, stops, layovers: layovers.map(layover), segments: segments.map(segment) };
      built.set(k, out);
    }
    return out;
  };
  return {
    ...rest,
    flights: flights.map(({ journey_ids, fares, ...offer }) => ({
      ...offer,
      fares: fares.map(([type, count, base, taxes]): PaxFare => {
        const money = (minor: number) => toMoney(minor, offer.price.currency);
        return { type, count, base: money(base), taxes: money(taxes), total_per_person: money(base + taxes), total: money((base + taxes) * count) };
      }),
      journeys: journey_ids.map(journey).filter((j): j is Journey => j !== undefined),
    })),
  };
}
