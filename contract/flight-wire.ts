/**
 * GET /flights as it travels. A return or multi-city search combines a few journeys into many offers, a flight is
 * a segment of several journeys, and every segment repeats the same airports, airlines and bags, so each of those
 * is sent once and named where used (as travel APIs with "dictionaries" do). Journeys, segments, layovers and
 * fares go as positional lists rather than objects: their field names were half of an answer's text, and writing
 * the JSON of a search was a sixth of its cost. What a row or journey would only repeat is left out and worked out
 * again on arrival (see RowDefaults and WireJourney): a value is left out only when the working-out gives it back
 * exactly, so any supplier's offers travel, and the app reads it back with expandSearchResponse into exactly the
 * answer the search made.
 */
import type { AirportRef, Bags, Cabin, FlightOffer, FlightSearchResponse, Journey, Layover, PaxFare, PaxType, Segment } from './flights';
import { toMoney, type Money } from './money';

/**
 * A fare as sent: passenger type, count, and the base and taxes per person in minor units of the row's price
 * currency. A person's total is base plus taxes and the type's total that times the count, as every supplier
 * prices them, so those two are worked out again rather than sent.
 */
export type WireFare = [type: PaxType, count: number, base: number, taxes: number];

/**
 * A result row as sent: its journeys as keys into the answer's `journeys`, its fares as WireFare. Left out when
 * they are what arrival would work out: `expires_at` and `cabin_class` (the answer's `row_defaults`), the validating
 * airline's name (the `airlines` dictionary's), `airlines` (its segments' carriers in order of flying),
 * `duration_minutes` (its journeys' summed), `seats_left` (its segments' fewest) and `price_per_adult`'s currency
 * (the price's).
 */
export interface FlightOfferRow extends Omit<FlightOffer, 'journeys' | 'fares' | 'expires_at' | 'cabin_class' | 'validating_airline' | 'airlines' | 'duration_minutes' | 'seats_left' | 'price_per_adult'> {
  expires_at?: string;
  cabin_class?: Cabin;
  validating_airline: { code: string; name?: string };
  airlines?: string[];
  duration_minutes?: number;
  seats_left?: number;
  price_per_adult: { amount: string; currency?: string };
  journey_ids: string[];
  fares: WireFare[];
}

/** What most rows of an answer share, sent once. */
export interface RowDefaults { expires_at: string; cabin_class: Cabin }

/** A segment as sent: airline, aircraft and airports by code (names in the dictionaries), bags by key. */
export type WireSegment = [
  airline: string, flight_number: string, aircraft: string, origin: string, origin_terminal: string | null, destination: string,
  destination_terminal: string | null, departure_at: string, arriving_at: string, duration_minutes: number, cabin: Cabin, booking_class: string,
  seats_left: number, bags: string,
];
export type WireLayover = [airport: string, city: string, duration_minutes: number, change_of_terminal: boolean, overnight: boolean];
/**
 * A journey as sent: its ends and times null when they are its first and last segments' (as they are from most
 * suppliers); its segments as places in the answer's `segments`.
 */
export type WireJourney = [
  origin: string | null, destination: string | null, departure_at: string | null, arriving_at: string | null, duration_minutes: number, stops: number,
  layovers: WireLayover[], segments: number[],
];

export interface FlightSearchWire extends Omit<FlightSearchResponse, 'flights'> {
  flights: FlightOfferRow[];
  journeys: Record<string, WireJourney>;
  /**
   * Segments, each once: a flight is a segment of several journeys (a first flight connects to more than one onward
   * flight), and about half of an answer's segments were repeats. A segment object the offers share is sent once.
   */
  segments: WireSegment[];
  airports: Record<string, Omit<AirportRef, 'code' | 'terminal'>>;
  airlines: Record<string, string>;
  aircraft: Record<string, string>;
  bags: Record<string, Bags>;
  /** Absent when there are no rows. */
  row_defaults?: RowDefaults;
}

/** The carriers of journeys' segments, each once, in order of flying: what a row's `airlines` is unless it says. */
function carriersOf(journeys: readonly Journey[]): string[] {
  const out: string[] = [];
  for (const j of journeys) for (const s of j.segments) if (!out.includes(s.airline.code)) out.push(s.airline.code);
  return out;
}
/** Whether `list` is carriersOf(journeys), without building it (asked for every row sent). */
function isCarriersOf(list: readonly string[], journeys: readonly Journey[]): boolean {
  let n = 0;
  for (const j of journeys) for (const s of j.segments) {
    const code = s.airline.code;
    if (list[n] === code) n++;
    else { const at = list.indexOf(code); if (at < 0 || at >= n) return false; }
  }
  return n === list.length;
}
const minutesOf = (journeys: readonly Journey[]) => journeys.reduce((sum, j) => sum + j.duration_minutes, 0);
function fewestSeats(journeys: readonly Journey[]): number {
  let fewest = Infinity;
  for (const j of journeys) for (const s of j.segments) if (s.seats_left < fewest) fewest = s.seats_left;
  return fewest;
}

