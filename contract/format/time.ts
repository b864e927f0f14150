/**
 * The one way dates, times and deadlines are written, on every screen, PDF, mail, CSV, notice and history line, in
 * both languages (Latin digits in Arabic too, 24-hour clock in both):
 * - a calendar day (a travel date, a check-in) has no zone: "Sun 3 Jan 2027";
 * - a flight's time is the airport's local time, as the supplier wrote it: "09:55", "Sun 3 Jan, 09:55";
 * - a moment (when something happened) names its zone: "29 Nov 2026, 15:12 Pakistan Standard Time";
 * - a deadline names the rule's zone, the reader's when it differs, and how long is left: "until 29 Nov 2026,
 *   23:59 Pakistan Standard Time (in 5 hours)".
 */
export type Lang = 'en' | 'ar';

/** Business rules (void windows, agent holds) run on Pakistan's clock. */
export const RULE_ZONE = 'Asia/Karachi';

const localeOf = (lang: string) => (lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB');

// Building an Intl formatter costs far more than using one; a list formats hundreds of dates.
const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function dtf(lang: string, key: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const k = `d:${lang}:${key}:${opts.timeZone ?? ''}`;
  let f = cache.get(k) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.DateTimeFormat(localeOf(lang), { hourCycle: 'h23', ...opts })));
  return f;
}
function rtf(lang: string): Intl.RelativeTimeFormat {
  const k = `r:${lang}`;
  let f = cache.get(k) as Intl.RelativeTimeFormat | undefined;
  if (!f) cache.set(k, (f = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto' })));
  return f;
}

const WORDS = {
  en: { until: 'until', midnightOf: (day: string) => `midnight at the end of ${day}`, yours: 'your time', passed: 'passed', local: 'local time' },
  ar: { until: 'حتى', midnightOf: (day: string) => `منتصف الليل في نهاية ${day}`, yours: 'بتوقيتك', passed: 'انتهت', local: 'بالتوقيت المحلي' },
} as const;
const words = (lang: string) => (lang === 'ar' ? WORDS.ar : WORDS.en);

/** A calendar day ("2027-01-03", or the day part of a timestamp) as written: "Sun 3 Jan 2027". */
export function formatDay(day: string, lang: string, opts: { weekday?: boolean; year?: boolean } = {}): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(day)) return day;
  const { weekday = true, year = true } = opts;
  const d = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return dtf(lang, `day:${weekday}:${year}`, { timeZone: 'UTC', day: 'numeric', month: 'short', ...(weekday ? { weekday: 'short' } : {}), ...(year ? { year: 'numeric' } : {}) })
    .format(d).replace(/^([A-Za-z]{3}), /, '$1 ');
}

/** A calendar month ("2026-11") by its short name, with its year when asked: "Nov", "Nov 2026", "نوفمبر". */
export function formatMonth(month: string, lang: string, opts: { year?: boolean } = {}): string {
  if (!/^\d{4}-\d{2}/.test(month)) return month;
  const d = new Date(`${month.slice(0, 7)}-15T12:00:00Z`);
  return dtf(lang, `month:${!!opts.year}`, { timeZone: 'UTC', month: 'short', ...(opts.year ? { year: 'numeric' } : {}) }).format(d);
}

/**
 * The calendar day a moment falls on in a zone, written as a day: "2026-11-29T20:00:00Z" is "Mon 30 Nov 2026" in
 * Pakistan. A stored instant's day is the rule's, not the day of its UTC spelling.
 */
