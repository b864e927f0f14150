/**
 * What a Duffel offer sells besides the fare, in Safar's terms: its seat maps and its checked bags (the offer's
 * `available_services` of type baggage), priced in PKR at the offer's rate. Duffel's service ids stay here: the
 * wire names a bag option by weight and segment (one option per weight, whichever passenger buys it) and a seat by
 * designator, and a choice is mapped back to the chosen passenger's Duffel service when the booking is priced.
 * A bag covering a whole slice is offered on the slice's first segment, where it is checked in.
 */
import type { BagOption } from '../../../contract/flight-extras';
import type { FlightOfferDetail, PaxType } from '../../../contract/flights';
import { toMoney } from '../../../contract/money';
import { segmentKey, type SeatMap } from '../../../contract/seat-maps';
import { MAX_BAGS, rateFor, supplierExtraPaisa, type ExchangeRates } from '../../pricing';
import { paxTypeOf, segmentOf } from './offers';
import { mapDuffelSeatMap, type DuffelSeat, type DuffelSeatMap, type MapSegment } from './seat-maps';
import type { Offer } from './types';

/** One passenger's bag service: Duffel's id, how many that passenger may buy, its price each. */
export interface DuffelBagService { id: string; passengerIds: string[]; maximum: number; amount: string; currency: string; paisa: number }
/** A bag option on the wire and the Duffel services behind it (one per passenger). */
export interface DuffelBagOption { id: string; segmentId: string; weightKg: number; priceMinor: number; maximum: number; services: DuffelBagService[] }

export interface DuffelOfferExtras {
  offer: Offer;
  segments: MapSegment[];
  seatMaps: SeatMap[];
  /** Seats by segment key, then designator. */
  seats: Map<string, Map<string, DuffelSeat>>;
  bags: DuffelBagOption[];
}

export const duffelBagOptionId = (weightKg: number, segmentId: string) => `dbag${weightKg}-${segmentId}`;

/** The offer, its seat maps and its bags in Safar's terms; null when staff set no rate for its currency. */
export function duffelOfferExtras(offer: Offer, maps: readonly DuffelSeatMap[], rates: ExchangeRates | undefined): DuffelOfferExtras | null {
  const rate = rateFor(rates, offer.total_currency);
  if (rate === null) return null;
  const toPaisa = (amount: string, currency: string) => {
    const r = currency === offer.total_currency ? rate : rateFor(rates, currency);
    return r === null ? null : supplierExtraPaisa(amount, currency, r);
  };
  const byDuffelId = new Map<string, MapSegment>();
  const segments = offer.slices.flatMap((slice) => slice.segments.map((s) => {
    const { seg } = segmentOf(s);
    const date = seg.departure_at.slice(0, 10);
    const ours: MapSegment = { segmentId: segmentKey(seg.flight_number, date), flightNo: seg.flight_number, date, aircraft: seg.aircraft, cabin: seg.cabin };
    byDuffelId.set(s.id, ours);
    return ours;
  }));
  const seats = new Map<string, Map<string, DuffelSeat>>();
  const seatMaps = maps.flatMap((m) => {
    const seg = byDuffelId.get(m.segment_id);
    if (!seg) return [];
    const mapped = mapDuffelSeatMap(m, seg, toPaisa);
    seats.set(seg.segmentId, mapped.seats);
    return [mapped.map];
  });
  return { offer, segments, seatMaps, seats, bags: bagOptionsOf(offer, byDuffelId, toPaisa) };
}

function bagOptionsOf(offer: Offer, byDuffelId: Map<string, MapSegment>, toPaisa: (amount: string, currency: string) => number | null): DuffelBagOption[] {
  const options = new Map<string, DuffelBagOption>();
  for (const s of offer.available_services ?? []) {
    if (s.type !== 'baggage' || s.metadata.type !== 'checked' || !s.metadata.maximum_weight_kg) continue;
    const seg = byDuffelId.get(s.segment_ids[0] ?? '');
    const paisa = toPaisa(s.total_amount, s.total_currency);
    if (!seg || paisa === null || s.maximum_quantity < 1) continue;
    const weightKg = s.metadata.maximum_weight_kg;
    const id = duffelBagOptionId(weightKg, seg.segmentId);
    const service: DuffelBagService = { id: s.id, passengerIds: s.passenger_ids, maximum: Math.min(s.maximum_quantity, MAX_BAGS), amount: s.total_amount, currency: s.total_currency, paisa };
    const option = options.get(id);
    if (!option) options.set(id, { id, segmentId: seg.segmentId, weightKg, priceMinor: paisa, maximum: service.maximum, services: [service] });
    else {
      option.services.push(service);
      option.priceMinor = Math.min(option.priceMinor, paisa);
      option.maximum = Math.max(option.maximum, service.maximum);
    }
  }
  return [...options.values()];
}

/** The wire's bag options of a Duffel offer. */
export const duffelBagOptions = (x: DuffelOfferExtras): BagOption[] => x.bags
  .map((b) => ({ id: b.id, segment_id: b.segmentId, weight_kg: b.weightKg, maximum_quantity: b.maximum, price: toMoney(b.priceMinor) }));

/**
 * Duffel's passenger id of each of our travellers, by index: the offer's passengers of each type in order, as the
 * order's passengers are matched (passengers.ts), so a service chosen for traveller i is that passenger's.
 */
export function duffelPassengerIds(offer: Offer, types: readonly PaxType[]): (string | undefined)[] {
  const ids: Record<PaxType, string[]> = { ADT: [], CNN: [], INF: [] };
  for (const p of offer.passengers) ids[paxTypeOf(p)].push(p.id);
  const next: Record<PaxType, number> = { ADT: 0, CNN: 0, INF: 0 };
  return types.map((t) => ids[t][next[t]++]);
}

/** A service to book with the order, and what it costs in Duffel's currency (for the quantity). */
export interface ChosenService { id: string; quantity: number; amount: string }

/**
 * The services a booking chose, carried from pricing to book() on the priced offer object itself (the booking
 * service hands book() the very offer it priced), so no other request can see them and nothing outlives it.
 */
const chosen = new WeakMap<FlightOfferDetail, ChosenService[]>();
export function chooseServices(offer: FlightOfferDetail, services: ChosenService[]): void {
  chosen.set(offer, services);
}
export const chosenServices = (offer: FlightOfferDetail | undefined): ChosenService[] => (offer && chosen.get(offer)) || [];
