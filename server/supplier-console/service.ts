/**
 * The embedded supplier's console: PNRs booked through another channel, as an agency books in its own GDS
 * terminal. Creating one searches the embedded network and books the cheapest matching offer through the
 * supplier's own book() (so the seats are really sold), then marks the order as external in one transaction.
 *
 * Why marking sets attached_at: the orphan-order job (bookings/orphan-orders.ts) cancels held orders that no
 * booking took within its grace period, because they are what a crash between the supplier's sale and our
 * booking row leaves. An external order is taken at birth by the channel that booked it; no Safar booking will
 * ever take it (an import makes a direct booking that points to it), so it is attached when it is marked. A crash
 * between book() and the marking leaves an unmarked order nobody has a locator for: the job rightly cancels it.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FlightSearchQuery, PaxType } from '../../contract/flights';
import type { ExternalOffice, ExternalPnrInput, ExternalPnrRow } from '../../contract/pnr-console';
import { genderOfTitle } from '../../contract/travellers';
import type { AppContext, SessionUser } from '../context';
import { agentProfiles, bookings, supplierOrders, users } from '../db/schema';
import { conflict, validationError } from '../http/errors';
import { flightSuppliers } from '../bookings/suppliers';
import { PUBLIC } from '../pricing/margins';
import type { FlightSupplier, Order, Passenger } from '../suppliers/flight/types';
import { UNKNOWN_EXPIRY } from '../booking-ops/direct';
import { passengerAgeErrors } from './ages';

/** The supplier whose console this is: the embedded one (other suppliers keep their PNRs elsewhere). */
export const CONSOLE_SUPPLIER = 'safar';
const MAX_DAYS_AHEAD = 330;

const today = (ctx: AppContext) => ctx.now().toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function supplierOf(ctx: AppContext): FlightSupplier {
  const s = flightSuppliers(ctx).get(CONSOLE_SUPPLIER);
  if (!s) throw conflict('The embedded flight supplier is not running.');
  return s;
}

export interface CreateOptions {
  /** The Idempotency-Key: the same request twice answers the first PNR. */
  key?: string | null;
  /** A fixed locator (the demo's seeded PNRs, printed at start-up); otherwise the supplier's. */
  pnr?: string;
}

/** Books the first matching offer (cheapest first) and marks it external. Answers the stored order. */
export async function createExternalPnr(ctx: AppContext, user: SessionUser, input: ExternalPnrInput, opts: CreateOptions = {}): Promise<Order> {
  if (opts.key) {
    const twin = await byRequestKey(ctx, opts.key);
    if (twin) return twin;
  }
  const agent = await checkInput(ctx, input);
  const supplier = supplierOf(ctx);
  const count = (t: PaxType) => input.passengers.filter((p) => p.type === t).length;
  const query: FlightSearchQuery = {
    flightType: input.return_date ? 'return' : 'one-way',
    legs: [{ origin: input.origin, destination: input.destination, date: input.date }, ...(input.return_date ? [{ origin: input.destination, destination: input.origin, date: input.return_date }] : [])],
    adults: count('ADT'), children: count('CNN'), infants: count('INF'), cabin_class: input.cabin, stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false,
  };
  const found = await supplier.search(query, { pricing: PUBLIC, limit: 10 });
  const passengers: Passenger[] = input.passengers.map((p) => ({
    type: p.type, title: p.title, first_name: p.first_name.toUpperCase(), last_name: p.last_name.toUpperCase(), gender: genderOfTitle(p.title) ?? 'M',
    dob: p.dob, nationality: p.nationality, document_type: 'passport', document_no: p.passport, expiry_date: UNKNOWN_EXPIRY, issue_country: p.nationality,
  }));
  const contact = { email: agent?.email ?? user.email, phone: '', country: 'PK' };
  for (const offer of found.offers) {
    const res = await supplier.book(offer.id, passengers, contact, { pricing: PUBLIC });
    if (res.status !== 'booked') continue;
    const office: ExternalOffice = { channel: 'external', agency: input.agency || agent?.company || '', agent_id: agent?.id ?? null, created_by: user.id, request_key: opts.key ?? null };
    return markExternal(ctx, supplier, res.order, office, opts.pnr);
  }
  throw validationError({ date: [found.offers.length ? 'Every flight that day is full for this party.' : 'No flight on this route that day.'] });
}

