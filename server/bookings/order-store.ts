import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { supplierOrders } from '../db/schema';
import type { Order, OrderStore } from '../suppliers/flight/types';

/**
 * A flight supplier's OrderStore in the database (supplier_orders), so an order booked on one app server can be
 * retrieved, ticketed, cancelled or voided on another, or after a restart. One store per supplier code; PNRs
 * are kept upper case and looked up case-insensitively, like the in-memory store.
 */
export class DbOrderStore implements OrderStore {
  constructor(private readonly db: DbOrTx, private readonly supplier: string) {}

  async save(order: Order): Promise<void> {
    const pnr = order.pnr.toUpperCase();
    await this.db
      .insert(supplierOrders)
      .values({ supplier: this.supplier, pnr, order })
      .onConflictDoUpdate({
        target: [supplierOrders.supplier, supplierOrders.pnr],
        set: { order, updatedAt: sql`now()` },
      });
  }

  async get(pnr: string): Promise<Order | undefined> {
    const [row] = await this.db
      .select({ order: supplierOrders.order })
      .from(supplierOrders)
      .where(and(eq(supplierOrders.supplier, this.supplier), eq(supplierOrders.pnr, pnr.trim().toUpperCase())))
      .limit(1);
    return row?.order;
  }
}
