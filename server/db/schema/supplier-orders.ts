import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { Order } from '../../suppliers/flight/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A flight supplier's orders (its OrderStore), by PNR: the embedded supplier keeps them here so that any app
 * server, and the same one after a restart, can retrieve, ticket, cancel or void an order made elsewhere.
 * A PNR is unique per supplier; the order is kept whole as the supplier returns it.
 *
 * The supplier sells seats before our booking row exists (another transaction): `attached_at` is set when a
 * booking takes the order, `abandoned_at` when the orphan-order job claims one that none took in time (the
 * server died in between) to cancel it. A booking never takes an abandoned order (bookings/orphan-orders.ts).
 */
export const supplierOrders = pgTable(
  'supplier_orders',
  {
    id: serial('id').primaryKey(),
    supplier: text('supplier').notNull(),
    pnr: text('pnr').notNull(),
    order: jsonb('order').$type<Order>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    attachedAt: ts('attached_at'),
    abandonedAt: ts('abandoned_at'),
  },
  (t) => [
    unique('supplier_orders_supplier_pnr_key').on(t.supplier, t.pnr),
    // The orphan-order job reads only orders no booking took: a handful, however many orders there are.
    index('supplier_orders_unattached_idx').on(t.updatedAt).where(sql`${t.attachedAt} is null`),
  ],
);

/**
 * Events a supplier sent us (webhooks), by the supplier's own event id: the primary key makes a replayed or
 * redelivered event a no-op, and the row says what it was and which booking it reached. An event with work left
 * after the answer (an airline's change to read from the supplier) keeps what that work needs in `work` and is
 * pending until `processedAt`; a job retries it while the supplier is unreachable. Rows without `work` had none.
 */
export const supplierEvents = pgTable('supplier_events', {
  id: text('id').primaryKey(),
  supplier: text('supplier').notNull(),
  type: text('type').notNull(),
  bookingId: integer('booking_id'),
  receivedAt: ts('received_at').notNull().defaultNow(),
  work: jsonb('work').$type<SupplierEventWork>(),
  processedAt: ts('processed_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
}, (t) => [index('supplier_events_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null and ${t.work} is not null`)]);

/** What is left to do for an event after its answer: record the airline's change named by the order and change ids. */
export interface SupplierEventWork { kind: 'airline_change'; orderId: string; aicId: string | null }
