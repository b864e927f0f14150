import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailsTo, setupApi } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { expireHolds } from '../../server/bookings/tickets';
import { bookingEvents, bookings, paymentCallbacks, payments } from '../../server/db/schema';
import { paymentProvider, refundDuePayments } from '../../server/payments/service';
import { SandboxProvider, signPayload, type CallbackPayload } from '../../server/payments/provider';

const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const contact = { email: 'payer@example.com', phone: '+92 300 7654321', country: 'PK' };
const pax = () => ({
  type: 'ADT', title: 'Ms', first_name: `Sara${String.fromCharCode(65 + seq++)}`, last_name: 'Ahmed', gender: 'F', dob: '1988-02-03',
  nationality: 'PK', document_type: 'passport', document_no: `CD${2000000 + seq}`, expiry_date: '2034-05-05', issue_country: 'PK',
});

/** A guest's card booking: the booking and the tracker of its hosted checkout. */
async function cardBooking() {
  const guest = await api.as('anonymous');
  const flight_id = fake.addOffer({ legs: [{ origin: 'LHE', destination: 'JED', date: day(20), flight_no: `PK7${seq}` }] });
  const res = await guest.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'card' });
  expect(res.status).toBe(201);
  const url = new URL(res.body.data.payment_url);
  const tracker = url.pathname.split('/').pop()!;
  return { guest, booking: res.body.data, url, tracker };
}
const statusOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0].status;
const eventsOf = async (id: number) => api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
const sandbox = () => paymentProvider(api.ctx) as SandboxProvider;

