/**
 * The date picker's rules as pure functions: a date is refused outside min/max, on a disabled
 * date or on a disabled weekday; a range whose start is after its end is swapped; mm/dd/yyyy by default.
 * Dates are YYYY-MM-DD strings (or anything that prints as one, such as a calendar's CalendarDate): the text
 * field needs no date library, which loads with the calendar only (CalendarPanel.tsx).
 */
export type DateFormat = 'mm/dd/yyyy' | 'dd/mm/yyyy' | 'yyyy-mm-dd';
export const DEFAULT_FORMAT: DateFormat = 'mm/dd/yyyy';
export type View = 'days' | 'months' | 'years' | 'decades';
export const VIEWS: View[] = ['days', 'months', 'years', 'decades'];

export interface DateRules {
  min?: string | null;
  max?: string | null;
  /** YYYY-MM-DD dates that cannot be chosen. */
  disabledDates?: readonly string[];
  /** 0 = Sunday … 6 = Saturday. */
  disabledWeekdays?: readonly number[];
}

/**
 * The typed field's order in a locale, as its dates are written there (Intl: "en-US" month first, Arabic with Latin
 * digits day first), so a reader types a date the way the page shows dates; mm/dd/yyyy when the locale's order is
 * none of the three.
 */
export function localeDateFormat(locale: string): DateFormat {
  const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(Date.UTC(2001, 1, 3)))
    .filter((p) => p.type === 'year' || p.type === 'month' || p.type === 'day').map((p) => p.type).join(' ');
  return order === 'day month year' ? 'dd/mm/yyyy' : order === 'year month day' ? 'yyyy-mm-dd' : DEFAULT_FORMAT;
}

/** A date as printed by a string or a CalendarDate/DateValue. */
export type DateLike = string | { toString(): string };

/** The UTC midnight of a YYYY-MM-DD date that exists in the proleptic Gregorian calendar (years 1–9999), or null. */
function utc(s: string | null | undefined): Date | null {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y, mo - 1, d); // years below 100 too, which Date.UTC would take as 19xx
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : null;
}

/** The date as YYYY-MM-DD when it is a real date, else null. */
export const isoDate = (s: string | null | undefined): string | null => (utc(s) ? s! : null);

/** Sunday-based weekday, whatever the locale's first day of week. */
export const weekday = (d: DateLike) => utc(d.toString().slice(0, 10))?.getUTCDay() ?? -1;

export function isDisabled(d: DateLike, rules: DateRules): boolean {
  const s = d.toString().slice(0, 10);
  if (rules.min && s < rules.min) return true;
  if (rules.max && s > rules.max) return true;
  if (rules.disabledDates?.includes(s)) return true;
  if (rules.disabledWeekdays?.includes(weekday(d))) return true;
  return false;
}

/** A whole month/year/decade is unavailable only when it lies entirely outside min/max. */
export function isPeriodOutside(first: string, last: string, rules: DateRules): boolean {
  return (!!rules.max && first > rules.max) || (!!rules.min && last < rules.min);
}

export function normaliseRange(start: string | null, end: string | null): { start: string | null; end: string | null } {
  if (start && end && start > end) return { start: end, end: start };
  return { start, end };
}

export function formatDate(s: string | null | undefined, format: DateFormat = DEFAULT_FORMAT): string {
  if (!isoDate(s)) return '';
  const [yyyy, mm, dd] = s!.split('-');
  return format === 'mm/dd/yyyy' ? `${mm}/${dd}/${yyyy}` : format === 'dd/mm/yyyy' ? `${dd}/${mm}/${yyyy}` : `${yyyy}-${mm}-${dd}`;
}

/** Typed text in the format → YYYY-MM-DD, or null. */
export function parseTyped(text: string, format: DateFormat = DEFAULT_FORMAT): string | null {
  const m = /^\s*(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})\s*$/.exec(text);
  if (!m) return null;
  const [a, b, c] = [m[1], m[2], m[3]];
  const [y, mo, d] = format === 'mm/dd/yyyy' ? [c, a, b] : format === 'dd/mm/yyyy' ? [c, b, a] : [a, b, c];
  if (y.length !== 4) return null;
  const s = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isoDate(s);
}

export const decadeStart = (year: number) => year - (year % 10);
export const centuryStart = (year: number) => year - (year % 100);
