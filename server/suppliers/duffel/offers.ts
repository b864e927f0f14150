/**
 * Duffel's offers as Safar's: slices become journeys with local times carrying their offset, cabins and bags per
 * segment, conditions become fare rules, and the price (Duffel's, in its currency, for the whole party) is split per
 * passenger type, converted to PKR at the staff's rate and marked up by the same margins as every other fare.
 */
import type { Offer, OfferSliceSegment } from './types';
import type { AvailableAirline, Bags, Cabin, FlightOfferDetail, Journey, PaxFareDetail, PaxType, Segment } from '../../../contract/flights';
import { toMoney } from '../../../contract/money';
import { applyMargins, rateFor, sellingPaisa, type PricingContext } from '../../pricing';
import { airportByCode, airlineLogo } from '../../reference';
import { isoLocal, localToUtc } from '../flight/time';

export const DUFFEL_CODE = 'duffel';

const CABINS: Record<string, Cabin> = { economy: 'Y', premium_economy: 'S', business: 'C', first: 'F' };
export const DUFFEL_CABINS: Record<Cabin, string> = { Y: 'economy', S: 'premium_economy', C: 'business', F: 'first' };

/** A passenger's type from Duffel's: an infant without a seat, a child by type or age under 12, else an adult. */
export function paxTypeOf(p: { type?: string | null; age?: number | null }): PaxType {
  if (p.type === 'infant_without_seat' || (p.age !== null && p.age !== undefined && p.age < 2)) return 'INF';
  if (p.type === 'child' || (p.age !== null && p.age !== undefined && p.age < 12)) return 'CNN';
  return 'ADT';
}

/** "2026-03-15T09:30:00" at an airport's zone → "2026-03-15T09:30:00+05:00" and its UTC instant. */
function local(naive: string, tz: string): { iso: string; utc: number } {
  const day = naive.slice(0, 10);
  const minutes = Number(naive.slice(11, 13)) * 60 + Number(naive.slice(14, 16));
  const utc = localToUtc(day, minutes, tz);
  return { iso: isoLocal(utc, tz), utc };
}

interface DuffelPlace { iata_code: string | null; name: string; city_name?: string | null; iata_country_code?: string | null; time_zone?: string | null }
const zoneOf = (a: DuffelPlace) => a.time_zone || airportByCode(a.iata_code ?? '')?.tz || 'UTC';
const placeRef = (a: DuffelPlace, terminal: string | null) => {
  const ours = airportByCode(a.iata_code ?? '');
  return { code: a.iata_code ?? '', name: ours?.name ?? a.name, city: ours?.city ?? a.city_name ?? a.name, country: ours?.country ?? a.iata_country_code ?? '', terminal };
};

function bagsOf(s: OfferSliceSegment): Bags {
  const p = s.passengers[0];
  const count = (type: string) => p?.baggages?.filter((b) => b.type === type).reduce((n, b) => n + b.quantity, 0) ?? 0;
  const carry = count('carry_on'), checked = count('checked');
  return {
    carry_on: carry ? `${carry} × bag` : 'None', checked: checked ? `${checked} × checked bag` : 'No checked bag',
    carry_on_kg: 0, checked_pieces: checked, checked_kg: 0,
  };
}

export function segmentOf(s: OfferSliceSegment): { seg: Segment; dep: number; arr: number } {
  const dep = local(s.departing_at, zoneOf(s.origin)), arr = local(s.arriving_at, zoneOf(s.destination));
  const p = s.passengers[0];
  return {
    dep: dep.utc, arr: arr.utc,
    seg: {
      airline: { code: s.marketing_carrier.iata_code ?? '', name: s.marketing_carrier.name },
      flight_number: `${s.marketing_carrier.iata_code ?? ''}${s.marketing_carrier_flight_number}`,
      aircraft: { code: s.aircraft?.iata_code ?? '', name: s.aircraft?.name ?? '' },
      origin: placeRef(s.origin, s.origin_terminal), destination: placeRef(s.destination, s.destination_terminal),
      departure_at: dep.iso, arriving_at: arr.iso, duration_minutes: Math.round((arr.utc - dep.utc) / 60_000),
      cabin: CABINS[p?.cabin_class ?? 'economy'] ?? 'Y', booking_class: (p?.fare_basis_code ?? '').slice(0, 1) || 'Y', seats_left: 9, bags: bagsOf(s),
    },
  };
}

function journeys(offer: Offer): Journey[] {
  return offer.slices.map((slice) => {
    const segs = slice.segments.map(segmentOf);
    const first = segs[0], last = segs[segs.length - 1];
    return {
      origin: first.seg.origin.code, destination: last.seg.destination.code, departure_at: first.seg.departure_at, arriving_at: last.seg.arriving_at,
      duration_minutes: Math.round((last.arr - first.dep) / 60_000), stops: segs.length - 1,
      layovers: segs.slice(1).map((b, i) => ({
        airport: b.seg.origin.code, city: b.seg.origin.city, duration_minutes: Math.round((b.dep - segs[i].arr) / 60_000),
        change_of_terminal: !!b.seg.origin.terminal && !!segs[i].seg.destination.terminal && b.seg.origin.terminal !== segs[i].seg.destination.terminal,
        overnight: b.dep - segs[i].arr > 8 * 3_600_000,
      })),
      segments: segs.map((x) => x.seg),
    };
  });
}