async function checkInput(ctx: AppContext, input: ExternalPnrInput) {
  const errors: Record<string, string[]> = {};
  const now = today(ctx);
  if (input.date < now) errors.date = ['The departure date has passed.'];
  else if (input.date > plusDays(now, MAX_DAYS_AHEAD)) errors.date = [`Flights open ${MAX_DAYS_AHEAD} days ahead.`];
  if (input.return_date && input.return_date > plusDays(now, MAX_DAYS_AHEAD)) errors.return_date = [`Flights open ${MAX_DAYS_AHEAD} days ahead.`];
  Object.assign(errors, passengerAgeErrors(input.passengers, input.return_date || input.date, now));
  let agent: { id: number; email: string; company: string } | null = null;
  if (input.agent_id != null) {
    const [row] = await ctx.db.select({ id: users.id, email: users.email, role: users.role, status: users.status, company: agentProfiles.companyName })
      .from(users).leftJoin(agentProfiles, eq(agentProfiles.userId, users.id)).where(eq(users.id, input.agent_id)).limit(1);
    if (!row || row.role !== 'agent' || row.status === 'deleted') errors.agent_id = ['Choose an agent.'];
    else agent = { id: row.id, email: row.email, company: row.company ?? '' };
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return agent;
}

/**
 * The order becomes external: its office is written, it is attached (see the top of this file) and, for a
 * seeded PNR, renamed to the fixed locator. With an Idempotency-Key, an advisory lock on the key orders twin
 * requests: the second finds the first's PNR and cancels its own order, so its seats go back.
 */
async function markExternal(ctx: AppContext, supplier: FlightSupplier, order: Order, office: ExternalOffice, pnr?: string): Promise<Order> {
  const now = ctx.now();
  type Outcome = { marked: Order } | { twin: Order } | { lost: true };
  const result = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    if (office.request_key) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`supplier-console:${office.request_key}`}))`);
      const [twin] = await tx.select({ order: supplierOrders.order }).from(supplierOrders)
        .where(and(eq(supplierOrders.supplier, order.supplier), sql`${supplierOrders.order}->'office'->>'request_key' = ${office.request_key}`)).limit(1);
      if (twin) return { twin: twin.order };
    }
    const marked: Order = { ...order, pnr: pnr ?? order.pnr, office };
    const rows = await tx.update(supplierOrders).set({ pnr: marked.pnr, order: marked, attachedAt: now, updatedAt: now })
      .where(and(eq(supplierOrders.supplier, order.supplier), eq(supplierOrders.pnr, order.pnr), isNull(supplierOrders.abandonedAt)))
      .returning({ id: supplierOrders.id });
    return rows.length ? { marked } : { lost: true as const };
  });
  if ('marked' in result) return result.marked;
  // Not ours to keep: a twin request won, or (slower than the grace period) the orphan-order job claimed it.
  await supplier.cancel(order).catch((err) => ctx.log.warn({ err, pnr: order.pnr }, 'could not cancel a duplicate external order'));
  if ('twin' in result) return result.twin;
  throw conflict('The supplier took too long; nothing was booked. Try again.');
}

async function byRequestKey(ctx: AppContext, key: string): Promise<Order | undefined> {
  const [row] = await ctx.db.select({ order: supplierOrders.order }).from(supplierOrders)
    .where(and(eq(supplierOrders.supplier, CONSOLE_SUPPLIER), sql`${supplierOrders.order}->'office'->>'request_key' = ${key}`)).limit(1);
  return row?.order;
}

export const isExternal = (order: Order | undefined): boolean => order?.office?.channel === 'external';

/** The console's list, newest first, with the agent's name and the booking an import made of it. */
export async function listExternalPnrs(ctx: AppContext, opts: { pnr?: string; limit?: number } = {}): Promise<ExternalPnrRow[]> {
  const rows = await ctx.db.select({ pnr: supplierOrders.pnr, order: supplierOrders.order, createdAt: supplierOrders.createdAt }).from(supplierOrders)
    .where(and(
      eq(supplierOrders.supplier, CONSOLE_SUPPLIER), sql`${supplierOrders.order}->'office'->>'channel' = 'external'`,
      opts.pnr ? eq(supplierOrders.pnr, opts.pnr.toUpperCase()) : undefined,
    ))
    .orderBy(desc(supplierOrders.createdAt), desc(supplierOrders.id)).limit(opts.limit ?? 200);
  const agentIds = [...new Set(rows.map((r) => r.order.office?.agent_id).filter((x): x is number => typeof x === 'number'))];
  const agents = agentIds.length ? await ctx.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, agentIds)) : [];
  const pnrs = rows.map((r) => r.pnr);
  const imported = pnrs.length ? await ctx.db.select({ id: bookings.id, pnr: bookings.pnr }).from(bookings).where(and(eq(bookings.supplier, CONSOLE_SUPPLIER), inArray(bookings.pnr, pnrs))) : [];
  return rows.map(({ pnr, order, createdAt }) => toRow(pnr, order, createdAt, agents.find((a) => a.id === order.office?.agent_id) ?? null, imported.find((b) => b.pnr === pnr)?.id ?? null));
}

function toRow(pnr: string, order: Order, createdAt: Date, agent: ExternalPnrRow['agent'], bookingId: number | null): ExternalPnrRow {
  const journeys = order.offer.journeys;
  const back = journeys.length === 2 ? journeys[1] : null;
  return {
    pnr, origin: journeys[0].origin, destination: journeys[0].destination, departure_date: journeys[0].departure_at.slice(0, 10), return_date: back ? back.departure_at.slice(0, 10) : null,
    cabin: order.offer.cabin_class, passengers: order.passengers.map((p) => ({ type: p.type, name: `${p.title} ${p.first_name} ${p.last_name}` })),
    status: order.status, agency: order.office?.agency ?? '', agent, price: order.offer.price, created_at: createdAt.toISOString(), booking_id: bookingId,
  };
}
