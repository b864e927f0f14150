import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { testConfig } from '../support/template';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, paymentCallbacks } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { CARD_UNAVAILABLE, paymentsStartupNote } from '../../server/payments/service';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'prod-guest@example.com', phone: '+92 300 1234567', country: 'PK' };
const pax = { type: 'ADT', title: 'Mr', first_name: 'Free', last_name: 'Ticket', gender: 'M', dob: '1980-01-01', nationality: 'PK', document_type: 'passport', document_no: 'FT1234567', expiry_date: '2036-01-01', issue_country: 'PK' };

describe('production without a payment provider', async () => {
  const prod = await setupApi({ env: 'production', paymentsSandbox: false });
  const fake = new FakeFlightSupplier(new DbSeatStore(prod.db), () => prod.ctx.clock.now);
  registerFlightSuppliers(prod.ctx, [fake]);

  it('has no sandbox checkout, so no test card can ticket anything', async () => {
    const guest = await prod.as('anonymous');
    const page = await guest.request('GET', '/sandbox/pay/trk_aaaaaaaaaaaaaaaaaaaaaa');
    expect(page.status).toBe(404);
    const pay = await guest.request('POST', '/sandbox/pay/trk_aaaaaaaaaaaaaaaaaaaaaa', 'card=4242424242424242&action=pay', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(pay.status).toBe(404);
  });

  it('refuses a card booking with a clear 503 before holding any seat', async () => {
    const guest = await prod.as('anonymous');
    const [{ n: before }] = await prod.db.select({ n: count() }).from(bookings);
    const flight_id = fake.addOffer({ legs: [{ origin: 'LHE', destination: 'JED', date: day(20), flight_no: 'PR100' }] });
    const res = await guest.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [pax], payment_method: 'card' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CARD_UNAVAILABLE);
    const [{ n: after }] = await prod.db.select({ n: count() }).from(bookings);
    expect(after).toBe(before);
  });

  it('a hold can still be made, but it cannot be paid by card', async () => {
    const guest = await prod.as('anonymous');
    const flight_id = fake.addOffer({ legs: [{ origin: 'LHE', destination: 'JED', date: day(21), flight_no: 'PR101' }] });
    const held = await guest.post('/api/bookings', { flight_id, supplier: 'fake', main_contact: contact, travellers: [{ ...pax, first_name: 'Held' }], payment_method: 'hold' });
    expect(held.status).toBe(201);
    const url = await guest.get('/api/safepay-url', { pnr: held.body.data.pnr, email: contact.email });
    expect(url.status).toBe(503);
    expect(url.body.message).toBe(CARD_UNAVAILABLE);
  });

  it('answers callbacks with 404 and keeps nothing', async () => {
    const guest = await prod.as('anonymous');
    const [{ n: before }] = await prod.db.select({ n: count() }).from(paymentCallbacks);
    const res = await guest.post('/api/payments/callback', { tracker: 'trk_aaaaaaaaaaaa', status: 'paid' }, { 'x-safepay-signature': 'a'.repeat(64) });
    expect(res.status).toBe(404);
    const [{ n: after }] = await prod.db.select({ n: count() }).from(paymentCallbacks);
    expect(after).toBe(before);
  });
});

describe('which provider the configuration allows', () => {
  const env = { APP_KEY: 'k', DATA_DIR: '/tmp/safar-config-test' };
  it('production has no sandbox unless PAYMENTS_SANDBOX=true; development has it unless turned off', () => {
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).paymentsSandbox).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true);
    expect(loadConfig({ ...env }).paymentsSandbox).toBe(true);
    expect(loadConfig({ ...env, PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
  });
  it('the start-up log says why card payment is off, and warns loudly about a sandbox in production', () => {
    const ctx = (over: object) => ({ config: { ...testConfig(), ...over } }) as never;
    expect(paymentsStartupNote(ctx({ env: 'production', paymentsSandbox: false }))).toMatchObject({ level: 'warn', text: expect.stringMatching(/Card payments are OFF/) });
    expect(paymentsStartupNote(ctx({ env: 'production', paymentsSandbox: true }))).toMatchObject({ level: 'warn', text: expect.stringMatching(/TEST CARDS/) });
  });
});

describe('the payment callback is bounded', async () => {
  const api = await setupApi({ trustProxyHops: 1, limits: { ...testConfig().limits, paymentCallbacksPerIpPerMinute: 5 } });
  let ip = 0;
  const post = (body: string, headers: Record<string, string> = {}) =>
    api.client().request('POST', '/api/payments/callback', body, { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${++ip}`, ...headers });
  const newest = async () => (await api.db.select().from(paymentCallbacks).orderBy(paymentCallbacks.id)).at(-1)!;

  it('refuses a large body with 413 and stores nothing', async () => {
    const [{ n: before }] = await api.db.select({ n: count() }).from(paymentCallbacks);
    const res = await post(JSON.stringify({ tracker: 'trk_aaaaaaaaaaaa', junk: 'x'.repeat(64 * 1024) }));
    expect(res.status).toBe(413);
    const [{ n: after }] = await api.db.select({ n: count() }).from(paymentCallbacks);
    expect(after).toBe(before);
  });

  it('keeps only the size and hash of a forged body, never the body', async () => {
    const body = JSON.stringify({ tracker: 'trk_forged_000000', status: 'paid', note: 'y'.repeat(4000) });
    const res = await post(body, { 'x-safepay-signature': 'b'.repeat(64) });
    expect(res.status).toBe(400);
    const row = await newest();
    expect(row.outcome).toBe('forged');
    expect(row.tracker).toBe('trk_forged_000000');
    expect(row.payload).toEqual({ bytes: body.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it.each([
    ['a NUL character', '{"tracker":"trk_\\u0000aaaaaaaaa","status":"paid"}'],
    ['5,000-deep nesting', '['.repeat(5000) + ']'.repeat(5000)],
    ['an array', '[1,2,3]'],
    ['not JSON', '{"tracker":'],
    ['a string', '"paid"'],
  ])('answers 4xx, never 500, for %s', async (_, body) => {
    const res = await post(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('limits callbacks per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('{}', { 'x-forwarded-for': '198.51.100.77' })).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
