/**
 * Cabin layouts of the embedded supplier's fleet, one per aircraft type of aircraft.ts: row numbers, seat letters
 * and aisles (each cabin's letters, with a space per aisle, come from aircraft.ts so seats shown and seats sold
 * always agree), exit rows, the rows over the wing, lavatories, galleys and closets, and the bassinet positions.
 * Row 13 is skipped, as most operators do. Configurations are typical of the type, not of one airline.
 */
import type { Cabin } from '../../../contract/flights';
import type { FacilityKind, SeatCharacteristic } from '../../../contract/seat-maps';
import { aircraftByCode } from './aircraft';

/** What a seat costs depends on its kind (server/pricing/seats.ts); exit beats extra legroom beats front. */
export type SeatKind = 'standard' | 'front' | 'extra_legroom' | 'exit';

interface CabinPlan {
  cabin: Cabin;
  firstRow: number;
  /** Rows sold as extra legroom that are no exit rows: bulkheads. */
  extraLegroom?: number[];
  /** How many rows at the front of this cabin sell as front rows (quicker off the aircraft). */
  frontRows?: number;
}

interface FleetLayout {
  cabins: CabinPlan[];
  /** Rows beside an emergency exit: extra legroom, and only for adults able to help. */
  exitRows: number[];
  /** First and last row over the wing. */
  wing: [number, number];
  /** Bulkhead rows where a bassinet hangs in front of the given letters. */
  bassinets: { row: number; letters: string }[];
  /** Rows of facilities, before the row named (after the last row: one past it), one kind per section. */
  facilities: { before: number; kinds: FacilityKind[] }[];
}

const FLEET: Record<string, FleetLayout> = {
  AT7: {
    cabins: [{ cabin: 'Y', firstRow: 1, extraLegroom: [1], frontRows: 3 }],
    exitRows: [], wing: [3, 8], bassinets: [],
    facilities: [{ before: 1, kinds: ['galley', 'closet'] }, { before: 20, kinds: ['lavatory', 'empty'] }],
  },
  '320': {
    cabins: [{ cabin: 'C', firstRow: 1 }, { cabin: 'Y', firstRow: 4, extraLegroom: [4], frontRows: 3 }],
    exitRows: [10, 11], wing: [8, 16], bassinets: [],
    facilities: [{ before: 1, kinds: ['galley', 'lavatory'] }, { before: 29, kinds: ['lavatory', 'galley'] }],
  },
  '738': {
    cabins: [{ cabin: 'C', firstRow: 1 }, { cabin: 'Y', firstRow: 4, extraLegroom: [4], frontRows: 3 }],
    exitRows: [15, 16], wing: [11, 20], bassinets: [],
    facilities: [{ before: 1, kinds: ['galley', 'lavatory'] }, { before: 30, kinds: ['lavatory', 'galley'] }],
  },
  '321': {
    cabins: [{ cabin: 'C', firstRow: 1 }, { cabin: 'Y', firstRow: 5, extraLegroom: [5], frontRows: 3 }],
    exitRows: [11, 25], wing: [17, 27], bassinets: [],
    facilities: [{ before: 1, kinds: ['galley', 'lavatory'] }, { before: 25, kinds: ['lavatory', 'lavatory'] }, { before: 36, kinds: ['lavatory', 'galley'] }],
  },
  '789': {
    cabins: [{ cabin: 'C', firstRow: 1 }, { cabin: 'S', firstRow: 20 }, { cabin: 'Y', firstRow: 30, extraLegroom: [30], frontRows: 3 }],
    exitRows: [20, 38], wing: [30, 40],
    bassinets: [{ row: 20, letters: 'DEF' }, { row: 30, letters: 'DEF' }, { row: 38, letters: 'DEF' }],
    facilities: [
      { before: 1, kinds: ['galley', 'closet', 'lavatory'] }, { before: 20, kinds: ['lavatory', 'galley', 'lavatory'] },
      { before: 30, kinds: ['lavatory', 'galley', 'lavatory'] }, { before: 38, kinds: ['lavatory', 'empty', 'lavatory'] },
      { before: 56, kinds: ['lavatory', 'galley', 'lavatory'] },
    ],
  },
  '359': {
    cabins: [{ cabin: 'C', firstRow: 1 }, { cabin: 'S', firstRow: 20 }, { cabin: 'Y', firstRow: 30, extraLegroom: [30], frontRows: 3 }],
    exitRows: [20, 42], wing: [31, 42],
    bassinets: [{ row: 20, letters: 'DEF' }, { row: 30, letters: 'DEF' }, { row: 42, letters: 'DEF' }],
    facilities: [
      { before: 1, kinds: ['galley', 'closet', 'lavatory'] }, { before: 20, kinds: ['lavatory', 'galley', 'lavatory'] },
      { before: 30, kinds: ['lavatory', 'galley', 'lavatory'] }, { before: 42, kinds: ['lavatory', 'empty', 'lavatory'] },
      { before: 58, kinds: ['lavatory', 'galley', 'lavatory'] },
    ],
  },
  '77W': {
    cabins: [{ cabin: 'F', firstRow: 1 }, { cabin: 'C', firstRow: 6 }, { cabin: 'S', firstRow: 20 }, { cabin: 'Y', firstRow: 30, extraLegroom: [30], frontRows: 3 }],
    exitRows: [20, 30, 45], wing: [30, 44],
    bassinets: [{ row: 6, letters: 'DG' }, { row: 20, letters: 'DEF' }, { row: 30, letters: 'DEFG' }, { row: 45, letters: 'DEFG' }],
    facilities: [
      { before: 1, kinds: ['galley', 'closet', 'lavatory'] }, { before: 6, kinds: ['lavatory', 'galley', 'lavatory'] },
      { before: 20, kinds: ['lavatory', 'galley', 'lavatory'] }, { before: 30, kinds: ['lavatory', 'galley', 'lavatory'] },
      { before: 45, kinds: ['lavatory', 'empty', 'lavatory'] }, { before: 60, kinds: ['lavatory', 'galley', 'lavatory'] },
    ],
  },
};

