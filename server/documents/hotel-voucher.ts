/** The hotel voucher: the stay, the room, every guest, the cancellation terms, and what was paid. */
import type { HotelGuestInput, RoomRequest } from '../../contract/hotels';
import { deadlineOf, type HotelBookingRow } from '../hotels/service';
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';
import { valuesIn } from './values';
import { bookedHotelIn } from '../hotels/names';
import { titleText } from '../../contract/titles';

interface StoredHotel { name: string; address?: string; city?: string; stars?: number; check_in_time?: string; check_out_time?: string; time_zone?: string }

/** A booking that no longer stands: its voucher is marked void and no longer sends anyone to the hotel. */
export const VOID_HOTEL_STATUSES: readonly string[] = ['canceled', 'expired'];

export function voucherModel(row: HotelBookingRow, lang: DocLang): DocumentModel {
  const w = words(lang);
  const { hotel, room } = bookedHotelIn(row.hotel as StoredHotel & { id?: string }, row.room as { code?: string; name: string }, lang);
  const rooms = row.rooms as RoomRequest[];
  const guests = row.guests as HotelGuestInput[];
  const say = valuesIn(lang);
  const money = (minor: number) => say.money(minor, row.currency);
  const isVoid = VOID_HOTEL_STATUSES.includes(row.status);
  // Free cancellation ends at a time of the hotel's day, said in the hotel's zone.
  const deadline = deadlineOf(row);
  return {
    title: w.voucher,
    subject: `${w.voucher} ${row.reference}`,
    reference: { label: w.reference, value: row.reference },
    issuer: w.issuer,
    status: w.status[row.status] ?? row.status,
    ...(isVoid ? { voidMark: w.voidMark } : {}),
    footer: isVoid ? w.voidFooter : w.footer,
    blocks: [
      {
        kind: 'rows', title: w.hotel, rows: [
          { label: w.hotel, value: `${hotel.name}${hotel.stars ? ` (${hotel.stars}*)` : ''}` },
          // The address names its city; only an address without one gets it added.
          { label: w.address, value: hotel.address ? hotel.address : hotel.city ?? '' },
          { label: w.checkIn, value: `${say.day(row.checkIn)}${hotel.check_in_time ? ` · ${w.from_(hotel.check_in_time)}` : ''}` },
          { label: w.checkOut, value: `${say.day(row.checkOut)}${hotel.check_out_time ? ` · ${w.until(hotel.check_out_time)}` : ''}` },
          { label: w.nights, value: String(row.nights) },
          { label: w.room, value: `${rooms.length} x ${room.name}` },
          { label: w.board, value: w.boards[row.board] ?? row.board },
          { label: w.refundable, value: deadline ? `${w.freeCancel} ${say.moment(deadline, hotel.time_zone)}` : w.nonRefundable },
          { label: w.contact, value: `${say.ltr(row.contactEmail)} · ${say.ltr(row.contactPhone)}` },
          { label: w.bookedOn, value: say.dayOf(row.createdAt) },
        ],
      },
      {
        kind: 'table', title: w.guests, columns: ['#', w.name], widths: [0.4, 5],
        rows: guests.map((g, i) => [String(i + 1), `${titleText(g.title, lang)} ${g.first_name} ${g.last_name}`]),
      },
      ...(row.specialRequests ? [{ kind: 'notes' as const, title: w.specialRequests, lines: [row.specialRequests] }] : []),
      {
        kind: 'totals', title: w.fare, rows: [
          { label: w.taxes, value: money(row.taxesMinor) },
          { label: w.total, value: money(row.totalMinor), strong: true },
        ],
      },
      { kind: 'notes', lines: isVoid ? w.voidVoucherNotes : w.voucherNotes },
    ],
  };
}
