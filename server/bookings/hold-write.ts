/**
 * The statement that writes a new booking. It takes the supplier's order (orphan-orders.ts) and, only if it got
 * it or there is no order here to take, inserts the booking with its passengers, its event, its mail and, for an
 * agent, the line in the agency's audit list: all or nothing, because it is one statement. Or, given the sale
 * (seat-sale.ts), it sells the seats and saves the order already taken by the booking, in the same statement: a
 * plain hold's whole write is then one round trip. So a hold that checks no caps runs it without a transaction (BEGIN and
 * COMMIT were two of a hold's round trips), and, built once per shape with placeholders, it is run with new values
 * only (drizzle building this statement cost more CPU than PGlite running a primary-key read). A capped hold runs
 * the same statement in the transaction that counts its caps.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { agencyAudit, bookingEvents, bookingPassengers, bookings, outbox, supplierOrders } from '../db/schema';
import { preparedPerDb } from '../db/prepared';
import { columnKeysOf, insertSelect, putPlaceholders } from '../db/insert-select';
import type { HoldRider, Order } from '../suppliers/flight/types';
import { saleParts, type SaleValues } from './seat-sale';
import type { SoldAfter } from './sold-counts';

type Values<T extends PgTable> = Omit<T['$inferInsert'], 'id' | 'bookingId'>;

export interface HoldWrite {
  booking: Values<typeof bookings>;
  passengers: Values<typeof bookingPassengers>[];
  event: Values<typeof bookingEvents>;
  mail: Values<typeof outbox> | null;
  /** The agency's audit line of an agent's booking; null for anyone else. */
  audit: Values<typeof agencyAudit> | null;
  /** The supplier's order to take; null when none is kept here (an offline booking's local PNR) or it is sold here. */
  order: { supplier: string; pnr: string; at: Date } | null;
  /**
   * The seats to sell and the order to save with the booking, in place of an order to take; the booking's
   * `supplierOrder` is then that order, whatever `booking` says.
   */
  sale?: SaleValues;
}

/**
 * The booking's id and its passengers' ids in position order, with a sale the flights' sold counts after it; null
 * when the orphan-order job had its order.
 */
export type HoldWritten = { bookingId: number; passengerIds: number[]; soldAfter?: SoldAfter[] } | null;

/** The booking service's HoldRider: the hold's rows for an order, and what the sale's statement wrote of them. */
export interface BookingRider extends HoldRider {
  rows(order: Order): Promise<Omit<HoldWrite, 'order' | 'sale'>>;
  written?: HoldWritten;
}

const BOOKING_KEYS = columnKeysOf(bookings);
/**
 * Sold here, the booking's supplier order is the saved order's JSON, sent once for both (both are jsonb). Not the
 * itinerary: that column is json, which keeps its text as written (key order included, which code compares), and
 * read from the jsonb order it would come back in jsonb's order of keys.
 */
const SOLD_BOOKING_KEYS = columnKeysOf(bookings, ['supplierOrder']);
const PASSENGER_KEYS = ['position', 'type', 'title', 'firstName', 'lastName', 'gender', 'dob', 'nationality', 'documentType', 'documentNo', 'expiryDate', 'issueCountry'];
const EVENT_KEYS = ['action', 'fromStatus', 'toStatus', 'actorId', 'actorKind', 'note', 'createdAt'];
const MAIL_KEYS = ['toAddress', 'subject', 'textBody', 'htmlBody', 'kind', 'attachments', 'refresh'];
const AUDIT_KEYS = ['agencyId', 'actorId', 'action', 'subject', 'detail', 'createdAt'];

interface Shape { order: boolean; sale: boolean; mail: boolean; audit: boolean; passengers: number }

