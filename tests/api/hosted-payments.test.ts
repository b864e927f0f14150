import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { startSafepaySim } from '../support/safepay-sim';
import { startJazzCashSim, jazzCashHash } from '../support/jazzcash-sim';
import { buildWebhook, signWebhookData } from '../support/payment-sims/safepay/webhooks';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { expireHolds } from '../../server/bookings/tickets';
import { bookings, paymentCallbacks, payments } from '../../server/db/schema';

/**
 * Card payments through Safepay's hosted checkout and wallet payments through JazzCash's, against their simulators:
 * a booking is ticketed only once the provider's signed return or webhook names the payment and the provider's own
 * record agrees on state, amount and currency; declined, abandoned, forged, mismatched and replayed messages change
 * nothing; money taken for a booking that was no longer held goes back through the provider that took it.
 */
const safepay = await startSafepaySim();
const jazzcash = await startJazzCashSim();
afterAll(async () => { await safepay.close(); await jazzcash.close(); });

const api = await setupApi({
  payments: {
    card: 'safepay',
    safepay: { apiKey: safepay.apiKey, secretKey: safepay.secretKey, webhookSecret: safepay.webhookSecret, apiUrl: safepay.url, environment: 'sandbox' },
    jazzcash: { merchantId: jazzcash.merchantId, password: jazzcash.password, integritySalt: jazzcash.integritySalt, url: jazzcash.url, mpin: '4321' },
  },
});
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const contact = { email: 'hosted.payer@example.com', phone: '+92 300 7654321', country: 'PK' };
const pax = () => ({
  type: 'ADT', title: 'Ms', first_name: `Zara${String.fromCharCode(65 + seq++)}`, last_name: 'Qureshi', gender: 'F', dob: '1988-02-03',
  nationality: 'PK', document_type: 'passport', document_no: `HP${3000000 + seq}`, expiry_date: '2034-05-05', issue_country: 'PK',
});
/** The provider's servers and the customer's browser coming back from the provider: no session, no XSRF token. */
const outside = () => api.client();
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

async function booking(payWith?: 'card' | 'jazzcash') {
  const guest = await api.as('anonymous');
  const flight_id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'ISB', date: day(25), flight_no: `PK3${seq}` }] });
  const res = await guest.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'card', pay_with: payWith });
  expect(res.status).toBe(201);
  const [p] = await api.db.select().from(payments).where(eq(payments.bookingId, res.body.data.id));
  return { guest, booking: res.body.data as { id: number; pnr: string; payment_url: string; total: { amount: string } }, payment: p };
}
const statusOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0].status;
const paymentOf = async (tracker: string) => (await api.db.select().from(payments).where(eq(payments.tracker, tracker)))[0];
const outcomesOf = async (tracker: string) => (await api.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.tracker, tracker))).map((c) => c.outcome);

/** A Safepay card booking whose hosted checkout the customer has opened (as the browser does on the redirect). */
async function safepayBooking() {
  const b = await booking();
  const url = new URL(b.booking.payment_url);
  expect(url.origin).toBe(safepay.url);
  expect(url.pathname).toBe('/checkout/pay');
  expect(url.searchParams.get('order_id')).toBe(b.payment.tracker);
  expect((await fetch(url)).status).toBe(200);
  return { ...b, token: b.payment.providerRef! };
}
const returnFrom = (fields: Record<string, string>, code = 'safepay') => outside().request('POST', `/api/payments/${code}/return`, form(fields), formHeaders);
const location = (res: { headers: Headers }) => new URL(res.headers.get('location')!);

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('payment options', () => {
  it('both providers are offered, on the options and on the offer’s detail', async () => {
    expect((await outside().get('/api/payment-options')).body.data).toEqual({ pay_with: ['card', 'jazzcash'] });
    const flight_id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'ISB', date: day(26), flight_no: 'PK399' }] });
    expect((await outside().get(`/api/flight/${encodeURIComponent(flight_id)}/fake/0`)).body.data.pay_with).toEqual(['card', 'jazzcash']);
  });

  it('pay_with must be card or jazzcash', async () => {
    const guest = await api.as('anonymous');
    const flight_id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'ISB', date: day(26), flight_no: 'PK398' }] });
    const res = await guest.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'card', pay_with: 'easypaisa' });
    expect(res.status).toBe(422);
    expect(res.body.errors.pay_with).toEqual(['Choose card or JazzCash.']);
  });
});

