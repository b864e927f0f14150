/**
 * The preview of a PNR import: what the supplier (by record locator) or a pasted display says, in one shape
 * the import screens show and send back to admin-booking.
 */
import { toMoney, parseMinor } from '../../contract/money';
import type { FlightOfferDetail } from '../../contract/flights';
import { airlineByCode, airportByCode, isAirport } from '../reference';
import type { Order } from '../suppliers/flight/types';
import { parseItineraryDisplay, type ParsedItinerary } from './parse';
import { segmentTimes } from './itinerary';

export type { PnrPreview, PreviewPassenger, PreviewSegment } from '../../contract/pnr';
import type { PnrPreview, PreviewSegment } from '../../contract/pnr';

function seg(s: Omit<PreviewSegment, 'airline_name' | 'origin_name' | 'destination_name' | 'duration_minutes'>): PreviewSegment {
  const { dep, arr } = segmentTimes(s);
  return {
    ...s, airline_name: airlineByCode(s.airline)?.name ?? s.airline,
    origin_name: airportByCode(s.origin)?.city ?? s.origin, destination_name: airportByCode(s.destination)?.city ?? s.destination,
    duration_minutes: Math.round((arr - dep) / 60_000),
  };
}

export function previewFromDisplay(text: string, today: string): PnrPreview {
  const p: ParsedItinerary = parseItineraryDisplay(text, { today, isAirport });
  const types = [...new Set(p.passengers.map((x) => x.type))];
  return {
    source: 'display', pnr: p.record_locator, supplier: null, supplier_status: null,
    passengers: p.passengers.map((x) => ({ type: x.type, title: x.title, first_name: x.first_name, last_name: x.last_name, dob: x.dob ?? null })),
    segments: p.errors.length ? p.segments.filter((s) => isAirport(s.origin) && isAirport(s.destination)).map(({ line: _l, status: _s, seats: _n, ...s }) => seg(s))
      : p.segments.map(({ line: _l, status: _s, seats: _n, ...s }) => seg(s)),
    fares: types.map((type) => ({ type, base: '', taxes: '' })),
    total: p.total,
    warnings: p.warnings, errors: p.errors, booking_id: null,
  };
}

const hm = (iso: string) => iso.slice(11, 16);
const dayDiff = (a: string, b: string) => Math.round((Date.parse(b.slice(0, 10)) - Date.parse(a.slice(0, 10))) / 86_400_000);

export function previewFromOrder(order: Order): PnrPreview {
  const offer: FlightOfferDetail = order.offer;
  const segments = offer.journeys.flatMap((j) => j.segments).map((s) => seg({
    airline: s.airline.code, flight_number: s.flight_number, booking_class: s.booking_class, cabin: s.cabin, date: s.departure_at.slice(0, 10),
    origin: s.origin.code, destination: s.destination.code, departure_time: hm(s.departure_at), arrival_time: hm(s.arriving_at),
    arrival_day_offset: dayDiff(s.departure_at, s.arriving_at),
  }));
  return {
    source: 'supplier', pnr: order.pnr, supplier: order.supplier, supplier_status: order.status,
    passengers: order.passengers.map((x, i) => ({ type: x.type, title: x.title, first_name: x.first_name, last_name: x.last_name, dob: x.dob, ticket_number: order.tickets.find((t) => t.passenger === i)?.number ?? null })),
    segments,
    fares: offer.fares.map((f) => ({ type: f.type, base: f.base.amount, taxes: f.taxes.amount })),
    total: toMoney(parseMinor(offer.price.amount) ?? 0, offer.price.currency),
    warnings: order.status === 'booked' ? [] : [{ line: 0, message: `The supplier shows this PNR as ${order.status}.` }],
    errors: order.status === 'canceled' || order.status === 'voided' ? [{ line: 0, message: `PNR ${order.pnr} is ${order.status} at the supplier.` }] : [],
    booking_id: null,
  };
}
