/**
 * The preview of a PNR import: what the supplier (by record locator) or a pasted display says, in one shape
 * the import screens show and send back to admin-booking.
 */
import { toMoney, parseMinor } from '../../contract/money';
import type { FlightOfferDetail } from '../../contract/flights';
import { airlineByCode, airportByCode, isAirport } from '../reference';
import type { Order } from '../suppliers/flight/types';
import { readDisplay } from './display/read';
import { REFUSALS } from './display/text';
import { cabinOf } from './display/cabins';
import { ApiError } from '../http/errors';
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

/** "MR" → "Mr", as the booking forms write titles; none stays none. */
const titleCase = (t: string) => (t ? t[0] + t.slice(1).toLowerCase() : '');

/** A pasted display → the preview; a paste that is no booking display is refused (422) saying what it looks like. */
export function previewFromDisplay(text: string, today: string): PnrPreview {
  const r = readDisplay(text, { today, isAirport, isAirline: (code) => !!airlineByCode(code) });
  if ('refused' in r) throw new ApiError(422, REFUSALS[r.refused], { text: [REFUSALS[r.refused]] });
  const types = [...new Set(r.passengers.map((x) => x.type))];
  const booked = r.segments.filter((s) => s.confirmed);
  return {
    source: 'display', pnr: r.record_locator, supplier: null, supplier_status: null, gds: r.gds, airline_locators: r.airline_locators,
    passengers: r.passengers.map((x) => ({
      type: x.type, title: titleCase(x.title), first_name: x.first_name, last_name: x.last_name, dob: x.dob, ticket_number: x.ticket_number,
      gender: x.gender, ptc: x.ptc, infant_of: x.infant_of, extra_seat: x.extra_seat, document: x.document,
    })),
    segments: booked.map((s) => seg({
      airline: s.airline, flight_number: s.flight_number, booking_class: s.booking_class, cabin: cabinOf(s.booking_class), date: s.date,
      origin: s.origin, destination: s.destination, departure_time: s.departure_time, arrival_time: s.arrival_time, arrival_day_offset: s.arrival_day_offset,
    })),
    left_out: r.segments.filter((s) => !s.confirmed).map((s) => ({ line: s.line, flight_number: s.flight_number, origin: s.origin, destination: s.destination, date: s.date, status: s.status, change: s.change })),
    fares: types.map((type) => ({ type, base: '', taxes: '' })),
    total: r.fare?.total ? { amount: r.fare.total, currency: r.fare.currency } : null,
    warnings: r.warnings, errors: r.errors, booking_id: null,
    unread_lines: r.warnings.filter((w) => w.kind === 'unread' && (w.looks_like === 'flight' || w.looks_like === 'name')).length,
  };
}

export const UNREAD_NOT_CHECKED = 'Some lines of the display were not read: check them against the preview and confirm.';

/** A booking saved from a pasted display whose name or flight lines were not all read needs the user's confirmation. */
export function assertDisplayChecked(input: { source?: string; raw_display?: string | null; unread_checked?: boolean }, today: string) {
  if (input.source !== 'display' || !input.raw_display || input.unread_checked) return;
  const r = readDisplay(input.raw_display, { today });
  if (!('refused' in r) && r.warnings.some((w) => w.kind === 'unread' && (w.looks_like === 'flight' || w.looks_like === 'name'))) {
    throw new ApiError(422, UNREAD_NOT_CHECKED, { unread_checked: [UNREAD_NOT_CHECKED] });
  }
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
