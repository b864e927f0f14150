import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { supplierOrders } from '../db/schema';
import type { Order, OrderStatus, OrderStore } from '../suppliers/flight/types';

/**
 * A flight supplier's OrderStore in the database (supplier_orders), so an order booked on one app server can be
 * retrieved, ticketed, cancelled or voided on another, or after a restart. One store per supplier code; PNRs
 * are kept upper case and looked up case-insensitively, like the in-memory store. Times come from the injected
 * clock, so the orphan-order job's grace period can be tested by moving it.
 */
export class DbOrderStore implements OrderStore {
  constructor(private readonly db: DbOrTx, readonly supplier: string, readonly now: () => Date = () => new Date()) {}

  /** The same store inside a transaction (`tx`), to change orders together with seats. */
  bind(tx: DbOrTx): DbOrderStore {
    return new DbOrderStore(tx, this.supplier, this.now);
  }

  async save(order: Order): Promise<void> {
    const pnr = order.pnr.toUpperCase();
    const at = this.now();
    await this.db
      .insert(supplierOrders)
      .values({ supplier: this.supplier, pnr, order, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [supplierOrders.supplier, supplierOrders.pnr],
        set: { order, updatedAt: at },
      });
  }

  async create(order: Order): Promise<boolean> {
    const at = this.now();
    const rows = await this.db
      .insert(supplierOrders)
      .values({ supplier: this.supplier, pnr: order.pnr.toUpperCase(), order, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: [supplierOrders.supplier, supplierOrders.pnr] })
      .returning({ id: supplierOrders.id });
    return rows.length === 1;
  }

  async get(pnr: string): Promise<Order | undefined> {
    const [row] = await this.db
      .select({ order: supplierOrders.order })
      .from(supplierOrders)
      .where(and(eq(supplierOrders.supplier, this.supplier), eq(supplierOrders.pnr, pnr.trim().toUpperCase())))
      .limit(1);
    return row?.order;
  }

  /** One conditional UPDATE: of two servers closing the same order, one wins (the row lock orders them). */
  async update(next: Order, from: readonly OrderStatus[]): Promise<boolean> {
    const rows = await this.db
      .update(supplierOrders)
      .set({ order: next, updatedAt: this.now() })
      .where(and(
        eq(supplierOrders.supplier, this.supplier), eq(supplierOrders.pnr, next.pnr.toUpperCase()),
        inArray(sql`${supplierOrders.order}->>'status'`, [...from]),
      ))
      .returning({ id: supplierOrders.id });
    return rows.length === 1;
  }
}
