import { describe, expect, it } from 'vitest';
import { MESSAGES, validateFlightSearch } from '../../contract/flights';
import { isAirport } from '../../server/reference';

const opts = { isAirport, today: '2026-06-01' };
const base = { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2026-07-01', adults: '1', cabin_class: 'Y' };
const errorsOf = (input: Record<string, unknown>) => {
  const r = validateFlightSearch(input, opts);
  return r.success ? {} : r.errors;
};

describe('flight search query', () => {
  it('accepts query-string values and normalises them', () => {
    const r = validateFlightSearch({
      ...base, flightType: 'return', origin: 'khi', return_date: '2026-07-10', adults: '2', children: '1', infants: '1',
      cabin_class: 'c', stops: 'non-stop', airlines: 'EK,qr', time_of_day: 'morning', max_price: '150000.50', sort: 'duration',
      flexible_plus_minus_3: 'true',
    }, opts);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.output).toMatchObject({
      flightType: 'return', adults: 2, children: 1, infants: 1, cabin_class: 'C', stops: '0', airlines: ['EK', 'QR'],
      time_of_day: ['morning'], max_price: 150000.5, sort: 'duration', flexible_plus_minus_3: true,
      legs: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-01' }, { origin: 'DXB', destination: 'KHI', date: '2026-07-10' }],
    });
  });

  it('defaults to one adult in economy, all stops, cheapest first', () => {
    const r = validateFlightSearch({ origin: 'KHI', destination: 'DXB', departure_date: '2026-07-01' }, opts);
    expect(r.success && r.output).toMatchObject({ flightType: 'one-way', adults: 1, children: 0, infants: 0, cabin_class: 'Y', stops: 'all', sort: 'price' });
  });

  it('accepts multi-city trips as a list or as JSON text', () => {
    const trips = [{ origin: 'KHI', destination: 'DXB', date: '2026-07-01' }, { origin: 'DXB', destination: 'LHR', date: '2026-07-05' }, { origin: 'LHR', destination: 'KHI', date: '2026-07-20' }];
    for (const t of [trips, JSON.stringify(trips)]) {
      const r = validateFlightSearch({ flightType: 'multi-city', trips: t }, opts);
      expect(r.success && r.output.legs).toEqual(trips);
    }
  });

  it('gives one message per field for each bad-input rule', () => {
    expect(errorsOf({ ...base, origin: 'ZZZ' })).toEqual({ origin: [MESSAGES.unknownAirport] });
    expect(errorsOf({ ...base, destination: 'KHI' })).toEqual({ destination: [MESSAGES.sameAirport] });
    expect(errorsOf({ ...base, departure_date: '2026-05-31' })).toEqual({ departure_date: [MESSAGES.pastDate] });
    expect(errorsOf({ ...base, departure_date: '2026-02-30' })).toEqual({ departure_date: [MESSAGES.dateFormat] });
    expect(errorsOf({ ...base, departure_date: '2027-06-01' })).toEqual({ departure_date: [MESSAGES.tooFar] });
    expect(errorsOf({ ...base, flightType: 'return', return_date: '2026-06-20' })).toEqual({ return_date: [MESSAGES.returnBefore] });
    expect(errorsOf({ ...base, flightType: 'return' })).toEqual({ return_date: [MESSAGES.returnRequired] });
    expect(errorsOf({ ...base, adults: '6', children: '4' })).toEqual({ adults: [MESSAGES.tooMany] });
    expect(errorsOf({ ...base, adults: '1', infants: '2' })).toEqual({ infants: [MESSAGES.infants] });
    expect(errorsOf({ ...base, adults: '0' })).toEqual({ adults: [MESSAGES.adultsMin] });
    expect(errorsOf({ ...base, cabin_class: 'X' })).toEqual({ cabin_class: [MESSAGES.cabin] });
    expect(errorsOf({ ...base, adults: 'two' })).toEqual({ adults: [MESSAGES.count] });
    expect(errorsOf({ ...base, stops: 'many' })).toEqual({ stops: [MESSAGES.stops] });
  });

  it('reports every bad field at once, still one message each', () => {
    const e = errorsOf({ origin: 'ZZZ', destination: 'ZZZ', departure_date: '2020-01-01', adults: '9', children: '3', infants: '10', cabin_class: 'Q' });
    expect(Object.keys(e).sort()).toEqual(['adults', 'cabin_class', 'departure_date', 'destination', 'infants', 'origin']);
    for (const messages of Object.values(e)) expect(messages).toHaveLength(1);
  });

  it('checks each multi-city leg by path', () => {
    const e = errorsOf({ flightType: 'multi-city', trips: [{ origin: 'KHI', destination: 'KHI', date: '2026-07-01' }, { origin: 'DXB', destination: 'ZZZ', date: '2026-06-20' }] });
    expect(e).toEqual({ 'trips.0.destination': [MESSAGES.sameAirport], 'trips.1.destination': [MESSAGES.unknownAirport], 'trips.1.date': [MESSAGES.tripOrder] });
    expect(errorsOf({ flightType: 'multi-city', trips: [{ origin: 'KHI', destination: 'DXB', date: '2026-07-01' }] })).toEqual({ trips: [MESSAGES.tripsCount] });
  });

  it('skips the airport check when no lookup is given (the app before airports load)', () => {
    expect(validateFlightSearch({ ...base, origin: 'ZZZ' }, { today: '2026-06-01' }).success).toBe(true);
  });
});
