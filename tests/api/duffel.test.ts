import { afterAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { startDuffelSim, signWebhook } from '../support/duffel-sim';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { DuffelFlightSupplier } from '../../server/suppliers/duffel/supplier';
import { bookingEvents, bookingPassengers, bookings, notifications, supplierEvents, users } from '../../server/db/schema';
import { paymentProvider } from '../../server/payments/service';
import { SandboxProvider } from '../../server/payments/provider';
import { creditWallet, walletBalance } from '../../server/ledger/service';

/**
 * Duffel's offers sold and paid through Safar's own API, against the Duffel simulator: search merged with another
 * supplier, a hold paid from an agent's wallet (Duffel paid from its balance, tickets kept), a price that moved
 * before payment, a void credited by Duffel's cancellation quote, and its webhooks.
 */
const sim = await startDuffelSim();
afterAll(() => sim.close());
const SECRET = 'whsec_duffel_test';
const api = await setupApi({ duffel: { token: sim.token, apiUrl: sim.url, webhookSecret: SECRET, searchBudgetMs: 1000 } });
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
const duffel = new DuffelFlightSupplier(api.ctx.config.duffel!, () => new Date());
registerFlightSuppliers(api.ctx, [fake, duffel]);

const accounts = await api.as('accounts');
await accounts.put('/api/exchange-rates/USD', { rate: '280.50' });
const agentId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
await creditWallet(api.db, { agentId, amountMinor: 20_000_000_00, type: 'deposit', reference: 'test:duffel-opening', description: 'test float' });
const balance = async () => (await walletBalance(api.db, agentId)).balanceMinor;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const traveller = (first: string) => ({
  type: 'ADT', title: 'Mr', first_name: first, last_name: 'Siddiqui', gender: 'M', dob: '1985-03-04', nationality: 'PK',
  document_type: 'passport', document_no: `DF${first.length}99887`, expiry_date: '2034-01-01', issue_country: 'PK',
});
const contact = { email: 'duffel.traveller@example.com', phone: '+92 300 1112223', country: 'PK' };
const agent = await api.as('agent');

/** A Duffel offer on a day, holdable or not at Duffel. */
async function duffelOffer(days: number, hold = true) {
  const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(days), adults: 1, cabin_class: 'Y', limit: 200 });
  expect(res.status).toBe(200);
  for (const f of res.body.flights.filter((x: { supplier: string }) => x.supplier === 'duffel')) {
    const raw = await fetch(`${sim.url}/air/offers/${f.id}`, { headers: { authorization: `Bearer ${sim.token}`, 'duffel-version': 'v2' } });
    if (!(await raw.json()).data.payment_requirements.requires_instant_payment === hold) return f as { id: string; price: { amount: string } };
  }
  throw new Error('no such Duffel offer');
}
const hold = (id: string, first: string, extra: Record<string, unknown> = {}) =>
  agent.post('/api/bookings', { flight_id: id, supplier: 'duffel', main_contact: contact, travellers: [traveller(first)], payment_method: 'hold', ...extra });

