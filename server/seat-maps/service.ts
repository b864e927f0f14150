/**
 * Seat maps of an offer: for each flight segment, its aircraft type's cabin layout with every seat's availability
 * (taken by the supplier's other travellers or chosen through us) and its price per passenger. The offer is looked
 * up as GET /flight answers it, so an unknown offer is 404 and an expired one 410 here too. Maps exist for the
 * embedded supplier's offers and for Duffel's (its ids start "off_", as Duffel writes them), read from Duffel at
 * each ask; another supplier's offer is unknown here.
 */
import { toMoney } from '../../contract/money';
import type { SeatMap, SeatMapRow } from '../../contract/seat-maps';
import { flightSuppliers } from '../bookings/suppliers';
import type { AppContext, SessionUser } from '../context';
import { ApiError, notFound } from '../http/errors';
import { pricingFor, seatPriceMinor } from '../pricing';
import { EmbeddedFlightSupplier } from '../suppliers/flight/embedded';
import { DuffelFlightSupplier } from '../suppliers/duffel/supplier';
import { duffelOfferExtras, type DuffelOfferExtras } from '../suppliers/duffel/services';
import { seatingOf, type SegmentSeating } from '../suppliers/flight/seat-occupancy';
import { chosenSeats } from './store';

export const OFFER_NOT_FOUND = 'This flight offer was not found. Please search again.';
export const OFFER_EXPIRED = 'This fare has expired. Please search again for current prices.';

/** The embedded supplier, which alone has seat maps and bag options here; undefined when it is not configured. */
export function embeddedSupplier(ctx: AppContext): EmbeddedFlightSupplier | undefined {
  const supplier = flightSuppliers(ctx).get('safar');
  return supplier instanceof EmbeddedFlightSupplier ? supplier : undefined;
}

/** An embedded offer as GET /flight answers it: 404 unknown, 410 expired. */
export async function embeddedOffer(ctx: AppContext, offerId: string, user: SessionUser | null) {
  const supplier = embeddedSupplier(ctx);
  if (!supplier) throw notFound(OFFER_NOT_FOUND);
  const found = await supplier.getOffer(offerId, { pricing: await pricingFor(ctx.db, user) });
  if (found.status === 'unknown') throw notFound(OFFER_NOT_FOUND);
  if (found.status === 'expired') throw new ApiError(410, OFFER_EXPIRED);
  return { supplier, offer: found.offer };
}

/** The Duffel supplier when it is configured and `offerId` is one of its offers' ids; else undefined. */
export function duffelSupplierOf(ctx: AppContext, offerId: string): DuffelFlightSupplier | undefined {
  const supplier = flightSuppliers(ctx).get('duffel');
  return supplier instanceof DuffelFlightSupplier && offerId.startsWith('off_') ? supplier : undefined;
}

/** A Duffel offer's seat maps and bags in our terms: 404 unknown (or in a currency staff set no rate for), 410 expired. */
export async function duffelOfferExtrasOf(ctx: AppContext, supplier: DuffelFlightSupplier, offerId: string): Promise<DuffelOfferExtras> {
  const found = await supplier.offerExtras(offerId);
  if (found === 'unknown') throw notFound(OFFER_NOT_FOUND);
  if (found === 'expired') throw new ApiError(410, OFFER_EXPIRED);
  const extras = duffelOfferExtras(found.offer, found.seatMaps, (await pricingFor(ctx.db, null)).rates);
  if (!extras) throw notFound(OFFER_NOT_FOUND);
  return extras;
}

export async function offerSeatMaps(ctx: AppContext, offerId: string, user: SessionUser | null): Promise<SeatMap[]> {
  const duffel = duffelSupplierOf(ctx, offerId);
  if (duffel) return (await duffelOfferExtrasOf(ctx, duffel, offerId)).seatMaps;
  const { supplier, offer } = await embeddedOffer(ctx, offerId, user);
  const segments = offer.journeys.flatMap((j) => j.segments);
  const chosen = await chosenSeats(ctx.db, segments.map((s) => ({ flightNo: s.flight_number, date: s.departure_at.slice(0, 10) })));
  const seating = await seatingOf(supplier, segments, chosen, ctx.now().getTime());
  return seating.map(seatMapOf);
}

/** One segment's map in the wire shape: rows of sections of elements, priced in PKR. */
export function seatMapOf(s: SegmentSeating): SeatMap {
  const base = { segment_id: s.segmentId, flight_number: s.flightNo, departure_date: s.date, aircraft: s.aircraft };
  const layout = s.layout;
  if (!layout) return { ...base, cabins: [] };
  const width = layout.aisles + 1;
  const rows = layout.rows.map((r): SeatMapRow => {
    if (r.type === 'facilities') return { number: null, sections: r.kinds.map((type) => ({ elements: [{ type }] })) };
    if (r.type === 'exit') return { number: null, sections: Array.from({ length: width }, () => ({ elements: [{ type: 'exit_row' as const }] })) };
    return {
      number: r.number,
      sections: r.sections.map((seats) => ({
        elements: seats.map((seat) => {
          const available = !s.taken.has(seat.designator);
          return {
            type: 'seat' as const, designator: seat.designator, available,
            price: available ? toMoney(seatPriceMinor(s.cabin, seat.kind)) : null, characteristics: seat.characteristics,
          };
        }),
      })),
    };
  });
  return { ...base, cabins: [{ cabin_class: s.cabin, deck: 0, aisles: layout.aisles, wings: layout.wings, rows }] };
}
