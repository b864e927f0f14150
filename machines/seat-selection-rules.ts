/**
 * The seat picker's rules, pure so the machine's guards, the picker and the tests read the same ones: which seat a
 * passenger may take (the server refuses the same seats with the same messages), what the choices cost, and the
 * choices as the extras a booking takes.
 */
import { SEAT_REFUSALS, type BagOption, type ExtrasInput } from '../contract/flight-extras';
import type { PaxType } from '../contract/flight-choices';
import { DEFAULT_CURRENCY, parseMinor, toMoney, type Money } from '../contract/money';
import type { SeatElement, SeatMap } from '../contract/seat-maps';

/** Why a seat or bag is refused: the server's own sentences, translated by the one dictionary of server texts. */
export { SEAT_REFUSALS };

/** A passenger of the booking, in the booking's order (the index is the passenger's number on the wire). */
export interface SeatPassenger { type: PaxType; name: string }

/** The key of one passenger's choice on one segment. */
export const choiceKey = (passenger: number, segmentId: string) => `${passenger}|${segmentId}`;
/** The key of one passenger's quantity of one bag option (an option belongs to one segment). */
export const bagKey = (passenger: number, serviceId: string) => `${passenger}|${serviceId}`;

/** Every seat of a segment's map, row by row. */
export function seatsOf(map: SeatMap | undefined): SeatElement[] {
  if (!map) return [];
  return map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flatMap((s) => s.elements.filter((e): e is SeatElement => e.type === 'seat'))));
}

export const findSeat = (maps: readonly SeatMap[], segmentId: string, designator: string) =>
  seatsOf(maps.find((m) => m.segment_id === segmentId)).find((s) => s.designator === designator);

/** The seats a booked booking already holds, marked on its maps with the passenger's index. */
export function heldSeats(maps: readonly SeatMap[]): Record<string, string> {
  const held: Record<string, string> = {};
  for (const m of maps) for (const s of seatsOf(m)) if (s.passenger !== undefined) held[choiceKey(s.passenger, m.segment_id)] = s.designator;
  return held;
}

export interface SeatChoiceState {
  maps: readonly SeatMap[];
  passengers: readonly SeatPassenger[];
  seats: Readonly<Record<string, string>>;
  held: Readonly<Record<string, string>>;
}

/** Why `passenger` may not take `designator` on `segmentId`, or null when the seat may be chosen. */
export function seatRefusal(c: SeatChoiceState, passenger: number, segmentId: string, designator: string): string | null {
  const pax = c.passengers[passenger];
  if (!pax || pax.type === 'INF') return SEAT_REFUSALS.infantSeat;
  const seat = findSeat(c.maps, segmentId, designator);
  if (!seat) return SEAT_REFUSALS.seat;
  // A seat the booking holds for this passenger stays theirs to keep; any other taken seat is refused.
  if (!seat.available && seat.passenger !== passenger) return SEAT_REFUSALS.taken;
  const chosenByOther = Object.entries(c.seats).some(([k, d]) => d === designator && k !== choiceKey(passenger, segmentId) && k.endsWith(`|${segmentId}`));
  if (chosenByOther) return SEAT_REFUSALS.shared;
  if (seat.characteristics.includes('exit_row') && pax.type !== 'ADT') return SEAT_REFUSALS.exitRow;
  return null;
}

/** Why `passenger` may not have `quantity` of bag option `serviceId`, or null. Zero removes the bag. */
export function bagRefusal(passengers: readonly SeatPassenger[], bags: readonly BagOption[], passenger: number, serviceId: string, quantity: number): string | null {
  const pax = passengers[passenger];
  if (!pax || pax.type === 'INF') return SEAT_REFUSALS.infantBag;
  const option = bags.find((b) => b.id === serviceId);
  if (!option) return SEAT_REFUSALS.bag;
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > Math.min(option.maximum_quantity, 3)) return SEAT_REFUSALS.quantity;
  return null;
}

export interface ExtrasState extends SeatChoiceState { bags: readonly BagOption[]; bagQty: Readonly<Record<string, number>> }

const splitKey = (key: string) => {
  const at = key.indexOf('|');
  return [Number(key.slice(0, at)), key.slice(at + 1)] as const;
};

/** The choices as the booking takes them: each new seat (one the booking does not already hold) and each bag. */
export function extrasOf(c: ExtrasState): ExtrasInput {
  const seats = Object.entries(c.seats).filter(([k, d]) => c.held[k] !== d).map(([k, designator]) => {
    const [passenger, segment_id] = splitKey(k);
    return { passenger, segment_id, designator };
  });
  const bags = Object.entries(c.bagQty).filter(([, q]) => q > 0).flatMap(([k, quantity]) => {
    const [passenger, serviceId] = splitKey(k);
    const option = c.bags.find((b) => b.id === serviceId);
    return option ? [{ passenger, segment_id: option.segment_id, service_id: serviceId, quantity }] : [];
  });
  return { seats, bags };
}

/** What the choices cost: each new seat's price and each bag's price times its quantity. */
export function extrasTotal(c: ExtrasState): Money {
  const x = extrasOf(c);
  let minor = 0;
  let currency: string | null = null;
  for (const s of x.seats) {
    const price = findSeat(c.maps, s.segment_id, s.designator)?.price;
    if (price) { minor += parseMinor(price.amount) ?? 0; currency ??= price.currency; }
  }
  for (const b of x.bags) {
    const price = c.bags.find((o) => o.id === b.service_id)?.price;
    if (price) { minor += (parseMinor(price.amount) ?? 0) * b.quantity; currency ??= price.currency; }
  }
  return toMoney(minor, currency ?? DEFAULT_CURRENCY);
}

export const hasExtras = (x: ExtrasInput) => x.seats.length + x.bags.length > 0;

/** The passenger to start with: the first who may have a seat. */
export const firstSeated = (passengers: readonly SeatPassenger[]) => Math.max(0, passengers.findIndex((p) => p.type !== 'INF'));

/** Choices seeded from extras handed back (checkout) kept only where the maps still allow them. */
export function seedChoices(c: SeatChoiceState & { bags: readonly BagOption[] }, initial: ExtrasInput | null) {
  const seats: Record<string, string> = { ...c.held };
  const bagQty: Record<string, number> = {};
  for (const s of initial?.seats ?? []) {
    if (!seatRefusal({ ...c, seats }, s.passenger, s.segment_id, s.designator)) seats[choiceKey(s.passenger, s.segment_id)] = s.designator;
  }
  for (const b of initial?.bags ?? []) {
    if (!bagRefusal(c.passengers, c.bags, b.passenger, b.service_id, b.quantity)) bagQty[bagKey(b.passenger, b.service_id)] = b.quantity;
  }
  return { seats, bagQty };
}
