/**
 * What suppliers tell us on their own (webhooks): an airline's schedule change or cancellation reaches the booking
 * it concerns as an event on its record (who: the system, with the supplier's words) and a notice to the staff who
 * handle bookings. Each event is acted on once, however often it is delivered.
 *
 * The event is stored before anything slow is tried: its row (with the work left, for an airline's change) commits
 * with the booking's history and the staff notice, then the change is read from the supplier and recorded from
 * that row. A crash or an unreachable supplier leaves the row pending, and the job retries it; the recording's
 * unique key makes a retry, a redelivery or two servers at once record the change once.
 */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { bookings, supplierEvents, type SupplierEventWork } from '../db/schema';
import { jobs } from '../jobs';
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
    const what = change(event.type);
    const work: SupplierEventWork | null = b && what === 'schedule' && event.orderId
      ? { kind: 'airline_change', orderId: event.orderId, aicId: typeof event.object.aic_id === 'string' ? event.object.aic_id : null }
      : null;
    const [fresh] = await tx.insert(supplierEvents).values({ id: event.id, supplier: DUFFEL_CODE, type: event.type, bookingId: b?.id ?? null, receivedAt: ctx.now(), work })
      .onConflictDoNothing().returning({ id: supplierEvents.id });
    if (!fresh) return 'replay';
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
  // A schedule change reaches the owner as the console's do (recorded on the booking, mailed and noticed), from
  // the stored event; a failure here is the job's to retry, the answer is 2xx either way.
  if (outcome === 'applied') await processSupplierEvent(ctx, event.id);
  return outcome;
}

/** Does the event's work; true when it is done (now or before), false when it stays pending. */
export async function processSupplierEvent(ctx: AppContext, id: string): Promise<boolean> {
  const [row] = await ctx.db.select().from(supplierEvents).where(eq(supplierEvents.id, id)).limit(1);
  if (!row?.work || row.processedAt) return true;
  try {
    const [b] = row.bookingId ? await ctx.db.select().from(bookings).where(eq(bookings.id, row.bookingId)).limit(1) : [];
    if (b) await recordDuffelChange(ctx, b, row.work.orderId, row.work.aicId);
    await ctx.db.update(supplierEvents).set({ processedAt: ctx.now(), attempts: row.attempts + 1, lastError: null }).where(eq(supplierEvents.id, id));
    return true;
  } catch (err) {
    ctx.log.error({ err, event: id }, 'could not record the airline-initiated change; the supplier-events job retries it');
    const lastError = ((err instanceof Error ? err.message || err.name : String(err)) || 'failed').slice(0, 500);
    await ctx.db.update(supplierEvents).set({ attempts: sql`${supplierEvents.attempts} + 1`, lastError }).where(eq(supplierEvents.id, id));
    return false;
  }
}

/** Events received but not yet processed past this many tries are left to staff (the booking's history has the event). */
export const MAX_EVENT_ATTEMPTS = 50;

/** The job: pending events, oldest first; answers how many got done. */
export async function retrySupplierEvents(ctx: AppContext, limit = 20): Promise<number> {
  const pending = await ctx.db.select({ id: supplierEvents.id }).from(supplierEvents)
    .where(and(isNull(supplierEvents.processedAt), isNotNull(supplierEvents.work), sql`${supplierEvents.attempts} < ${MAX_EVENT_ATTEMPTS}`))
    .orderBy(asc(supplierEvents.receivedAt)).limit(limit);
  let done = 0;
  for (const { id } of pending) if (await processSupplierEvent(ctx, id)) done++;
  return done;
}

/** Every minute, on every server: safe, since an event's change records once however often it is processed. */
if (!jobs.some((j) => j.name === 'supplier-events')) {
  jobs.push({ name: 'supplier-events', everyMs: 60_000, run: (ctx) => retrySupplierEvents(ctx) });
}