/** Every aircraft type the supplier flies has a layout (a table test checks it against aircraft.ts). */
export const SEAT_LAYOUT_TYPES = Object.keys(FLEET);

export interface LayoutSeat { designator: string; kind: SeatKind; characteristics: SeatCharacteristic[] }
export type LayoutRow =
  | { type: 'seats'; number: number; sections: LayoutSeat[][] }
  | { type: 'facilities'; kinds: FacilityKind[] }
  | { type: 'exit' };
export interface CabinLayoutPlan {
  cabin: Cabin;
  /** Sections side by side; aisles between them. */
  aisles: number;
  rows: LayoutRow[];
  /** Indexes into `rows` of the first and last row over the wing, or null when the wing is beside no row of this cabin. */
  wings: { first_row_index: number; last_row_index: number } | null;
}

/** `count` row numbers from `first`, without 13. */
export function rowNumbers(first: number, count: number): number[] {
  const out: number[] = [];
  for (let n = first; out.length < count; n++) if (n !== 13) out.push(n);
  return out;
}

function seatKind(plan: CabinPlan, fleet: FleetLayout, row: number, index: number): SeatKind {
  if (fleet.exitRows.includes(row)) return 'exit';
  if (plan.extraLegroom?.includes(row)) return 'extra_legroom';
  return index < (plan.frontRows ?? 0) ? 'front' : 'standard';
}

const KIND_CHARACTERISTIC: Partial<Record<SeatKind, SeatCharacteristic[]>> = {
  exit: ['exit_row', 'extra_legroom'], extra_legroom: ['extra_legroom'], front: ['front_row'],
};

/** Window, aisle or middle from the seat's place in its section: a lone seat between window and aisle is both. */
function position(blocks: string[], b: number, i: number): SeatCharacteristic[] {
  const out: SeatCharacteristic[] = [];
  const last = blocks[b].length - 1;
  if ((b === 0 && i === 0) || (b === blocks.length - 1 && i === last)) out.push('window');
  if ((b > 0 && i === 0) || (b < blocks.length - 1 && i === last)) out.push('aisle');
  return out.length ? out : ['middle'];
}

/**
 * The layout of one cabin of an aircraft type, front to back: facility rows, a row marking each exit, and the
 * seat rows with each seat's kind and characteristics. Undefined when the type has no such cabin.
 */
export function cabinLayout(aircraftCode: string, cabin: Cabin): CabinLayoutPlan | undefined {
  const type = aircraftByCode.get(aircraftCode);
  const fleet = FLEET[aircraftCode];
  const plan = fleet?.cabins.find((c) => c.cabin === cabin);
  const seats = type?.cabins[cabin];
  if (!type || !fleet || !plan || !seats) return undefined;
  const blocks = seats.letters.split(' ');
  const numbers = rowNumbers(plan.firstRow, seats.rows);
  const last = numbers[numbers.length - 1];
  const rows: LayoutRow[] = [];
  let wingFirst = -1, wingLast = -1;
  const facilitiesBefore = (n: number) => {
    for (const f of fleet.facilities) if (f.before === n) rows.push({ type: 'facilities', kinds: blocks.map((_, i) => f.kinds[i] ?? 'empty') });
  };
  numbers.forEach((n, index) => {
    facilitiesBefore(n);
    if (fleet.exitRows.includes(n)) rows.push({ type: 'exit' });
    const kind = seatKind(plan, fleet, n, index);
    const overWing = n >= fleet.wing[0] && n <= fleet.wing[1];
    const bassinet = fleet.bassinets.find((x) => x.row === n)?.letters ?? '';
    if (overWing) { if (wingFirst < 0) wingFirst = rows.length; wingLast = rows.length; }
    rows.push({
      type: 'seats', number: n,
      sections: blocks.map((letters, b) => [...letters].map((letter, i) => ({
        designator: `${n}${letter}`, kind,
        characteristics: [
          ...position(blocks, b, i), ...(KIND_CHARACTERISTIC[kind] ?? []),
          ...(bassinet.includes(letter) ? ['bassinet' as const] : []), ...(overWing ? ['over_wing' as const] : []),
        ],
      }))),
    });
  });
  // Facilities behind the last row belong to the rearmost cabin.
  if (fleet.cabins[fleet.cabins.length - 1].cabin === cabin) for (const f of fleet.facilities) if (f.before > last) facilitiesBefore(f.before);
  return { cabin, aisles: blocks.length - 1, rows, wings: wingFirst < 0 ? null : { first_row_index: wingFirst, last_row_index: wingLast } };
}