/** The share of the party's base fare and taxes each passenger type carries (Duffel prices the party as one). */
const WEIGHT: Record<PaxType, number> = { ADT: 100, CNN: 75, INF: 10 };

/** Splits a party amount (minor units) into one amount per passenger of each type; the adults take the rounding. */
function perPassenger(total: number, counts: Record<PaxType, number>): Record<PaxType, number> {
  const weights = (['ADT', 'CNN', 'INF'] as PaxType[]).reduce((s, t) => s + WEIGHT[t] * counts[t], 0) || 1;
  const each = { ADT: 0, CNN: 0, INF: 0 } as Record<PaxType, number>;
  for (const t of ['CNN', 'INF'] as PaxType[]) each[t] = counts[t] ? Math.floor((total * WEIGHT[t]) / weights) : 0;
  const rest = total - each.CNN * counts.CNN - each.INF * counts.INF;
  each.ADT = counts.ADT ? Math.floor(rest / counts.ADT) : 0;
  return each;
}

const minorOf = (amount: string | null | undefined) => Math.round(Number(amount ?? '0') * 100);

export class NoRateError extends Error {
  constructor(readonly currency: string) { super(`No exchange rate for ${currency}: Duffel's offers in it are not sold.`); }
}

/** Duffel's offer as Safar sells it to this asker, in PKR; throws NoRateError when staff set no rate for its currency. */
export function mapOffer(offer: Offer, pricing: PricingContext): FlightOfferDetail {
  const currency = offer.total_currency;
  const rate = rateFor(pricing.rates, currency);
  if (rate === null) throw new NoRateError(currency);
  const counts = { ADT: 0, CNN: 0, INF: 0 } as Record<PaxType, number>;
  for (const p of offer.passengers) counts[paxTypeOf(p)]++;
  const totalMinor = minorOf(offer.total_amount);
  const taxMinor = offer.tax_amount === null ? 0 : minorOf(offer.tax_amount);
  const baseMinor = offer.base_amount ? minorOf(offer.base_amount) : totalMinor - taxMinor;
  const bases = perPassenger(baseMinor, counts), taxes = perPassenger(taxMinor, counts);
  const owner = offer.owner.iata_code ?? '';
  const js = journeys(offer);
  const types = (['ADT', 'CNN', 'INF'] as PaxType[]).filter((t) => counts[t]);
  const fares: PaxFareDetail[] = types.map((type) => {
    const base = applyMargins(sellingPaisa(bases[type], currency, rate), type, owner, pricing).base;
    const tax = sellingPaisa(taxes[type], currency, rate);
    return {
      type, count: counts[type], base: toMoney(base), taxes: toMoney(tax), total_per_person: toMoney(base + tax), total: toMoney((base + tax) * counts[type]),
      taxes_breakdown: tax ? [{ code: 'XT', name: 'Taxes and charges', amount: toMoney(tax) }] : [], bags: js[0].segments[0].bags,
    };
  });
  const total = fares.reduce((s, f) => s + minorOf(f.total.amount), 0);
  const seated = counts.ADT + counts.CNN || 1;
  const fee = (c: { allowed: boolean; penalty_amount?: string | null; penalty_currency?: string | null } | null) => {
    if (!c?.allowed) return null;
    const penaltyRate = rateFor(pricing.rates, c.penalty_currency ?? currency) ?? rate;
    return toMoney(sellingPaisa(Math.round(minorOf(c.penalty_amount) / seated), c.penalty_currency ?? currency, penaltyRate));
  };
  const refund = offer.conditions?.refund_before_departure as { allowed: boolean; penalty_amount?: string | null; penalty_currency?: string | null } | null;
  const change = offer.conditions?.change_before_departure as { allowed: boolean; penalty_amount?: string | null; penalty_currency?: string | null } | null;
  return {
    id: offer.id, supplier: DUFFEL_CODE, is_sooper_flight: false, expires_at: offer.expires_at,
    validating_airline: { code: owner, name: offer.owner.name },
    airlines: [...new Set(js.flatMap((j) => j.segments.map((s) => s.airline.code)))],
    cabin_class: js[0].segments[0].cabin, fare_family: offer.slices[0]?.fare_brand_name ?? 'Published', refundable: !!refund?.allowed,
    journeys: js, stops: js.reduce((s, j) => s + j.stops, 0), duration_minutes: js.reduce((s, j) => s + j.duration_minutes, 0), seats_left: 9,
    price: toMoney(total), price_per_adult: fares[0]?.total_per_person ?? toMoney(0), fares,
    fare_rules: { refundable: !!refund?.allowed, cancellation_fee: fee(refund), change_fee: fee(change), no_show_fee: toMoney(0), notes: [] },
    passengers: { adults: counts.ADT, children: counts.CNN, infants: counts.INF },
  };
}

/** The airlines of a set of offers, each with its cheapest price, as search lists them. */
export function airlinesOf(offers: FlightOfferDetail[]): AvailableAirline[] {
  const by = new Map<string, AvailableAirline>();
  for (const o of offers) {
    const a = o.validating_airline;
    const prev = by.get(a.code);
    if (!prev) by.set(a.code, { code: a.code, name: a.name, logo: airlineLogo(a.code), min_price: o.price, count: 1 });
    else { prev.count++; if (minorOf(o.price.amount) < minorOf(prev.min_price.amount)) prev.min_price = o.price; }
  }
  return [...by.values()];
}
