import { beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { bookingBody, dayFrom, pickRate, type Stay } from '../support/hotels';
import { expireHotelHolds } from '../../server/hotels/payment';
import { HSM } from '../../server/hotels/messages';

/** POST /hotel-bookings/{id}/checkout: a new card checkout for the same held booking after a failed payment. */
const api = await setupApi();
const as = identities(api);
const day = (n: number) => dayFrom(api.ctx.clock.now, n);
const stay = (): Stay => ({ check_in: day(50), check_out: day(52), rooms: [{ adults: 2, children_ages: [] }] });
const EMAIL = 'hotel.guest@example.com';

beforeEach(() => { api.ctx.clock.now = new Date(); });

/** Submits the sandbox's hosted page: the declining test card, the success card, or its cancel button. */
const sandbox = (client: TestClient, url: string, how: 'decline' | 'pay' | 'cancel') => client.request('POST', new URL(url).pathname, new URLSearchParams({
  card: how === 'pay' ? '4242 4242 4242 4242' : '4000 0000 0000 0002', action: how === 'cancel' ? 'cancel' : 'pay', lang: 'en',
}).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
const trackerOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function cardBooking(client: TestClient) {
  const s = stay();
  const { rate } = await pickRate(client, s, { refundable: true });
  const res = await client.post('/api/hotel-bookings', bookingBody(s, rate.id), { 'idempotency-key': `pay-again-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; reference: string; payment: { checkout_url: string; tracker: string } };
}

describe('the payment result names the hotel booking it paid', () => {
  it("a card booking's answer names its checkout's tracker; /payment-result names the booking, which a guest then opens by reference and email", async () => {
    const guest = await api.as('anonymous');
    const b = await cardBooking(guest);
    expect(b.payment.tracker).toBe(trackerOf(b.payment.checkout_url));
    expect((await sandbox(guest, b.payment.checkout_url, 'pay')).status).toBe(303);
    // Another reader holding only the tracker (a new tab, a reload once the tab's note is gone).
    const stranger = await api.as('anonymous');
    const result = (await stranger.get('/api/payment-result', { tracker: b.payment.tracker })).body.data;
    expect(result).toMatchObject({ status: 'paid', hotel_booking_id: b.id, hotel_booking: { id: b.id, reference: b.reference, email: EMAIL } });
    const found = await stranger.get(`/api/hotel-bookings/${result.hotel_booking.reference}`, { email: result.hotel_booking.email });
    expect(found.body.data).toMatchObject({ id: b.id, status: 'confirmed' });
  });

  it("a guest's booking read while unpaid gives its open checkout and that checkout's tracker", async () => {
    const guest = await api.as('anonymous');
    const b = await cardBooking(guest);
    const read = await guest.get(`/api/hotel-bookings/${b.reference}`, { email: EMAIL });
    expect(read.body.data.payment).toMatchObject({ checkout_url: b.payment.checkout_url, tracker: b.payment.tracker });
    const paid = await guest.get('/api/payment-result', { tracker: b.payment.tracker });
    expect(paid.body.data.hotel_booking).toMatchObject({ reference: b.reference });
  });
});

describe('paying again after a failed card payment', () => {
  it('a guest whose card was declined pays the same booking again by reference and email, and it is confirmed', async () => {
    const guest = await api.as('anonymous');
    const b = await cardBooking(guest);
    expect((await sandbox(guest, b.payment.checkout_url, 'decline')).status).toBe(303);
    expect((await guest.get('/api/payment-result', { tracker: trackerOf(b.payment.checkout_url) })).body.data.status).toBe('failed');

    expect((await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: 'someone@else.com' })).status).toBe(404);
    const again = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL.toUpperCase() });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.tracker).not.toBe(trackerOf(b.payment.checkout_url));
    expect(trackerOf(again.body.data.url)).toBe(again.body.data.tracker);
    // Asked twice before paying, the open checkout is reused rather than a second one opened.
    expect((await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL })).body.data.tracker).toBe(again.body.data.tracker);

    expect((await sandbox(guest, again.body.data.url, 'pay')).status).toBe(303);
    const found = await guest.get(`/api/hotel-bookings/${b.reference}`, { email: EMAIL });
    expect(found.body.data).toMatchObject({ id: b.id, status: 'confirmed', payment: { status: 'paid' } });
    const paid = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(HSM.paidAlready);
  });

  it('a customer who cancelled on the hosted page pays again by id', async () => {
    const customer = await as('customer');
    const b = await cardBooking(customer);
    await sandbox(customer, b.payment.checkout_url, 'cancel');
    const again = await customer.post(`/api/hotel-bookings/${b.id}/checkout`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.tracker).not.toBe(trackerOf(b.payment.checkout_url));
  });

  it('refuses with 410 once the hold has expired, and 409 once the job has expired the booking', async () => {
    const guest = await api.as('anonymous');
    const b = await cardBooking(guest);
    await sandbox(guest, b.payment.checkout_url, 'decline');
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    const late = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(HSM.holdExpired);
    expect(await expireHotelHolds(api.ctx)).toBeGreaterThanOrEqual(1);
    const ended = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL });
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe(HSM.notPayable);
  });

  it('answers 422 for a look-up without an email and for an oversized email', async () => {
    const guest = await api.as('anonymous');
    const b = await cardBooking(guest);
    const bare = await guest.post(`/api/hotel-bookings/${b.id}/checkout`, {});
    expect(bare.status).toBe(422);
    expect(bare.body.errors.email).toEqual([HSM.lookup]);
    const long = await guest.post(`/api/hotel-bookings/${b.reference}/checkout`, { email: `${'a'.repeat(250)}@example.com` });
    expect(long.status).toBe(422);
    expect(long.body.errors.email).toBeDefined();
  });

  it('role matrix on a customer booking by id: only its owner pays; staff and other agents never do', async () => {
    const b = await cardBooking(await as('customer'));
    await expectRoleMatrix(as, (c) => c.post(`/api/hotel-bookings/${b.id}/checkout`, {}), { anonymous: 422, customer: 200, agent: 404 });
    // By reference and email a signed-in stranger is not the owner either.
    expect((await (await as('agent')).post(`/api/hotel-bookings/${b.reference}/checkout`, { email: EMAIL })).status).toBe(404);
  });
});
