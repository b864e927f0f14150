/**
 * Recording an airline's change on every booking it touches: one row per booking and change (the unique key on
 * booking and change key makes the same change applied twice, or a webhook delivered twice, record once), an
 * earlier unanswered change to the same flight superseded, a mail to the booking's owner in their language and an
 * in-app notice, all in the booking's own transaction so a crash leaves all of it or none.
 */
import { and, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, scheduleChanges, users, type ChangedSegment } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { notify, type Recipient } from '../notifications/service';
import { addDays } from '../suppliers/flight/time';
import type { BookingRow } from '../bookings/records';
import { scheduleChangeMail } from './mails';
import { moveBookingSeats, type SegmentRef } from './seats';

export type NewState = { canceled: true; segment: null } | { canceled: false; segment: ChangedSegment };

export interface ChangeToRecord {
  /** Every number the flight flew under that day (a booking's segment carries the one it was booked under). */
  numbers: string[];
  /** The flight's local departure day at the origin. */
  date: string;
  /** The flight's name that never changes: the timetabled number (or the supplier's own segment id). */
  timetabled: string;
  state: NewState;
  source: 'console' | 'duffel';
  /** Only this booking (a supplier's webhook names its order). */
  bookingId?: number;
}

/** Bookings that still fly: held, ticketed, or with a void or refund asked for but not decided. */
const CHANGEABLE = ['booked', 'ticketed', 'requested', 'refund_requested'] as const;

export const segmentsOf = (b: Pick<BookingRow, 'itinerary'>) =>
  ((b.itinerary as FlightOfferDetail).journeys ?? []).flatMap((j) => j.segments);

const asChanged = (s: FlightOfferDetail['journeys'][number]['segments'][number]): ChangedSegment => ({
  flight_number: s.flight_number, departure_at: s.departure_at, arriving_at: s.arriving_at, origin: s.origin.code, destination: s.destination.code,
});

const sameSegment = (a: ChangedSegment, b: ChangedSegment) => a.flight_number === b.flight_number && a.departure_at === b.departure_at && a.arriving_at === b.arriving_at;

export function changeKey(c: Pick<ChangeToRecord, 'timetabled' | 'date' | 'state'>): string {
  const s = c.state.segment;
  return `${c.timetabled}|${c.date}|${s ? `${s.flight_number}|${s.departure_at}|${s.arriving_at}` : 'canceled'}`;
}

/** Records the change on every booking with a segment on the flight; answers how many got it now. */
export async function recordChange(ctx: AppContext, c: ChangeToRecord): Promise<number> {
  const candidates = await ctx.db.select().from(bookings).where(and(
    c.bookingId ? eq(bookings.id, c.bookingId) : eq(bookings.supplier, 'safar'),
    inArray(bookings.status, [...CHANGEABLE]),
    lte(bookings.departureDate, c.date), gte(bookings.lastTravelDate, addDays(c.date, -1)),
  ));
  const key = changeKey(c);
  let recorded = 0;
  for (const b of candidates) {
    const seg = segmentsOf(b).find((s) => c.numbers.includes(s.flight_number) && s.departure_at.slice(0, 10) === c.date);
    if (!seg) continue;
    const old = asChanged(seg);
    // Booked after the change: the booking already flies the changed flight.
    if (c.state.segment && sameSegment(old, c.state.segment)) continue;
    const kind = !c.state.segment ? 'canceled' : c.state.segment.departure_at === old.departure_at && c.state.segment.arriving_at === old.arriving_at ? 'number' : 'time';
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(scheduleChanges).values({
        bookingId: b.id, flightNo: c.timetabled, date: c.date, changeKey: key, kind, oldSegment: old, newSegment: c.state.segment, source: c.source, createdAt: ctx.now(),
      }).onConflictDoNothing().returning();
      if (!row) return false;
      // A newer change to the same flight replaces one not yet answered: only the latest can be accepted.
      await tx.update(scheduleChanges).set({ answer: 'superseded', answeredAt: ctx.now() })
        .where(and(eq(scheduleChanges.bookingId, b.id), eq(scheduleChanges.flightNo, c.timetabled), eq(scheduleChanges.date, c.date), isNull(scheduleChanges.answer), ne(scheduleChanges.id, row.id)));
      if (c.state.segment) await followFlight(tx, ctx, b, c, row.id, c.state.segment);
      await tellOwner(tx, ctx, b, row);
      return true;
    });
    if (done) recorded++;
  }
  return recorded;
}

/**
 * The booking's seats follow the flight to its new number and day, from every key it was known by: the numbers it
 * flew under that day and where earlier changes of it (answered or not) had put them.
 */
async function followFlight(tx: DbOrTx, ctx: AppContext, b: BookingRow, c: ChangeToRecord, rowId: number, to: ChangedSegment) {
  const earlier = await tx.select({ s: scheduleChanges.newSegment }).from(scheduleChanges).where(and(
    eq(scheduleChanges.bookingId, b.id), eq(scheduleChanges.flightNo, c.timetabled), eq(scheduleChanges.date, c.date), ne(scheduleChanges.id, rowId),
  ));
  const from: SegmentRef[] = [
    ...c.numbers.map((n) => ({ flightNo: n, date: c.date })),
    ...earlier.flatMap((e) => (e.s ? [{ flightNo: e.s.flight_number, date: e.s.departure_at.slice(0, 10) }] : [])),
  ];
  await moveBookingSeats(tx, b, from, { flightNo: to.flight_number, date: to.departure_at.slice(0, 10) }, ctx.now());
}

/** The owner: its account (customer or agent) in its language, or a guest booking's contact in the booking's. */
export async function ownerOf(db: DbOrTx, b: BookingRow): Promise<Recipient | { id: null; email: string; name: string; locale: string }> {
  const [u] = b.userId ? await db.select({ id: users.id, email: users.email, name: users.name, locale: users.locale, status: users.status }).from(users).where(eq(users.id, b.userId)).limit(1) : [];
  if (u && u.status === 'active') return { id: u.id, email: u.email, name: u.name, locale: u.locale };
  return { id: null, email: b.contactEmail, name: '', locale: b.locale };
}

/** Where the owner answers: My trips for a customer or guest, the booking's page for an agent. */
export const answerLink = (b: Pick<BookingRow, 'id' | 'channel'>) =>
  (b.channel === 'agent' || b.channel === 'staff' ? `/agent/pnr-details?id=${b.id}` : '/my-trips');

async function tellOwner(tx: DbOrTx, ctx: AppContext, b: BookingRow, row: typeof scheduleChanges.$inferSelect) {
  const owner = await ownerOf(tx, b);
  const link = answerLink(b);
  await enqueueMail(tx, owner.email, scheduleChangeMail(owner.locale, owner.name, b.pnr, row, `${ctx.config.appUrl}${link}`, b.status === 'booked'));
  if (owner.id === null) return;
  await notify(tx, ctx, [owner as Recipient], {
    kind: 'schedule_changed', subject: { type: 'booking', id: b.id }, link, dedupeKey: `schedule-change:${row.id}`, alreadyMailed: owner.email,
    params: { pnr: b.pnr, flight: row.oldSegment.flight_number, change: row.kind },
  });
}
