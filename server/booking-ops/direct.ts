/**
 * Direct (offline or imported) bookings: staff enter them for an agent — by hand, from a PNR the supplier
 * retrieves, or from a pasted GDS display — with a margin on top of the fare. They are `pending` until staff
 * ticket them (the agent's wallet pays total + margin in that transaction) or reject them; `issue: true` does
 * both steps at once. Approved agents may import their own PNRs: one retrieved from the supplier they may ticket
 * at once from their wallet (or later, once topped up); the rest wait for staff as `pending`.
 */
import { agencyOf } from '../agency/of';
import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type PaxType } from '../../contract/flights';
import { genderOfTitle } from '../../contract/travellers';
import { parseMinor } from '../../contract/money';
import { directInputSchema, type DirectInput as DirectInputT } from '../../contract/direct-bookings';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import { bookingPassengers, bookings, directBookings, users, type DirectSource } from '../db/schema';
import { conflict, forbidden, validationError } from '../http/errors';
import { recordEvent } from '../bookings/records';
import { flightSuppliers } from '../bookings/suppliers';
import { isAirport } from '../reference';
import { encodeEventNote } from '../../contract/event-notes';
import { buildItinerary, type SegmentInput } from '../pnr/itinerary';
import { mayRetrieveOrder } from '../pnr/access';
import { assertDisplayChecked } from '../pnr/preview';
import { decideDirect, isUniqueViolation } from './service';
import type { Order } from '../suppliers/flight/types';
import { statusAtCreation } from '../lifecycle/tables';

/** Passengers of a pasted display have no birth date or document: these placeholders say "not given". */
export const UNKNOWN_DOB = '1900-01-01';
export const UNKNOWN_EXPIRY = '2099-12-31';

/** The direct booking's request, with airports checked against the ones we know. */
export const DirectInput = directInputSchema(isAirport);
export type DirectInput = DirectInputT;

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const localPnr = () => Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');

/** Finds a PNR in the registered suppliers (the embedded one retrieves its own orders). */
export async function retrieveFromSuppliers(ctx: AppContext, pnr: string, code?: string): Promise<Order | null> {
  for (const s of flightSuppliers(ctx).list()) {
    if (code && s.code !== code) continue;
    const order = await s.retrieve(pnr).catch(() => undefined);
    if (order) return order;
  }
  return null;
}

