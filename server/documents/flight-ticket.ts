/** The flight e-ticket (an itinerary while unpaid): every journey and segment, every passenger and ticket number. */
import type { FlightOfferDetail, Segment } from '../../contract/flights';
import { formatWholeMinor } from '../../contract/money';
import type { bookingPassengers, bookings } from '../db/schema';
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';
import { placeName } from '../reference';

export type FlightBookingRow = typeof bookings.$inferSelect;
export type PassengerRow = typeof bookingPassengers.$inferSelect;
export interface FlightDocInput { row: FlightBookingRow; pax: PassengerRow[] }

/** "2026-03-29T02:15:00+01:00" → "2026-03-29 02:15" (local at the airport, as the flight pages show it). */
export const localTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
export const passengerName = (lang: DocLang, p: Pick<PassengerRow, 'title' | 'firstName' | 'lastName'>) =>
  `${words(lang).titles[p.title.toUpperCase()] ?? p.title} ${p.firstName} ${p.lastName}`;
/** "Karachi (KHI) T1", the city in the reader's language where GeoNames names it ("كراتشي (KHI)"). */
const place = (a: Segment['origin'], lang: DocLang) => {
  const city = placeName(a.code, a.city ?? '', lang);
  return `${city ? `${city} ` : ''}(${a.code})${a.terminal ? ` T${a.terminal}` : ''}`;
};

export function flightIssuer(lang: DocLang): DocumentModel['issuer'] { return words(lang).issuer; }

export function eTicketModel({ row, pax }: FlightDocInput, lang: DocLang): DocumentModel {
  const w = words(lang);
  const offer = row.itinerary as FlightOfferDetail;
  const money = (minor: number) => formatWholeMinor(minor, row.currency, lang);
  const ticketed = row.status === 'ticketed' || row.status === 'requested';
  return {
    title: ticketed ? w.eticket : w.itinerary,
    subject: `${w.eticket} ${row.pnr}`,
    reference: { label: w.pnr, value: row.pnr },
    issuer: w.issuer,
    status: w.status[row.status] ?? row.status,
    footer: w.footer,
    blocks: [
      {
        kind: 'rows', title: w.booking, rows: [
          { label: w.validatingAirline, value: offer.validating_airline ? `${offer.validating_airline.name} (${offer.validating_airline.code})` : '' },
          { label: w.cabin, value: w.cabins[offer.cabin_class] ?? offer.cabin_class },
          { label: w.bookedOn, value: row.createdAt.toISOString().slice(0, 10) },
          { label: w.contact, value: `${row.contactEmail} · ${row.contactPhone}` },
        ],
      },
      ...offer.journeys.map((j, n) => ({
        kind: 'table' as const,
        title: w.journey(n + 1, placeName(j.origin, j.origin, lang), placeName(j.destination, j.destination, lang)),
        columns: [w.flight, w.from, w.to, w.departs, w.arrives, w.baggage],
        widths: [1.1, 1.6, 1.6, 1.3, 1.3, 1.9],
        rows: j.segments.map((s) => [
          `${s.airline.code} ${s.flight_number}\n${s.airline.name}\n${w.cls} ${s.booking_class}`,
          place(s.origin, lang), place(s.destination, lang), localTime(s.departure_at), localTime(s.arriving_at),
          s.bags ? w.bags(s.bags.carry_on_kg, s.bags.checked_pieces, s.bags.checked_kg) : '',
        ]),
      })),
      {
        kind: 'table', title: w.passengers,
        columns: [w.name, w.type, w.document, w.ticket], widths: [2.4, 1, 1.5, 1.6],
        rows: pax.map((p) => [passengerName(lang, p), w.paxType[p.type] ?? p.type, p.documentNo, p.ticketNumber ?? w.notIssued]),
      },
      {
        kind: 'totals', title: w.fare, rows: [
          { label: w.base, value: money(row.baseMinor) },
          { label: w.taxes, value: money(row.taxesMinor) },
          ...(row.agentMarkupMinor ? [{ label: w.markup, value: money(row.agentMarkupMinor) }] : []),
          { label: w.total, value: money(row.totalMinor), strong: true },
        ],
      },
      { kind: 'notes', lines: w.ticketNotes },
    ],
  };
}