function build(h: DbOrTx, shape: Shape) {
  // Only a sale's shape has its parts: a hold in a transaction builds its statement on every call.
  const sale = shape.sale ? saleParts(h, true) : null;
  const taken = h.$with('taken').as(h.update(supplierOrders).set({ attachedAt: sql`${sql.placeholder('o_at')}::timestamptz` })
    .where(and(eq(supplierOrders.supplier, sql.placeholder('o_supplier')), eq(supplierOrders.pnr, sql.placeholder('o_pnr')), isNull(supplierOrders.abandonedAt)))
    .returning({ id: supplierOrders.id }));
  // Taken, or none here to take (read in the statement's snapshot, so before the UPDATE above): attachOrder's rule.
  // Sold here: the booking follows the saved order (and fails with it).
  const mayBook = sale ? sql`from ${sale.saved}` : shape.order
    ? sql`where exists (select 1 from ${taken}) or not exists (select 1 from ${supplierOrders} where ${supplierOrders.supplier} = ${sql.placeholder('o_supplier')} and ${supplierOrders.pnr} = ${sql.placeholder('o_pnr')})`
    : sql``;
  const booking = h.$with('booking', { id: sql<number>`id`.as('id') }).as(sql`${sale
    ? insertSelect(bookings, SOLD_BOOKING_KEYS, ['b_'], mayBook, { column: 'supplierOrder', id: sql`${sale.saved}.${sql.identifier('order')}` })
    : insertSelect(bookings, BOOKING_KEYS, ['b_'], mayBook)} returning ${sql.identifier('id')}`);
  const fromBooking = sql`from ${booking}`;
  const bookingId = sql`${booking}.${sql.identifier('id')}`;
  const prefixes = Array.from({ length: shape.passengers }, (_, i) => `p${i}_`);
  const passengers = h.$with('passengers', { id: sql<number>`id`.as('id'), position: sql<number>`position`.as('position') })
    .as(sql`${insertSelect(bookingPassengers, PASSENGER_KEYS, prefixes, fromBooking, { column: 'bookingId', id: bookingId })} returning ${sql.identifier('id')}, ${sql.identifier('position')}`);
  const event = h.$with('event', {}).as(insertSelect(bookingEvents, EVENT_KEYS, ['e_'], fromBooking, { column: 'bookingId', id: bookingId }));
  const mail = h.$with('mail', {}).as(insertSelect(outbox, MAIL_KEYS, ['m_'], fromBooking));
  const audit = h.$with('audit', {}).as(insertSelect(agencyAudit, AUDIT_KEYS, ['a_'], fromBooking));
  return h.with(...(shape.order ? [taken] : []), ...(sale ? [sale.took, sale.saved] : []), booking, passengers, event, ...(shape.mail ? [mail] : []), ...(shape.audit ? [audit] : []))
    .select({
      bookingId: booking.id,
      passengerIds: sql<number[]>`array(select ${sql.identifier('id')} from ${passengers} order by ${sql.identifier('position')})`,
      ...(sale ? { soldAfter: sale.soldAfter } : {}),
    })
    .from(booking);
}

/** Per shape, the statement prepared once per database handle (its name is the shape). */
const prepared = new Map<string, (db: Db) => ReturnType<ReturnType<typeof build>['prepare']>>();

function placeholderValues(w: HoldWrite): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  putPlaceholders(out, 'b_', w.sale ? SOLD_BOOKING_KEYS : BOOKING_KEYS, w.booking);
  w.passengers.forEach((p, i) => putPlaceholders(out, `p${i}_`, PASSENGER_KEYS, p));
  putPlaceholders(out, 'e_', EVENT_KEYS, w.event);
  if (w.mail) putPlaceholders(out, 'm_', MAIL_KEYS, w.mail);
  if (w.audit) putPlaceholders(out, 'a_', AUDIT_KEYS, w.audit);
  if (w.order) Object.assign(out, { o_supplier: w.order.supplier, o_pnr: w.order.pnr.toUpperCase(), o_at: w.order.at.toISOString() });
  if (w.sale) Object.assign(out, w.sale);
  return out;
}

/**
 * Writes the hold on `db` (a statement of its own, prepared once per shape) or within the transaction `tx`.
 */
export async function writeHold(db: Db, tx: DbOrTx | null, w: HoldWrite): Promise<HoldWritten> {
  const shape: Shape = { order: w.order !== null, sale: w.sale !== undefined, mail: w.mail !== null, audit: w.audit !== null, passengers: w.passengers.length };
  const values = placeholderValues(w);
  let rows: { bookingId: number; passengerIds: number[]; soldAfter?: SoldAfter[] }[];
  if (tx) rows = await build(tx, shape).execute(values);
  else {
    const name = `hold_write_${shape.order ? 'o' : ''}${shape.sale ? 's' : ''}${shape.mail ? 'm' : ''}${shape.audit ? 'a' : ''}${shape.passengers}`;
    let ofDb = prepared.get(name);
    if (!ofDb) prepared.set(name, (ofDb = preparedPerDb((d) => build(d, shape).prepare(name))));
    rows = await ofDb(db).execute(values);
  }
  const [row] = rows;
  if (!row) return null;
  return { bookingId: row.bookingId, passengerIds: row.passengerIds.map(Number), ...(row.soldAfter ? { soldAfter: row.soldAfter } : {}) };
}
