/**
 * The documents Safar sends and serves, each a loader and a model builder: flight e-ticket and receipt, hotel
 * voucher and receipt, and the calendar files of both. Imported once (by the mail worker and the routes).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import type { AppContext } from '../context';
import { payments } from '../db/schema';
import { loadBooking } from '../bookings/records';
import { loadHotelBooking, type HotelBookingRow } from '../hotels/service';
import { eTicketModel, type FlightDocInput } from './flight-ticket';
import { voucherModel } from './hotel-voucher';
import { calendarFile } from './ics';
import type { DocLang } from './model';
import { receiptModel } from './receipt';
import { flightExtras, flightPaidLines, hotelExtras, hotelPaidLines } from './paid-lines';
import { fileName, registerAttachment, registerDocument } from './registry';
import { words } from './strings';
import { valuesIn } from './values';
import { tripAirports } from '../bookings/route';
import { airportNameIn, placeName } from '../reference';
import { bookedHotelIn } from '../hotels/names';

/** A flight booking counts as paid once ticketed (a later void or refund request does not unpay it). */
export const flightPaid = (row: FlightDocInput['row']) => row.ticketedAt !== null;
export const hotelPaid = (row: HotelBookingRow) => row.paymentStatus !== 'pending';

export async function lastPaidPayment(ctx: AppContext, where: { bookingId?: number; hotelBookingId?: number }) {
  const cond = where.bookingId !== undefined ? eq(payments.bookingId, where.bookingId) : eq(payments.hotelBookingId, where.hotelBookingId!);
  const [p] = await ctx.db.select().from(payments).where(and(cond, eq(payments.status, 'paid'))).orderBy(desc(payments.id)).limit(1);
  return p ?? null;
}

/** A flight booking with what it was charged beyond its fare, which its documents list. */
const loadFlight = async (ctx: AppContext, id: number) => {
  const b = await loadBooking(ctx.db, { id });
  return b && { ...b, extras: await flightExtras(ctx.db, b.row) };
};
const loadHotel = (ctx: AppContext, id: number) => loadHotelBooking(ctx.db, { id });

registerDocument('e-ticket', loadFlight, (b, lang) => ({ model: eTicketModel(b, lang), filename: fileName('e-ticket', b.row.pnr, lang) }));

registerDocument('hotel-voucher', loadHotel, (row, lang) => ({ model: voucherModel(row, lang), filename: fileName('voucher', row.reference, lang) }));

registerAttachment('flight-receipt', async (ctx, id, lang) => {
  const b = await loadFlight(ctx, id);
  if (!b || !flightPaid(b.row)) return null;
  const w = words(lang);
  const say = valuesIn(lang);
  const pay = b.row.paymentMethod === 'card' ? await lastPaidPayment(ctx, { bookingId: id }) : null;
  // The trip's places as the invoice names them (cities in Arabic, codes in English).
  const item = w.flightItem(tripAirports(b.row).map((code) => placeName(code, code, lang)), say.day(b.row.departureDate));
  const charged = flightPaidLines(b.row, b.extras, lang, `${item} · ${w.base}`);
  const model = receiptModel({
    reference: { label: w.pnr, value: b.row.pnr },
    item,
    amount: say.money(charged.totalMinor, b.row.currency),
    lines: charged.lines.map((l) => ({ item: l.item, amount: say.money(l.minor, b.row.currency) })),
    method: w.method[pay?.provider === 'jazzcash' ? 'jazzcash' : b.row.paymentMethod] ?? b.row.paymentMethod,
    paidAt: pay?.completedAt ?? b.row.ticketedAt!,
  }, lang);
  const { renderPdf } = await import('./render');
  return { filename: fileName('receipt', b.row.pnr, lang), contentType: 'application/pdf', content: await renderPdf(model, lang) };
});

