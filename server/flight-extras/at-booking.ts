/**
 * Extras chosen with a new booking: priced before the supplier is asked for seats (so a bad choice costs nothing),
 * added to what the booking costs and paid with its fare, and held in the transaction that writes the booking, so
 * a seat taken meanwhile takes the booking back with it. A Duffel offer's extras are priced from Duffel's own
 * answers and booked with its order (duffel-extras.ts); any other supplier sells none.
 */
import type { BookingInput } from '../../contract/bookings';
import type { FlightOfferDetail } from '../../contract/flights';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { validationError } from '../http/errors';
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { DuffelFlightSupplier } from '../suppliers/duffel/supplier';
import { priceDuffelExtras } from './duffel-extras';
import type { FlightSupplier } from '../suppliers/flight/types';
import { EXTRAS_CURRENCY, segmentExtras } from './catalogue';
import { extrasTotal, NOTHING_HELD, priceExtras, type PricedExtra } from './choose';
import { XM } from './messages';
import { writeExtras } from './store';

export async function priceBookingExtras(ctx: AppContext, supplier: FlightSupplier, offer: FlightOfferDetail, input: BookingInput): Promise<PricedExtra[]> {
  const extras = input.extras;
  if (!extras || (extras.seats.length === 0 && extras.bags.length === 0)) return [];
  if (supplier instanceof DuffelFlightSupplier && offer.price.currency === EXTRAS_CURRENCY) return priceDuffelExtras(ctx, supplier, offer, input);
  if (!(supplier instanceof EmbeddedFlightSupplier) || offer.price.currency !== EXTRAS_CURRENCY) throw validationError({ extras: [XM.notSold] });
  const segments = await segmentExtras(ctx, ctx.db, supplier, offer.journeys.flatMap((j) => j.segments));
  return priceExtras(extras, input.travellers, segments, NOTHING_HELD, 'extras.');
}

/** Holds the new booking's extras in the transaction that wrote it. */
export async function holdBookingExtras(tx: DbOrTx, booking: { id: number; passengerIds: readonly number[]; at: Date }, lines: readonly PricedExtra[]) {
  if (lines.length === 0) return;
  await writeExtras(tx, {
    bookingId: booking.id, passengerIds: booking.passengerIds, lines, status: 'confirmed', at: booking.at,
    purchase: { idempotencyKey: null, paidWith: 'booking', status: 'confirmed', amountMinor: extrasTotal(lines), currency: EXTRAS_CURRENCY },
  });
}

/** The extras as a ledger line names them: "seat 14C EK601, 2 × 23 kg bag EK601". */
export const describeExtras = (lines: readonly PricedExtra[]) => lines
  .map((l) => (l.kind === 'seat' ? `seat ${l.designator} ${l.flightNo}` : `${l.quantity} × ${l.weightKg} kg bag ${l.flightNo}`))
  .join(', ');
