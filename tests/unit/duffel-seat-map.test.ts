import { describe, expect, it } from 'vitest';
import { mapDuffelSeatMap, type DuffelSeatMap } from '../../server/suppliers/duffel/seat-maps';
import { rateMicrosOf, supplierExtraPaisa } from '../../server/pricing';
import type { SeatElement } from '../../contract/seat-maps';

/**
 * Duffel's seat map in Safar's shape, from a map shaped as Duffel's own example (the official client's mock seat
 * map: a 3-4-3 economy cabin whose first row is followed by an exit row), cut to three rows and given a
 * restricted seat, a facility row with a lavatory and a bassinet, and a second passenger.
 */
const PAX = 'pas_00009hj8USM7Ncg31cAAA';
const PAX2 = 'pas_00009hj8USM7Ncg31cAAB';
const seat = (designator: string, amount: string | null, extra: Record<string, unknown> = {}) => ({
  type: 'seat', designator, disclosures: [], name: '',
  available_services: amount === null ? [] : [
    { id: `ase_00009UhD4ongolulWAAA${designator}`, passenger_id: PAX, total_amount: amount, total_currency: 'GBP' },
    { id: `ase_00009UhD4ongolulWAAB${designator}`, passenger_id: PAX2, total_amount: amount, total_currency: 'GBP' },
  ],
  ...extra,
});
const DUFFEL_MAP = {
  id: 'sea_00003hthlsHZ8W4LxXjkzo', segment_id: 'seg_00009htYpSCXrwaB9Dn456', slice_id: 'sli_00009htYpSCXrwaB9Dn123',
  cabins: [{
    aisles: 2, cabin_class: 'economy', deck: 0, wings: { first_row_index: 2, last_row_index: 4 },
    rows: [
      { sections: [
        { elements: [seat('1A', '30.00'), seat('1B', '30.00'), seat('1C', '30.00')] },
        { elements: [seat('1D', '30.00'), seat('1E', '30.00'), seat('1F', null), seat('1G', null)] },
        { elements: [seat('1H', '30.00'), seat('1J', '30.00'), seat('1K', '30.00')] },
      ] },
      { sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [] }, { elements: [{ type: 'exit_row' }] }] },
      { sections: [
        { elements: [seat('2A', '20.00'), seat('2B', '20.00'), seat('2C', '20.00')] },
        { elements: [seat('2D', null), seat('2E', null), seat('2F', '20.00'), seat('2G', '20.00')] },
        { elements: [seat('2H', null), seat('2J', '20.00'), seat('2K', '20.00', { type: 'restricted_seat_general' })] },
      ] },
      { sections: [{ elements: [{ type: 'lavatory' }] }, { elements: [{ type: 'bassinet' }] }, { elements: [{ type: 'galley' }] }] },
      { sections: [
        { elements: [seat('3A', '10.00', { name: 'Extra legroom seat' }), seat('3B', null), seat('3C', '10.00')] },
        { elements: [seat('3D', '10.00'), seat('3E', '10.00'), seat('3F', '10.00'), seat('3G', null)] },
        { elements: [seat('3H', '10.00'), seat('3J', '10.00'), seat('3K', '10.00')] },
      ] },
    ],
  }],
} as unknown as DuffelSeatMap;

const GBP = rateMicrosOf('356.40')!;
const toPaisa = (amount: string, currency: string) => (currency === 'GBP' ? supplierExtraPaisa(amount, currency, GBP) : null);
const SEGMENT = { segmentId: 'BA107-2026-03-15', flightNo: 'BA107', date: '2026-03-15', aircraft: { code: '789', name: 'Boeing 787-9' }, cabin: 'Y' as const };

const { map, seats } = mapDuffelSeatMap(DUFFEL_MAP, SEGMENT, toPaisa);
const seatsOf = (rowIndex: number) => map.cabins[0].rows[rowIndex].sections.flatMap((s) => s.elements) as SeatElement[];
const find = (designator: string) => map.cabins[0].rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find((e) => e.type === 'seat' && e.designator === designator) as SeatElement;

describe('a Duffel seat map in Safar’s shape', () => {
  it('keeps the segment, cabin, aisles, wings and every row, numbering seat rows from their designators', () => {
    expect(map).toMatchObject({ segment_id: 'BA107-2026-03-15', flight_number: 'BA107', departure_date: '2026-03-15', aircraft: { code: '789' } });
    expect(map.cabins).toHaveLength(1);
    expect(map.cabins[0]).toMatchObject({ cabin_class: 'Y', deck: 0, aisles: 2, wings: { first_row_index: 2, last_row_index: 4 } });
    expect(map.cabins[0].rows.map((r) => r.number)).toEqual([1, null, 2, null, 3]);
  });

  it('prices a seat for sale in PKR at the rate (30.00 GBP at 356.40 is PKR 10,692) and a taken one at nothing', () => {
    expect(find('1A')).toMatchObject({ available: true, price: { amount: '10692.00', currency: 'PKR' } });
    expect(find('3A').price).toEqual({ amount: '3564.00', currency: 'PKR' });
    expect(find('1F')).toMatchObject({ available: false, price: null });
    expect(find('2K')).toMatchObject({ available: false, price: null });
  });

  it('reads windows, aisles and middles off the sections, the front row, the exit row behind the exit, legroom by name', () => {
    expect(find('1A').characteristics).toEqual(['window', 'front_row']);
    expect(find('1B').characteristics).toEqual(['middle', 'front_row']);
    expect(find('1C').characteristics).toEqual(['aisle', 'front_row']);
    expect(find('1D').characteristics).toEqual(['aisle', 'front_row']);
    expect(find('1K').characteristics).toEqual(['window', 'front_row']);
    expect(find('2A').characteristics).toEqual(['window', 'exit_row', 'over_wing']);
    expect(find('2E').characteristics).toEqual(['middle', 'exit_row', 'over_wing']);
    expect(find('3A').characteristics).toEqual(['window', 'extra_legroom', 'over_wing']);
    expect(find('3B').characteristics).toEqual(['middle', 'over_wing']);
    expect(seatsOf(0).filter((e) => e.available)).toHaveLength(8);
  });

  it('keeps the exit row and the facilities it draws; a bassinet, which it has no drawing for, is empty space', () => {
    expect(map.cabins[0].rows[1].sections).toEqual([{ elements: [{ type: 'exit_row' }] }, { elements: [] }, { elements: [{ type: 'exit_row' }] }]);
    expect(map.cabins[0].rows[3].sections.map((s) => s.elements[0].type)).toEqual(['lavatory', 'empty', 'galley']);
  });

  it('keeps each passenger’s Duffel service per seat for pricing a choice, and none for a taken or restricted seat', () => {
    expect(seats.get('1A')).toEqual({
      exit: false,
      services: [
        { id: 'ase_00009UhD4ongolulWAAA1A', passengerId: PAX, amount: '30.00', currency: 'GBP', paisa: 1_069_200 },
        { id: 'ase_00009UhD4ongolulWAAB1A', passengerId: PAX2, amount: '30.00', currency: 'GBP', paisa: 1_069_200 },
      ],
    });
    expect(seats.get('2A')!.exit).toBe(true);
    expect(seats.get('1F')!.services).toEqual([]);
    expect(seats.get('2K')!.services).toEqual([]);
  });

  it('leaves a seat unsold when its currency has no rate', () => {
    const { map: none } = mapDuffelSeatMap(DUFFEL_MAP, SEGMENT, () => null);
    expect(none.cabins[0].rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).some((e) => e.type === 'seat' && e.available)).toBe(false);
  });
});
