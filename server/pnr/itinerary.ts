/**
 * Direct bookings keep their itinerary in the same shape as supplier bookings (FlightOfferDetail), so every
 * booking screen shows them alike. This builds one from entered or parsed segments, passengers and fares.
 */
import type { Cabin, FlightOfferDetail, Journey, PaxType, Segment } from '../../contract/flights';
import { toMoney } from '../../contract/money';
import { airlineByCode, airportByCode } from '../reference';
import { isoLocal, localToUtc } from '../suppliers/flight/time';

export interface SegmentInput {
  airline: string;
  flight_number: string;
  booking_class?: string;
  cabin: Cabin;
  date: string;
  origin: string;
  destination: string;
  departure_time: string;
  arrival_time: string;
  arrival_day_offset?: number;
}

export interface FareInput { type: PaxType; base_minor: number; taxes_minor: number }

const BAGS = { carry_on: '1 × 7 kg', checked: '1 × 30 kg', carry_on_kg: 7, checked_pieces: 1, checked_kg: 30 };
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function airportRef(code: string) {
  const a = airportByCode(code);
  return { code, name: a?.name ?? code, city: a?.city ?? code, country: a?.country ?? '', terminal: null, tz: a?.tz ?? 'UTC' };
}

/** UTC ms of a segment's departure and arrival, by the airports' zones. */
export function segmentTimes(s: SegmentInput): { dep: number; arr: number } {
  const o = airportRef(s.origin), d = airportRef(s.destination);
  const dep = localToUtc(s.date, minutesOf(s.departure_time), o.tz);
  let arr = localToUtc(addDays(s.date, s.arrival_day_offset ?? 0), minutesOf(s.arrival_time), d.tz);
  // A display without "+1" for an overnight flight: it lands the next day.
  if (arr <= dep && !s.arrival_day_offset) arr = localToUtc(addDays(s.date, 1), minutesOf(s.arrival_time), d.tz);
  return { dep, arr };
}

export function buildItinerary(id: string, supplier: string, segments: SegmentInput[], counts: Record<PaxType, number>, fares: FareInput[], currency: string): FlightOfferDetail {
  const built = segments.map((s) => {
    const { dep, arr } = segmentTimes(s);
    const o = airportRef(s.origin), d = airportRef(s.destination);
    const airline = airlineByCode(s.airline);
    const seg: Segment = {
      airline: { code: s.airline, name: airline?.name ?? s.airline },
      flight_number: s.flight_number,
      aircraft: { code: '', name: '' },
      origin: { code: o.code, name: o.name, city: o.city, country: o.country, terminal: null },
      destination: { code: d.code, name: d.name, city: d.city, country: d.country, terminal: null },
      departure_at: isoLocal(dep, o.tz), arriving_at: isoLocal(arr, d.tz),
      duration_minutes: Math.round((arr - dep) / 60_000), cabin: s.cabin, booking_class: s.booking_class ?? s.cabin, seats_left: 0, bags: BAGS,
    };
    return { seg, dep, arr };
  });
  // A new journey starts where the traveller stays longer than 24 hours or does not connect.
  const journeys: Journey[] = [];
  let current: typeof built = [];
  const flush = () => {
    if (!current.length) return;
    const first = current[0], last = current[current.length - 1];
    journeys.push({
      origin: first.seg.origin.code, destination: last.seg.destination.code, departure_at: first.seg.departure_at, arriving_at: last.seg.arriving_at,
      duration_minutes: Math.round((last.arr - first.dep) / 60_000), stops: current.length - 1,
      layovers: current.slice(1).map((b, i) => ({
        airport: b.seg.origin.code, city: b.seg.origin.city, duration_minutes: Math.round((b.dep - current[i].arr) / 60_000),
        change_of_terminal: false, overnight: b.dep - current[i].arr > 8 * 3_600_000,
      })),
      segments: current.map((b) => b.seg),
    });
    current = [];
  };
  for (const b of built) {
    const prev = current[current.length - 1];
    if (prev && (prev.seg.destination.code !== b.seg.origin.code || b.dep - prev.arr > 24 * 3_600_000)) flush();
    current.push(b);
  }
  flush();

  const types: PaxType[] = ['ADT', 'CNN', 'INF'];
  const paxFares = types.filter((t) => counts[t] > 0).map((type) => {
    const f = fares.find((x) => x.type === type) ?? { type, base_minor: 0, taxes_minor: 0 };
    const per = f.base_minor + f.taxes_minor;
    return {
      type, count: counts[type], base: toMoney(f.base_minor, currency), taxes: toMoney(f.taxes_minor, currency),
      total_per_person: toMoney(per, currency), total: toMoney(per * counts[type], currency),
      taxes_breakdown: f.taxes_minor ? [{ code: 'XT', name: 'Taxes and charges', amount: toMoney(f.taxes_minor, currency) }] : [], bags: BAGS,
    };
  });
  const total = paxFares.reduce((s, f) => s + (fares.find((x) => x.type === f.type)?.base_minor ?? 0) * f.count + (fares.find((x) => x.type === f.type)?.taxes_minor ?? 0) * f.count, 0);
  const validating = built[0]?.seg.airline ?? { code: '', name: '' };
  return {
    id, supplier, is_sooper_flight: false, expires_at: new Date(0).toISOString(), validating_airline: validating,
    airlines: [...new Set(built.map((b) => b.seg.airline.code))], cabin_class: segments[0]?.cabin ?? 'Y', fare_family: 'Published', refundable: false,
    journeys, stops: journeys.reduce((s, j) => s + j.stops, 0), duration_minutes: journeys.reduce((s, j) => s + j.duration_minutes, 0), seats_left: 0,
    price: toMoney(total, currency), price_per_adult: paxFares[0]?.total_per_person ?? toMoney(0, currency), fares: paxFares,
    fare_rules: { refundable: false, cancellation_fee: null, change_fee: null, no_show_fee: toMoney(0, currency), notes: ['Direct booking: fare rules as issued by the airline.'] },
    passengers: { adults: counts.ADT, children: counts.CNN, infants: counts.INF },
  };
}
