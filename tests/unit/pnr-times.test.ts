import { describe, expect, it } from 'vitest';
import { MONTHS, readBirthDate, readDate, readTime } from '../../server/pnr/display/times';

const pad = (n: number) => String(n).padStart(2, '0');

describe('terminal times', () => {
  it('every 12-hour time maps to its 24-hour time, with and without the leading digit of the hour', () => {
    for (let h = 1; h <= 12; h++) {
      for (let m = 0; m < 60; m++) {
        const am = h % 12, pm = (h % 12) + 12;
        expect(readTime(`${h}${pad(m)}A`)).toBe(`${pad(am)}:${pad(m)}`);
        expect(readTime(`${h}${pad(m)}P`)).toBe(`${pad(pm)}:${pad(m)}`);
        expect(readTime(`${pad(h)}${pad(m)}A`)).toBe(`${pad(am)}:${pad(m)}`);
      }
    }
  });

  it('every 24-hour time reads as itself; noon and midnight have their letters; nothing else is a time', () => {
    for (let h = 0; h < 24; h++) for (let m = 0; m < 60; m++) expect(readTime(`${pad(h)}${pad(m)}`)).toBe(`${pad(h)}:${pad(m)}`);
    expect(readTime('1200N')).toBe('12:00');
    expect(readTime('1200M')).toBe('00:00');
    expect(readTime('9A')).toBe('09:00');
    expect(readTime('12P')).toBe('12:00');
    for (const bad of ['2400', '0960', '1300A', '0000P', '1130N', '1201M', '13', '', 'AB', '093']) expect(readTime(bad), bad).toBeNull();
  });
});

describe('terminal dates', () => {
  it('a day without a year is the first on or after the day it is pasted, for every paste day of a leap cycle', () => {
    const start = Date.parse('2027-01-01');
    for (let t = start; t < start + 4 * 366 * 86_400_000; t += 86_400_000 * 3) {
      const today = new Date(t).toISOString().slice(0, 10);
      for (const [month, name] of MONTHS.entries()) {
        for (const day of [1, 15, 28, 31]) {
          const d = readDate(`${day}${name}`, today);
          const probe = new Date(Date.UTC(2001, month, day));
          if (probe.getUTCMonth() !== month) continue; // 31 of a 30-day month: checked below
          expect(d, `${day}${name} pasted ${today}`).not.toBeNull();
          expect(d! >= today).toBe(true);
          expect(Date.parse(d!) - Date.parse(today)).toBeLessThan(366 * 86_400_000);
          expect(d!.slice(5)).toBe(`${pad(month + 1)}-${pad(day)}`);
        }
      }
    }
  });

  it('a March flight pasted in December is next year; a given year is kept; the day of week before it is allowed', () => {
    expect(readDate('15MAR', '2026-12-20')).toBe('2027-03-15');
    expect(readDate('20DEC', '2026-12-20')).toBe('2026-12-20');
    expect(readDate('19DEC', '2026-12-20')).toBe('2027-12-19');
    expect(readDate('WE15MAR', '2026-12-20')).toBe('2027-03-15');
    expect(readDate('15MAR28', '2026-12-20')).toBe('2028-03-15');
    expect(readDate('29FEB', '2026-03-01')).toBe('2028-02-29');
    expect(readDate('31APR', '2026-03-01')).toBeNull();
    expect(readDate('15XYZ', '2026-03-01')).toBeNull();
  });

  it('birth dates are in the past', () => {
    expect(readBirthDate('12JAN85', '2026-11-29')).toBe('1985-01-12');
    expect(readBirthDate('12JAN25', '2026-11-29')).toBe('2025-01-12');
    expect(readBirthDate('12DEC26', '2026-11-29')).toBe('1926-12-12');
    expect(readBirthDate('12JAN2025', '2026-11-29')).toBe('2025-01-12');
  });
});
