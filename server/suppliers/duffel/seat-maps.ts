/**
 * Duffel's seat maps (GET /air/seat_maps?offer_id=) in Safar's SeatMap shape, which is Duffel's own: cabins of rows
 * of sections of elements, so rows, sections and wings pass through one for one. Duffel sells a seat per passenger:
 * a seat is available when its `available_services` lists a service for some passenger (the map shows the lowest
 * price of them), and chosen for a passenger only through that passenger's service. Duffel names no seat
 * characteristics, so they are read off the layout: a section's outer seats are at a window or an aisle, a row at
 * or just behind an exit is an exit row, a seat named for legroom has it. Facilities Safar draws (lavatory, galley,
 * closet, exit_row, empty) are kept; the ones it has no drawing for (bassinet, stairs) are drawn as empty space.
 */
import type { Duffel } from '@duffel/api';
import type { Cabin } from '../../../contract/flights';
import { toMoney } from '../../../contract/money';
import {
  FACILITY_KINDS, SEAT_CHARACTERISTICS, type FacilityKind, type SeatCharacteristic, type SeatElement, type SeatMap, type SeatMapElement, type SeatMapRow,
} from '../../../contract/seat-maps';
import { DUFFEL_CABINS } from './offers';

type Data<T> = T extends Promise<{ data: infer D }> ? D : never;
export type DuffelSeatMap = Data<ReturnType<Duffel['seatMaps']['get']>>[number];
type DuffelRow = DuffelSeatMap['cabins'][number]['rows'][number];
type DuffelElement = DuffelRow['sections'][number]['elements'][number];
type DuffelSeatElement = Extract<DuffelElement, { designator: string }>;

/** One passenger's service for a seat: Duffel's id, its amount in Duffel's currency and in PKR paisa. */
export interface DuffelSeatService { id: string; passengerId: string; amount: string; currency: string; paisa: number }
/** A seat on a Duffel map: whether it is in an exit row, and its services (none: taken). */
export interface DuffelSeat { exit: boolean; services: DuffelSeatService[] }

/** The segment the map belongs to, as Safar names it. */
export interface MapSegment { segmentId: string; flightNo: string; date: string; aircraft: { code: string; name: string }; cabin: Cabin }

/** A Duffel amount in PKR paisa at the offer's rate; null when it cannot be converted (then the seat is not sold). */
export type ToPaisa = (amount: string, currency: string) => number | null;

const OUR_CABINS = Object.fromEntries(Object.entries(DUFFEL_CABINS).map(([ours, theirs]) => [theirs, ours as Cabin])) as Record<string, Cabin>;
const FACILITIES = new Set<string>(FACILITY_KINDS);

const isSeat = (e: DuffelElement): e is DuffelSeatElement => e.type === 'seat' || e.type === 'restricted_seat_general';
/** A row of exit markers only (an empty section between them is the aisle's floor). */
const isExitRow = (r: DuffelRow | undefined) => {
  const elements = r?.sections.flatMap((s) => s.elements) ?? [];
  return elements.length > 0 && elements.every((e) => e.type === 'exit_row');
};

function facilityOf(e: DuffelElement): Exclude<SeatMapElement, SeatElement> {
  if (e.type === 'exit_row') return { type: 'exit_row' };
  return { type: FACILITIES.has(e.type) ? (e.type as FacilityKind) : 'empty' };
}

/** The services of a seat Safar can sell: a plain seat (never a restricted one) whose amounts convert. */
function servicesOf(e: DuffelSeatElement, toPaisa: ToPaisa): DuffelSeatService[] {
  if (e.type !== 'seat') return [];
  return e.available_services.flatMap((s) => {
    const paisa = toPaisa(s.total_amount, s.total_currency);
    return paisa === null ? [] : [{ id: s.id, passengerId: s.passenger_id, amount: s.total_amount, currency: s.total_currency, paisa }];
  });
}

/** One segment's Duffel map as Safar's, and its seats by designator for pricing a choice. */
export function mapDuffelSeatMap(map: DuffelSeatMap, seg: MapSegment, toPaisa: ToPaisa): { map: SeatMap; seats: Map<string, DuffelSeat> } {
  const seats = new Map<string, DuffelSeat>();
  const cabins = map.cabins.map((cabin) => {
    let firstSeatRow = true;
    const rows = cabin.rows.map((row, ri): SeatMapRow => {
      const first = row.sections.flatMap((s) => s.elements).find(isSeat);
      if (!first) return { number: null, sections: row.sections.map((s) => ({ elements: s.elements.map(facilityOf) })) };
      const front = firstSeatRow;
      firstSeatRow = false;
      const exitRow = isExitRow(cabin.rows[ri - 1]) || row.sections.some((s) => s.elements.some((e) => e.type === 'exit_row'));
      const overWing = !!cabin.wings && ri >= cabin.wings.first_row_index && ri <= cabin.wings.last_row_index;
      const last = row.sections.length - 1;
      return {
        number: Number.parseInt(first.designator, 10) || null,
        sections: row.sections.map((section, si) => {
          const seatEls = section.elements.filter(isSeat);
          const bassinet = section.elements.some((e) => e.type === 'bassinet');
          return {
            elements: section.elements.map((e): SeatMapElement => {
              if (!isSeat(e)) return facilityOf(e);
              const k = seatEls.indexOf(e);
              const outer = (si === 0 && k === 0) || (si === last && k === seatEls.length - 1);
              const aisle = !outer && ((si > 0 && k === 0) || (si < last && k === seatEls.length - 1));
              const named = `${e.name ?? ''} ${e.disclosures.join(' ')}`;
              const exit = exitRow || /exit/i.test(named);
              const traits = new Set<SeatCharacteristic>([
                ...(outer ? ['window' as const] : aisle ? ['aisle' as const] : ['middle' as const]),
                ...(/legroom/i.test(e.name ?? '') ? ['extra_legroom' as const] : []),
                ...(exit ? ['exit_row' as const] : []), ...(front ? ['front_row' as const] : []),
                ...(bassinet ? ['bassinet' as const] : []), ...(overWing ? ['over_wing' as const] : []),
              ]);
              const services = servicesOf(e, toPaisa);
              seats.set(e.designator, { exit, services });
              const available = services.length > 0;
              return {
                type: 'seat', designator: e.designator, available,
                price: available ? toMoney(Math.min(...services.map((s) => s.paisa))) : null,
                characteristics: SEAT_CHARACTERISTICS.filter((c) => traits.has(c)),
              };
            }),
          };
        }),
      };
    });
    return { cabin_class: OUR_CABINS[cabin.cabin_class] ?? seg.cabin, deck: cabin.deck, aisles: cabin.aisles, wings: cabin.wings, rows };
  });
  return {
    map: { segment_id: seg.segmentId, flight_number: seg.flightNo, departure_date: seg.date, aircraft: seg.aircraft, cabins },
    seats,
  };
}
