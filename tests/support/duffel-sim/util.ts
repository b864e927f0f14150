/**
 * Small pure helpers for the Duffel simulator: a seeded random source (so the same search gives the same offers),
 * Duffel-shaped ids, money in minor units, and local wall-clock times for IANA zones without a date library.
 */

/** FNV-1a: a stable 32-bit hash of a string, the seed for everything deterministic. */
import { mulberry32 } from '../../../server/suppliers/flight/prng';
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator reproducible from a string seed. */
export const rng = (seed: string): (() => number) => mulberry32(hash32(seed));

export const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length) % items.length];
export const between = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Duffel ids are a resource prefix, `_0000`, then 18 base62 characters (`off_0000AzViC1MpFlPZee2gqI`). */
export function duffelId(prefix: string, seed: string): string {
  const r = rng(seed);
  let body = '';
  for (let i = 0; i < 18; i++) body += BASE62[Math.floor(r() * 62)];
  return `${prefix}_0000${body}`;
}

/** A fresh id per call, still reproducible for a given sim instance and call order. */
export function idFactory(instanceSeed: string): (prefix: string) => string {
  let n = 0;
  return (prefix) => duffelId(prefix, `${instanceSeed}:${prefix}:${++n}`);
}

/** Airline record locators avoid 0/O and 1/I, which agents misread on the phone. */
export function bookingReference(seed: string): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < 6; i++) out += letters[Math.floor(r() * letters.length)];
  return out;
}

/** Money travels as strings with two decimals ("123.45"); the sim counts minor units to avoid float drift. */
export const money = (minor: number): string => (minor / 100).toFixed(2);
export const AMOUNT_RE = /^\d+(\.\d{1,2})?$/;
export const toMinor = (amount: string): number => Math.round(Number(amount) * 100);

export const isoNow = (ms: number): string => new Date(ms).toISOString();
/** Duffel's datetimes for deadlines come without milliseconds ("2020-01-17T10:42:14Z"). */
export const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes a zone is ahead of UTC at an instant (DST-aware, through Intl). */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60000);
}

/** The instant of a local wall-clock time (date + minutes after midnight) in a zone. */
export function localToUtc(date: string, minutesAfterMidnight: number, timeZone: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutesAfterMidnight * 60000;
  let utc = naive - zoneOffsetMinutes(timeZone, naive) * 60000;
  utc = naive - zoneOffsetMinutes(timeZone, utc) * 60000;
  return utc;
}

/** Duffel gives segment times as local wall-clock time without an offset ("2020-06-13T16:38:00"). */
export const utcToLocal = (utcMs: number, timeZone: string): string =>
  new Date(utcMs + zoneOffsetMinutes(timeZone, utcMs) * 60000).toISOString().slice(0, 19);

/** ISO 8601 durations as Duffel's reference shows them ("PT02H26M"). */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${String(h).padStart(2, '0')}H${String(m).padStart(2, '0')}M`;
}

export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(bornOn: string, day: string): number {
  const [by, bm, bd] = bornOn.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

export const clone = <T>(value: T): T => structuredClone(value);
