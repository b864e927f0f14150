/**
 * What suppliers tell us on their own (webhooks): an airline's schedule change or cancellation reaches the booking
 * it concerns as an event on its record (who: the system, with the supplier's words) and a notice to the staff who
 * handle bookings. Each event is acted on once, however often it is delivered.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { bookings, supplierEvents } from '../db/schema';
import { recordEvent } from '../bookings/records';
import { tripAirports } from '../bookings/route';
import { notifyStaff } from '../notifications/service';
import { checkDuffelSignature, readDuffelEvent } from '../suppliers/duffel/webhooks';
import { DUFFEL_CODE } from '../suppliers/duffel/offers';
import { recordDuffelChange } from '../schedule-changes/duffel';

export type WebhookOutcome = 'applied' | 'recorded' | 'replay' | 'forged' | 'stale' | 'unreadable' | 'not_configured';
export const WEBHOOK_HTTP: Record<WebhookOutcome, 200 | 400 | 404> = { applied: 200, recorded: 200, replay: 200, forged: 400, stale: 400, unreadable: 400, not_configured: 404 };

/** A schedule change or a cancellation, by the event's type. */
const change = (type: string): 'schedule' | 'canceled' | null => (/airline_initiated_change/.test(type) ? 'schedule' : /cancel/.test(type) ? 'canceled' : null);

export async function handleDuffelWebhook(ctx: AppContext, raw: string, signature: string | null | undefined): Promise<WebhookOutcome> {
  const secret = ctx.config.duffel?.webhookSecret;
  if (!secret) return 'not_configured';
  const checked = checkDuffelSignature(raw, signature, secret, Math.floor(ctx.now().getTime() / 1000));
  if (checked !== 'ok') { ctx.log.warn({ supplier: DUFFEL_CODE, checked }, 'supplier webhook refused'); return checked; }
  let body: unknown;
  try { body = JSON.parse(raw); } catch { return 'unreadable'; }
  const event = readDuffelEvent(body);
  if (!event) return 'unreadable';
  const [b] = event.orderId
    ? await ctx.db.select().from(bookings).where(sql`${bookings.supplierOrder}->'remote'->>'order_id' = ${event.orderId}`).limit(1)
    : [];
  const outcome = await ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx.insert(supplierEvents).values({ id: event.id, supplier: DUFFEL_CODE, type: event.type, bookingId: b?.id ?? null, receivedAt: ctx.now() })
      .onConflictDoNothing().returning({ id: supplierEvents.id });
    if (!fresh) return 'replay';
    const what = change(event.type);
    if (!b || !what) return 'recorded';
    const note = what === 'canceled'
      ? 'The airline canceled this booking at Duffel: tell the traveller and refund or rebook.'
      : 'The airline changed the flights of this booking at Duffel: check the new times and tell the traveller.';
    await recordEvent(tx, b.id, what === 'canceled' ? 'airline_cancellation' : 'airline_change', b.status, b.status, { kind: 'system' }, ctx.now(), note);
    const link = b.channel === 'agent' ? `/admin/booking-details?id=${b.id}` : `/admin/customer-booking-details?id=${b.id}`;
    await notifyStaff(tx, ctx, 'bookings.manage', {
      kind: 'airline_change', subject: { type: 'booking', id: b.id }, link, dedupeKey: `supplier-event:${event.id}`,
      params: { pnr: b.pnr, route: `${tripAirports(b).join('-')} ${b.departureDate}`, change: what },
    });
    await tx.update(bookings).set({ updatedAt: ctx.now() }).where(eq(bookings.id, b.id));
    return 'applied';
  });
  // A schedule change reaches the owner as the console's do: recorded on the booking, mailed and noticed.
  if (outcome === 'applied' && b && change(event.type) === 'schedule') {
    const aicId = typeof event.object.aic_id === 'string' ? event.object.aic_id : null;
    await recordDuffelChange(ctx, b, event.orderId!, aicId).catch((err) => ctx.log.error({ err, pnr: b.pnr }, 'could not record the airline-initiated change'));
  }
  return outcome;
}
