/**
 * A flight sale and its supplier order in one statement (seat-sale.ts): the seats on every flight of the itinerary
 * and the order that holds them, or nothing; with a booker's record (HoldRider), the booking too. One statement is
 * all or nothing by itself, so the sale needs no transaction (BEGIN and COMMIT were two of a hold's round trips,
 * and the order its own third).
 */
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import type { HoldSeats } from '../suppliers/flight/types';
import type { DbOrderStore } from './order-store';
import type { DbSeatStore } from './seat-store';
import { saleParts, saleRefusal, saleValues } from './seat-sale';
import { writeHold, type BookingRider } from './hold-write';

const sellAndSave = preparedPerDb((db) => {
  const { took, saved, soldAfter } = saleParts(db, false);
  return db.with(took, saved).select({ id: saved.id, soldAfter }).from(saved).prepare('sell_seats_and_save_order');
});

/** The embedded supplier's HoldSeats on the database stores (server/bookings/suppliers.ts). */
export function holdSeatsWithOrder(db: Db, seats: DbSeatStore, orders: DbOrderStore): HoldSeats {
  return (flights, seated, order, rider) => seats.sellBy(flights, seated, async (wanted, soldAfter) => {
    const sale = saleValues(wanted, orders.supplier, order, orders.now());
    try {
      if (rider) {
        // The booking service's rider (the only one there is): its rows are a HoldWrite.
        const booking = rider as BookingRider;
        booking.written = await writeHold(db, null, { ...(await booking.rows(order)), order: null, sale });
        soldAfter(booking.written?.soldAfter ?? []);
      } else soldAfter((await sellAndSave(db).execute(sale))[0]?.soldAfter ?? []);
      return 'sold';
    } catch (err) {
      const refused = saleRefusal(err);
      if (refused) return refused;
      throw err;
    }
  }).then((out) => (out === 'sold' ? 'held' : out));
}