describe('Safepay', () => {
  it('paid: the signed return is checked with the official client, the tracker read back, the booking ticketed; the same return again changes nothing', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    const { form: paid, redirect } = await safepay.pay(token, 'paid');
    expect(redirect).toBe(`${api.ctx.config.appUrl}/api/payments/safepay/return`);
    const res = await returnFrom(paid!);
    expect(res.status).toBe(303);
    expect(location(res).pathname).toBe('/payment-result');
    expect(Object.fromEntries(location(res).searchParams)).toEqual({ status: 'success', tracker: payment.tracker });
    expect(await statusOf(b.id)).toBe('ticketed');
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'paid', providerRef: token });
    // Read back from Safepay's reporter with the merchant secret, not believed from the form.
    expect(safepay.requests.some((r) => r.path === `/reporter/api/v1/payments/${token}` && r.headers['x-sfpy-merchant-secret'] === safepay.secretKey)).toBe(true);
    const again = await returnFrom(paid!);
    expect(location(again).searchParams.get('status')).toBe('success');
    expect(await outcomesOf(payment.tracker)).toEqual(['paid', 'replay']);
  });

  it('paid, told by the webhook alone (the customer closed the tab): ticketed once; the same webhook again is a replay', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    await safepay.pay(token, 'paid');
    const { body, signed } = buildWebhook('payment:created', safepay.trackers.get(token)!, { ...stateOf(), url: safepay.url, webhookUrl: null, trackers: safepay.trackers }, 'http://safar.test/api/webhooks/safepay');
    const send = () => outside().request('POST', '/api/webhooks/safepay', JSON.stringify(body), { 'content-type': 'application/json', 'x-sfpy-signature': signWebhookData(signed, safepay.webhookSecret) });
    expect((await send()).body).toEqual({ message: 'paid' });
    expect(await statusOf(b.id)).toBe('ticketed');
    expect((await send()).body).toEqual({ message: 'replay' });
    expect(await outcomesOf(payment.tracker)).toEqual(['paid', 'replay']);
  });

  it('a webhook signed with another secret is refused and changes nothing', async () => {
    const { booking: b, token } = await safepayBooking();
    await safepay.pay(token, 'paid');
    const { body, signed } = buildWebhook('payment:created', safepay.trackers.get(token)!, { ...stateOf(), url: safepay.url, webhookUrl: null, trackers: safepay.trackers }, 'http://safar.test/api/webhooks/safepay');
    const res = await outside().request('POST', '/api/webhooks/safepay', JSON.stringify(body), { 'content-type': 'application/json', 'x-sfpy-signature': signWebhookData(signed, 'not-the-secret') });
    expect(res.status).toBe(400);
    expect(await statusOf(b.id)).toBe('booked');
  });

  it('declined: the customer stays on Safepay’s page and the booking stays held; leaving it cancels the payment, not the booking', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    const declined = await safepay.pay(token, 'declined');
    expect(new URL(declined.redirect).origin).toBe(safepay.url);
    expect(await statusOf(b.id)).toBe('booked');
    const { redirect } = await safepay.pay(token, 'cancelled');
    const res = await outside().request('GET', new URL(redirect).pathname + new URL(redirect).search);
    expect(Object.fromEntries(location(res).searchParams)).toEqual({ status: 'cancelled', tracker: payment.tracker });
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'canceled' });
    expect(await statusOf(b.id)).toBe('booked');
  });

  it('the cancel address alone (unsigned) cancels nothing while Safepay still holds the tracker open; a later checkout is a new tracker', async () => {
    const { booking: b, payment, guest } = await safepayBooking();
    const res = await outside().get('/api/payments/safepay/cancel', { tracker: payment.tracker });
    expect(location(res).searchParams.get('status')).toBe('cancelled');
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'created' });
    const again = await guest.get('/api/safepay-url', { pnr: b.pnr, email: contact.email });
    expect(again.body.data.tracker).not.toBe(payment.tracker);
    expect(await statusOf(b.id)).toBe('booked');
  });

  it('forged: a return whose sig is not Safepay’s, or that names a tracker of another payment, changes nothing', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    const { form: paid } = await safepay.pay(token, 'paid');
    const forged = await returnFrom({ ...paid!, sig: 'a'.repeat(64) });
    expect(location(forged).searchParams.get('status')).toBe('unknown');
    const other = await safepayBooking();
    const swapped = await returnFrom({ ...paid!, order_id: other.payment.tracker });
    expect(location(swapped).searchParams.get('status')).toBe('unknown');
    expect(await statusOf(b.id)).toBe('booked');
    expect(await statusOf(other.booking.id)).toBe('booked');
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'created' });
    const forgedRows = await api.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.outcome, 'forged'));
    expect(forgedRows.length).toBeGreaterThanOrEqual(2);
  });

  it('an amount at Safepay that is not the booking’s is not taken as payment', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    const { form: paid } = await safepay.pay(token, 'paid');
    safepay.trackers.get(token)!.amountMinor -= 100_00;
    const res = await returnFrom(paid!);
    expect(location(res).searchParams.get('status')).toBe('unknown');
    expect(await outcomesOf(payment.tracker)).toEqual(['amount_mismatch']);
    expect(await statusOf(b.id)).toBe('booked');
  });

  it('money taken after the hold expired goes back through Safepay, in full', async () => {
    const { booking: b, payment, token } = await safepayBooking();
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    await expireHolds(api.ctx);
    const { form: paid } = await safepay.pay(token, 'paid');
    const res = await returnFrom(paid!);
    expect(location(res).searchParams.get('status')).toBe('failed');
    expect(await statusOf(b.id)).toBe('canceled');
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'refunded' });
    const t = safepay.trackers.get(token)!;
    expect(t.refunds.map((r) => r.amountMinor)).toEqual([payment.amountMinor]);
    expect(t.state).toBe('TRACKER_REFUNDED');
  });
});

