/** The documents' text rules: right-to-left line order (bidi), and the calendar file format. */
import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { visualRuns } from '../../server/documents/bidi';
import { calendarFile } from '../../server/documents/ics';
import { formatWhole, formatWholeMinor } from '../../contract/money';

const bidi = bidiFactory();
const seen = (line: string, rtl: boolean) => visualRuns(bidi, line, rtl).map((r) => r.text);

describe('right-to-left lines', () => {
  it('orders an Arabic label with a Latin code as it is read: the Latin part to the left, brackets mirrored', () => {
    expect(seen('رقم الحجز (PNR)', true)).toEqual(['(', 'PNR', 'رقم الحجز )']);
  });
  it('keeps digits and Latin codes left to right inside Arabic', () => {
    expect(seen('الرحلة 1: KHI - DXB', true)).toEqual(['KHI - DXB', ': ', '1', 'الرحلة ']);
  });
  it('keeps a date and a time whole after Arabic words (no 17-12-2026)', () => {
    expect(seen('الإلغاء مجاني حتى 2026-12-17 12:00', true)).toEqual(['12:00', ' ', '2026-12-17', 'الإلغاء مجاني حتى ']);
  });
  it('reads a Latin line in an Arabic document left to right (its comma stays at its end)', () => {
    expect(seen('High floor, please.', true)).toEqual(['High floor, please.']);
  });
  it('leaves English lines alone and drops the invisible direction marks', () => {
    expect(seen('PKR 234,323', false)).toEqual(['PKR 234,323']);
    expect(seen('\u200F234,323 PKR', true).join('')).not.toContain('\u200F');
  });
});

describe('money as the flight screens write it', () => {
  it('whole units, grouped, Latin digits in both languages', () => {
    expect(formatWholeMinor(23432262, 'PKR', 'en')).toBe('PKR\u00a0234,323');
    expect(formatWhole(234322.62, 'PKR', 'ar')).toMatch(/^\u200F?234,323\u00a0PKR$/);
  });
});

describe('calendar file', () => {
  it('writes one event per item in UTC (or all-day dates), escapes text and folds long lines', () => {
    const ics = calendarFile([
      { uid: 'a@safar', summary: 'PK 213 KHI-DXB; seat, window', description: 'Departs 08:15\nArrives 09:25', location: 'Jinnah International', start: new Date('2026-12-01T08:15:00+05:00'), end: new Date('2026-12-01T09:25:00+04:00') },
      { uid: 'b@safar', summary: 'فندق '.repeat(20), description: '', location: '', start: '2026-12-20', end: '2026-12-24' },
    ], new Date('2026-11-25T10:00:00Z'));
    expect(ics).toContain('DTSTART:20261201T031500Z\r\nDTEND:20261201T052500Z');
    expect(ics).toContain('SUMMARY:PK 213 KHI-DXB\\; seat\\, window');
    expect(ics).toContain('DESCRIPTION:Departs 08:15\\nArrives 09:25');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261220');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