export async function createDirectBooking(ctx: AppContext, user: SessionUser, input: DirectInput): Promise<{ id: number; message: string }> {
  const staff = can(user.role, 'pnr.import') || can(user.role, 'bookings.manage');
  const approvedAgent = user.role === 'agent' && user.isApproved && !!user.emailVerifiedAt;
  if (!staff && !approvedAgent) throw forbidden();
  // Agents import their own PNRs: for themselves, no margin, waiting for staff.
  const agentId = staff ? input.agent_id : user.id;
  if (!agentId) throw validationError({ agent_id: ['Choose an agent.'] });
  if (!staff && input.source === 'manual') throw forbidden('Agents import PNRs; direct bookings are entered by our staff.');
  assertDisplayChecked(input, ctx.now().toISOString().slice(0, 10));
  const margin = staff ? input.margin : 0;
  // An agent pays at once only for a supplier's PNR (its fare is the supplier's); typed fares wait for staff.
  const issue = input.issue && (staff || input.source === 'supplier');
  const [agent] = await ctx.db.select().from(users).where(eq(users.id, agentId)).limit(1);
  if (!agent || agent.role !== 'agent' || agent.status === 'deleted') throw validationError({ agent_id: ['Choose an agent.'] });
  const now = ctx.now();
  const currency = input.currency;

  let itinerary, passengers: { type: PaxType; title: string; first_name: string; last_name: string; dob: string; gender: string; nationality: string; document_no: string; ticket_number: string | null }[];
  let supplierOrder: unknown = { pnr: null, source: input.source };
  let pnr = input.pnr || '';
  let supplierCode = 'direct';
  let total: number;

  if (input.source === 'supplier') {
    if (!pnr) throw validationError({ pnr: ['Enter the PNR.'] });
    const order = await retrieveFromSuppliers(ctx, pnr, input.supplier);
    if (!order || !mayRetrieveOrder(order, user)) throw validationError({ pnr: [`No supplier knows PNR ${pnr}.`] });
    if (order.status === 'canceled' || order.status === 'voided') throw conflict(`PNR ${pnr} is ${order.status} at the supplier.`);
    itinerary = order.offer;
    supplierOrder = order;
    supplierCode = order.supplier;
    total = parseMinor(order.offer.price.amount) ?? 0;
    passengers = order.passengers.map((p, i) => ({
      type: p.type, title: p.title, first_name: p.first_name, last_name: p.last_name, dob: p.dob, gender: p.gender, nationality: p.nationality,
      document_no: p.document_no, ticket_number: order.tickets.find((t) => t.passenger === i)?.number ?? null,
    }));
  } else {
    const errors: Record<string, string[]> = {};
    if (!input.segments.length) errors.segments = ['Add the flights.'];
    if (!input.passengers.length) errors.passengers = ['Add the passengers.'];
    if (!input.passengers.some((p) => p.type === 'ADT')) errors.passengers ??= ['At least one adult must travel.'];
    if (input.passengers.filter((p) => p.type === 'INF').length > input.passengers.filter((p) => p.type === 'ADT').length) errors.passengers ??= ['Each infant must travel with an adult.'];
    input.segments.forEach((s, i) => {
      if (s.origin === s.destination) errors[`segments.${i}.destination`] = ['Origin and destination must be different.'];
      if (!s.flight_number.startsWith(s.airline)) errors[`segments.${i}.flight_number`] = ['The flight number starts with the airline code.'];
      if (i > 0 && s.date < input.segments[i - 1].date) errors[`segments.${i}.date`] = ['Each flight must be on or after the previous one.'];
    });
    const counts = { ADT: 0, CNN: 0, INF: 0 } as Record<PaxType, number>;
    for (const p of input.passengers) counts[p.type]++;
    for (const t of Object.keys(counts) as PaxType[]) if (counts[t] && !input.fares.some((f) => f.type === t)) errors[`fares.${t}`] = ['Enter the fare for every passenger type.'];
    if (Object.keys(errors).length) throw validationError(errors);
    if (!pnr) pnr = localPnr();
    itinerary = buildItinerary(`direct:${pnr}`, 'direct', input.segments as SegmentInput[], counts, input.fares.map((f) => ({ type: f.type, base_minor: f.base, taxes_minor: f.taxes })), currency);
    total = parseMinor(itinerary.price.amount) ?? 0;
    passengers = input.passengers.map((p) => ({
      type: p.type, title: p.title, first_name: p.first_name.toUpperCase(), last_name: p.last_name.toUpperCase(), dob: p.dob || UNKNOWN_DOB,
      gender: p.gender || (genderOfTitle(p.title) ?? 'M'), nationality: p.nationality || '', document_no: p.document_no || '', ticket_number: p.ticket_number || null,
    }));
  }

  const journeys = itinerary.journeys;
  if (!journeys.length) throw validationError({ segments: ['Add the flights.'] });
  const first = journeys[0], last = journeys[journeys.length - 1];
  const dupKey = createHash('sha256').update(`direct|${pnr}`).digest('hex');
  const source: DirectSource = input.source;

  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [b] = await tx.insert(bookings).values({
        pnr, supplier: supplierCode, offerId: itinerary.id, isSooper: false, userId: agent.id, agencyId: agencyOf(agent), channel: 'staff', status: statusAtCreation('flight', 'ENTER_DIRECT'), paymentMethod: 'wallet',
        contactEmail: input.contact_email || agent.email, contactPhone: '', contactCountry: 'PK',
        flightType: journeys.length === 1 ? 'one-way' : journeys.length === 2 && first.origin === last.destination ? 'return' : 'multi-city',
        origin: first.origin, destination: first.destination, departureDate: first.departure_at.slice(0, 10), lastTravelDate: last.arriving_at.slice(0, 10),
        cabin: itinerary.cabin_class, itinerary, supplierOrder,
        baseMinor: itinerary.fares.reduce((s, f) => s + (parseMinor(f.base.amount) ?? 0) * f.count, 0),
        taxesMinor: itinerary.fares.reduce((s, f) => s + (parseMinor(f.taxes.amount) ?? 0) * f.count, 0),
        agentMarkupMinor: 0, totalMinor: total, currency, holdExpiresAt: null, dupKey, locale: agent.locale ?? 'en', createdAt: now, updatedAt: now,
        // Nothing of ours to release when it is rejected.
        seatsReleasedAt: null,
      }).returning();
      await tx.insert(bookingPassengers).values(passengers.map((p, i) => ({
        bookingId: b.id, position: i, type: p.type, title: p.title, firstName: p.first_name, lastName: p.last_name, gender: p.gender, dob: p.dob,
        nationality: p.nationality, documentType: 'passport', documentNo: p.document_no, expiryDate: UNKNOWN_EXPIRY, issueCountry: p.nationality, ticketNumber: p.ticket_number,
      })));
      await tx.insert(directBookings).values({
        bookingId: b.id, agentId: agent.id, source, marginMinor: margin, airlinePnr: input.airline_pnr || null, rawDisplay: input.raw_display || null,
        note: input.note || null, enteredBy: user.id, createdAt: now,
      });
      await recordEvent(tx, b.id, source === 'manual' ? 'create_direct' : 'import_pnr', null, 'pending', { kind: 'user', user }, now, encodeEventNote({ key: `entered_${source}`, params: {} }));
      return b.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`PNR ${pnr} is already in Safar.`);
    throw err;
  }
  if (issue) {
    try {
      await decideDirect(ctx, user, id, 'ticketed', null);
    } catch (err) {
      // Not paid: nothing is kept (a direct booking that cannot be charged is not saved).
      await ctx.db.delete(bookings).where(eq(bookings.id, id));
      throw err;
    }
    return { id, message: staff ? 'Direct booking saved, ticketed and charged to the agent.' : 'Booking saved, ticketed and paid from your wallet.' };
  }
  return { id, message: !staff && input.source === 'supplier' ? 'Booking saved without ticketing: ticket it from its page once your wallet covers it.' : 'Direct booking saved.' };
}

