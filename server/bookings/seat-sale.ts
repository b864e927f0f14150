/**
 * The parts of a statement that sell a hold's seats and save the supplier's order holding them, shared by the sale
 * alone (seats-and-order.ts) and the sale with its booking (hold-write.ts).
 *
 * The upsert sells a flight's seats only where they fit (a row lock orders racing sellers, as in
 * DbSeatStore.consumeAll). The order is inserted with its PNR only if every flight sold; otherwise with none, which
 * its NOT NULL refuses: that error undoes the whole statement, seats sold on the other flights too. A PNR
 * already taken undoes it by the unique key. Either way nothing is left behind.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { flightSeats, supplierOrders } from '../db/schema';
import type { Order } from '../suppliers/flight/types';
import type { WantedSeats } from './seat-store';
import type { SoldAfter } from './sold-counts';

/** The placeholders' values of a sale. */
export type SaleValues = { wanted: string; flights: number; supplier: string; pnr: string; order: string; at: string };

export function saleValues(wanted: readonly WantedSeats[], supplier: string, order: Order, at: Date): SaleValues {
  return {
    wanted: JSON.stringify(wanted.map((w) => ({ flight_no: w.key.flight_no, date: w.key.date, cabin: w.key.cabin, capacity: w.capacity, seats: w.seats }))),
    flights: wanted.length, supplier, pnr: order.pnr.toUpperCase(), order: JSON.stringify(order), at: at.toISOString(),
  };
}

/**
 * `took` (a row per flight sold, with its count after the sale), `saved` (the order's id; and its JSON when
 * `attached`, for the booking that takes the order in the same statement) and `soldAfter`, the counts of `took` as
 * one JSON column (SoldAfter[]) for the statement's answer.
 */
export function saleParts(h: DbOrTx, attached: boolean) {
  const took = h.$with('took', { sold: sql<number>`sold`.as('sold') }).as(sql`
    insert into ${flightSeats} (flight_no, date, cabin, capacity, sold)
    select w.flight_no, w.date, w.cabin, w.capacity, w.seats
    from jsonb_to_recordset(${sql.placeholder('wanted')}::jsonb) as w(flight_no text, date date, cabin text, capacity int, seats int)
    on conflict (flight_no, date, cabin) do update set sold = ${flightSeats.sold} + excluded.sold, capacity = excluded.capacity
    where ${flightSeats.sold} + excluded.sold <= excluded.capacity
    returning flight_no, date, cabin, sold`);
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const saved = h.$with('saved', { id: sql<number>`id`.as('id'), order: sql<Order>`"order"`.as('order') }).as(sql`
    insert into ${supplierOrders} (supplier, pnr, "order", created_at, updated_at${attached ? sql`, attached_at` : sql``})
    select ${sql.placeholder('supplier')}, case when (select count(*) from took) = ${sql.placeholder('flights')}::int then ${sql.placeholder('pnr')}::text end,
      ${sql.placeholder('order')}::jsonb, ${at}, ${at}${attached ? sql`, ${at}` : sql``}
    returning id${attached ? sql`, "order"` : sql``}`);
  const soldAfter = sql<SoldAfter[]>`(select coalesce(json_agg(json_build_array(t.flight_no, t.date, t.cabin, t.sold)), '[]'::json) from ${took} t)`;
  return { took, saved, soldAfter };
}

const NOT_NULL_VIOLATION = '23502';
const UNIQUE_VIOLATION = '23505';

/**
 * What a failed sale means: 'short' when a flight had too few seats, 'pnr-taken' when the PNR was; null for any
 * other error, a booking's own unique keys among them (its Idempotency-Key or a duplicate), which the caller
 * answers.
 */
export function saleRefusal(err: unknown): 'short' | 'pnr-taken' | null {
  const e = err as { code?: string; table?: string; cause?: { code?: string; table?: string } };
  const code = e?.code ?? e?.cause?.code;
  const table = e?.table ?? e?.cause?.table;
  if (table !== undefined && table !== 'supplier_orders') return null;
  if (code === NOT_NULL_VIOLATION) return 'short';
  if (code === UNIQUE_VIOLATION) return 'pnr-taken';
  return null;
}
