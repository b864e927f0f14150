/**
 * A booking's seat maps: each of its flights' maps as an offer's, with the seats its own passengers hold marked
 * with the passenger's index (taken to everyone, theirs to change). Maps exist for the embedded supplier's
 * bookings; another supplier's booking has none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import type { BagOption } from '../../contract/flight-extras';
import type { SeatMap } from '../../contract/seat-maps';
import type { AppContext } from '../context';
import { bookingExtras } from '../db/schema';
import type { BookingRow, PassengerRow } from '../bookings/records';
import { embeddedSupplier, seatMapOf } from '../seat-maps/service';
import { bagOptions, segmentExtras } from './catalogue';

export async function bookingSeatMaps(ctx: AppContext, b: { row: BookingRow; pax: PassengerRow[] }): Promise<SeatMap[]> {
  const supplier = embeddedSupplier(ctx);
  if (!supplier || b.row.supplier !== supplier.code) return [];
  const segments = (b.row.itinerary as FlightOfferDetail).journeys.flatMap((j) => j.segments);
  const extras = await segmentExtras(ctx, ctx.db, supplier, segments);
  const own = await ctx.db.select({ passenger: bookingExtras.passenger, flightNo: bookingExtras.flightNo, date: bookingExtras.date, designator: bookingExtras.designator })
    .from(bookingExtras)
    .where(and(eq(bookingExtras.bookingId, b.row.id), eq(bookingExtras.kind, 'seat'), inArray(bookingExtras.status, ['confirmed', 'awaiting_payment'])));
  return extras.map((x) => {
    const map = seatMapOf(x.seating);
    const mine = new Map(own.filter((o) => o.flightNo === x.flightNo && o.date === x.date).map((o) => [o.designator, o.passenger]));
    for (const cabin of map.cabins) for (const row of cabin.rows) for (const section of row.sections) for (const e of section.elements) {
      if (e.type === 'seat' && mine.has(e.designator)) e.passenger = mine.get(e.designator);
    }
    return map;
  });
}

/** A booking's bag options: its own flights', for the embedded supplier's bookings; none for another supplier's. */
export function bookingBagOptions(ctx: AppContext, row: BookingRow): BagOption[] {
  const supplier = embeddedSupplier(ctx);
  if (!supplier || row.supplier !== supplier.code) return [];
  return bagOptions((row.itinerary as FlightOfferDetail).journeys.flatMap((j) => j.segments));
}
