import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { watchedRead } from '../db/write-watch';
import { todayInZone } from '../../contract/flights';
import { bookingSettings, type BookingMode } from '../db/schema';

export interface BookingSettings { mode: BookingMode; voidChargeMinor: number; refundChargeMinor: number; reissueChargeMinor: number; currency: string; timeZone: string; holdMinutes: number; updatedAt: Date | null; updatedBy: number | null }

export const DEFAULT_SETTINGS: BookingSettings = { mode: 'online', voidChargeMinor: 0, refundChargeMinor: 0, reissueChargeMinor: 0, currency: 'PKR', timeZone: 'Asia/Karachi', holdMinutes: 15, updatedAt: null, updatedBy: null };

/** Read on every hold and booking list; kept until this server writes them where it is the one writer (PGlite). */
const settingsRow = watchedRead(['booking_settings'], async (db, _: 1) => {
  const [row] = await (db as DbOrTx).select().from(bookingSettings).where(eq(bookingSettings.id, 1)).limit(1);
  return row ?? null;
});

/** The booking-status setting (defaults until staff first save it). */
export async function getBookingSettings(db: DbOrTx): Promise<BookingSettings> {
  const row = await settingsRow(db, 1);
  return row ? { mode: row.mode, voidChargeMinor: row.voidChargeMinor, refundChargeMinor: row.refundChargeMinor, reissueChargeMinor: row.reissueChargeMinor, currency: row.currency, timeZone: row.timeZone, holdMinutes: row.holdMinutes, updatedAt: row.updatedAt, updatedBy: row.updatedBy } : { ...DEFAULT_SETTINGS };
}

export async function saveBookingSettings(db: DbOrTx, s: { mode: BookingMode; voidChargeMinor: number; refundChargeMinor: number; reissueChargeMinor: number; timeZone: string; holdMinutes: number }, by: number, at: Date) {
  await db.insert(bookingSettings).values({ id: 1, ...s, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({ target: bookingSettings.id, set: { ...s, updatedBy: by, updatedAt: at } });
  return getBookingSettings(db);
}

/** Whether POST bookings should reserve with the supplier (online) or keep a local PNR for staff (offline). */
export async function bookingMode(db: DbOrTx): Promise<BookingMode> {
  return (await getBookingSettings(db)).mode;
}

/** The calendar day of an instant in a zone. */
export function localDay(at: Date, timeZone: string): string {
  return todayInZone(timeZone, at);
}

/** The instant the void window of a ticket issued at `ticketedAt` closes: the next midnight in the zone. */
export function voidWindowClosesAt(ticketedAt: Date, timeZone: string): Date {
  const day = localDay(ticketedAt, timeZone);
  return startOfLocalDay(addDays(day, 1), timeZone);
}

/** The instant a calendar day ("2026-11-25") begins in the zone. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  // UTC midnight of the day, corrected by the zone's offset there.
  const utc = new Date(Date.parse(`${day}T00:00:00Z`));
  return new Date(utc.getTime() - zoneOffsetMs(utc, timeZone));
}

/** The calendar day `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Building a DateTimeFormat costs ~0.5 ms and a booking list asks for one per ticketed row: one per zone.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let f = wallClocks.get(timeZone);
  if (!f) wallClocks.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })));
  return f;
}

function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

export const isValidTimeZone = (tz: string) => {
  try { new Intl.DateTimeFormat('en', { timeZone: tz }); return true; } catch { return false; }
};
