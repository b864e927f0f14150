/** The flight e-ticket (an itinerary while unpaid): every journey and segment, every passenger and ticket number. */
import type { FlightOfferDetail, Segment } from '../../contract/flights';
import type { bookingPassengers, bookings } from '../db/schema';
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';
import { placeName } from '../reference';
import { airlineName } from '../../contract/names';
import { titleText } from '../../contract/titles';
import { valuesIn } from './values';
import { flightPaidLines, NO_EXTRAS, type PaidExtras } from './paid-lines';
import { seatsAndBagsBlock } from './flight-extras';

export type FlightBookingRow = typeof bookings.$inferSelect;
export type PassengerRow = typeof bookingPassengers.$inferSelect;
/** `extras`: what the booking was charged beyond its fare (paid-lines.ts); none when not given. */
export interface FlightDocInput { row: FlightBookingRow; pax: PassengerRow[]; extras?: PaidExtras }

/** A booking that no longer stands: its ticket or itinerary is marked void across the page. */
export const VOID_FLIGHT_STATUSES: readonly string[] = ['canceled', 'voided', 'rejected', 'refunded'];
export const passengerName = (lang: DocLang, p: Pick<PassengerRow, 'title' | 'firstName' | 'lastName'>) =>
  `${titleText(p.title, lang)} ${p.firstName} ${p.lastName}`;
/** "Karachi (KHI) T1", the city in the reader's language where GeoNames names it ("كراتشي (KHI)"). */
const place = (a: Segment['origin'], lang: DocLang) => {
  const city = placeName(a.code, a.city ?? '', lang);
  return `${city ? `${city} ` : ''}(${a.code})${a.terminal ? ` T${a.terminal}` : ''}`;
};

export function flightIssuer(lang: DocLang): DocumentModel['issuer'] { return words(lang).issuer; }

export function eTicketModel({ row, pax, extras }: FlightDocInput, lang: DocLang): DocumentModel {
  const w = words(lang);
  const offer = row.itinerary as FlightOfferDetail;
  const say = valuesIn(lang);
  const money = (minor: number) => say.money(minor, row.currency);
  // Issued tickets stay tickets (a voided one is a void ticket, not an itinerary).
  const ticketed = row.ticketedAt !== null;
  const isVoid = VOID_FLIGHT_STATUSES.includes(row.status);
  const charged = flightPaidLines(row, extras ?? NO_EXTRAS, lang);
  return {
    title: ticketed ? w.eticket : w.itinerary,
    subject: `${w.eticket} ${row.pnr}`,
    reference: { label: w.pnr, value: row.pnr },
    issuer: w.issuer,
    status: w.status[row.status] ?? row.status,
    ...(isVoid ? { voidMark: w.voidMark } : {}),
    footer: isVoid ? w.voidFooter : w.footer,
    blocks: [
      {
        kind: 'rows', title: w.booking, rows: [
          { label: w.validatingAirline, value: offer.validating_airline ? `${airlineName(offer.validating_airline.code, offer.validating_airline.name, lang)} (${offer.validating_airline.code})` : '' },
          { label: w.cabin, value: w.cabins[offer.cabin_class] ?? offer.cabin_class },
          { label: w.bookedOn, value: say.dayOf(row.createdAt) },
          { label: w.contact, value: `${say.ltr(row.contactEmail)} · ${say.ltr(row.contactPhone)}` },
        ],
      },
      ...offer.journeys.map((j, n) => ({
        kind: 'table' as const,
        title: w.journey(n + 1, placeName(j.origin, j.origin, lang), placeName(j.destination, j.destination, lang)),
        columns: [w.flight, w.from, w.to, w.departs, w.arrives, w.baggage],
        widths: [1.1, 1.6, 1.6, 1.3, 1.3, 1.9],
        rows: j.segments.map((s) => [
          `${say.flight(s.airline.code, s.flight_number)}\n${airlineName(s.airline.code, s.airline.name, lang)}\n${w.cls} ${s.booking_class}`,
          place(s.origin, lang), place(s.destination, lang), say.local(s.departure_at), say.local(s.arriving_at),
          s.bags ? w.bags(s.bags.carry_on_kg, s.bags.checked_pieces, s.bags.checked_kg) : '',
        ]),
      })),
      {
        kind: 'table', title: w.passengers,
        columns: [w.name, w.type, w.document, w.ticket], widths: [2.4, 1, 1.5, 1.6],
        rows: pax.map((p) => [passengerName(lang, p), w.paxType[p.type] ?? p.type, say.ltr(p.documentNo), p.ticketNumber ? say.ltr(p.ticketNumber) : w.notIssued]),
      },
      ...seatsAndBagsBlock(extras?.addOns ?? [], extras?.pax ?? pax, lang),
      {
        kind: 'totals', title: w.fare, rows: [
          ...charged.lines.map((l) => ({ label: l.item, value: money(l.minor) })),
          { label: w.total, value: money(charged.totalMinor), strong: true },
        ],
      },
      { kind: 'notes', lines: isVoid ? w.voidTicketNotes : w.ticketNotes },
    ],
  };
}
