/**
 * The airline's side: the supplier console moves, renumbers or cancels one dated flight of the embedded supplier.
 * The change is kept as a row of flight_schedule_overrides (a later change to the same flight and day merges
 * into it) and laid over the supplier's timetable, so new searches answer the flight as changed, or not at all.
 * Then every booking on it gets the change recorded (record.ts). Each server lays the stored changes over its own
 * copy of the timetable, at start and, for changes made on another server, when a job sees they differ.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FlightChangeInput, FlightChangeResult } from '../../contract/schedule-changes';
import type { AppContext, SessionUser } from '../context';
import { flightScheduleOverrides } from '../db/schema';
import { jobs } from '../jobs';
import { conflict, validationError } from '../http/errors';
import { flightSuppliers } from '../bookings/suppliers';
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import type { Network } from '../suppliers/flight/network-types';
import { flightByNumber, numberOf } from '../suppliers/flight/schedule';
import { renumberedFrom, setScheduleOverrides, type ScheduleOverride } from '../suppliers/flight/schedule-overrides';
import { addDays, dayString, isoLocal, localDay, localToUtc } from '../suppliers/flight/time';
import { MAX_DAYS_AHEAD } from '../../contract/flights';
import { recordChange, type NewState } from './record';

export const FLIGHT_CHANGE = {
  noFlight: 'No such flight operates on that day.',
  past: 'The flight has already left; an airline changes flights still to come.',
  tooFar: `Flights open ${MAX_DAYS_AHEAD} days ahead.`,
  sameNumber: 'The flight already flies under this number.',
  notRunning: 'The embedded flight supplier is not running.',
} as const;

type Row = typeof flightScheduleOverrides.$inferSelect;

export function embeddedSupplier(ctx: AppContext): EmbeddedFlightSupplier {
  const s = flightSuppliers(ctx).get('safar');
  if (!(s instanceof EmbeddedFlightSupplier)) throw conflict(FLIGHT_CHANGE.notRunning);
  return s;
}

const toOverride = (r: Row): ScheduleOverride => ({
  flightNo: r.flightNo, day: r.date, canceled: r.canceled, dep: r.departureAt?.getTime() ?? null, arr: r.arrivalAt?.getTime() ?? null, newFlightNo: r.newFlightNo,
});

/** The network each context laid overrides over, and a digest of the rows laid (to tell when they changed). */
const laidFor = new WeakMap<AppContext, { net: Network; digest: string }>();

/** A digest of the stored changes of flights still to come: one small aggregate, the same on every server. */
async function overridesDigest(ctx: AppContext, since: string): Promise<string> {
  const o = flightScheduleOverrides;
  const [row] = await ctx.db.select({
    digest: sql<string | null>`md5(string_agg(concat_ws('|', ${o.flightNo}, ${o.date}, ${o.canceled}, ${o.departureAt}, ${o.arrivalAt}, ${o.newFlightNo}, ${o.updatedAt}), ',' order by ${o.flightNo}, ${o.date}))`,
  }).from(o).where(gte(o.date, since));
  return row?.digest ?? 'none';
}

/** Lays the stored changes of flights still to come over the network (at start, and after every change). */
export async function loadOverrides(ctx: AppContext, net?: Network): Promise<void> {
  const since = addDays(dayString(ctx.now().getTime()), -2);
  const target = net ?? embeddedSupplier(ctx).net;
  // Digest first: a change landing between the two reads makes the next check reload, never one missed.
  const digest = await overridesDigest(ctx, since);
  const rows = await ctx.db.select().from(flightScheduleOverrides).where(gte(flightScheduleOverrides.date, since));
  setScheduleOverrides(target, rows.map(toOverride));
  laidFor.set(ctx, { net: target, digest });
}

/**
 * Another server's console changes reach this one: when the stored changes differ from those laid here, they are
 * laid again. One aggregate query when nothing changed; nothing at all before start-up laid them (the network may
 * not be built yet, and building it is start-up's to do in steps).
 */
export async function refreshOverrides(ctx: AppContext): Promise<'unchanged' | 'reloaded' | 'not_loaded'> {
  const laid = laidFor.get(ctx);
  if (!laid) return 'not_loaded';
  if ((await overridesDigest(ctx, addDays(dayString(ctx.now().getTime()), -2))) === laid.digest) return 'unchanged';
  await loadOverrides(ctx, laid.net);
  return 'reloaded';
}

