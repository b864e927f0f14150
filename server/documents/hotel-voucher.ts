/** The hotel voucher: the stay, the room, every guest, the cancellation terms, and what was paid. */
import type { HotelGuestInput, RoomRequest } from '../../contract/hotels';
import { formatMinor } from '../../contract/money';
import type { HotelBookingRow } from '../hotels/service';
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';

interface StoredHotel { name: string; address?: string; city?: string; stars?: number; check_in_time?: string; check_out_time?: string }

export function voucherModel(row: HotelBookingRow, lang: DocLang): DocumentModel {
  const w = words(lang);
  const hotel = row.hotel as StoredHotel;
  const room = row.room as { name: string };
  const rooms = row.rooms as RoomRequest[];
  const guests = row.guests as HotelGuestInput[];
  // Hotel amounts as the hotel pages write them: two decimals (formatMinor).
  const money = (minor: number) => formatMinor(minor, row.currency);
  return {
    title: w.voucher,
    subject: `${w.voucher} ${row.reference}`,
    reference: { label: w.reference, value: row.reference },
    issuer: w.issuer,
    status: w.status[row.status] ?? row.status,
    footer: w.footer,
    blocks: [
      {
        kind: 'rows', title: w.hotel, rows: [
          { label: w.hotel, value: `${hotel.name}${hotel.stars ? ` (${hotel.stars}*)` : ''}` },
          { label: w.address, value: [hotel.address, hotel.city].filter(Boolean).join(', ') },
          { label: w.checkIn, value: `${row.checkIn}${hotel.check_in_time ? ` · ${w.from_(hotel.check_in_time)}` : ''}` },
          { label: w.checkOut, value: `${row.checkOut}${hotel.check_out_time ? ` · ${w.until(hotel.check_out_time)}` : ''}` },
          { label: w.nights, value: String(row.nights) },
          { label: w.room, value: `${rooms.length} x ${room.name}` },
          { label: w.board, value: w.boards[row.board] ?? row.board },
          { label: w.refundable, value: row.freeCancellationUntil ? `${w.freeCancel} ${row.freeCancellationUntil.replace('T', ' ').slice(0, 16)}` : w.nonRefundable },
          { label: w.contact, value: `${row.contactEmail} · ${row.contactPhone}` },
          { label: w.bookedOn, value: row.createdAt.toISOString().slice(0, 10) },
        ],
      },
      {
        kind: 'table', title: w.guests, columns: ['#', w.name], widths: [0.4, 5],
        rows: guests.map((g, i) => [String(i + 1), `${w.titles[g.title] ?? g.title} ${g.first_name} ${g.last_name}`]),
      },
      ...(row.specialRequests ? [{ kind: 'notes' as const, title: w.specialRequests, lines: [row.specialRequests] }] : []),
      {
        kind: 'totals', title: w.fare, rows: [
          { label: w.taxes, value: money(row.taxesMinor) },
          { label: w.total, value: money(row.totalMinor), strong: true },
        ],
      },
      { kind: 'notes', lines: w.voucherNotes },
    ],
  };
}
