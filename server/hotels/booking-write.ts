/**
 * The statement that writes a new hotel booking: it sells the stay's room nights (each night raised only while
 * it stays within that night's capacity), inserts the booking when every night took the rooms, and its event. It
 * is all or nothing because it is one statement: when a night was short (another booking had its last room),
 * `hotel_nights_all_sold` raises and PostgreSQL undoes the nights already raised. So a card booking runs it without
 * a transaction (BEGIN and COMMIT were four of its eleven round trips); a wallet booking runs it in the transaction
 * that debits the wallet, with the confirmation mail queued by the same statement (its attachments name the
 * booking's id, which only the statement knows).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { hotelBookingEvents, hotelBookings, hotelRoomNights, outbox } from '../db/schema';
import { columnKeysOf, insertSelect, putPlaceholders } from '../db/insert-select';
import { renderedOnce, tableRow } from '../db/prepared';
import { conflict } from '../http/errors';
import type { NightToSell } from '../suppliers/hotel/types';
import type { SoldNight } from './inventory';
import type { HotelBookingRow } from './service';

type Values<T extends PgTable> = Omit<T['$inferInsert'], 'id' | 'hotelBookingId'>;

export interface HotelBookingWrite {
  cityId: number;
  rooms: number;
  nights: NightToSell[];
  booking: Values<typeof hotelBookings>;
  event: Values<typeof hotelBookingEvents>;
  /** A mail to queue with the booking; each of its attachments is given the booking's id. */
  mail?: Omit<typeof outbox.$inferInsert, 'id'>;
}

const BOOKING_KEYS = columnKeysOf(hotelBookings);
const EVENT_KEYS = columnKeysOf(hotelBookingEvents, ['hotelBookingId']);
const MAIL_KEYS = ['toAddress', 'subject', 'textBody', 'htmlBody', 'kind', 'refresh'];
/** The SQLSTATE `hotel_nights_all_sold` raises. */
const NIGHTS_SHORT = 'HSOLD';

/** The booking CTE's columns under their own names, in the table's order (read back by tableRow). */
const bookingFields = Object.fromEntries(Object.entries(getTableColumns(hotelBookings)).map(([k, c]) => [k, sql`${sql.identifier(c.name)}`.as(c.name)])) as Record<string, SQL.Aliased>;

function build(h: DbOrTx, withMail: boolean) {
  const n = hotelRoomNights;
  const asked = sql`jsonb_to_recordset(${sql.placeholder('nights')}::jsonb) as asked (hotel_id text, room_code text, date date, capacity int)`;
  const rooms = sql`${sql.placeholder('rooms')}::int`;
  const name = (c: PgColumn) => sql.identifier(c.name);
  const sold = h.$with('sold', {}).as(sql`insert into ${n} (${name(n.cityId)}, ${name(n.hotelId)}, ${name(n.roomCode)}, ${name(n.date)}, ${name(n.sold)})
    select ${sql.placeholder('city_id')}::int, asked.hotel_id, asked.room_code, asked.date, ${rooms} from ${asked}
    on conflict (${name(n.hotelId)}, ${name(n.roomCode)}, ${name(n.date)}) do update set ${name(n.sold)} = ${n.sold} + ${rooms}
    where ${n.sold} + ${rooms} <= (select asked.capacity from ${asked}
      where (asked.hotel_id, asked.room_code, asked.date) = (${n.hotelId}, ${n.roomCode}, ${n.date}))
    returning ${name(n.hotelId)}, ${name(n.roomCode)}, ${name(n.date)}, ${name(n.sold)}`);
  const allSold = sql`where hotel_nights_all_sold((select count(*) from ${sold}), ${sql.placeholder('asked')}::bigint)`;
  const booking = h.$with('booking', bookingFields).as(sql`${insertSelect(hotelBookings, BOOKING_KEYS, ['b_'], allSold)} returning *`);
  const parent = { column: 'hotelBookingId', id: sql`${booking}.${sql.identifier('id')}` };
  const event = h.$with('event', {}).as(insertSelect(hotelBookingEvents, EVENT_KEYS, ['e_'], sql`from ${booking}`, parent));
  const attachments = sql`(select coalesce(jsonb_agg(a || jsonb_build_object('id', ${booking}.${sql.identifier('id')})), '[]'::jsonb)
    from jsonb_array_elements(${sql.placeholder('m_attachments')}::jsonb) a)`;
  const mail = h.$with('mail', {}).as(insertSelect(outbox, MAIL_KEYS, ['m_'], sql`from ${booking}`, { column: 'attachments', id: attachments }));
  // Each night's sold count as the sale left it, after the booking's columns: the room store keeps them (inventory.ts).
  const soldAfter = sql`(select jsonb_agg(jsonb_build_array(s.${name(n.hotelId)}, s.${name(n.roomCode)}, s.${name(n.date)}, s.${name(n.sold)})) from ${sold} s)`;
  return h.with(sold, booking, event, ...(withMail ? [mail] : [])).select({ ...bookingFields, soldAfter: soldAfter.as('sold_after') }).from(booking);
}

const bookingRow = tableRow(hotelBookings);
const BOOKING_WIDTH = Object.keys(getTableColumns(hotelBookings)).length;
const readWritten = (row: unknown[]): HotelBookingWritten => ({
  row: bookingRow(row),
  soldAfter: ((row[BOOKING_WIDTH] ?? []) as [string, string, string, number][]).map(([hotel_id, room_code, date, sold]) => ({ key: { hotel_id, room_code, date }, sold: Number(sold) })),
});

/** The booking written, and the nights it sold with their sold counts after the sale. */
export interface HotelBookingWritten { row: HotelBookingRow; soldAfter: SoldNight[] }

/** Rendered once per shape: drizzle rendering this statement costs more CPU than PGlite running it. */
const write = renderedOnce('hotel_booking_write', (h) => build(h, false), readWritten);
const writeWithMail = renderedOnce('hotel_booking_write_mail', (h) => build(h, true), readWritten);

/**
 * Writes the booking on `db` (a statement of its own) or within the transaction `tx`. Throws 409
 * `unavailable` when a night had no room left for it, having sold none.
 */
export async function writeHotelBooking(db: Db, tx: DbOrTx | null, w: HotelBookingWrite, unavailable: string): Promise<HotelBookingWritten> {
  if (w.nights.some((night) => w.rooms > night.capacity)) throw conflict(unavailable);
  const values: Record<string, unknown> = {
    city_id: w.cityId, rooms: w.rooms, asked: w.nights.length,
    nights: JSON.stringify(w.nights.map(({ key, capacity }) => ({ hotel_id: key.hotel_id, room_code: key.room_code, date: key.date, capacity }))),
  };
  putPlaceholders(values, 'b_', BOOKING_KEYS, w.booking);
  putPlaceholders(values, 'e_', EVENT_KEYS, w.event);
  if (w.mail) {
    putPlaceholders(values, 'm_', MAIL_KEYS, w.mail);
    values.m_attachments = JSON.stringify(w.mail.attachments ?? []);
  }
  try {
    return (await (w.mail ? writeWithMail : write)(tx ?? db, values))[0];
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === NIGHTS_SHORT || e?.cause?.code === NIGHTS_SHORT) throw conflict(unavailable);
    throw err;
  }
}