/** An answer's offers as they travel: its rows, and the journeys, segments and names they point to, each once. */
export type WireOffers = Pick<FlightSearchWire, 'flights' | 'journeys' | 'segments' | 'airports' | 'airlines' | 'aircraft' | 'bags' | 'row_defaults'>;

/** Server side: journeys, segments and bags that are the same object are sent once; names go to the dictionaries. */
export function compactOffers(offers: readonly FlightOffer[]): WireOffers {
  const wire: Omit<WireOffers, 'flights' | 'row_defaults'> = { journeys: {}, segments: [], airports: {}, airlines: {}, aircraft: {}, bags: {} };
  const journeyKeys = new Map<Journey, string>();
  const segmentAt = new Map<Segment, number>();
  const bagKeys = new Map<Bags, string>();
  const place = (a: AirportRef) => {
    wire.airports[a.code] ??= { name: a.name, city: a.city, country: a.country };
    return a.code;
  };
  const segment = (s: Segment): number => {
    let at = segmentAt.get(s);
    if (at !== undefined) return at;
    segmentAt.set(s, (at = wire.segments.length));
    wire.airlines[s.airline.code] ??= s.airline.name;
    wire.aircraft[s.aircraft.code] ??= s.aircraft.name;
    let bags = bagKeys.get(s.bags);
    if (bags === undefined) { bagKeys.set(s.bags, (bags = `b${bagKeys.size + 1}`)); wire.bags[bags] = s.bags; }
    wire.segments.push([
      s.airline.code, s.flight_number, s.aircraft.code, place(s.origin), s.origin.terminal, place(s.destination), s.destination.terminal,
      s.departure_at, s.arriving_at, s.duration_minutes, s.cabin, s.booking_class, s.seats_left, bags,
    ]);
    return at;
  };
  const layover = (l: Layover): WireLayover => [l.airport, l.city, l.duration_minutes, l.change_of_terminal, l.overnight];
  const keyOf = (j: Journey) => {
    let k = journeyKeys.get(j);
    if (k === undefined) {
      journeyKeys.set(j, (k = `j${journeyKeys.size + 1}`));
      const first = j.segments[0], last = j.segments[j.segments.length - 1];
      wire.journeys[k] = [
        first?.origin.code === j.origin ? null : j.origin, last?.destination.code === j.destination ? null : j.destination,
        first?.departure_at === j.departure_at ? null : j.departure_at, last?.arriving_at === j.arriving_at ? null : j.arriving_at,
        j.duration_minutes, j.stops, j.layovers.map(layover), j.segments.map(segment),
      ];
    }
    return k;
  };
  // Amounts are toMoney's text ("188181.00"): ×100 and rounding gives its minor units back exactly, at a fraction of
  // parseMinor's cost (it also takes typed input, which a search never holds), hundreds of times an answer.
  const minor = (m: Money) => Math.round(Number(m.amount) * 100);
  const first = offers[0];
  const defaults: RowDefaults | undefined = first && { expires_at: first.expires_at, cabin_class: first.cabin_class };
  // Fields spelled out rather than `...rest`: object rest is slow, and this runs for every offer of every search.
  // What arrival works out again is undefined here, which JSON leaves out.
  const flights = offers.map((o): FlightOfferRow => {
    const journey_ids = o.journeys.map(keyOf); // first: the validating airline's name is checked against the dictionary they fill
    const v = o.validating_airline;
    return {
      id: o.id, supplier: o.supplier, is_sooper_flight: o.is_sooper_flight, expires_at: o.expires_at === defaults!.expires_at ? undefined : o.expires_at,
      validating_airline: { code: v.code, name: wire.airlines[v.code] === v.name ? undefined : v.name },
      airlines: isCarriersOf(o.airlines, o.journeys) ? undefined : o.airlines,
      cabin_class: o.cabin_class === defaults!.cabin_class ? undefined : o.cabin_class, fare_family: o.fare_family, refundable: o.refundable, journey_ids,
      stops: o.stops, duration_minutes: o.duration_minutes === minutesOf(o.journeys) ? undefined : o.duration_minutes,
      seats_left: o.seats_left === fewestSeats(o.journeys) ? undefined : o.seats_left, price: o.price,
      price_per_adult: { amount: o.price_per_adult.amount, currency: o.price_per_adult.currency === o.price.currency ? undefined : o.price_per_adult.currency },
      fares: o.fares.map((f): WireFare => [f.type, f.count, minor(f.base), minor(f.taxes)]),
    };
  });
  return { ...wire, flights, row_defaults: defaults };
}

