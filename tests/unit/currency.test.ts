import { describe, expect, it } from 'vitest';
import { rateFor, rateMicrosOf, rateText, sellingPaisa, toPaisa } from '../../server/pricing/currency';

describe('exchange rates and conversion to PKR', () => {
  it('reads and writes rates as exact millionths', () => {
    expect(rateMicrosOf('280.50')).toBe(280_500_000);
    expect(rateMicrosOf('0.000001')).toBe(1);
    expect(rateMicrosOf('913.9')).toBe(913_900_000);
    for (const bad of ['0', '0.0', '-1', '1.1234567', 'abc', '', '12345678']) expect(rateMicrosOf(bad), bad).toBeNull();
    expect(rateText(280_500_000)).toBe('280.50');
    expect(rateText(1)).toBe('0.000001');
    expect(rateText(913_900_000)).toBe('913.90');
    expect(rateText(300_000_000)).toBe('300.00');
  });

  it('converts minor units exactly, whatever the currency’s minor unit, rounding half up', () => {
    expect(toPaisa(123_45, 'USD', 280_500_000)).toBe(3_462_773); // 123.45 × 280.50 = 34,627.725: the half paisa rounds up
    expect(toPaisa(1_000, 'JPY', 1_870_000)).toBe(187_000); // ¥1,000 × 1.87
    expect(toPaisa(1_500, 'KWD', 913_900_000)).toBe(137_085); // KWD 1.500 × 913.90 = 1,370.85
    expect(toPaisa(1, 'USD', 150_000_000)).toBe(150); // 0.01 × 150 = 1.50
    expect(toPaisa(1, 'USD', 149_999_999)).toBe(150); // 1.49999999 paisa rounds to 1.50
    expect(toPaisa(99_999, 'PKR', 1)).toBe(99_999); // PKR is never converted
    // No floating point on the way: 9,999,999.99 × 280.123456 = 2,801,234,557.1987654 PKR, exact to the paisa.
    expect(toPaisa(9_999_999_99, 'USD', 280_123_456)).toBe(280_123_455_720);
  });

  it('sells in whole rupees, and has no rate for a currency staff never set', () => {
    expect(sellingPaisa(123_45, 'USD', 280_500_000)).toBe(3_462_800); // 34,627.73 → 34,628
    expect(rateFor(new Map([['USD', 280_500_000]]), 'USD')).toBe(280_500_000);
    expect(rateFor(new Map(), 'PKR')).toBe(1_000_000);
    expect(rateFor(new Map(), 'GBP')).toBeNull();
  });
});
