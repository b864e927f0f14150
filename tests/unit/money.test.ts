import { describe, expect, it } from 'vitest';
import { parseMinor, toMoney } from '../../contract/money';

describe('toMoney', () => {
  it('formats numbers and bigints alike, with two decimals and the sign in front', () => {
    for (const minor of [0, 5, -5, 99, 100, -100, 123_456_789, -1, Number.MAX_SAFE_INTEGER]) {
      expect(toMoney(minor).amount, String(minor)).toBe(toMoney(BigInt(minor)).amount);
    }
    expect(toMoney(123_456_789, 'PKR')).toEqual({ amount: '1234567.89', currency: 'PKR' });
    expect(toMoney(-5).amount).toBe('-0.05');
  });

  it('goes back and forth with parseMinor', () => {
    for (const minor of [0, 7, 1_050, -250_000, 987_654_321]) expect(parseMinor(toMoney(minor).amount)).toBe(minor);
  });
});
