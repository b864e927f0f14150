import { getDayOfWeek, parseDate, type CalendarDate, type DateValue } from '@internationalized/date';

/**
 * The date picker's rules (spec §4–§5) as pure functions: a date is refused outside min/max, on a disabled
 * date or on a disabled weekday; a range whose start is after its end is swapped; mm/dd/yyyy by default.
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

export const toDate = (s: string | null | undefined): CalendarDate | null => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  try { return parseDate(s); } catch { return null; }
};

/** Sunday-based weekday, whatever the locale's first day of week. */
export const weekday = (d: DateValue) => getDayOfWeek(d, 'en-US');

export function isDisabled(d: DateValue, rules: DateRules): boolean {
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
  const d = toDate(s ?? null);
  if (!d) return '';
  const dd = String(d.day).padStart(2, '0'), mm = String(d.month).padStart(2, '0'), yyyy = String(d.year).padStart(4, '0');
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
  return toDate(s) ? s : null;
}

export const decadeStart = (year: number) => year - (year % 10);
export const centuryStart = (year: number) => year - (year % 100);
