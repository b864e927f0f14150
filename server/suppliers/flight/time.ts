/**
 * Local times per airport. Offsets come from the IANA database through @internationalized/date (Intl);
 * we only memoise them, because one lookup costs tens of microseconds and a search needs thousands.
 * Offsets are cached per UTC week (finer around clock changes).
 */
import { fromAbsolute } from '@internationalized/date';

const DAY = 86_400_000;
const BUCKET = 15 * 60_000;
const SPAN = 7 * DAY;
interface ZoneCache { spans: Map<number, number>; days: Map<number, number>; buckets: Map<number, number> }
const zones = new Map<string, ZoneCache>();
const MIXED = Number.NaN;

function lookup(tz: string, utcMs: number): number {
  return fromAbsolute(utcMs, tz).offset;
}

/**
 * UTC offset in milliseconds of `tz` at the instant `utcMs`. Intl is asked at the ends of each UTC week; when
 * they differ (a clock change that week) at the ends of each day, and on the change day per 15-minute bucket,
 * the finest step any zone uses. No zone changes its clocks twice within a week.
 */
export function offsetMs(tz: string, utcMs: number): number {
  let z = zones.get(tz);
  if (!z) zones.set(tz, (z = { spans: new Map(), days: new Map(), buckets: new Map() }));
  const span = Math.floor(utcMs / SPAN);
  let off = z.spans.get(span);
  if (off === undefined) {
    const a = lookup(tz, span * SPAN), b = lookup(tz, span * SPAN + SPAN - BUCKET);
    off = a === b ? a : MIXED;
    if (z.spans.size > 20_000) z.spans.clear();
    z.spans.set(span, off);
  }
  if (!Number.isNaN(off)) return off;
  const day = Math.floor(utcMs / DAY);
  off = z.days.get(day);
  if (off === undefined) {
    const a = lookup(tz, day * DAY), b = lookup(tz, day * DAY + DAY - BUCKET);
    off = a === b ? a : MIXED;
    if (z.days.size > 20_000) z.days.clear();
    z.days.set(day, off);
  }
  if (!Number.isNaN(off)) return off;
  const bucket = Math.floor(utcMs / BUCKET);
  let exact = z.buckets.get(bucket);
  if (exact === undefined) {
    exact = lookup(tz, bucket * BUCKET);
    if (z.buckets.size > 50_000) z.buckets.clear();
    z.buckets.set(bucket, exact);
  }
  return exact;
}

const dayStrings = new Map<number, string>();
const dayNumbers = new Map<string, number>();
/** Midnight UTC of a calendar day, in ms. */
export function dayMs(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) { n = Date.parse(`${day}T00:00:00Z`) / DAY; if (dayNumbers.size > 100_000) dayNumbers.clear(); dayNumbers.set(day, n); }
  return n * DAY;
}
/** The calendar day (YYYY-MM-DD) of a UTC instant. */
export function dayString(ms: number): string {
  const n = Math.floor(ms / DAY);
  let s = dayStrings.get(n);
  if (s === undefined) { s = new Date(n * DAY).toISOString().slice(0, 10); if (dayStrings.size > 100_000) dayStrings.clear(); dayStrings.set(n, s); }
  return s;
}
export const addDays = (day: string, n: number) => dayString(dayMs(day) + n * DAY);

/**
 * The instant at which a wall-clock time happens in `tz` (local day + minutes after midnight).
 * Two passes resolve the offset on DST days: a time in a spring-forward gap moves forward (as Temporal's
 * 'compatible' does); a time that happens twice in the autumn takes the second occurrence.
 */
export function localToUtc(day: string, minutes: number, tz: string): number {
  const wall = dayMs(day) + minutes * 60_000;
  const first = offsetMs(tz, wall - offsetMs(tz, wall));
  const utc = wall - first;
  const second = offsetMs(tz, utc);
  return second === first ? utc : wall - Math.min(first, second);
}

export interface LocalParts { day: string; minutes: number; offset: number }
export function utcToLocal(utcMs: number, tz: string): LocalParts {
  const offset = offsetMs(tz, utcMs);
  const wall = utcMs + offset;
  const day = Math.floor(wall / DAY);
  return { day: dayString(day * DAY), minutes: Math.round((wall - day * DAY) / 60_000), offset };
}

/** utcToLocal(utcMs, tz).day without the parts: connections ask it for every flight they extend. */
export function localDay(utcMs: number, tz: string): string {
  return dayString(Math.floor((utcMs + offsetMs(tz, utcMs)) / DAY) * DAY);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO 8601 local time with offset, e.g. 2026-03-29T02:15:00+01:00. */
export function isoLocal(utcMs: number, tz: string): string {
  const offset = offsetMs(tz, utcMs);
  const wall = utcMs + offset;
  const day = Math.floor(wall / DAY);
  const min = Math.floor((wall - day * DAY) / 60_000);
  const abs = Math.abs(offset) / 60_000;
  return `${dayString(day * DAY)}T${pad(Math.floor(min / 60))}:${pad(min % 60)}:00${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Day of week (0 = Monday … 6 = Sunday) of a calendar day. */
export const weekday = (day: string) => (new Date(dayMs(day)).getUTCDay() + 6) % 7;
