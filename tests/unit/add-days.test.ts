import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/flight-choices';

/** The calendar arithmetic Date's ISO parser and printer do, which addDays must match. */
const byParsing = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('addDays', () => {
  it('matches parsing and printing the ISO date, across months, leap days and years, forwards and back', () => {
    const start = Date.UTC(1999, 0, 1);
    for (let i = 0; i < 3_000; i++) {
      const day = new Date(start + i * 7 * 86_400_000 + (i % 5) * 86_400_000).toISOString().slice(0, 10);
      for (const n of [0, 1, -1, 29, -60, 365, 400]) expect(addDays(day, n), `${day} + ${n}`).toBe(byParsing(day, n));
    }
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
  });

  it('refuses what is not a date as the parser did, and rolls a 30th of February over as it did', () => {
    for (const bad of ['2026-13-01', '2026-00-10', '2026-01-32', '2026-1-01', 'abcd-ef-gh', '', '2026-01-01T00:00']) {
      expect(() => addDays(bad, 1), bad).toThrow(RangeError);
    }
    expect(addDays('2026-02-30', 0)).toBe(byParsing('2026-02-30', 0));
  });
});