export function formatDayAt(at: string | Date, lang: string, opts: { zone?: string; weekday?: boolean; year?: boolean } = {}): string {
  const d = asDate(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const { zone = RULE_ZONE, ...rest } = opts;
  return formatDay(ymdIn(d.getTime(), zone), lang, rest);
}

/** The clock time a local timestamp was written with ("2026-03-29T02:15:00+01:00" → "02:15"): the airport's time. */
export const formatClock = (local: string) => local.slice(11, 16);

/** A flight's departure or arrival: its day and the airport's local time ("Sun 3 Jan, 09:55"). */
export function formatLocal(local: string, lang: string, opts: { year?: boolean } = {}): string {
  return `${formatDay(local, lang, { year: opts.year ?? false })}${lang === 'ar' ? '، ' : ', '}${formatClock(local)}`;
}

/** The zone's name in the reader's language ("Pakistan Standard Time", "توقيت باكستان الرسمي"). */
export function zoneName(zone: string, lang: string, at = new Date()): string {
  const part = dtf(lang, 'zone', { timeZone: zone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

const asDate = (at: string | Date) => (typeof at === 'string' ? new Date(at) : at);

/** A moment, in a zone, naming it: "29 Nov 2026, 15:12 Pakistan Standard Time". */
export function formatMoment(at: string | Date, lang: string, zone = RULE_ZONE): string {
  const d = asDate(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const text = dtf(lang, 'moment', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
  return `${text} ${zoneName(zone, lang, d)}`;
}

/** How long until (or since) a moment, in words: "in 5 hours", "in 2 days", "3 minutes ago". */
export function formatFromNow(at: string | Date, now: Date, lang: string): string {
  const ms = asDate(at).getTime() - now.getTime();
  const abs = Math.abs(ms);
  const [n, unit]: [number, Intl.RelativeTimeFormatUnit] = abs < 3_600_000 ? [Math.round(ms / 60_000), 'minute']
    : abs < 172_800_000 ? [Math.round(ms / 3_600_000), 'hour'] : [Math.round(ms / 86_400_000), 'day'];
  return rtf(lang).format(n, unit);
}

/**
 * A deadline: the rule's zone (midnight said as such), the reader's zone too when it differs, and the time left.
 * "until midnight at the end of 29 Nov 2026 Pakistan Standard Time (20:59 on 29 Nov your time, in 5 hours)".
 */
export function formatDeadline(at: string | Date, opts: { lang: string; now: Date; zone?: string; readerZone?: string }): string {
  const d = asDate(at);
  if (Number.isNaN(d.getTime())) return String(at);
  const { lang, now, zone = RULE_ZONE, readerZone } = opts;
  const w = words(lang);
  const clock = dtf(lang, 'clock', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(d);
  // 00:00 is the end of the day before: "midnight at the end of 29 Nov", not "00:00 on 30 Nov".
  const when = clock === '00:00'
    ? `${w.midnightOf(dayIn(d.getTime() - 60_000, zone, lang))} ${zoneName(zone, lang, d)}`
    : formatMoment(d, lang, zone);
  const left = d.getTime() > now.getTime() ? formatFromNow(d, now, lang) : w.passed;
  const theirs = readerZone && offsetOf(d, readerZone) !== offsetOf(d, zone)
    ? `${dtf(lang, 'reader', { timeZone: readerZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(d)} ${w.yours}${lang === 'ar' ? '، ' : ', '}`
    : '';
  return `${w.until} ${when} (${theirs}${left})`;
}

/** The calendar day a moment falls on in a zone, written as a day ("29 Nov 2026"). */
function dayIn(ms: number, zone: string, lang: string): string {
  return formatDay(ymdIn(ms, zone), lang, { weekday: false });
}

/** "2026-11-30": the day a moment falls on in a zone. */
function ymdIn(ms: number, zone: string): string {
  const parts = dtf('en', 'ymd', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The instant a wall-clock time ("2026-12-20T15:00", a hotel's deadline written in its own time) happens in a zone.
 * Two passes settle the offset on a day the clocks change.
 */
export function localInstant(local: string, zone: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return new Date(NaN);
  const wall = Date.parse(`${local.slice(0, 16)}:00Z`);
  const first = offsetMinutes(new Date(wall), zone);
  const second = offsetMinutes(new Date(wall - first * 60_000), zone);
  return new Date(wall - second * 60_000);
}

/** "GMT+5:30" → 330. */
function offsetMinutes(d: Date, zone: string): number {
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(offsetOf(d, zone));
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

function offsetOf(d: Date, zone: string): string {
  return dtf('en', 'offset', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** The reader's own zone (the browser's), for deadlines; the rule's zone where it cannot be told. */
export function readerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || RULE_ZONE;
  } catch {
    return RULE_ZONE;
  }
}