registerAttachment('hotel-receipt', async (ctx, id, lang) => {
  const row = await loadHotel(ctx, id);
  if (!row || !hotelPaid(row)) return null;
  const w = words(lang);
  const say = valuesIn(lang);
  const pay = row.paymentMethod === 'card' ? await lastPaidPayment(ctx, { hotelBookingId: id }) : null;
  const item = w.hotelItem(bookedHotelIn(row.hotel as { id?: string; name: string }, { name: '' }, lang).hotel.name, row.nights);
  const charged = hotelPaidLines(row, await hotelExtras(ctx.db, row), lang, item);
  const model = receiptModel({
    reference: { label: w.reference, value: row.reference },
    item,
    amount: say.money(charged.totalMinor, row.currency),
    lines: charged.lines.map((l) => ({ item: l.item, amount: say.money(l.minor, row.currency) })),
    method: w.method[pay?.provider === 'jazzcash' ? 'jazzcash' : row.paymentMethod] ?? row.paymentMethod,
    paidAt: pay?.completedAt ?? row.confirmedAt ?? row.createdAt,
  }, lang);
  const { renderPdf } = await import('./render');
  return { filename: fileName('receipt', row.reference, lang), contentType: 'application/pdf', content: await renderPdf(model, lang) };
});

const ics = (filename: string, text: string) => ({ filename, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(text, 'utf8') });

registerAttachment('flight-calendar', async (ctx, id, lang: DocLang) => {
  const b = await loadFlight(ctx, id);
  if (!b) return null;
  const offer = b.row.itinerary as FlightOfferDetail;
  const w = words(lang);
  const say = valuesIn(lang);
  const events = offer.journeys.flatMap((j) => j.segments.map((s) => ({
    uid: `${b.row.pnr}-${s.airline.code}${s.flight_number}-${s.departure_at.slice(0, 10)}@safar`,
    summary: `${say.flight(s.airline.code, s.flight_number)} ${say.ltr(`${s.origin.code}-${s.destination.code}`)} (${say.ltr(b.row.pnr)})`,
    // Times as the airport's clock says them, as on the ticket (the event itself is in UTC, for the calendar).
    description: `${w.departs}: ${placeName(s.origin.code, s.origin.city ?? s.origin.code, lang)} (${s.origin.code}) ${say.local(s.departure_at)}\n${w.arrives}: ${placeName(s.destination.code, s.destination.city ?? s.destination.code, lang)} (${s.destination.code}) ${say.local(s.arriving_at)}\n${w.pnr}: ${say.ltr(b.row.pnr)}`,
    location: `${airportNameIn(s.origin.code, lang, s.origin.name)} (${s.origin.code})`,
    start: new Date(s.departure_at), end: new Date(s.arriving_at),
  })));
  return ics(fileName('flights', b.row.pnr, lang, 'ics'), calendarFile(events, ctx.now()));
});

registerAttachment('hotel-calendar', async (ctx, id, lang: DocLang) => {
  const row = await loadHotel(ctx, id);
  if (!row) return null;
  const { hotel } = bookedHotelIn(row.hotel as { id?: string; name: string; address?: string; city?: string; check_in_time?: string; check_out_time?: string }, { name: '' }, lang);
  const w = words(lang);
  const say = valuesIn(lang);
  const event = {
    uid: `${row.reference}@safar`, summary: `${say.name(hotel.name)} (${say.ltr(row.reference)})`,
    description: `${w.checkIn}: ${say.day(row.checkIn)}${hotel.check_in_time ? ` · ${w.from_(hotel.check_in_time)}` : ''}\n${w.checkOut}: ${say.day(row.checkOut)}${hotel.check_out_time ? ` · ${w.until(hotel.check_out_time)}` : ''}\n${w.reference}: ${say.ltr(row.reference)}`,
    // The address names its city: the city is added only where there is no address.
    location: [hotel.name, hotel.address ?? hotel.city].filter(Boolean).join(lang === 'ar' ? '، ' : ', '),
    start: row.checkIn, end: row.checkOut,
  };
  return ics(fileName('stay', row.reference, lang, 'ics'), calendarFile([event], ctx.now()));
});
