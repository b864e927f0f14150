import { jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { Order } from '../../suppliers/flight/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A flight supplier's orders (its OrderStore), by PNR: the embedded supplier keeps them here so that any app
 * server, and the same one after a restart, can retrieve, ticket, cancel or void an order made elsewhere.
 * A PNR is unique per supplier; the order is kept whole as the supplier returns it.
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
  },
  (t) => [unique('supplier_orders_supplier_pnr_key').on(t.supplier, t.pnr)],
);
