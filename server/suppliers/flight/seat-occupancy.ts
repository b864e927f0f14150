/**
 * Which seats of a flight's cabin are taken. Seats chosen through us are named by the database; everyone else on
 * board (the supplier's synthetic market, and our own passengers who have not chosen yet) sits in a fixed order
 * of that cabin's seats drawn per flight and day, skipping the chosen ones. So a map never changes between two
 * looks unless someone books or chooses, a seat chosen through us is never shown to another as free, and the free
 * seats on the map are as many as the supplier can still sell in the cabin.
 */
import type { Cabin, Segment } from '../../../contract/flights';
import { segmentKey } from '../../../contract/seat-maps';
import type { EmbeddedFlightSupplier } from './embedded';
import { marketSold } from './fares';
import type { Network } from './network';
import { hashString, mulberry32 } from './prng';
import { flightByNumber, type DatedFlight } from './schedule';
import { cabinLayout, type CabinLayoutPlan } from './seat-layouts';

export interface SegmentSeating {
  segmentId: string;
  flightNo: string;
  date: string;
  cabin: Cabin;
  aircraft: { code: string; name: string };
  /** Undefined for a type or cabin without a layout: no seat can be chosen there. */
  layout: CabinLayoutPlan | undefined;
  taken: ReadonlySet<string>;
}

const DAY_MS = 86_400_000;

/** Every seat designator of a layout, front to back, left to right. */
export function designatorsOf(layout: CabinLayoutPlan): string[] {
  return layout.rows.flatMap((r) => (r.type === 'seats' ? r.sections.flat().map((s) => s.designator) : []));
}

/** The cabin's seats in the order other travellers fill them on this flight and day (a seeded shuffle). */
function fillOrder(net: Network, f: DatedFlight, flightNo: string, cabin: Cabin, seats: string[]): string[] {
  const next = mulberry32(hashString(`${flightNo}|${f.day}|${cabin}`, net.seed));
  const out = [...seats];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The taken seats of one cabin: the chosen ones, then `others` more in fill order. `others` is the market's
 * sales plus our passengers without a chosen seat (sold through us less those chosen in this cabin).
 */
export function takenSeats(order: readonly string[], chosen: ReadonlySet<string>, market: number, soldThroughUs: number): Set<string> {
  const own = order.filter((d) => chosen.has(d));
  const taken = new Set(own);
  let others = market + Math.max(0, soldThroughUs - own.length);
  for (const d of order) {
    if (others <= 0) break;
    if (taken.has(d)) continue;
    taken.add(d);
    others--;
  }
  return taken;
}

/**
 * The seating of each segment of an embedded offer at `now`: its layout and taken seats. `chosen` maps a segment
 * key to the designators chosen through us on it.
 */
export async function seatingOf(
  supplier: EmbeddedFlightSupplier, segments: readonly Segment[], chosen: ReadonlyMap<string, ReadonlySet<string>>, now: number,
): Promise<SegmentSeating[]> {
  const net = supplier.net;
  const dated = segments.map((s) => ({ s, date: s.departure_at.slice(0, 10) }));
  const sold = await supplier.seats.sold(dated.map(({ s, date }) => ({ flight_no: s.flight_number, date, cabin: s.cabin })));
  return dated.map(({ s, date }, i) => {
    const segmentId = segmentKey(s.flight_number, date);
    const layout = cabinLayout(s.aircraft.code, s.cabin);
    const f = flightByNumber(net, s.flight_number, date);
    let taken: ReadonlySet<string> = new Set();
    if (layout && f) {
      const market = marketSold(net, f, s.cabin, Math.floor((f.dep - now) / DAY_MS));
      taken = takenSeats(fillOrder(net, f, s.flight_number, s.cabin, designatorsOf(layout)), chosen.get(segmentId) ?? new Set(), market, sold[i] ?? 0);
    }
    return { segmentId, flightNo: s.flight_number, date, cabin: s.cabin, aircraft: s.aircraft, layout, taken };
  });
}