/** The answer around its offers, in one order of fields whoever wrote the offers (JSON text keeps it). */
export function wireAnswer(r: Omit<FlightSearchResponse, 'flights'>, o: WireOffers): FlightSearchWire {
  return {
    flights: o.flights, available_airlines: r.available_airlines, ...(r.total !== undefined ? { total: r.total } : {}), previous_search: r.previous_search,
    ...(r.flexible_dates ? { flexible_dates: r.flexible_dates } : {}), ...(r.left_out?.length ? { left_out: r.left_out } : {}),
    journeys: o.journeys, segments: o.segments, airports: o.airports, airlines: o.airlines, aircraft: o.aircraft, bags: o.bags, ...(o.row_defaults ? { row_defaults: o.row_defaults } : {}),
  };
}

export const compactSearchResponse = (r: FlightSearchResponse): FlightSearchWire => wireAnswer(r, compactOffers(r.flights));

/** App side: the rows with their journeys in place again (a journey shared by offers stays one object). */
export function expandSearchResponse(w: FlightSearchWire): FlightSearchResponse {
  const { journeys, segments, airports, airlines, aircraft, bags, flights, row_defaults, ...rest } = w;
  return { ...rest, flights: expandOffers(w) };
}

/**
 * The rows as offers again. Also server side, for offers a supplier wrote as rows when another supplier's offers
 * join them in one answer.
 */
export function expandOffers(w: WireOffers): FlightOffer[] {
  const { journeys, segments: wireSegments, airports, airlines, aircraft, bags, flights, row_defaults: defaults } = w;
  const place = (code: string, terminal: string | null): AirportRef => ({ code, ...(airports[code] ?? { name: code, city: code, country: '' }), terminal });
  const toSegment = ([airline, flight_number, craft, origin, originTerminal, destination, destinationTerminal, departure_at, arriving_at, duration_minutes, cabin, booking_class, seats_left, bagsKey]: WireSegment): Segment => ({
    airline: { code: airline, name: airlines[airline] ?? airline }, flight_number, aircraft: { code: craft, name: aircraft[craft] ?? craft },
    origin: place(origin, originTerminal), destination: place(destination, destinationTerminal), departure_at, arriving_at, duration_minutes, cabin,
    booking_class, seats_left, bags: bags[bagsKey],
  });
  const layover = ([airport, city, duration_minutes, change_of_terminal, overnight]: WireLayover): Layover => ({ airport, city, duration_minutes, change_of_terminal, overnight });
  // A segment sent once is one object in every journey that has it, as it was where the answer was made.
  const segmentsBuilt: Segment[] = [];
  const segment = (at: number) => (segmentsBuilt[at] ??= toSegment(wireSegments[at]));
  const built = new Map<string, Journey>();
  const journey = (k: string): Journey | undefined => {
    const j = journeys[k];
    if (!j) return undefined;
    let out = built.get(k);
    if (!out) {
      const [origin, destination, departure_at, arriving_at, duration_minutes, stops, layovers, segmentsAt] = j;
      const segments = segmentsAt.map(segment);
      const first = segments[0], last = segments[segments.length - 1];
      out = {
        origin: origin ?? first?.origin.code ?? '', destination: destination ?? last?.destination.code ?? '',
        departure_at: departure_at ?? first?.departure_at ?? '', arriving_at: arriving_at ?? last?.arriving_at ?? '',
        duration_minutes, stops, layovers: layovers.map(layover), segments,
      };
      built.set(k, out);
    }
    return out;
  };
  return flights.map((row) => {
    const js = row.journey_ids.map(journey).filter((j): j is Journey => j !== undefined);
    const currency = row.price.currency;
    const money = (minor: number) => toMoney(minor, currency);
    const code = row.validating_airline.code;
    // In the order the offer was built with, so the app's copy reads as the search's own.
    return {
      id: row.id, supplier: row.supplier, is_sooper_flight: row.is_sooper_flight, expires_at: row.expires_at ?? defaults?.expires_at ?? '',
      validating_airline: { code, name: row.validating_airline.name ?? airlines[code] ?? code }, airlines: row.airlines ?? carriersOf(js),
      cabin_class: row.cabin_class ?? defaults?.cabin_class ?? 'Y', fare_family: row.fare_family, refundable: row.refundable, stops: row.stops,
      duration_minutes: row.duration_minutes ?? minutesOf(js), seats_left: row.seats_left ?? fewestSeats(js), price: row.price,
      price_per_adult: { amount: row.price_per_adult.amount, currency: row.price_per_adult.currency ?? currency },
      fares: row.fares.map(([type, count, base, taxes]): PaxFare => (
        { type, count, base: money(base), taxes: money(taxes), total_per_person: money(base + taxes), total: money((base + taxes) * count) })),
      journeys: js,
    };
  });
}