function payload(tracker: string, over: Partial<CallbackPayload> = {}): CallbackPayload {
  return { tracker, status: 'paid', amount: '45000.00', currency: 'PKR', provider_ref: 'sbx_test', ts: 1_800_000_000, ...over };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('card payment through the sandbox', () => {
  it('the hosted checkout shows the amount; the success card tickets the booking and returns to /payment-result', async () => {
    const { guest, booking, url, tracker } = await cardBooking();
    expect(url.pathname).toBe(`/sandbox/pay/${tracker}`);
    const page = await guest.request('GET', url.pathname);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('PKR');
    expect(String(page.body)).toContain('4242 4242 4242 4242');
    const res = await guest.request('POST', url.pathname, form({ card: '4242 4242 4242 4242', action: 'pay', lang: 'en' }), formHeaders);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/payment-result?status=success&tracker=${tracker}`);
    expect(await statusOf(booking.id)).toBe('ticketed');
    const result = await guest.get('/api/payment-result', { tracker });
    expect(result.body.data).toMatchObject({ status: 'paid', amount: { amount: '45000.00', currency: 'PKR' }, booking: { pnr: booking.pnr, status: 'ticketed' } });
    const details = await guest.get('/api/get-customer-flight-booking-details', { pnr: booking.pnr, email: contact.email });
    expect(details.body.data.travellers[0].ticket_number).toMatch(/^\d{13}$/);
    expect((await eventsOf(booking.id)).map((e) => [e.action, e.actorKind])).toEqual([['create', 'guest'], ['pay_card', 'payment']]);
    // One mail for the one event the payer cares about: the ticket (no "on hold" mail while paying), amounts grouped.
    const mails = await mailsTo(api.db, contact.email);
    expect(mails.map((m) => m.kind)).toEqual(['booking-ticketed']);
    expect(mails[0].textBody).toMatch(/PKR\s45,000\b/);
    expect(mails[0].attachments.map((a) => a.kind)).toEqual(['e-ticket', 'flight-calendar']);
    // The page is closed now: paying again changes nothing.
    const again = await guest.request('POST', url.pathname, form({ card: '4242424242424242', action: 'pay' }), formHeaders);
    expect(again.status).toBe(409);
  });

  it('a declined card leaves the hold; a new checkout then succeeds', async () => {
    const { guest, booking, url, tracker } = await cardBooking();
    const res = await guest.request('POST', url.pathname, form({ card: '4000000000000002', action: 'pay' }), formHeaders);
    expect(res.headers.get('location')).toBe(`/payment-result?status=failed&tracker=${tracker}`);
    expect(await statusOf(booking.id)).toBe('booked');
    expect((await guest.get('/api/payment-result', { tracker })).body.data.status).toBe('failed');
    const next = await guest.get('/api/safepay-url', { pnr: booking.pnr, email: contact.email });
    expect(next.status).toBe(200);
    expect(next.body.data.tracker).not.toBe(tracker);
    const paid = await guest.request('POST', new URL(next.body.data.url).pathname, form({ card: '4242424242424242', action: 'pay' }), formHeaders);
    expect(paid.status).toBe(303);
    expect(await statusOf(booking.id)).toBe('ticketed');
  });

  it('cancel returns with status canceled; an unknown card is refused on the page', async () => {
    const { guest, booking, url, tracker } = await cardBooking();
    const wrong = await guest.request('POST', url.pathname, form({ card: '1111 2222 3333 4444', action: 'pay' }), formHeaders);
    expect(wrong.status).toBe(422);
    expect(String(wrong.body)).toContain('Use one of the test cards');
    const res = await guest.request('POST', url.pathname, form({ action: 'cancel' }), formHeaders);
    expect(res.headers.get('location')).toBe(`/payment-result?status=canceled&tracker=${tracker}`);
    expect(await statusOf(booking.id)).toBe('booked');
  });

  it('the checkout page speaks Arabic, right to left', async () => {
    const { guest, url } = await cardBooking();
    const page = await guest.request('GET', `${url.pathname}?lang=ar`);
    expect(String(page.body)).toContain('dir="rtl"');
    expect(String(page.body)).toContain('ادفع');
  });
});

describe('payment callbacks', () => {
  const post = (p: unknown, signature: string) => api.client().post('/api/payments/callback', p, { 'x-safepay-signature': signature });

  it('a forged signature changes nothing', async () => {
    const { booking, tracker } = await cardBooking();
    const p = payload(tracker);
    const res = await post(p, signPayload('not-the-key', p));
    expect(res.status).toBe(400);
    expect((await post(p, '')).status).toBe(400);
    expect(await statusOf(booking.id)).toBe('booked');
    const [pay] = await api.db.select().from(payments).where(eq(payments.tracker, tracker));
    expect(pay.status).toBe('created');
    const logged = await api.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.tracker, tracker));
    expect(logged.every((l) => l.outcome === 'forged' && !l.signatureValid)).toBe(true);
  });

  it('an amount or currency mismatch changes nothing, even when signed', async () => {
    const { booking, tracker } = await cardBooking();
    for (const over of [{ amount: '1.00' }, { currency: 'USD' }]) {
      const p = payload(tracker, over);
      const res = await post(p, sandbox().sign(p));
      expect(res.status).toBe(422);
    }
    expect(await statusOf(booking.id)).toBe('booked');
    expect((await api.db.select().from(payments).where(eq(payments.tracker, tracker)))[0].status).toBe('created');
  });

  it('a replayed callback changes nothing the second time', async () => {
    const { booking, tracker } = await cardBooking();
    const p = payload(tracker);
    const sig = sandbox().sign(p);
    const [a, b] = await Promise.all([post(p, sig), post(p, sig)]);
    expect([a.body.message, b.body.message].sort()).toEqual(['paid', 'replay']);
    const third = await post({ ...p, status: 'failed' }, sandbox().sign({ ...p, status: 'failed' }));
    expect(third.body.message).toBe('replay');
    expect(await statusOf(booking.id)).toBe('ticketed');
    expect((await eventsOf(booking.id)).filter((e) => e.toStatus === 'ticketed')).toHaveLength(1);
    expect((await api.db.select().from(payments).where(eq(payments.tracker, tracker)))[0].status).toBe('paid');
  });

  it('an unknown tracker answers 404', async () => {
    const p = payload('trk_doesnotexist');
    expect((await post(p, sandbox().sign(p))).status).toBe(404);
  });

  it('money arriving after the hold expired is kept for a refund, the booking stays canceled', async () => {
    const { booking, tracker } = await cardBooking();
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    await expireHolds(api.ctx);
    const p = payload(tracker);
    const res = await post(p, sandbox().sign(p));
    expect(res.body.message).toBe('refund_due');
    expect(await statusOf(booking.id)).toBe('canceled');
    // Refunded at once through the provider, mailed once, and the result page says so.
    const [row] = await api.db.select().from(payments).where(eq(payments.tracker, tracker));
    expect(row).toMatchObject({ status: 'refunded', failureReason: expect.stringContaining('rf_') });
    expect(await refundDuePayments(api.ctx)).toBe(0);
    const mails = (await mailsTo(api.db, contact.email)).filter((m) => m.kind === 'booking-refunded');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your payment for booking ${booking.pnr} was refunded`);
    const shown = await api.client().get('/api/payment-result', { tracker });
    expect(shown.body.data ?? shown.body).toMatchObject({ status: 'refunded' });
  });
});

describe('GET /api/safepay-url', () => {
  it('answers the owner (or a guest with PNR and email) only, and only for a held booking', async () => {
    const { booking, guest } = await cardBooking();
    expect((await guest.get('/api/safepay-url', { pnr: booking.pnr, email: 'wrong@example.com' })).status).toBe(404);
    expect((await (await api.as('customer')).get('/api/safepay-url', { booking_id: booking.id })).status).toBe(404);
    expect((await guest.get('/api/safepay-url')).status).toBe(422);

    const customer = await api.as('customer');
    const flight_id = fake.addOffer({ legs: [{ origin: 'LHE', destination: 'JED', date: day(21), flight_no: 'PK800' }] });
    const mine = await customer.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' });
    const url = await customer.get('/api/safepay-url', { booking_id: mine.body.data.id });
    expect(url.status).toBe(200);
    expect(url.body.data.url).toContain('/sandbox/pay/trk_');
    // The same open checkout is handed out again rather than a new one per click.
    expect((await customer.get('/api/safepay-url', { booking_id: mine.body.data.id })).body.data.tracker).toBe(url.body.data.tracker);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    await expireHolds(api.ctx);
    expect((await customer.get('/api/safepay-url', { booking_id: mine.body.data.id })).status).toBe(409);
  });
});
