/**
 * Back-office airports: the reference data merged with staff changes, listed and paged in memory (a few
 * thousand rows), and the writes that keep airport_overrides and this server's overlay in step.
 */
import { count, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { airportOverrides, groupTickets } from '../db/schema';
import { conflict, notFound, validationError } from '../http/errors';
import { airportByCode, allAirports, countryByCode, referenceAirport, type Airport } from '../reference';
import { AIRPORT_MESSAGES as M, type AirportInput } from './input';
import { airportOverlay } from './overlay';
import { loadAirportOverrides } from './store';

export const AIRPORT_FILTERS = ['all', 'custom', 'edited', 'inactive'] as const;
export type AirportFilter = (typeof AIRPORT_FILTERS)[number];

export function airportJson(a: Airport) {
  const o = airportOverlay().byCode.get(a.iata);
  const country = countryByCode(a.country);
  return {
    code: a.iata, name: a.name, city: a.city, country: a.country, country_name: country?.name ?? a.country, country_name_ar: country?.name_ar ?? a.country,
    lat: a.lat, lon: a.lon, tz: a.tz, size: a.size,
    active: o?.active ?? true,
    is_custom: o?.custom ?? false,
    /** A reference airport whose values staff changed (DELETE restores them). */
    edited: !!o && !o.custom,
    updated_at: o?.updatedAt.toISOString() ?? null,
  };
}
export type AdminAirport = ReturnType<typeof airportJson>;

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function listAirports(q: { q?: string; page: number; per_page: number; filter: AirportFilter }) {
  const needle = fold(q.q ?? '');
  const rows: AdminAirport[] = [];
  for (const a of allAirports()) {
    const j = airportJson(a);
    if (q.filter === 'custom' && !j.is_custom) continue;
    if (q.filter === 'edited' && !j.edited) continue;
    if (q.filter === 'inactive' && j.active) continue;
    if (needle && !(j.code.toLowerCase().startsWith(needle) || fold(j.name).includes(needle) || fold(j.city).includes(needle))) continue;
    rows.push(j);
  }
  // The exact code first, then by code: what staff typing "KHI" expect.
  const exact = needle.toUpperCase();
  rows.sort((x, y) => Number(y.code === exact) - Number(x.code === exact) || x.code.localeCompare(y.code));
  return { data: rows.slice((q.page - 1) * q.per_page, q.page * q.per_page), meta: { page: q.page, per_page: q.per_page, total: rows.length } };
}

const known = (code: string) => !!referenceAirport(code) || airportOverlay().byCode.has(code);

const values = (i: AirportInput) => ({ name: i.name, city: i.city, country: i.country, lat: i.lat, lon: i.lon, tz: i.tz, size: i.size, active: i.active });

async function saved(db: Db, code: string): Promise<AdminAirport> {
  await loadAirportOverrides(db); // this server shows the change at once; others within seconds (store.ts)
  return findAirport(code);
}

/** A staff-added airport; its code must be new to both the reference data and earlier additions. */
export async function createAirport(db: Db, i: AirportInput): Promise<AdminAirport> {
  if (known(i.code)) throw validationError({ code: [M.exists] });
  const [row] = await db.insert(airportOverrides).values({ iata: i.code, ...values(i), isCustom: true }).onConflictDoNothing().returning();
  if (!row) throw validationError({ code: [M.exists] });
  return saved(db, i.code);
}

/** Any airport; a reference airport gets an override row holding all its values as staff set them. */
export async function updateAirport(db: Db, code: string, i: AirportInput): Promise<AdminAirport> {
  if (!known(code)) throw notFound(M.notFound);
  const set = { ...values(i), updatedAt: new Date() };
  await db.insert(airportOverrides).values({ iata: code, ...set, isCustom: !referenceAirport(code) })
    .onConflictDoUpdate({ target: airportOverrides.iata, set });
  return saved(db, code);
}

/** A custom airport goes (unless group tickets fly there); a reference airport gets its own values back. */
export async function removeAirport(db: Db, code: string): Promise<string> {
  const [row] = await db.select().from(airportOverrides).where(eq(airportOverrides.iata, code)).limit(1);
  if (!row) throw referenceAirport(code) ? conflict(M.unchanged) : notFound(M.notFound);
  if (row.isCustom) {
    const [{ n }] = await db.select({ n: count() }).from(groupTickets).where(or(eq(groupTickets.origin, code), eq(groupTickets.destination, code)));
    if (n > 0) throw conflict(M.inUse);
  }
  await db.delete(airportOverrides).where(eq(airportOverrides.iata, code));
  await loadAirportOverrides(db);
  return row.isCustom ? M.deleted : M.restored;
}

export function findAirport(code: string): AdminAirport {
  const a = airportByCode(code);
  if (!a) throw notFound(M.notFound);
  return airportJson(a);
}