describe('Duffel through the booking API', () => {
  it('search merges Duffel’s offers (in PKR) with the other suppliers’; the detail answers for a Duffel offer', async () => {
    const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(30), adults: 1, cabin_class: 'Y', limit: 200 });
    const suppliers = new Set(res.body.flights.map((f: { supplier: string }) => f.supplier));
    expect(suppliers.has('duffel')).toBe(true);
    const d = res.body.flights.find((f: { supplier: string }) => f.supplier === 'duffel');
    expect(d.price.currency).toBe('PKR');
    const detail = await agent.get(`/api/flight/${d.id}/duffel/0`);
    expect(detail.body.data).toMatchObject({ id: d.id, supplier: 'duffel', fare_rules: expect.any(Object) });
  });

  it('a slow Duffel is left out of the answer, which says so, and the other suppliers’ offers still come', async () => {
    sim.setDelay(1500);
    try {
      const res = await agent.get('/api/flights', { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(31), adults: 1, cabin_class: 'Y' });
      expect(res.status).toBe(200);
      expect(res.body.left_out).toEqual([{ supplier: 'duffel', reason: 'timeout' }]);
    } finally { sim.setDelay(0); }
  });

  it('a hold at Duffel, paid from the wallet: Duffel is paid from its balance and the tickets come back; staff see the supplier price', async () => {
    const offer = await duffelOffer(40);
    const held = await hold(offer.id, 'Hamid', { expected_total: offer.price.amount });
    expect(held.status).toBe(201);
    const b = held.body.data;
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.supplierOrder).toMatchObject({ remote: { mode: 'hold', currency: 'USD', rate_micros: 280_500_000, order_id: expect.stringMatching(/^ord_/) } });
    const before = await balance();
    const paid = await agent.post('/api/confirm-pnr', { id: b.id });
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('ticketed');
    expect(await balance()).toBe(before - row.totalMinor);
    const after = (await api.as('reservation')).get('/api/get-booking-ops-details', { id: b.id });
    const staffView = (await after).body.data;
    expect(staffView.supplier_price).toMatchObject({ currency: 'USD', rate: '280.50', amount: (row.supplierOrder as { remote: { amount: string } }).remote.amount });
    expect(staffView.travellers[0].ticket_number).toMatch(/\d{13}/);
    expect((await agent.get('/api/get-booking-ops-details', { id: b.id })).body.data.supplier_price).toBeNull();
    // Staff's invoice names the supplier's price and rate; the agent's bills in PKR only.
    const invoice = async (who: 'reservation' | 'agent') => {
      const c = who === 'agent' ? agent : await api.as(who);
      const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await api.app.request(`/api/bookings/${b.id}/invoice.pdf`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return (await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true })).text;
    };
    const remote = (row.supplierOrder as { remote: { amount: string; order_id: string } }).remote;
    const staffInvoice = await invoice('reservation');
    for (const s of ['Supplier price (staff copy)', `USD ${remote.amount}`, '1 USD = PKR 280.50', `duffel ${remote.order_id}`]) expect(staffInvoice).toContain(s);
    const agentInvoice = await invoice('agent');
    expect(agentInvoice).not.toContain('Supplier price');
    expect(agentInvoice).not.toContain('USD');
  });

  it('a Duffel price that moved before payment: 409 with the new fare, and no money taken', async () => {
    const offer = await duffelOffer(41);
    const held = await hold(offer.id, 'Fahad');
    expect(held.status).toBe(201);
    sim.changePrice(offer.id, '4321.00');
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, held.body.data.id));
    // The held order is re-priced at Duffel too.
    const before = await balance();
    const res = await agent.post('/api/confirm-pnr', { id: held.body.data.id });
    expect(res.status).toBe(409);
    expect(await balance()).toBe(before);
    expect((await api.db.select().from(bookings).where(eq(bookings.id, row.id)))[0].status).toBe('booked');
  });

  it('a void credits what Duffel’s cancellation quote refunds, converted at the rate sold; Duffel’s order is cancelled', async () => {
    const offer = await duffelOffer(42);
    const held = await hold(offer.id, 'Junaid');
    await agent.post('/api/confirm-pnr', { id: held.body.data.id });
    const detail = (await agent.get('/api/get-booking-ops-details', { id: held.body.data.id })).body.data;
    const before = await balance();
    const voided = await (await api.as('reservation')).post('/api/void-booking', { id: held.body.data.id });
    expect(voided.status).toBe(200);
    const credited = (await balance()) - before;
    expect(credited).toBe(Math.round(Number(detail.void_refund.amount) * 100));
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, held.body.data.id));
    const orderId = (row.supplierOrder as { remote: { order_id: string } }).remote.order_id;
    expect((sim.orders.get(orderId) as { cancelled_at: string | null }).cancelled_at).not.toBeNull();
  });

  /** A guest's card booking of an instant-payment Duffel offer, its sandbox checkout opened; pays when asked. */
  async function instantCardBooking(days: number, first: string) {
    const offer = await duffelOffer(days, false);
    const guest = await api.as('anonymous');
    const res = await guest.post('/api/bookings', { flight_id: offer.id, supplier: 'duffel', main_contact: contact, travellers: [traveller(first)], payment_method: 'card' });
    expect(res.status).toBe(201);
    const tracker = new URL(res.body.data.payment_url).pathname.split('/').pop()!;
    const pay = async () => {
      const payload = { tracker, status: 'paid' as const, amount: res.body.data.fare.total.amount, currency: 'PKR', provider_ref: `sbx_${first}`, ts: Math.floor(Date.now() / 1000) };
      const sent = await api.client().post('/api/payments/callback', payload, { 'x-safepay-signature': (paymentProvider(api.ctx) as SandboxProvider).sign(payload) });
      expect(sent.body.message).toBe('paid');
    };
    return { offer, id: res.body.data.id as number, pay };
  }

  it('instant issue: an offer Duffel will not hold is ordered and paid at Duffel once the card is paid, and its tickets kept', async () => {
    const { id, pay } = await instantCardBooking(44, 'Imran');
    await pay();
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row.status).toBe('ticketed');
    expect(row.supplierOrder).toMatchObject({ remote: { mode: 'instant', order_id: expect.stringMatching(/^ord_/) } });
    const orderId = (row.supplierOrder as { remote: { order_id: string } }).remote.order_id;
    expect(sim.orders.get(orderId)).toBeDefined();
    const [pax] = await api.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, id));
    expect(pax.ticketNumber).toMatch(/^\d{13}$/);
  });

  it('an offer gone at Duffel between checkout and payment: the booking says so and staff are told to issue it or refund', async () => {
    const { offer, id, pay } = await instantCardBooking(45, 'Kamran');
    sim.makeUnavailable(offer.id);
    await pay();
    const events = await api.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.action, 'ticket_issue_failed')));
    expect(events).toHaveLength(1);
    const notices = await api.db.select().from(notifications).where(and(eq(notifications.kind, 'ticket_issue_failed'), eq(notifications.subjectId, id)));
    expect(notices.length).toBeGreaterThan(0);
  });

  it('webhooks: a verified airline change reaches the booking and staff once; a forged, stale or replayed one changes nothing', async () => {
    const offer = await duffelOffer(43);
    const held = await hold(offer.id, 'Rashid');
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, held.body.data.id));
    const orderId = (row.supplierOrder as { remote: { order_id: string } }).remote.order_id;
    const event = sim.airlineChange(orderId);
    const body = JSON.stringify({ id: event.id, type: event.type, live_mode: false, created_at: new Date().toISOString(), data: { object: event.object } });
    const now = Math.floor(Date.now() / 1000);
    const post = (raw: string, signature: string) => api.client().request('POST', '/api/webhooks/duffel', raw, { 'content-type': 'application/json', 'x-duffel-signature': signature });
    expect((await post(body, signWebhook(body, 'wrong-secret', now))).status).toBe(400);
    expect((await post(body, signWebhook(body, SECRET, now - 3600))).status).toBe(400);
    const ok = await post(body, signWebhook(body, SECRET, now));
    expect(ok).toMatchObject({ status: 200, body: { message: 'applied' } });
    expect((await post(body, signWebhook(body, SECRET, now))).body.message).toBe('replay');
    const events = await api.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, row.id), eq(bookingEvents.action, 'airline_change')));
    expect(events).toHaveLength(1);
    expect(await api.db.select().from(supplierEvents).where(eq(supplierEvents.id, event.id))).toHaveLength(1);
    const notices = await api.db.select().from(notifications).where(eq(notifications.kind, 'airline_change'));
    expect(notices.length).toBeGreaterThan(0);
  });
});
