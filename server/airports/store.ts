import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { airportOverrides } from '../db/schema';
import { setAirportOverrides, type AirportOverride } from './overlay';

/**
 * Keeps the in-memory overlay in step with airport_overrides: loaded at start (main.ts) or on the first API
 * request, reloaded at once after a save on this server, and re-read when older than STALE_MS so other app
 * servers' saves show within seconds. The overlay is one per process (the lookups are module functions), so it
 * follows the database it was last loaded from.
 */
const STALE_MS = 5_000;
let loadedAt = 0;
let loadedFrom: Db | null = null;
let pending: Promise<void> | null = null;

type Row = typeof airportOverrides.$inferSelect;
const toOverride = (r: Row): AirportOverride => ({
  iata: r.iata, name: r.name, city: r.city, country: r.country, lat: r.lat, lon: r.lon, tz: r.tz, size: r.size, active: r.active, custom: r.isCustom, updatedAt: r.updatedAt,
});

export async function loadAirportOverrides(db: Db): Promise<void> {
  const rows = await db.select().from(airportOverrides);
  setAirportOverrides(rows.map(toOverride));
  loadedAt = Date.now();
  loadedFrom = db;
}

const isFresh = (db: Db) => loadedFrom === db && Date.now() - loadedAt < STALE_MS;

/** Reloads when stale or loaded from another database; concurrent callers share one read. */
export async function freshAirportOverrides(db: Db): Promise<void> {
  if (isFresh(db)) return;
  pending ??= loadAirportOverrides(db).finally(() => { pending = null; });
  await pending;
}

/**
 * Before every API request: the sync lookups (isAirport in validation) then see current staff changes. Fresh (all
 * but one request in five seconds), the request goes straight on, without a promise of its own.
 */
export const airportOverlayFresh: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get('ctx');
  if (isFresh(ctx.db)) return next();
  try {
    await freshAirportOverrides(ctx.db);
  } catch (err) {
    ctx.log.error({ err }, 'airport overrides could not be loaded; the last ones stay in use');
  }
  await next();
};