describe('JazzCash', () => {
  /** Our page posts the signed form to JazzCash; what JazzCash then posts back is returned. */
  async function jazzCashCheckout(outcome: 'paid' | 'failed' | 'cancelled' | 'pending') {
    const b = await booking('jazzcash');
    const url = new URL(b.booking.payment_url);
    expect(url.pathname).toBe(`/api/payments/jazzcash/pay/${b.payment.tracker}`);
    const page = await outside().request('GET', url.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action ${jazzcash.url}`);
    const html = String(page.body);
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))]));
    const action = /action="([^"]+)"/.exec(html)![1];
    expect(fields).toMatchObject({ pp_Amount: String(b.payment.amountMinor), pp_TxnCurrency: 'PKR', pp_TxnRefNo: b.payment.providerRef, pp_ReturnURL: `${api.ctx.config.appUrl}/api/payments/jazzcash/return` });
    const hosted = await fetch(action, { method: 'POST', body: form(fields), headers: formHeaders });
    expect(await hosted.text()).toContain('data-testid="jazzcash-amount"');
    const back = await jazzcash.complete(b.payment.providerRef!, outcome);
    return { ...b, back };
  }

  it('paid: the return’s secure hash is checked, JazzCash’s inquiry asked, the booking ticketed; the same return again changes nothing', async () => {
    const { booking: b, payment, back } = await jazzCashCheckout('paid');
    const res = await returnFrom(back.form, 'jazzcash');
    expect(Object.fromEntries(location(res).searchParams)).toEqual({ status: 'success', tracker: payment.tracker });
    expect(await statusOf(b.id)).toBe('ticketed');
    expect(jazzcash.requests.some((r) => r.path === '/ApplicationAPI/API/PaymentInquiry/Inquire')).toBe(true);
    await returnFrom(back.form, 'jazzcash');
    expect(await outcomesOf(payment.tracker)).toEqual(['paid', 'replay']);
  });

  it('failed and cancelled leave the booking held; pending changes nothing yet', async () => {
    for (const [outcome, status, shown] of [['failed', 'failed', 'failed'], ['cancelled', 'canceled', 'cancelled'], ['pending', 'created', 'pending']] as const) {
      const { booking: b, payment, back } = await jazzCashCheckout(outcome);
      const res = await returnFrom(back.form, 'jazzcash');
      expect(location(res).searchParams.get('status')).toBe(shown);
      expect(await paymentOf(payment.tracker)).toMatchObject({ status });
      expect(await statusOf(b.id)).toBe('booked');
    }
  });

  it('forged: a return with a wrong hash, or a changed amount under the old hash, changes nothing', async () => {
    const { booking: b, payment, back } = await jazzCashCheckout('paid');
    expect(location(await returnFrom({ ...back.form, pp_SecureHash: 'F'.repeat(64) }, 'jazzcash')).searchParams.get('status')).toBe('unknown');
    expect(location(await returnFrom({ ...back.form, pp_Amount: '100' }, 'jazzcash')).searchParams.get('status')).toBe('unknown');
    // Signed with our own salt but for another amount: the hash is good, the amount is not the booking's.
    const cheap = { ...back.form, pp_Amount: '100' };
    expect(location(await returnFrom({ ...cheap, pp_SecureHash: jazzCashHash(cheap, jazzcash.integritySalt) }, 'jazzcash')).searchParams.get('status')).toBe('unknown');
    expect(await statusOf(b.id)).toBe('booked');
    expect(await outcomesOf(payment.tracker)).toEqual(['amount_mismatch']);
  });

  it('money taken after the hold expired goes back through JazzCash', async () => {
    const { booking: b, payment, back } = await jazzCashCheckout('paid');
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    await expireHolds(api.ctx);
    await returnFrom(back.form, 'jazzcash');
    expect(await statusOf(b.id)).toBe('canceled');
    expect(await paymentOf(payment.tracker)).toMatchObject({ status: 'refunded' });
    expect(jazzcash.transactions.get(payment.providerRef!)!.refunds.map((r) => r.amountPaisa)).toEqual([payment.amountMinor]);
  });

  it('the JazzCash page is there only for an open JazzCash payment', async () => {
    const { payment } = await safepayBooking();
    const res = await outside().request('GET', `/api/payments/jazzcash/pay/${payment.tracker}`);
    expect(res.status).toBe(303);
    expect(location(res).searchParams.get('status')).toBe('unknown');
  });
});

function stateOf() {
  return { apiKey: safepay.apiKey, secretKey: safepay.secretKey, webhookSecret: safepay.webhookSecret };
}
