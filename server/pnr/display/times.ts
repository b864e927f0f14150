/**
 * Times and dates as GDS terminals print them. Times: 24-hour "0930", or 12-hour "930A", "1130P", "1200N" (noon),
 * "1200M" (midnight). Dates: "15MAR" (the year is the first on or after the day it is pasted, so a March flight
 * pasted in December is next year's), "15MAR27" (a year given), "WE15MAR" (a day of week before it).
 */

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A time token ("0930", "930A", "1130P", "1200N", "1200M", "9A") → "HH:MM", or null when it is no time. */
export function readTime(token: string): string | null {
  const m = /^(\d{1,4})([APNM])?$/.exec(token);
  if (!m) return null;
  const digits = m[1];
  const letter = m[2];
  // "9A" and "12P" give the hour alone; otherwise the last two digits are the minutes.
  const [h, mi] = digits.length <= 2 ? [Number(digits), 0] : [Number(digits.slice(0, -2)), Number(digits.slice(-2))];
  if (mi > 59) return null;
  if (!letter) return digits.length >= 3 && h < 24 ? `${pad(h)}:${pad(mi)}` : null;
  if (h < 1 || h > 12) return null;
  if (letter === 'N') return h === 12 && mi === 0 ? '12:00' : null;
  if (letter === 'M') return h === 12 && mi === 0 ? '00:00' : null;
  const h24 = letter === 'A' ? h % 12 : (h % 12) + 12;
  return `${pad(h24)}:${pad(mi)}`;
}

function realDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCMonth() === month && d.getUTCDate() === day ? `${year}-${pad(month + 1)}-${pad(day)}` : null;
}

/**
 * "15MAR" → the first such day on or after `today` (29FEB: the next year that has one); "15MAR27" → 2027-03-15.
 * A day of week written before it ("WE15MAR") is allowed and not checked. Null when it is no real day.
 */
export function readDate(text: string, today: string): string | null {
  const m = /^(?:MO|TU|WE|TH|FR|SA|SU)?(\d{1,2})([A-Z]{3})(\d{2})?$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  const day = Number(m[1]);
  if (month < 0) return null;
  if (m[3]) return realDay(2000 + Number(m[3]), month, day);
  const year = Number(today.slice(0, 4));
  for (let y = year; y <= year + 4; y++) {
    const d = realDay(y, month, day);
    if (d && d >= today) return d;
  }
  return null;
}

/** A birth date ("12JAN85", "12JAN2025"): in the past, so a two-digit year later than today's is last century's. */
export function readBirthDate(text: string, today: string): string | null {
  const m = /^(\d{1,2})([A-Z]{3})(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  if (month < 0) return null;
  let year = Number(m[3]);
  if (m[3].length === 2) year += 2000;
  let d = realDay(year, month, Number(m[1]));
  if (d && d > today && m[3].length === 2) d = realDay(year - 100, month, Number(m[1]));
  return d;
}

/** A document's expiry ("15MAR30"): two-digit years are this century's. */
export function readExpiry(text: string): string | null {
  const m = /^(\d{1,2})([A-Z]{3})(\d{2}|\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]) : -1;
  if (!m || month < 0) return null;
  return realDay(m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]), month, Number(m[1]));
}

/** Whole days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
