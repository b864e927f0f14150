import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import { setupApi } from '../support/api';
import { startDuffelSim, signWebhook } from '../support/duffel-sim';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { DuffelFlightSupplier } from '../../server/suppliers/duffel/supplier';
import { bookings, notifications, scheduleChanges, supplierEvents, users } from '../../server/db/schema';
import { retrySupplierEvents } from '../../server/supplier-events/service';
import { creditWallet } from '../../server/ledger/service';

/**
 * Duffel's order.airline_initiated_change_detected webhook feeds the same recording as the supplier console: the
 * change read from Duffel's airline-initiated changes of the order, recorded once on the booking, the owner told;
 * the owner then accepts it like any other.
 */
const sim = await startDuffelSim();
afterAll(() => sim.close());
const SECRET = 'whsec_duffel_schedule';
const api = await setupApi({ duffel: { token: sim.token, apiUrl: sim.url, webhookSecret: SECRET, searchBudgetMs: 15_000 } });
registerFlightSuppliers(api.ctx, [new DuffelFlightSupplier(api.ctx.config.duffel!, () => new Date())]);
await (await api.as('accounts')).put('/api/exchange-rates/USD', { rate: '280.50' });
const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
await creditWallet(api.db, { agentId, amountMinor: 20_000_000_00, type: 'deposit', reference: 'test:duffel-schedule', description: 'test float' });
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const agent = await api.as('agent');

/** A Duffel booking held unpaid (only an offer Duffel lets us hold), on the day `ahead` days from now. */
async function heldAtDuffel(ahead: number, lastName: string) {
  const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(ahead), adults: 1, cabin_class: 'Y', limit: 200 });
  let held: { id: number; pnr: string } | null = null;
  const tried: unknown[] = [];
  for (const f of res.body.flights.filter((x: { supplier: string }) => x.supplier === 'duffel')) {
    const raw = await fetch(`${sim.url}/air/offers/${f.id}`, { headers: { authorization: `Bearer ${sim.token}`, 'duffel-version': 'v2' } });
    if ((await raw.json()).data.payment_requirements.requires_instant_payment) continue;
    const b = await agent.post('/api/bookings', {
      flight_id: f.id, supplier: 'duffel', payment_method: 'hold', main_contact: { email: 'aic.traveller@example.com', phone: '+92 300 1112223', country: 'PK' },
      travellers: [{ type: 'ADT', title: 'Mr', first_name: 'Aamir', last_name: lastName, gender: 'M', dob: '1984-03-04', nationality: 'PK', document_type: 'passport', document_no: 'AC1234567', expiry_date: '2034-01-01', issue_country: 'PK' }],
    });
    if (b.status === 201) { held = b.body.data; break; }
    tried.push([b.status, b.body.message]);
  }
  expect(held, `a Duffel offer that can be held (${JSON.stringify(tried)}, ${res.body.flights.length} offers, left out ${JSON.stringify(res.body.left_out)})`).toBeTruthy();
  const [row] = await api.db.select().from(bookings).where(eq(bookings.id, held!.id));
  return { row, orderId: (row.supplierOrder as { remote: { order_id: string } }).remote.order_id };
}

/** The webhook as Duffel sends it, signed; `id` another delivery id for the same change. */
function webhook(event: { id: string; type: string; object: unknown }, id = event.id) {
  const body = JSON.stringify({ id, type: event.type, live_mode: false, created_at: new Date().toISOString(), data: { object: event.object } });
  return () => api.client().request('POST', '/api/webhooks/duffel', body, { 'content-type': 'application/json', 'x-duffel-signature': signWebhook(body, SECRET, Math.floor(Date.now() / 1000)) });
}

describe('Duffel airline-initiated change', () => {
  it('is recorded on the booking once, tells its owner, and can be accepted', async () => {
    const { row, orderId } = await heldAtDuffel(44, 'Changed');
    const event = sim.airlineChange(orderId);
    const post = webhook(event);
    expect((await post()).body.message).toBe('applied');
    expect((await post()).body.message).toBe('replay');

    const rows = await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, row.id));
    const old = (row.itinerary as FlightOfferDetail).journeys[0].segments[0];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ source: 'duffel', kind: 'time', oldSegment: { flight_number: old.flight_number, departure_at: old.departure_at } });
    // The simulator's airline moves the first slice an hour later.
    expect(Date.parse(rows[0].newSegment!.departure_at) - Date.parse(old.departure_at)).toBe(3_600_000);
    const notes = await api.db.select().from(notifications).where(eq(notifications.kind, 'schedule_changed'));
    expect(notes.map((n) => [n.userId, n.subjectId])).toContainEqual([agentId, row.id]);

    const accepted = await agent.post(`/api/bookings/flight/${row.pnr}/schedule-changes/${rows[0].id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [after] = await api.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect((after.itinerary as FlightOfferDetail).journeys[0].segments[0].departure_at).toBe(rows[0].newSegment!.departure_at);
  });
});

describe('Duffel airline-initiated change: stored before it is processed', () => {
  it('Duffel down: the event is answered 2xx and stays pending; the job records it once; a redelivery records nothing more', async () => {
    const { row, orderId } = await heldAtDuffel(46, 'Pending');
    const event = sim.airlineChange(orderId);
    sim.setFailing(true);
    try {
      const first = await webhook(event)();
      expect([first.status, first.body.message]).toEqual([200, 'applied']);
    } finally {
      sim.setFailing(false);
    }
    const [stored] = await api.db.select().from(supplierEvents).where(eq(supplierEvents.id, event.id));
    expect(stored).toMatchObject({ bookingId: row.id, processedAt: null, attempts: 1, work: { kind: 'airline_change', orderId } });
    expect(stored.lastError).toBeTruthy();
    expect(await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, row.id))).toHaveLength(0);

    // The job, with Duffel back: recorded, the event done.
    expect(await retrySupplierEvents(api.ctx)).toBe(1);
    const recorded = await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, row.id));
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded[0]).toMatchObject({ source: 'duffel', answer: null });
    const [done] = await api.db.select().from(supplierEvents).where(eq(supplierEvents.id, event.id));
    expect(done.processedAt).not.toBeNull();
    expect(await retrySupplierEvents(api.ctx)).toBe(0);

    // The same delivery again is a replay; the same change under another delivery id records nothing more.
    expect((await webhook(event)()).body.message).toBe('replay');
    expect((await webhook(event, `${event.id}_again`)()).body.message).toBe('applied');
    expect(await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, row.id))).toHaveLength(recorded.length);
  });
});
