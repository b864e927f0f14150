import { describe, expect, it } from 'vitest';
import { flightNumberText } from '../../contract/format/flight-number';

describe('flightNumberText: the airline code once, then the number', () => {
  it('whatever way the supplier wrote it', () => {
    expect(flightNumberText('9P', '9P135')).toBe('9P 135');
    expect(flightNumberText('9P', '9P 135')).toBe('9P 135');
    expect(flightNumberText('9P', '135')).toBe('9P 135');
    expect(flightNumberText('pk', 'pk301')).toBe('PK 301');
    expect(flightNumberText('EK', 'EK0600')).toBe('EK 0600');
  });
  it("another carrier's number keeps its own code; no code splits at the number", () => {
    expect(flightNumberText('PK', 'EK600')).toBe('EK 600');
    expect(flightNumberText('', 'TK1A')).toBe('TK 1A');
    expect(flightNumberText('', 'TK12')).toBe('TK 12');
  });
  it('a number it cannot read stays as written', () => {
    expect(flightNumberText('', 'OPEN')).toBe('OPEN');
  });
});
