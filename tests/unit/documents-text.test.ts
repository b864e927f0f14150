/** The documents' text rules: right-to-left line order (bidi), the text a PDF reads back as, and the calendar file format. */
import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { visualRuns } from '../../server/documents/bidi';
import { calendarFile } from '../../server/documents/ics';
import { extractText } from 'unpdf';
import { valuesIn } from '../../server/documents/values';
import { renderPdf } from '../../server/documents/render';
import { words } from '../../server/documents/strings';

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

describe('values in the documents and mails', () => {
  const en = valuesIn('en'), ar = valuesIn('ar');
  it('money, days and flight numbers as the shared formatters write them, in both languages', () => {
    expect(en.money(23432262, 'PKR')).toBe('PKR 234,322.62');
    expect(en.money(6735700, 'PKR')).toBe('PKR 67,357');
    expect(en.day('2027-01-03')).toBe('Sun 3 Jan 2027');
    expect(en.local('2027-01-03T09:55:00+05:00')).toBe('Sun 3 Jan 2027, 09:55');
    expect(en.flight('9P', '9P135')).toBe('9P 135');
    expect(en.moment(new Date('2026-11-29T10:00:00Z'))).toBe('29 Nov 2026, 15:00 Pakistan Standard Time');
  });
  it('in Arabic, what reads left to right is isolated, and keeps its order inside an Arabic line', () => {
    expect(ar.money(4500000, 'PKR')).toBe('\u2066PKR 45,000\u2069');
    expect(ar.flight('9P', '135')).toBe('\u20669P 135\u2069');
    // Runs as drawn from the left edge: the amount reads "-PKR 1,500" whole, the Arabic around it from the right.
    expect(seen(`ادفع ${ar.money(-150000, 'PKR')} الآن`, true).join('')).toBe(' الآن-PKR 1,500ادفع ');
    expect(seen(`الرحلة ${ar.flight('9P', '9P135')}`, true).join('')).toBe('9P 135الرحلة ');
  });
  it('counts nights as each language does, as the screens do', () => {
    expect([1, 3].map((n) => words('en').hotelItem('Elaf', n))).toEqual(['Elaf, 1 night', 'Elaf, 3 nights']);
    expect([1, 2, 3, 11].map((n) => words('ar').hotelItem('إيلاف', n))).toEqual(['إيلاف، ليلة واحدة', 'إيلاف، ليلتان', 'إيلاف، 3 ليالٍ', 'إيلاف، 11 ليلة']);
  });
  it('a deadline names the rule\'s zone and the time left', () => {
    expect(en.deadline(new Date('2026-11-29T19:00:00Z'), new Date('2026-11-29T14:00:00Z'))).toBe('until midnight at the end of 29 Nov 2026 Pakistan Standard Time (in 5 hours)');
    expect(ar.deadline(new Date('2026-11-29T19:00:00Z'), new Date('2026-11-29T14:00:00Z'))).toContain('توقيت باكستان');
  });
});

describe('the text a PDF reads back as', () => {
  it('each Arabic letter as itself, though letters share a drawn body (ب ت ث ن ي, ج ح خ, ر ز) and dots are marks', async () => {
    // Each word alone on its line: how a PDF reader orders words around digits is its own affair.
    const words = ['فندق', 'الكبير', 'يناير', 'ثابت', 'خارج', 'الحجز', 'زمزم'];
    const model = { title: 'قسيمة', reference: { label: 'رقم', value: 'HTL-ABC123' }, issuer: { name: 'سفر', lines: [] }, blocks: [{ kind: 'notes' as const, lines: words }] };
    const text = (await extractText(new Uint8Array(await renderPdf(model, 'ar')), { mergePages: true })).text;
    expect(text.split('\n')).toEqual(expect.arrayContaining(words));
    // Nothing unreadable: a dot that adds no letter reads as nothing.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  }, 30_000);
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
