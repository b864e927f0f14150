/**
 * Seats and bags chosen with a new booking of a Duffel offer: checked by the same rules as the embedded supplier's
 * (priceExtras), against Duffel's seat maps and bags read again now (a price from the client is never used), then
 * each line priced from the chosen passenger's own Duffel service in PKR at the offer's rate. A seat with no
 * service left is taken (409); one sold to other passengers only (Duffel leaves out, say, an exit row for a child)
 * is refused for this one (422), and so is a bag option that passenger cannot buy. The Duffel services go to book() with the priced offer, which books them with
 * the order; Duffel owns its seats, so none is held in our seat assignments.
 */
import type { BookingInput } from '../../contract/bookings';
import type { FlightOfferDetail } from '../../contract/flights';
import type { AppContext } from '../context';
import { validationError } from '../http/errors';
import { duffelOfferExtrasOf } from '../seat-maps/service';
import { supplierAmountText, supplierMinorOf } from '../pricing';
import type { DuffelSeat } from '../suppliers/duffel/seat-maps';
import type { DuffelFlightSupplier } from '../suppliers/duffel/supplier';
import { chooseServices, duffelPassengerIds, type ChosenService, type DuffelOfferExtras } from '../suppliers/duffel/services';
import type { SegmentExtras, SeatOffer } from './catalogue';
import { NOTHING_HELD, priceExtras, type PricedExtra } from './choose';
import { XM } from './messages';

/** A line priced from a supplier's service: the supplier holds what it sells (no seat assignment of ours). */
export type SupplierPricedExtra = PricedExtra & { supplierServiceId: string };

/** Duffel's seats and bags as the segments priceExtras checks a choice against. */
function segmentsOf(x: DuffelOfferExtras): SegmentExtras[] {
  return x.segments.map((s) => {
    const seats = new Map<string, SeatOffer>();
    const taken = new Set<string>();
    for (const [designator, seat] of x.seats.get(s.segmentId) ?? new Map<string, DuffelSeat>()) {
      seats.set(designator, { priceMinor: seat.services.length ? Math.min(...seat.services.map((v) => v.paisa)) : 0, exit: seat.exit });
      if (!seat.services.length) taken.add(designator);
    }
    return {
      segmentId: s.segmentId, flightNo: s.flightNo, date: s.date, seats,
      seating: { segmentId: s.segmentId, flightNo: s.flightNo, date: s.date, cabin: s.cabin, aircraft: s.aircraft, layout: undefined, taken },
      bags: x.bags.filter((b) => b.segmentId === s.segmentId).map((b) => ({ id: b.id, weightKg: b.weightKg, priceMinor: b.priceMinor, maximum: b.maximum })),
    };
  });
}

export async function priceDuffelExtras(ctx: AppContext, supplier: DuffelFlightSupplier, offer: FlightOfferDetail, input: BookingInput): Promise<SupplierPricedExtra[]> {
  const extras = input.extras!;
  const x = await duffelOfferExtrasOf(ctx, supplier, offer.id);
  const lines = priceExtras(extras, input.travellers, segmentsOf(x), NOTHING_HELD, 'extras.');
  const paxIds = duffelPassengerIds(x.offer, input.travellers.map((t) => t.type));
  const currency = x.offer.total_currency;
  const errors: Record<string, string[]> = {};
  const chosen = new Map<string, ChosenService>();
  const priced: SupplierPricedExtra[] = [];
  // With nothing held yet, priceExtras answers one line per choice, seats then bags, each in the body's order.
  let seatAt = 0, bagAt = 0;
  for (const line of lines) {
    const paxId = paxIds[line.passenger];
    if (line.kind === 'seat') {
      const at = `extras.seats.${seatAt++}.designator`;
      const service = x.seats.get(line.segmentId)?.get(line.designator)?.services.find((v) => v.passengerId === paxId);
      if (!service) { errors[at] = [XM.notForPassenger]; continue; }
      chosen.set(service.id, { id: service.id, quantity: 1, amount: service.amount });
      priced.push({ ...line, priceMinor: service.paisa, supplierServiceId: service.id });
    } else {
      const at = `extras.bags.${bagAt++}`;
      const service = x.bags.find((b) => b.id === line.serviceId)?.services.find((v) => !!paxId && v.passengerIds.includes(paxId));
      if (!service) { errors[`${at}.service_id`] = [XM.bagNotSold]; continue; }
      const quantity = (chosen.get(service.id)?.quantity ?? 0) + line.quantity;
      if (quantity > service.maximum) { errors[`${at}.quantity`] = [XM.tooManyBags]; continue; }
      chosen.set(service.id, { id: service.id, quantity, amount: supplierAmountText((supplierMinorOf(service.amount, currency) ?? 0) * quantity, currency) });
      priced.push({ ...line, priceMinor: service.paisa * line.quantity, supplierServiceId: service.id });
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  chooseServices(offer, [...chosen.values()]);
  return priced;
}
