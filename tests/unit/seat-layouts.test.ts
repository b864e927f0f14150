import { describe, expect, it } from 'vitest';
import type { Cabin } from '../../contract/flights';
import { seatPriceMinor } from '../../server/pricing/seats';
import { AIRCRAFT } from '../../server/suppliers/flight/aircraft';
import { designatorsOf, takenSeats } from '../../server/suppliers/flight/seat-occupancy';
import { cabinLayout, rowNumbers, SEAT_LAYOUT_TYPES, type LayoutSeat } from '../../server/suppliers/flight/seat-layouts';

const seatRows = (code: string, cabin: Cabin) => cabinLayout(code, cabin)!.rows.flatMap((r) => (r.type === 'seats' ? [r] : []));
const seatsOf = (code: string, cabin: Cabin): LayoutSeat[] => seatRows(code, cabin).flatMap((r) => r.sections.flat());

describe('seat layouts of the fleet', () => {
  it('lay out every cabin of every aircraft type with exactly the seats aircraft.ts sells', () => {
    expect(SEAT_LAYOUT_TYPES.sort()).toEqual(AIRCRAFT.map((a) => a.code).sort());
    for (const a of AIRCRAFT) for (const [cabin, plan] of Object.entries(a.cabins) as [Cabin, { seats: number; letters: string }][]) {
      const layout = cabinLayout(a.code, cabin)!;
      expect(layout, `${a.code} ${cabin}`).toBeDefined();
      expect(layout.aisles).toBe(plan.letters.split(' ').length - 1);
      const designators = designatorsOf(layout);
      expect(designators).toHaveLength(plan.seats);
      expect(new Set(designators).size).toBe(plan.seats);
      for (const r of layout.rows) if (r.type !== 'exit') expect(r.type === 'seats' ? r.sections.length : r.kinds.length).toBe(layout.aisles + 1);
    }
  });

  it('numbers the cabins of a type apart, front to back, without row 13', () => {
    expect(rowNumbers(11, 4)).toEqual([11, 12, 14, 15]);
    for (const a of AIRCRAFT) {
      const numbers = (['F', 'C', 'S', 'Y'] as const).filter((c) => a.cabins[c]).flatMap((c) => seatRows(a.code, c).map((r) => r.number));
      expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]), a.code).toBe(true);
      expect(numbers).not.toContain(13);
    }
  });

  it('marks windows, aisles and middles from the sections, and exit, extra legroom, front, bassinet and wing rows', () => {
    const row10 = seatRows('320', 'Y').find((r) => r.number === 10)!;
    expect(row10.sections.flat().map((s) => [s.designator, s.kind, s.characteristics])).toEqual([
      ['10A', 'exit', ['window', 'exit_row', 'extra_legroom', 'over_wing']], ['10B', 'exit', ['middle', 'exit_row', 'extra_legroom', 'over_wing']],
      ['10C', 'exit', ['aisle', 'exit_row', 'extra_legroom', 'over_wing']], ['10D', 'exit', ['aisle', 'exit_row', 'extra_legroom', 'over_wing']],
      ['10E', 'exit', ['middle', 'exit_row', 'extra_legroom', 'over_wing']], ['10F', 'exit', ['window', 'exit_row', 'extra_legroom', 'over_wing']],
    ]);
    const y = seatsOf('320', 'Y');
    expect(y.filter((s) => s.kind === 'extra_legroom').map((s) => s.designator)).toEqual(['4A', '4B', '4C', '4D', '4E', '4F']);
    expect(new Set(y.filter((s) => s.kind === 'front').map((s) => s.designator.slice(0, -1)))).toEqual(new Set(['5', '6']));
    // A lone seat in business is at the window and on the aisle.
    expect(seatsOf('789', 'C').find((s) => s.designator === '1A')!.characteristics).toEqual(['window', 'aisle']);
    expect(seatsOf('77W', 'Y').filter((s) => s.characteristics.includes('bassinet')).map((s) => s.designator))
      .toEqual(['30D', '30E', '30F', '30G', '45D', '45E', '45F', '45G']);
    const wings = cabinLayout('738', 'Y')!.wings!;
    const rows = cabinLayout('738', 'Y')!.rows;
    expect([rows[wings.first_row_index], rows[wings.last_row_index]].map((r) => r.type === 'seats' && r.number)).toEqual([11, 20]);
    expect(cabinLayout('738', 'C')!.wings).toBeNull();
    expect(cabinLayout('AT7', 'C')).toBeUndefined();
  });

  it('prices seats by cabin and kind: standard free everywhere, front, extra legroom and exit paid in economy', () => {
    expect((['standard', 'front', 'extra_legroom', 'exit'] as const).map((k) => seatPriceMinor('Y', k))).toEqual([0, 250_000, 600_000, 750_000]);
    expect((['standard', 'front', 'extra_legroom', 'exit'] as const).map((k) => seatPriceMinor('S', k))).toEqual([0, 0, 500_000, 500_000]);
    for (const cabin of ['C', 'F'] as const) for (const k of ['standard', 'front', 'extra_legroom', 'exit'] as const) expect(seatPriceMinor(cabin, k)).toBe(0);
  });
});

describe('taken seats', () => {
  const order = ['1A', '1B', '2A', '2B', '3A', '3B'];
  it('are the chosen ones, then as many more in fill order as the market and unchosen passengers hold', () => {
    expect([...takenSeats(order, new Set(), 0, 0)]).toEqual([]);
    expect([...takenSeats(order, new Set(), 2, 0)]).toEqual(['1A', '1B']);
    expect([...takenSeats(order, new Set(['1A']), 2, 1)]).toEqual(['1A', '1B', '2A']);
    expect([...takenSeats(order, new Set(['2B']), 1, 3)]).toEqual(['2B', '1A', '1B', '2A']);
    expect(takenSeats(order, new Set(), 10, 5).size).toBe(order.length);
  });
  it('count only the seats chosen in this cabin against its passengers sold through us', () => {
    expect([...takenSeats(order, new Set(['40K']), 1, 1)]).toEqual(['1A', '1B']);
  });
});
