/**
 * GET /air/seat_maps?offer_id=: one seat map per segment (duffel.com/docs/api/v2/seat-maps and
 * node_modules/@duffel/api/dist/booking/SeatMaps/SeatMapTypes.d.ts). Each cabin is rows of sections of elements:
 * seats (for sale when `available_services` lists a price per passenger, taken when it is empty), and the
 * exit_row, lavatory and galley elements a renderer needs. Built once per offer so service ids stay stable.
 */
import { isWideBody } from './reference';
import { FX, type Json, type OfferRecord, type SimState } from './state';
import { money, rng } from './util';

const cache = new WeakMap<OfferRecord, Json[]>();

interface Layout { rows: [number, number]; blocks: string[][]; exitBefore: number | null }

function layout(cabin: string, wide: boolean): Layout {
  if (cabin === 'first') return { rows: [1, 2], blocks: [['A'], ['D', 'G'], ['K']], exitBefore: null };
  if (cabin === 'business') return wide
    ? { rows: [1, 8], blocks: [['A'], ['D', 'G'], ['K']], exitBefore: null }
    : { rows: [1, 4], blocks: [['A', 'C'], ['D', 'F']], exitBefore: null };
  if (cabin === 'premium_economy') return wide
    ? { rows: [20, 25], blocks: [['A', 'C'], ['D', 'E', 'F'], ['H', 'K']], exitBefore: null }
    : { rows: [5, 8], blocks: [['A', 'C'], ['D', 'F']], exitBefore: null };
  return wide
    ? { rows: [30, 58], blocks: [['A', 'B', 'C'], ['D', 'E', 'G'], ['H', 'J', 'K']], exitBefore: 41 }
    : { rows: [6, 32], blocks: [['A', 'B', 'C'], ['D', 'E', 'F']], exitBefore: 14 };
}

export function seatMapsFor(state: SimState, rec: OfferRecord): Json[] {
  const hit = cache.get(rec);
  if (hit) return hit;
  const fx = FX[state.currency];
  const seated = rec.offer.passengers.filter((p: Json) => p.type !== 'infant_without_seat');
  const maps = rec.offer.slices.flatMap((slice: Json) => slice.segments.map((seg: Json) => {
    const cabinClass: string = seg.passengers[0].cabin_class;
    const { rows: [firstRow, lastRow], blocks, exitBefore } = layout(cabinClass, isWideBody(seg.aircraft.iata_code));
    const premium = cabinClass === 'business' || cabinClass === 'first';
    const r = rng(`${rec.offer.id}:${seg.id}`);
    const rows: Json[] = [{ sections: blocks.map((_, i) => ({ elements: [{ type: i === (blocks.length === 2 ? 0 : 1) ? 'galley' : 'lavatory' }] })) }];
    for (let n = firstRow; n <= lastRow; n++) {
      if (n === exitBefore) rows.push({ sections: blocks.map(() => ({ elements: [{ type: 'exit_row' }] })) });
      const exit = n === exitBefore;
      const front = !premium && n < firstRow + 3;
      rows.push({
        sections: blocks.map((letters) => ({
          elements: letters.map((letter) => {
            const designator = `${n}${letter}`;
            const taken = r() < 0.3;
            const usd = premium ? 0 : exit ? 35 : front ? 28 : 12 + Math.floor(r() * 14);
            return {
              type: 'seat', designator,
              ...(exit ? { name: 'Exit row seat' } : front ? { name: 'Extra legroom seat' } : {}),
              disclosures: exit ? ['Do not seat children in exit row seats', 'Do not seat passengers with special needs in exit row seats'] : [],
              available_services: taken ? [] : seated.map((p: Json) => {
                const service = { id: state.newId('ase'), passenger_id: p.id, total_amount: money(Math.round(usd * fx * 100)), total_currency: state.currency };
                state.seatServices.set(service.id, { offerId: rec.offer.id, segmentId: seg.id, sliceId: slice.id, passengerId: p.id, designator, exit, amount: service.total_amount });
                return service;
              }),
            };
          }),
        })),
      });
    }
    const span = lastRow - firstRow + 1;
    return {
      id: state.newId('sea'), slice_id: slice.id, segment_id: seg.id,
      cabins: [{
        deck: 0, cabin_class: cabinClass, aisles: blocks.length - 1,
        wings: span > 10 ? { first_row_index: Math.floor(span * 0.35), last_row_index: Math.floor(span * 0.6) } : null,
        rows,
      }],
    };
  }));
  cache.set(rec, maps);
  return maps;
}
