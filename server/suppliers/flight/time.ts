/**
 * Local times per airport. Offsets come from the IANA database through @internationalized/date (Intl);
 * we only memoise them, because one lookup costs tens of microseconds and a search needs thousands.
 * Offsets are kept per UTC week (finer around clock changes).
 */
import { fromAbsolute } from '@internationalized/date';

const DAY = 86_400_000;
const BUCKET = 15 * 60_000;
const SPAN = 7 * DAY;
/** Weeks a zone's table holds, from a little before now (searches reach a year ahead); other instants go week by week. */
const TABLE_BEFORE = 2, TABLE_WEEKS = 64;
interface ZoneCache {
  /** The UTC week of `starts[0]`, and the zone's offset at the start of each week from then (one more than weeks). */
  first: number; starts: Float64Array;
  /** Past the table: per week, the offset (NaN when it changes that week). */
  spans: Map<number, number>;
  days: Map<number, number>; buckets: Map<number, number>;
}
const zones = new Map<string, ZoneCache>();
const MIXED = Number.NaN;

function lookup(tz: string, utcMs: number): number {
  return fromAbsolute(utcMs, tz).offset;
}

/**
 * A zone's table is filled whole when the zone is first asked about (65 look-ups, under a millisecond): filled week
 * by week as searches reached them instead, a server kept asking Intl for new weeks of new zones, 4–5 look-ups per
 * search (~2% of its time) long after it started.
 */
let lastZone: ZoneCache | undefined, lastTz = '';
function zoneFor(tz: string): ZoneCache {
  // Calls come in runs for one airport (a connection's window, a journey's times): the last zone answers most.
  if (tz === lastTz) return lastZone!;
  let z = zones.get(tz);
  if (!z) {
    // From the clock, not the first instant asked: a past booking's time read first must not place the table.
    const first = Math.floor(Date.now() / SPAN) - TABLE_BEFORE;
    const starts = new Float64Array(TABLE_WEEKS + 1);
    for (let i = 0; i <= TABLE_WEEKS; i++) starts[i] = lookup(tz, (first + i) * SPAN);
    zones.set(tz, (z = { first, starts, spans: new Map(), days: new Map(), buckets: new Map() }));
  }
  lastTz = tz; lastZone = z;
  return z;
}

/**
 * UTC offset in milliseconds of `tz` at the instant `utcMs`. A week whose two ends have the same offset has it
 * throughout (no zone changes its clocks twice within a week); in a week with a change Intl is asked at the ends of
 * each day, and on the change day per 15-minute bucket, the finest step any zone uses.
 */
export function offsetMs(tz: string, utcMs: number): number {
  const z = zoneFor(tz);
  const span = Math.floor(utcMs / SPAN);
  const i = span - z.first;
  let off: number | undefined;
  if (i >= 0 && i < TABLE_WEEKS) off = z.starts[i] === z.starts[i + 1] ? z.starts[i] : MIXED;
  else {
    off = z.spans.get(span);
    if (off === undefined) {
      const a = lookup(tz, span * SPAN), b = lookup(tz, span * SPAN + SPAN);
      off = a === b ? a : MIXED;
      if (z.spans.size > 20_000) z.spans.clear();
      z.spans.set(span, off);
    }
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

/**
 * The one UTC offset of `tz` over a whole local day, or NaN when its clocks change that day: what localToUtc
 * answers for every time of such a day, found with two look-ups instead of three per time. The instants of a local
 * day lie within 14 hours of its UTC day (the widest offsets), and no zone changes its clocks twice within a week,
 * so equal offsets at the two ends of that span hold all through it.
 */
export function dayOffset(day: string, tz: string): number {
  const start = dayMs(day) - 14 * 3_600_000;
  const off = offsetMs(tz, start);
  return off === offsetMs(tz, start + DAY + 28 * 3_600_000) ? off : Number.NaN;
}

export interface LocalParts { day: string; minutes: number; offset: number }
export function utcToLocal(utcMs: number, tz: string): LocalParts {
  const offset = offsetMs(tz, utcMs);
  const wall = utcMs + offset;
  const day = Math.floor(wall / DAY);
  return { day: dayString(day * DAY), minutes: Math.round((wall - day * DAY) / 60_000), offset };
}

/** utcToLocal(utcMs, tz).day without the parts. */
export function localDay(utcMs: number, tz: string): string {
  return dayString(localDayNumber(utcMs, tz) * DAY);
}
/** The local day of an instant as days since 1970-01-01: connections ask it for every flight they extend. */
export const localDayNumber = (utcMs: number, tz: string) => Math.floor((utcMs + offsetMs(tz, utcMs)) / DAY);

const pad = (n: number) => String(n).padStart(2, '0');
/** "HH:MM" for each minute of a day, and "+HH:MM" per UTC offset met: a search spells thousands of local times. */
const CLOCK = Array.from({ length: 1440 }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
const offsetTexts = new Map<number, string>();
function offsetText(offset: number): string {
  let s = offsetTexts.get(offset);
  if (s === undefined) {
    const abs = Math.abs(offset) / 60_000;
    offsetTexts.set(offset, (s = `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`));
  }
  return s;
}
/** ISO 8601 local time with offset, e.g. 2026-03-29T02:15:00+01:00. */
export function isoLocal(utcMs: number, tz: string): string {
  const offset = offsetMs(tz, utcMs);
  const wall = utcMs + offset;
  const day = Math.floor(wall / DAY);
  return `${dayString(day * DAY)}T${CLOCK[Math.floor((wall - day * DAY) / 60_000)]}:00${offsetText(offset)}`;
}

/** Day of week (0 = Monday … 6 = Sunday) of a calendar day. */
export const weekday = (day: string) => (((Math.round(dayMs(day) / DAY) + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