/** Every few seconds on every server: how long a change made on another server may take to show in searches here. */
if (!jobs.some((j) => j.name === 'schedule-overrides')) {
  jobs.push({ name: 'schedule-overrides', everyMs: 5_000, run: (ctx) => refreshOverrides(ctx) });
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The new instants: departure on the flight's day at the origin, arrival the first such local time after it. */
function retimed(net: Network, route: number, day: string, dep: string, arr: string) {
  const r = net.routes[route];
  const otz = net.airports[r.o].tz, dtz = net.airports[r.d].tz;
  const depAt = localToUtc(day, minutes(dep), otz);
  let arrAt = localToUtc(localDay(depAt, dtz), minutes(arr), dtz);
  if (arrAt <= depAt) arrAt = localToUtc(addDays(localDay(depAt, dtz), 1), minutes(arr), dtz);
  return { depAt, arrAt };
}

/** POST /supplier-console/flight-changes: the change applied to the timetable and recorded on every booking. */
export async function changeFlight(ctx: AppContext, user: SessionUser, input: FlightChangeInput): Promise<FlightChangeResult> {
  const supplier = embeddedSupplier(ctx);
  const net = supplier.net;
  await loadOverrides(ctx, net);
  const today = dayString(ctx.now().getTime());
  if (input.date < today) throw validationError({ date: [FLIGHT_CHANGE.past] });
  if (input.date > addDays(today, MAX_DAYS_AHEAD)) throw validationError({ date: [FLIGHT_CHANGE.tooFar] });
  // The timetabled number stays the flight's name, whatever number it flies under that day.
  const timetabled = renumberedFrom(net, input.flight_number, input.date) ?? input.flight_number;
  const ref = net.flights.get(timetabled);
  const [stored] = await ctx.db.select().from(flightScheduleOverrides)
    .where(and(eq(flightScheduleOverrides.flightNo, timetabled), eq(flightScheduleOverrides.date, input.date))).limit(1);
  const current = flightByNumber(net, input.flight_number, input.date);
  // A flight already canceled may be canceled again (the same change, recorded once); nothing else.
  if (!ref || (!current && !(stored?.canceled && input.action === 'cancel'))) throw validationError({ flight_number: [FLIGHT_CHANGE.noFlight] });
  if (current && current.dep <= ctx.now().getTime()) throw validationError({ date: [FLIGHT_CHANGE.past] });

  const next = { canceled: stored?.canceled ?? false, departureAt: stored?.departureAt ?? null, arrivalAt: stored?.arrivalAt ?? null, newFlightNo: stored?.newFlightNo ?? null };
  if (input.action === 'cancel') next.canceled = true;
  if (input.action === 'retime') {
    const t = retimed(net, ref.route, input.date, input.departure_time!, input.arrival_time!);
    Object.assign(next, { departureAt: new Date(t.depAt), arrivalAt: new Date(t.arrAt) });
  }
  if (input.action === 'renumber') {
    const wanted = input.new_flight_number!;
    if (current && numberOf(net, current) === wanted) throw validationError({ new_flight_number: [FLIGHT_CHANGE.sameNumber] });
    // Another timetabled flight already flies under that number that day.
    if (wanted !== timetabled && flightByNumber(net, wanted, input.date)) throw validationError({ new_flight_number: [FLIGHT_CHANGE.sameNumber] });
    next.newFlightNo = wanted === timetabled ? null : wanted;
  }
  const now = ctx.now();
  await ctx.db.insert(flightScheduleOverrides).values({ flightNo: timetabled, date: input.date, ...next, createdBy: user.id, updatedAt: now })
    .onConflictDoUpdate({ target: [flightScheduleOverrides.flightNo, flightScheduleOverrides.date], set: { ...next, createdBy: user.id, updatedAt: now } });
  await loadOverrides(ctx, net);

  const after = next.canceled ? undefined : flightByNumber(net, next.newFlightNo ?? timetabled, input.date);
  const r = net.routes[ref.route];
  const state: NewState = after
    ? { canceled: false, segment: {
      flight_number: numberOf(net, after), departure_at: isoLocal(after.dep, net.airports[r.o].tz), arriving_at: isoLocal(after.arr, net.airports[r.d].tz),
      origin: net.airports[r.o].iata, destination: net.airports[r.d].iata,
    } }
    : { canceled: true, segment: null };
  // Every number the flight has flown under that day names the bookings' segments on it.
  const numbers = [...new Set([timetabled, input.flight_number, stored?.newFlightNo, next.newFlightNo].filter((n): n is string => !!n))];
  const count = await recordChange(ctx, { numbers, date: input.date, timetabled, state, source: 'console' });
  return { flight_number: input.flight_number, date: input.date, action: input.action, bookings: count };
}
