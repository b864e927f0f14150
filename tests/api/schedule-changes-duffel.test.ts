import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import { setupApi } from '../support/api';
import { startDuffelSim, signWebhook } from '../support/duffel-sim';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { DuffelFlightSupplier } from '../../server/suppliers/duffel/supplier';
import { bookings, notifications, scheduleChanges, users } from '../../server/db/schema';
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

describe('Duffel airline-initiated change', () => {
  it('is recorded on the booking once, tells its owner, and can be accepted', async () => {
    const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(44), adults: 1, cabin_class: 'Y', limit: 200 });
    let held: { id: number; pnr: string } | null = null;
    const tried: unknown[] = [];
    for (const f of res.body.flights.filter((x: { supplier: string }) => x.supplier === 'duffel')) {
      // Only an offer Duffel lets us hold unpaid.
      const raw = await fetch(`${sim.url}/air/offers/${f.id}`, { headers: { authorization: `Bearer ${sim.token}`, 'duffel-version': 'v2' } });
      if ((await raw.json()).data.payment_requirements.requires_instant_payment) continue;
      const b = await agent.post('/api/bookings', {
        flight_id: f.id, supplier: 'duffel', payment_method: 'hold', main_contact: { email: 'aic.traveller@example.com', phone: '+92 300 1112223', country: 'PK' },
        travellers: [{ type: 'ADT', title: 'Mr', first_name: 'Aamir', last_name: 'Changed', gender: 'M', dob: '1984-03-04', nationality: 'PK', document_type: 'passport', document_no: 'AC1234567', expiry_date: '2034-01-01', issue_country: 'PK' }],
      });
      if (b.status === 201) { held = b.body.data; break; }
      tried.push([b.status, b.body.message]);
    }
    expect(held, `a Duffel offer that can be held (${JSON.stringify(tried)}, ${res.body.flights.length} offers, left out ${JSON.stringify(res.body.left_out)})`).toBeTruthy();
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, held!.id));
    const orderId = (row.supplierOrder as { remote: { order_id: string } }).remote.order_id;
    const event = sim.airlineChange(orderId);
    const body = JSON.stringify({ id: event.id, type: event.type, live_mode: false, created_at: new Date().toISOString(), data: { object: event.object } });
    const post = () => api.client().request('POST', '/api/webhooks/duffel', body, { 'content-type': 'application/json', 'x-duffel-signature': signWebhook(body, SECRET, Math.floor(Date.now() / 1000)) });
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
