/**
 * Local times per airport. Offsets come from the IANA database through @internationalized/date (Intl);
 * we only memoise them, because one lookup costs tens of microseconds and a search needs thousands.
 * Offsets are cached per 15-minute UTC bucket: every real zone changes offset on such a boundary.
 */
import { fromAbsolute } from '@internationalized/date';

const BUCKET = 15 * 60_000;
const cache = new Map<string, Map<number, number>>();

/** UTC offset in milliseconds of `tz` at the instant `utcMs`. */
export function offsetMs(tz: string, utcMs: number): number {
  let m = cache.get(tz);
  if (!m) cache.set(tz, (m = new Map()));
  const b = Math.floor(utcMs / BUCKET);
  let off = m.get(b);
  if (off === undefined) {
    off = fromAbsolute(b * BUCKET, tz).offset;
    if (m.size > 200_000) m.clear();
    m.set(b, off);
  }
  return off;
}

/** Midnight UTC of a calendar day, in ms. */
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayString(dayMs(day) + n * 86_400_000);

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
  const day = Math.floor(wall / 86_400_000);
  return { day: dayString(day * 86_400_000), minutes: Math.round((wall - day * 86_400_000) / 60_000), offset };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** ISO 8601 local time with offset, e.g. 2026-03-29T02:15:00+01:00. */
export function isoLocal(utcMs: number, tz: string): string {
  const offset = offsetMs(tz, utcMs);
  const wall = new Date(utcMs + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset) / 60_000;
  return `${wall}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Day of week (0 = Monday … 6 = Sunday) of a calendar day. */
export const weekday = (day: string) => (new Date(dayMs(day)).getUTCDay() + 6) % 7;
