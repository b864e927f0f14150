/**
 * A flight sale and its supplier order in one statement: the seats on every flight of the itinerary and the
 * order that holds them, or nothing. One statement is all or nothing by itself, so the sale needs no transaction
 * (BEGIN and COMMIT were two of a hold's round trips, and the order its own third).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { flightSeats, supplierOrders } from '../db/schema';
import type { HoldSeats } from '../suppliers/flight/types';
import type { DbOrderStore } from './order-store';
import type { DbSeatStore } from './seat-store';

/**
 * The upsert sells a flight's seats only where they fit (a row lock orders racing sellers, as in
 * DbSeatStore.consumeAll). The order is inserted with its PNR only if every flight sold; otherwise with none, which
 * its NOT NULL refuses: that error undoes the whole statement, seats sold on the other flights too. A PNR
 * already taken undoes it by the unique key. Either way nothing is left behind.
 */
const sellAndSave = preparedPerDb((db) => {
  const took = db.$with('took', { one: sql<number>`one`.as('one') }).as(sql`
    insert into ${flightSeats} (flight_no, date, cabin, capacity, sold)
    select w.flight_no, w.date, w.cabin, w.capacity, w.seats
    from jsonb_to_recordset(${sql.placeholder('wanted')}::jsonb) as w(flight_no text, date date, cabin text, capacity int, seats int)
    on conflict (flight_no, date, cabin) do update set sold = ${flightSeats.sold} + excluded.sold, capacity = excluded.capacity
    where ${flightSeats.sold} + excluded.sold <= excluded.capacity
    returning 1 as one`);
  const saved = db.$with('saved', { id: sql<number>`id`.as('id') }).as(sql`
    insert into ${supplierOrders} (supplier, pnr, "order", created_at, updated_at)
    select ${sql.placeholder('supplier')}, case when (select count(*) from took) = ${sql.placeholder('flights')}::int then ${sql.placeholder('pnr')}::text end,
      ${sql.placeholder('order')}::jsonb, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('at')}::timestamptz
    returning id`);
  return db.with(took, saved).select({ id: saved.id }).from(saved).prepare('sell_seats_and_save_order');
});

const NOT_NULL_VIOLATION = '23502';
const UNIQUE_VIOLATION = '23505';
const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

/** The embedded supplier's HoldSeats on the database stores (server/bookings/suppliers.ts). */
export function holdSeatsWithOrder(db: Db, seats: DbSeatStore, orders: DbOrderStore): HoldSeats {
  return (flights, seated, order) => seats.sellBy(flights, seated, async (wanted) => {
    try {
      await sellAndSave(db).execute({
        wanted: JSON.stringify(wanted.map((w) => ({ flight_no: w.key.flight_no, date: w.key.date, cabin: w.key.cabin, capacity: w.capacity, seats: w.seats }))),
        flights: wanted.length, supplier: orders.supplier, pnr: order.pnr.toUpperCase(), order: JSON.stringify(order), at: orders.now().toISOString(),
      });
      return 'sold';
    } catch (err) {
      if (codeOf(err) === NOT_NULL_VIOLATION) return 'short';
      if (codeOf(err) === UNIQUE_VIOLATION) return 'pnr-taken';
      throw err;
    }
  }).then((out) => (out === 'sold' ? 'held' : out));
}
