/**
 * The price calendar and the return-trip grid, priced by the embedded supplier for the asker's margins. A day's
 * lowest price is kept for a minute per route, cabin, party and pricing: opening a date picker again, or the next
 * month and back, answers from memory, while sales and the advance-purchase steps move prices slowly enough.
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
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { CURRENCY } from '../suppliers/flight/fares';
import { pricingKey } from '../suppliers/flight/offers';
import type { SearchDeps } from '../suppliers/flight/search';

const TTL_MS = 60_000;
/** About a hundred routes' year of days in one price; cleared whole when full, rebuilt at a search's cost. */
const CACHE_LIMIT = 50_000;
/** Per seat store: two suppliers (tests build several) sell different seats. */
const caches = new WeakMap<object, Map<string, { at: number; total: number | null }>>();

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
    const cache = caches.get(deps.seats) ?? new Map<string, { at: number; total: number | null }>();
    caches.set(deps.seats, cache);
    const prefix = `${origin}|${destination}|${search.cabin_class}|${search.adults}|${pricingKey(pricing)}|`;
    const missing = days.filter((d) => {
      const hit = cache.get(prefix + d);
      if (!hit || deps.now - hit.at >= TTL_MS || deps.now < hit.at) return true;
      totals.set(d, hit.total);
      return false;
    });
    if (missing.length) {
      const fresh = await lowestOneWay(deps, search, missing, pricing);
      if (cache.size + fresh.size > CACHE_LIMIT) cache.clear();
      for (const [d, total] of fresh) { totals.set(d, total); cache.set(prefix + d, { at: deps.now, total }); }
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
