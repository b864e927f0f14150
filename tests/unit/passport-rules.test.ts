import { describe, expect, it } from 'vitest';
import { addMonths, BM, passengerTravelErrors, passportsExpiringSoon } from '../../contract/bookings';

const adult = (expiry_date: string) => ({ type: 'ADT' as const, dob: '1990-01-01', expiry_date });

describe('passport validity against the travel dates', () => {
  it('refuses a passport that ends before the last travel date and accepts one valid on it', () => {
    const errors = passengerTravelErrors([adult('2027-03-09'), adult('2027-03-10'), adult('2030-01-01')], '2027-03-01', '2027-03-10', '2026-11-25');
    expect(errors).toEqual({ 'travellers.0.expiry_date': BM.expiryBeforeTravel });
  });

  it('warns, without refusing, when a passport ends less than six months after the last travel date', () => {
    const pax = [adult('2027-03-10'), adult('2027-09-09'), adult('2027-09-10'), adult('2027-03-09'), adult('')];
    // Valid on the day and 6 months less a day: warned; 6 months or more: fine; already refused or empty: no warning.
    expect(passportsExpiringSoon(pax, '2027-03-10')).toEqual([0, 1]);
  });

  it('adds months keeping the day where the month has it', () => {
    expect(addMonths('2027-03-10', 6)).toBe('2027-09-10');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});
