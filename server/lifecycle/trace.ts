/**
 * A booking's trace on its lifecycle machine: found by the reference users see, its stored steps with the
 * machine's events, what its state takes next, and the deadlines that will fire on their own (a hold's expiry,
 * the void window's midnight).
 */
import { eq } from 'drizzle-orm';
import type { BookingTrace, TraceKind, TraceStep } from '../../contract/lifecycle';
import { DEADLINE_EVENTS, START, nextEvents, stepOf } from '../../machines/lifecycle';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, hotelBookings, insurancePolicies, packageBookings, visaApplications } from '../db/schema';
import { getBookingSettings, voidWindowClosesAt } from '../booking-ops/settings';
import { readSteps, type StoredStep } from './steps';

interface Found { id: number; status: string; createdAt: Date; userId: number | null; channel: string; holdExpiresAt: Date | null; ticketedAt?: Date | null; reissuedAt?: Date | null }

async function findByReference(db: DbOrTx, kind: TraceKind, reference: string): Promise<Found | null> {
  const common = (t: typeof hotelBookings | typeof packageBookings | typeof insurancePolicies) => ({
    id: t.id, status: t.status, createdAt: t.createdAt, userId: t.userId, channel: t.channel, holdExpiresAt: t.holdExpiresAt,
  });
  const rows: Found[] = kind === 'flight'
    ? await db.select({ id: bookings.id, status: bookings.status, createdAt: bookings.createdAt, userId: bookings.userId, channel: bookings.channel, holdExpiresAt: bookings.holdExpiresAt, ticketedAt: bookings.ticketedAt, reissuedAt: bookings.reissuedAt })
      .from(bookings).where(eq(bookings.pnr, reference)).limit(1)
    : kind === 'hotel'
      ? await db.select(common(hotelBookings)).from(hotelBookings).where(eq(hotelBookings.reference, reference)).limit(1)
      : kind === 'package'
        ? await db.select(common(packageBookings)).from(packageBookings).where(eq(packageBookings.reference, reference)).limit(1)
        : kind === 'insurance'
          ? await db.select(common(insurancePolicies)).from(insurancePolicies).where(eq(insurancePolicies.policyNumber, reference)).limit(1)
          : await db.select({ id: visaApplications.id, status: visaApplications.status, createdAt: visaApplications.createdAt, userId: visaApplications.userId, channel: visaApplications.channel })
            .from(visaApplications).where(eq(visaApplications.reference, reference)).limit(1).then((r) => r.map((a) => ({ ...a, holdExpiresAt: null })));
  return rows[0] ?? null;
}

const byOf = (kind: string, id: number | null) => (kind === 'payment' ? 'provider' : id !== null ? `${kind} #${id}` : kind);
const wire = (s: StoredStep): TraceStep => ({ from: s.from, event: s.event, to: s.to, at: s.at.toISOString(), by: byOf(s.actorKind, s.actorId) });

/**
 * The step that made the booking, where its kind keeps none: the first event out of `new` that leads to the
 * status the booking started in, by whoever booked it.
 */
function madeStep(kind: TraceKind, b: Found, first: string): TraceStep[] {
  const made = nextEvents(kind, START).find((n) => n.to === first);
  if (!made) return [];
  return [{ from: null, event: made.event, to: first, at: b.createdAt.toISOString(), by: byOf(b.channel, b.userId) }];
}

async function deadlinesOf(db: DbOrTx, kind: TraceKind, b: Found, now: Date): Promise<BookingTrace['deadlines']> {
  const out: BookingTrace['deadlines'] = [];
  const takes = (event: string) => DEADLINE_EVENTS.includes(event) && stepOf(kind, b.status, event) !== null;
  if (takes('EXPIRE') && b.holdExpiresAt) out.push({ event: 'EXPIRE', at: b.holdExpiresAt.toISOString() });
  if (takes('VOID_WINDOW_CLOSES') && b.ticketedAt && !b.reissuedAt) {
    const closes = voidWindowClosesAt(b.ticketedAt, (await getBookingSettings(db)).timeZone);
    if (closes > now) out.push({ event: 'VOID_WINDOW_CLOSES', at: closes.toISOString() });
  }
  return out;
}

export async function bookingTrace(ctx: AppContext, kind: TraceKind, reference: string): Promise<BookingTrace | null> {
  const b = await findByReference(ctx.db, kind, reference);
  if (!b) return null;
  const stored = (await readSteps(ctx.db, kind, b.id)).map(wire);
  const steps = stored[0]?.from === null ? stored : [...madeStep(kind, b, stored[0]?.from ?? b.status), ...stored];
  const deadlines = await deadlinesOf(ctx.db, kind, b, ctx.now());
  // A deadline event is next only while its deadline is ahead: a ticket whose void window has closed will not
  // see it close again.
  const next = nextEvents(kind, b.status).filter((n) => !DEADLINE_EVENTS.includes(n.event) || deadlines.some((d) => d.event === n.event));
  return { machine: `${kind}-lifecycle`, state: b.status, steps, next, deadlines };
}
