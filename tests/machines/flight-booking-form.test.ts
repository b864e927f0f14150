import { describe, expect, it } from 'vitest';
import { parseDate } from '@internationalized/date';
import { formatDate, isDisabled, isPeriodOutside, normaliseRange, parseTyped } from '../../src/components/date-picker/rules';
import { searchHref } from '../../src/features/flights/SearchForm';
import { formErrors, formFromQuery, toSearchParams } from '../../machines/flight-search-form';
import { underMaxPrice } from '../../src/features/flights/Results';
import { expectedTotalOf } from '../../machines/flight-booking';

/** The search form's and date picker's rules, outside the browser. */
describe('date picker rules', () => {
  const rules = { min: '2030-01-10', max: '2030-03-01', disabledDates: ['2030-01-15'], disabledWeekdays: [5] }; // Fridays off
  it('refuses dates outside min/max, disabled dates and disabled weekdays', () => {
    expect(isDisabled(parseDate('2030-01-09'), rules)).toBe(true);
    expect(isDisabled(parseDate('2030-03-02'), rules)).toBe(true);
    expect(isDisabled(parseDate('2030-01-15'), rules)).toBe(true);
    expect(isDisabled(parseDate('2030-01-11'), rules)).toBe(true); // a Friday
    expect(isDisabled(parseDate('2030-01-14'), rules)).toBe(false);
  });
  it('greys out months, years and decades only when wholly outside min/max', () => {
    expect(isPeriodOutside('2030-01-01', '2030-01-31', rules)).toBe(false);
    expect(isPeriodOutside('2030-04-01', '2030-04-30', rules)).toBe(true);
    expect(isPeriodOutside('2020-01-01', '2029-12-31', rules)).toBe(true);
  });
  it('swaps a range whose start is after its end', () => {
    expect(normaliseRange('2030-02-10', '2030-02-01')).toEqual({ start: '2030-02-01', end: '2030-02-10' });
    expect(normaliseRange('2030-02-01', null)).toEqual({ start: '2030-02-01', end: null });
  });
  it('shows and reads mm/dd/yyyy by default', () => {
    expect(formatDate('2030-02-03')).toBe('02/03/2030');
    expect(parseTyped('2/3/2030')).toBe('2030-02-03');
    expect(parseTyped('02/30/2030')).toBeNull();
    expect(parseTyped('03/02/2030', 'dd/mm/yyyy')).toBe('2030-02-03');
  });
});

describe('search form', () => {
  const khi = { code: 'KHI', label: 'Karachi (KHI)' }, dxb = { code: 'DXB', label: 'Dubai (DXB)' };
  it('lists what is missing ("Please Ensure that these fields are filled properly.")', () => {
    // The form checks with the search rules themselves, so each field says what is wrong with it.
    const today = '2029-12-20';
    const f = formFromQuery(null, today);
    expect(Object.keys(formErrors(f, today)).sort()).toEqual(['departure', 'destination', 'origin', 'ret']);
    expect(formErrors({ ...f, origin: khi, destination: khi, departure: '2030-01-01', ret: '2030-01-02' }, today)).toEqual({ destination: { text: 'Origin and destination must be different.' } });
    expect(formErrors({ ...f, flightType: 'one-way', origin: khi, destination: dxb, departure: '2030-01-01', infants: 2 }, today)).toEqual({ travellers: { text: 'Each infant must travel with an adult.' } });
  });
  it('builds the search query of the API for each trip type and restores it', () => {
    const f = { ...formFromQuery(null, '2029-12-20'), origin: khi, destination: dxb, departure: '2030-01-01', ret: '2030-01-08', adults: 2, cabin: 'C' as const };
    const q = toSearchParams(f);
    expect(q).toMatchObject({ flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: '2030-01-01', return_date: '2030-01-08', adults: 2, cabin_class: 'C' });
    expect(searchHref('/flight/search', q)).toBe('/flight/search?flightType=return&origin=KHI&destination=DXB&departure_date=2030-01-01&return_date=2030-01-08&adults=2&children=0&infants=0&cabin_class=C');
    const back = formFromQuery(q, '2029-12-20');
    expect(back.origin).toEqual(khi);
    const multi = toSearchParams({ ...f, flightType: 'multi-city', trips: [{ origin: khi, destination: dxb, date: '2030-01-01' }, { origin: dxb, destination: khi, date: '2030-01-05' }] });
    expect(multi.trips).toEqual([{ origin: 'KHI', destination: 'DXB', date: '2030-01-01' }, { origin: 'DXB', destination: 'KHI', date: '2030-01-05' }]);
  });
});

describe('results price filter and the expected total', () => {
  const offer = (id: string, amount: string, stops: number, dep: string, airline: string, minutes = 200) => ({
    id, price: { amount, currency: 'PKR' }, stops, duration_minutes: minutes, airlines: [airline], validating_airline: { code: airline, name: airline },
    journeys: [{ departure_at: `2030-01-01T${dep}:00+05:00` }],
  }) as never;
  const list = [offer('a', '500.00', 1, '09:00', 'PK', 300), offer('b', '300.00', 0, '14:00', 'EK', 180), offer('c', '400.00', 0, '20:00', 'PK', 240)];
  it('narrows the loaded offers by max price only, in the server\'s order (the other filters go to the server)', () => {
    expect(underMaxPrice(list, null).map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(underMaxPrice(list, 40000).map((o) => o.id)).toEqual(['b', 'c']);
  });
  it('adds the agent markup to the offer total', () => {
    expect(expectedTotalOf({ price: { amount: '45000.00', currency: 'PKR' } } as never, '1500')).toEqual({ amount: '46500.00', currency: 'PKR' });
  });
});
