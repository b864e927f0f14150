/**
 * What we sold through the embedded supplier in a period, document by document, as its statement should bill it:
 * one ISSUE per ticket (the day the booking was first ticketed), one REFUND per ticket of a voided or refunded
 * booking (the day it was), one EXCHANGE per date change (the day it was paid). Both the supplier's own statement
 * and the matching of an imported one read this, so a clean statement matches line for line.
 *
 * Amounts: the booking's fare and taxes shared between its tickets to the minor unit (the first tickets take the
 * remainder), no commission; a refund gives back the net less its share of the airline's penalty, as a negative
 * net; an exchange bills the fare difference as fare and the change fee as taxes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agentCharges, bookingEvents, bookingPassengers, bookings } from '../db/schema';
import type { Order } from '../suppliers/flight/types';
import type { StatementTransactionType } from '../../contract/reconciliation';
import type { StatementDocument } from './csv';

/** The supplier whose statements we reconcile: the embedded one (it keeps its orders in our database). */
export const STATEMENT_SUPPLIER = 'safar';

/** A document we sold, in the statement's terms, with the booking it belongs to. */
export interface SoldDocument extends StatementDocument {
  bookingId: number;
  pnr: string;
}

export interface Period { from: string; to: string }

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const inPeriod = (day: string, p: Period) => day >= p.from && day <= p.to;
/** The i-th of n shares of an amount, the remainder going to the first shares, so the shares add up exactly. */
export const share = (total: number, n: number, i: number) => Math.floor(total / n) + (i < total % n ? 1 : 0);

/** Documents of the period, by booking then ticket; `period` null reads every period (to find a stray document). */
export async function soldDocuments(db: DbOrTx, period: Period | null): Promise<SoldDocument[]> {
  const events = await db.select({ bookingId: bookingEvents.bookingId, toStatus: bookingEvents.toStatus, action: bookingEvents.action, at: bookingEvents.createdAt })
    .from(bookingEvents).innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .where(and(eq(bookings.supplier, STATEMENT_SUPPLIER), inArray(bookingEvents.toStatus, ['ticketed', 'voided', 'refunded'])))
    .orderBy(asc(bookingEvents.id));
  const issued = new Map<number, string>();
  const closed = new Map<number, string>();
  for (const e of events) {
    if (e.toStatus === 'ticketed' && !issued.has(e.bookingId)) issued.set(e.bookingId, dayOf(e.at));
    if (e.toStatus !== 'ticketed') closed.set(e.bookingId, dayOf(e.at));
  }
  const exchanges = await db.select({ id: agentCharges.id, pnr: agentCharges.bookingReference, parts: agentCharges.parts, at: agentCharges.createdAt, currency: agentCharges.currency })
    .from(agentCharges).where(and(eq(agentCharges.type, 're_issue'), sql`${agentCharges.parts} is not null`)).orderBy(asc(agentCharges.id));

  const wanted = (day: string | undefined) => day !== undefined && (!period || inPeriod(day, period));
  const ids = [...new Set([...issued].filter(([id, d]) => wanted(d) || wanted(closed.get(id))).map(([id]) => id))];
  const exchangePnrs = exchanges.filter((x) => wanted(dayOf(x.at)) && x.pnr).map((x) => x.pnr!.trim().toUpperCase());
  const rows = ids.length || exchangePnrs.length
    ? await db.select().from(bookings).where(and(eq(bookings.supplier, STATEMENT_SUPPLIER), sql`(${ids.length ? inArray(bookings.id, ids) : sql`false`} or ${exchangePnrs.length ? inArray(bookings.pnr, exchangePnrs) : sql`false`})`))
    : [];
  const pax = rows.length ? await db.select().from(bookingPassengers).where(inArray(bookingPassengers.bookingId, rows.map((b) => b.id))).orderBy(asc(bookingPassengers.position)) : [];

  const out: SoldDocument[] = [];
  for (const b of rows.sort((x, y) => x.id - y.id)) {
    const people = pax.filter((p) => p.bookingId === b.id);
    const order = b.supplierOrder as Order | null;
    const ticketOf = (position: number) => people.find((p) => p.position === position)?.ticketNumber ?? order?.tickets?.find((t) => t.passenger === position)?.number ?? null;
    const ticketed = people.map((p) => ({ p, number: ticketOf(p.position) })).filter((x): x is { p: typeof people[number]; number: string } => !!x.number);
    const route = `${b.origin}-${b.destination}`;
    const base = { route, currency: b.currency, bookingId: b.id, pnr: b.pnr, commissionMinor: 0 };
    const n = ticketed.length;
    const issueDay = issued.get(b.id);
    ticketed.forEach(({ p, number }, i) => {
      const fare = share(b.baseMinor, n, i);
      const taxes = share(b.taxesMinor, n, i);
      const passenger = `${p.lastName}/${p.firstName} ${p.title}`.toUpperCase();
      if (issueDay && wanted(issueDay)) out.push({ ...base, documentNumber: number, issueDate: issueDay, passenger, fareMinor: fare, taxesMinor: taxes, netMinor: fare + taxes, type: 'ISSUE' });
      const closedDay = closed.get(b.id);
      if (closedDay && wanted(closedDay) && (b.status === 'voided' || b.status === 'refunded')) {
        const penalty = b.status === 'refunded' ? share(b.refundQuote?.airlinePenalty ?? 0, n, i) : 0;
        const backFare = Math.max(0, fare - penalty);
        const backTaxes = taxes - Math.max(0, penalty - fare);
        out.push({ ...base, documentNumber: number, issueDate: closedDay, passenger, fareMinor: -backFare, taxesMinor: -backTaxes, netMinor: -(backFare + backTaxes), type: 'REFUND' });
      }
    });
    const changes = exchanges.filter((x) => x.pnr?.trim().toUpperCase() === b.pnr);
    changes.forEach((x, i) => {
      if (!wanted(dayOf(x.at)) || !x.parts) return;
      const fare = x.parts.fare_difference;
      const taxes = x.parts.change_fee;
      out.push({ ...base, documentNumber: `EX${b.pnr}${i + 1}`, issueDate: dayOf(x.at), passenger: ticketed[0] ? `${ticketed[0].p.lastName}/${ticketed[0].p.firstName} ${ticketed[0].p.title}`.toUpperCase() : '', fareMinor: fare, taxesMinor: taxes, netMinor: fare + taxes, currency: x.currency, type: 'EXCHANGE' });
    });
  }
  return out;
}

/** The key a document is matched on: its number and type (a refund carries the number of the ticket it refunds). */
export const documentKey = (documentNumber: string, type: StatementTransactionType) => `${type}:${documentNumber.trim().toUpperCase()}`;