/**
 * Staff corrections on a booking: the direct booking's airline PNR and note, and one ticket number per passenger
 * (all in one transaction, so a half-applied list never shows).
 */
export async function correctBooking(
  ctx: AppContext,
  b: { row: { id: number }; pax: { id: number }[]; direct: unknown },
  input: { airline_pnr?: string | null; note?: string | null; ticket_numbers?: (string | null)[] },
): Promise<void> {
  if (input.ticket_numbers && input.ticket_numbers.length !== b.pax.length) throw validationError({ ticket_numbers: ['Give one ticket number per passenger.'] });
  await ctx.db.transaction(async (tx) => {
    if (b.direct && (input.airline_pnr !== undefined || input.note !== undefined)) {
      await tx.update(directBookings).set({
        ...(input.airline_pnr !== undefined ? { airlinePnr: input.airline_pnr || null } : {}),
        ...(input.note !== undefined ? { note: input.note || null } : {}),
      }).where(eq(directBookings.bookingId, b.row.id));
    }
    if (input.ticket_numbers) {
      for (const [i, p] of b.pax.entries()) {
        await tx.update(bookingPassengers).set({ ticketNumber: input.ticket_numbers[i] || null }).where(eq(bookingPassengers.id, p.id));
      }
    }
    await tx.update(bookings).set({ updatedAt: ctx.now() }).where(eq(bookings.id, b.row.id));
  });
}
