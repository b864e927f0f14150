/**
 * The price calendar and the return-trip grid, priced by the embedded supplier for the asker's margins. A day's
 * lowest price is kept for a minute per route, cabin, party and pricing: opening a date picker again, or the next
 * month and back, answers from memory. A kept day is good only while nothing that prices it has moved: the seats
 * sold on its date and the next (a connection may leave the day after) must read as they did, and no airline
 * change (the supplier console's schedule overrides) may have come since. A sale that fills a fare's last seat,
 * or moves a booking class, so drops the kept day at the next read rather than a minute later.
 */
import type { CalendarQuery, FlightCalendar, FlightGrid } from '../../contract/flight-calendar';
import { GRID_SPREAD, priceMarks } from '../../contract/flight-calendar';
import type { FlightSearchQuery } from '../../contract/flights';
import { addDays } from '../../contract/flights';
import { toMoney } from '../../contract/money';
import type { AppContext } from '../context';
import type { PricingContext } from '../pricing/margins';
import { flightSuppliers } from '../bookings/suppliers';
import { lowestOneWay, lowestReturn } from '../suppliers/flight/calendar';
import { onOverridesChanged } from '../suppliers/flight/schedule-overrides';
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { CURRENCY } from '../suppliers/flight/fares';
import { pricingKey } from '../suppliers/flight/offers';
import type { SearchDeps } from '../suppliers/flight/search';

const TTL_MS = 60_000;
/** About a hundred routes' year of days in one price; cleared whole when full, rebuilt at a search's cost. */
const CACHE_LIMIT = 50_000;
/** A kept day: its lowest total, when it was priced, and what it was priced from (see `soldMarks`, `schedules`). */
interface Kept { at: number; total: number | null; sold: string | null; schedules: number }
/** Per seat store: two suppliers (tests build several) sell different seats. */
const caches = new WeakMap<object, Map<string, Kept>>();

/** Bumped at every airline change to the schedule: every day kept before it is stale. */
let schedules = 0;
onOverridesChanged(() => { schedules++; });

/** An order-free digest of one date's sold counts: any seat sold or given back on that date changes it. */
function digest(sold: ReadonlyMap<string, number> | undefined): string {
  if (!sold || sold.size === 0) return '0';
  let sum = 0, mix = 0;
  for (const [key, n] of sold) {
    let h = 2166136261;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
    sum = (sum + Math.imul(h, n + 1)) | 0;
    mix = (mix ^ Math.imul(h >>> 0, 2 * n + 1)) | 0;
  }
  return `${sold.size}:${sum}:${mix}`;
}

/**
 * Per day, the seats sold on it and on the next day as one mark; null per day where the store cannot tell
 * (no soldOnDates), and then the minute alone bounds how stale a kept day may be.
 */
async function soldMarks(deps: SearchDeps, days: string[]): Promise<Map<string, string | null>> {
  if (!deps.seats.soldOnDates) return new Map(days.map((d) => [d, null]));
  const dates = [...new Set(days.flatMap((d) => [d, addDays(d, 1)]))];
  const byDate = await deps.seats.soldOnDates(dates);
  return new Map(days.map((d) => [d, `${digest(byDate.get(d))}/${digest(byDate.get(addDays(d, 1)))}`]));
}

/** The embedded supplier's world as search sees it now, or null where it does not sell (FLIGHT_SUPPLIERS). */
function embeddedDeps(ctx: AppContext): SearchDeps | null {
  const selling = ctx.config.sellFlightsFrom;
  const supplier = flightSuppliers(ctx).list().find((s): s is EmbeddedFlightSupplier => s instanceof EmbeddedFlightSupplier);
  if (!supplier || (selling && !selling.includes(supplier.code))) return null;
  return { net: supplier.net, seats: supplier.seats, now: ctx.now().getTime() };
}

const daysOf = (month: string): string[] => {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addDays(d, 1)) days.push(d);
  return days;
};

const money = (total: number | null) => (total === null ? null : toMoney(total, CURRENCY));

export async function priceCalendar(ctx: AppContext, { month, search }: CalendarQuery, pricing: PricingContext): Promise<FlightCalendar> {
  const { origin, destination } = search.legs[0];
  const days = daysOf(month);
  const deps = embeddedDeps(ctx);
  const totals = new Map<string, number | null>();
  if (deps) {
    const cache = caches.get(deps.seats) ?? new Map<string, Kept>();
    caches.set(deps.seats, cache);
    const party = `${search.adults}+${search.children}+${search.infants}`;
    const prefix = `${origin}|${destination}|${search.cabin_class}|${party}|${pricingKey(pricing)}|`;
    // Read before pricing: a sale landing while the days are priced leaves a mark that no longer matches.
    const marks = await soldMarks(deps, days);
    const generation = schedules;
    const missing = days.filter((d) => {
      const hit = cache.get(prefix + d);
      if (!hit || deps.now - hit.at >= TTL_MS || deps.now < hit.at || hit.schedules !== generation || hit.sold !== marks.get(d)) return true;
      totals.set(d, hit.total);
      return false;
    });
    if (missing.length) {
      const fresh = await lowestOneWay(deps, search, missing, pricing);
      if (cache.size + fresh.size > CACHE_LIMIT) cache.clear();
      for (const [d, total] of fresh) {
        totals.set(d, total);
        cache.set(prefix + d, { at: deps.now, total, sold: marks.get(d) ?? null, schedules: generation });
      }
    }
  }
  const prices = days.map((d) => totals.get(d) ?? null);
  const marks = priceMarks(prices);
  return {
    origin, destination, month, adults: search.adults, cabin_class: search.cabin_class,
    days: days.map((date, i) => ({ date, price: money(prices[i]), mark: marks[i] })),
  };
}

export async function returnGrid(ctx: AppContext, search: FlightSearchQuery, pricing: PricingContext): Promise<FlightGrid> {
  const [out, back] = search.legs;
  const around = (day: string) => Array.from({ length: 2 * GRID_SPREAD + 1 }, (_, i) => addDays(day, i - GRID_SPREAD));
  const deps = embeddedDeps(ctx);
  const cells = deps
    ? await lowestReturn(deps, search, around(out.date), around(back.date), pricing)
    : around(out.date).flatMap((depart) => around(back.date).map((ret) => ({ depart, ret, total: null })));
  const marks = priceMarks(cells.map((c) => c.total));
  return {
    origin: out.origin, destination: out.destination, adults: search.adults, cabin_class: search.cabin_class,
    cells: cells.map((c, i) => ({ departure_date: c.depart, return_date: c.ret, price: money(c.total), mark: marks[i] })),
  };
}
