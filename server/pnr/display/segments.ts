/**
 * Air segment lines, read column by column as every GDS prints them:
 *
 *   Amadeus    4  PK 301 Y 15MAR 7 KHIDXB HK2  0930 1130  15MAR  E  PK/X7K2QM
 *              3  PS 898 N 20SEP 4*KIVKBP HK2   720A 825A 20SEP  E  PS/LSGN77     (12-hour, day glued to the cities)
 *   Sabre      1 EK 601Y 15MAR S KHIDXB*HK2  1045P  0630  16MAR W /DCEK*LKJH12 /E
 *   Galileo    2. ET  921 M  22MAR ADDACC HK1   840A #1120A O*         TH  1        ("#" before arrival: next day)
 *   Apollo     1 UA1704S 19DEC LASEWR HK1   605A  157P|*        SA   E  1          ("|" after arrival: next day)
 *
 * Fields: element number, airline (glued to the number or not), flight number with an optional suffix letter, booking
 * class, date (a day of week before or after it: "WE15MAR", "15MAR 3", "15MAR W", "15MAR WE"), city pair (glued or spaced), status and seat count, departure and
 * arrival times (24- or 12-hour, glued or spaced), and a day change (+1, -1, #, |, *, a digit, or the arrival date).
 */
import { readDate, readTime, daysBetween } from './times';
import { statusMeaning, isStatus } from './statuses';
import type { DisplaySegment, OtherSegment } from './types';

const HEAD = String.raw`^\s*(\d{1,3})\s*\.?\s+`;
const AIRLINE = String.raw`([A-Z0-9]{2})\s*`;
const FLIGHT = String.raw`(\d{1,4})\s*([A-Z])?\s*([A-Z])?\s*`;
const DATE = String.raw`((?:MO|TU|WE|TH|FR|SA|SU)?\d{1,2}[A-Z]{3}(?:\d{2})?)`;
const DAY = String.raw`(?:[\s*]+([1-7MTWQFJS]|MO|TU|WE|TH|FR|SA|SU))?[\s*]*`;
const CITIES = String.raw`([A-Z]{3})\s?([A-Z]{3})\*?\s*`;
const STATUS = String.raw`(?:\d{1,2}\/\d{1,2}\s*)?([A-Z]{2})(\d{0,3})\b`;
const SEGMENT = new RegExp(HEAD + AIRLINE + FLIGHT + DATE + DAY + CITIES + STATUS + '(.*)$');

const TIME = String.raw`(\d{1,4}[APNM]|\d{3,4})`;
/** Departure, a day change printed before the arrival (Galileo), arrival, then one printed after it. */
const TIMES = new RegExp(String.raw`^\s*` + TIME + String.raw`\s*([#*-])?\s*` + TIME + String.raw`(\s?\*)?\s?([+-]\d|[#|+]|-(?!\d)|\d(?=[*\s]|$))?(.*)$`);
const ARNK = /^\s*\d{1,3}\s*\.?\s+(ARNK|SURFACE)\b/;
const OPEN = /^\s*\d{1,3}\s*\.?\s+([A-Z0-9]{2})\s*OPEN\s*([A-Z])?\b/;
/** Looks like a flight line: an element number, an airline and number, and a date or a city pair and status. */
const LOOKS_LIKE = /^\s*\d{1,3}\s*\.?\s+[A-Z0-9]{2}\s*\d{1,4}[A-Z]?\b.*(\d{1,2}(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)|\b[A-Z]{6}\b)/;

export const looksLikeSegment = (line: string) => LOOKS_LIKE.test(line);

export function readOtherSegment(line: string, no: number): OtherSegment | null {
  if (ARNK.test(line)) return { line: no, kind: 'arnk', text: line.trim() };
  if (OPEN.test(line)) return { line: no, kind: 'open', text: line.trim() };
  return null;
}

const OFFSETS_BEFORE: Record<string, number> = { '#': 1, '*': 2, '-': -1 };
const OFFSETS_AFTER: Record<string, number> = { '#': 1, '|': 1, '+': 1, '-': -1 };

export type SegmentRead = { segment: DisplaySegment } | { problem: string } | null;

/** A flight segment line → the segment, a problem to report on it, or null when it is no flight line. */
export function readSegmentLine(line: string, no: number, today: string): SegmentRead {
  const m = SEGMENT.exec(line);
  if (!m) return looksLikeSegment(line) ? { problem: 'unread' } : null;
  const [, , airline, number, letter1, letter2, dateText, , origin, destination, status, seats, rest] = m;
  if (!isStatus(status)) return { problem: 'unread' };
  const times = TIMES.exec(rest);
  if (!times) return { problem: 'unread' };
  const [, depText, before, arrText, , after, tail] = times;
  const date = readDate(dateText, today);
  const dep = readTime(depText), arr = readTime(arrText);
  if (!date || !dep || !arr) return { problem: 'unread' };
  // One letter after the number is the booking class; two are the flight's suffix, then the class.
  const [suffix, bookingClass] = letter2 ? [letter1 ?? '', letter2] : ['', letter1 ?? ''];
  let offset = before ? OFFSETS_BEFORE[before] : 0;
  if (after) offset = /^[+-]\d$/.test(after) ? Number(after) : /^\d$/.test(after) ? Number(after) : OFFSETS_AFTER[after];
  // An arrival date printed after the times (Amadeus, Sabre) says the day change outright.
  const arrivalDate = /^\s{0,3}(\d{1,2}[A-Z]{3})(?=\s|$)/.exec(tail ?? '');
  if (arrivalDate && !before && !after) {
    const day = readDate(arrivalDate[1], previousDay(date));
    if (day) offset = daysBetween(date, day);
  }
  const meaning = statusMeaning(status)!;
  return {
    segment: {
      line: no, airline, flight_number: `${airline}${Number(number)}${suffix}`, operating_airline: null,
      booking_class: bookingClass, date, origin, destination, status, seats: Number(seats || 0),
      departure_time: dep, arrival_time: arr, arrival_day_offset: offset, confirmed: meaning.confirmed, change: meaning.change,
      airline_locator: airlineLocator(tail ?? '', airline),
    },
  };
}

const previousDay = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);

/** The airline's own locator printed on the segment line: Amadeus "PK/X7K2QM", Sabre and Worldspan "/DCPK*X7K2QM". */
function airlineLocator(tail: string, airline: string): string | null {
  const dc = /\/DC([A-Z0-9]{2})\*([A-Z0-9]{5,8})\b/.exec(tail);
  if (dc) return dc[2];
  const am = new RegExp(String.raw`\b${airline}\/([A-Z0-9]{5,8})\b`).exec(tail);
  return am ? am[1] : null;
}

/** "OPERATED BY SERENE AIR", "OPERATED BY /PAKISTAN INTERNATIONAL KHI-DXB" → the operating airline's name. */
export function readOperatedBy(line: string): string | null {
  const m = /^\s*OPERATED BY\s+\/?(.*?)\s*(?:\s[A-Z]{3}-[A-Z]{3})?\s*$/.exec(line);
  return m && m[1] ? m[1] : null;
}
