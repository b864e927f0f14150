/**
 * Duffel's airline-initiated changes feed the same recording as the console: its webhook names the order and the
 * change (`aic_id`); the change itself is read from Duffel's list of the order's airline-initiated changes (the
 * event carries no details since API v2). Each removed segment became the added one at its place; a removed
 * segment with none in its place was canceled. The recording's unique key makes a redelivered event record once.
 */
import type { AppContext } from '../context';
import type { BookingRow } from '../bookings/records';
import { duffelClientLoader } from '../suppliers/duffel/client';
import { segmentOf } from '../suppliers/duffel/offers';
import type { Segment } from '../../contract/flights';
import { recordChange } from './record';

const changed = (s: Segment) => ({ flight_number: s.flight_number, departure_at: s.departure_at, arriving_at: s.arriving_at, origin: s.origin.code, destination: s.destination.code });

/** Records the change on the booking (how many segments it changed), or 0 when Duffel lists none. */
export async function recordDuffelChange(ctx: AppContext, b: BookingRow, orderId: string, aicId: string | null): Promise<number> {
  if (!ctx.config.duffel) return 0;
  const duffel = await duffelClientLoader(ctx.config.duffel)();
  const list = (await duffel.airlineInitiatedChanges.list(orderId)).data ?? [];
  const aic = list.find((a) => a.id === aicId) ?? list[list.length - 1];
  if (!aic) return 0;
  const segments = (slices: typeof aic.added) => slices.flatMap((sl) => sl.segments.map((s) => segmentOf(s as never).seg));
  const removed = segments(aic.removed), added = segments(aic.added);
  let recorded = 0;
  for (const [i, old] of removed.entries()) {
    const now = added[i];
    recorded += await recordChange(ctx, {
      bookingId: b.id, numbers: [old.flight_number], date: old.departure_at.slice(0, 10), timetabled: old.flight_number, source: 'duffel',
      state: now ? { canceled: false, segment: changed(now) } : { canceled: true, segment: null },
    });
  }
  return recorded;
}
