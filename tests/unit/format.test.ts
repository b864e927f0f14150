import { describe, expect, it } from 'vitest';
import { formatMoney, isolateLtr, moneyText } from '../../contract/format/money';
import { formatNumber } from '../../contract/format/number';
import { formatClock, formatDay, formatDayAt, formatDeadline, formatFromNow, formatLocal, formatMoment, formatMonth, localInstant } from '../../contract/format/time';

/** The one money rule and the one date rule, in both languages (Latin digits in Arabic too). */
describe('money', () => {
  it('code first, grouped, minor units only when the amount has them', () => {
    expect(moneyText(210_554_00, 'PKR')).toBe('PKR 210,554');
    expect(moneyText(39_315_50, 'PKR')).toBe('PKR 39,315.50');
    expect(moneyText(39_315_05, 'PKR')).toBe('PKR 39,315.05');
    expect(moneyText(-1_500_00, 'PKR')).toBe('-PKR 1,500');
    expect(moneyText(0, 'PKR')).toBe('PKR 0');
    expect(moneyText(1_000_000_000_00, 'PKR')).toBe('PKR 1,000,000,000');
    expect(formatMoney({ amount: '168.90', currency: 'USD' })).toBe('USD 168.90');
    expect(formatMoney({ amount: '45000.00', currency: 'PKR' })).toBe('PKR 45,000');
    expect(formatMoney(null)).toBe('—');
  });

  it('keeps its order inside Arabic text when isolated', () => {
    expect(isolateLtr('PKR 1,500')).toBe('\u2066PKR 1,500\u2069');
  });
});

describe('dates and times', () => {
  const now = new Date('2026-11-29T14:00:00Z');

  it('a calendar day, with or without its weekday and year', () => {
    expect(formatDay('2027-01-03', 'en')).toBe('Sun 3 Jan 2027');
    expect(formatDay('2027-01-03', 'en', { weekday: false })).toBe('3 Jan 2027');
    expect(formatDay('2027-01-03T23:30:00-05:00', 'en', { year: false })).toBe('Sun 3 Jan');
    expect(formatDay('2027-01-03', 'ar')).toBe('الأحد، 3 يناير 2027');
    expect(formatDay('2027-01-03', 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('a flight time is the airport’s, as written', () => {
    expect(formatClock('2027-01-03T09:55:00+05:00')).toBe('09:55');
    expect(formatLocal('2027-01-03T09:55:00+05:00', 'en')).toBe('Sun 3 Jan, 09:55');
    expect(formatLocal('2027-01-03T21:05:00+04:00', 'ar')).toBe('الأحد، 3 يناير، 21:05');
  });

  it('a moment names its zone, on a 24-hour clock', () => {
    expect(formatMoment('2026-11-29T10:12:00Z', 'en')).toBe('29 Nov 2026, 15:12 Pakistan Standard Time');
    expect(formatMoment('2026-11-29T10:12:00Z', 'en', 'Asia/Dubai')).toBe('29 Nov 2026, 14:12 Gulf Standard Time');
    expect(formatMoment('2026-11-29T10:12:00Z', 'ar')).toBe('29 نوفمبر 2026، 15:12 توقيت باكستان الرسمي');
  });

  it('a deadline: the rule’s zone, midnight said as such, the reader’s zone when it differs, and the time left', () => {
    expect(formatDeadline('2026-11-29T19:00:00Z', { lang: 'en', now, readerZone: 'Asia/Karachi' }))
      .toBe('until midnight at the end of 29 Nov 2026 Pakistan Standard Time (in 5 hours)');
    expect(formatDeadline('2026-11-29T19:00:00Z', { lang: 'en', now, readerZone: 'Asia/Dubai' }))
      .toBe('until midnight at the end of 29 Nov 2026 Pakistan Standard Time (29 Nov, 23:00 your time, in 5 hours)');
    expect(formatDeadline('2026-11-29T16:30:00Z', { lang: 'en', now }))
      .toBe('until 29 Nov 2026, 21:30 Pakistan Standard Time (in 3 hours)');
    expect(formatDeadline('2026-11-29T13:00:00Z', { lang: 'en', now })).toContain('(passed)');
    expect(formatDeadline('2026-11-29T19:00:00Z', { lang: 'ar', now }))
      .toBe('حتى منتصف الليل في نهاية 29 نوفمبر 2026 توقيت باكستان الرسمي (خلال 5 ساعات)');
  });

  it('time left in words', () => {
    expect(formatFromNow('2026-11-29T14:20:00Z', now, 'en')).toBe('in 20 minutes');
    expect(formatFromNow('2026-12-03T14:00:00Z', now, 'en')).toBe('in 4 days');
    expect(formatFromNow('2026-11-29T13:00:00Z', now, 'en')).toBe('1 hour ago');
    expect(formatFromNow('2026-11-29T19:00:00Z', now, 'ar')).toBe('خلال 5 ساعات');
  });
});

describe('a stored moment’s day and a local wall-clock time', () => {
  it('a month by its name', () => {
    expect(formatMonth('2026-11', 'en')).toBe('Nov');
    expect(formatMonth('2026-11', 'en', { year: true })).toBe('Nov 2026');
    expect(formatMonth('2026-11', 'ar')).toBe('نوفمبر');
  });

  it('a moment’s calendar day is the rule zone’s, not its UTC spelling’s', () => {
    expect(formatDayAt('2026-11-29T20:00:00Z', 'en')).toBe('Mon 30 Nov 2026');
    expect(formatDayAt('2026-11-29T18:00:00Z', 'en', { weekday: false })).toBe('29 Nov 2026');
    expect(formatDayAt('2026-11-29T20:00:00Z', 'en', { zone: 'UTC', weekday: false })).toBe('29 Nov 2026');
    expect(formatDayAt('2026-11-29T20:00:00Z', 'ar', { weekday: false })).toBe('30 نوفمبر 2026');
  });

  it('a wall-clock time in a zone is one instant, across a change of the clocks too', () => {
    expect(localInstant('2026-12-20T15:00', 'Asia/Dubai').toISOString()).toBe('2026-12-20T11:00:00.000Z');
    expect(localInstant('2026-12-20T15:00:00', 'Asia/Kolkata').toISOString()).toBe('2026-12-20T09:30:00.000Z');
    expect(localInstant('2026-07-01T12:00', 'Europe/London').toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(localInstant('2026-01-01T12:00', 'Europe/London').toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(localInstant('2026-03-29T03:00', 'Europe/London').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(Number.isNaN(localInstant('soon', 'Asia/Dubai').getTime())).toBe(true);
  });
});

describe('plain numbers', () => {
  it('Latin digits and separators in both languages, fractions only as asked', () => {
    expect(formatNumber(8.5, 'en', { min: 1, max: 1 })).toBe('8.5');
    expect(formatNumber(8.5, 'ar', { min: 1, max: 1 })).toBe('8.5');
    expect(formatNumber(12_345, 'ar')).toBe('12,345');
    expect(formatNumber(2.5, 'en', { min: 2 })).toBe('2.50');
    expect(formatNumber(0.35, 'en', { max: 1 })).toBe('0.4');
    expect(formatNumber(1_234_567, 'en', { max: 1, compact: true })).toBe('1.2M');
    expect(formatNumber(1_234_567, 'ar', { max: 1, compact: true })).toBe('1.2\u00a0مليون');
    expect(formatNumber(1_234_567, 'ar', { compact: true })).not.toMatch(/[٠-٩]/);
  });
});
