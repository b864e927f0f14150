import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailsTo, setupApi } from '../support/api';
import { WALLET_HEADER, walletOf } from '../../contract/http';
import { toMoney } from '../../contract/money';
import { identities } from '../support/agents';
import { bookingBody, dayFrom, MAKKAH, payBySandbox, pickRate, stayQuery, type Stay } from '../support/hotels';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { hotelBookings, ledgerTransactions, payments } from '../../server/db/schema';
import { expireHotelHolds } from '../../server/hotels/payment';

const api = await setupApi();
const as = identities(api);
const day = (n: number) => dayFrom(api.ctx.clock.now, n);
const stay = (over: Partial<Stay> = {}): Stay => ({ check_in: day(60), check_out: day(63), rooms: [{ adults: 2, children_ages: [] }], ...over });
const agentId = async () => (await (await as('agent')).get('/api/user')).body.data.id as number;
let ref = 0;
const topUp = async (minor: number) => creditWallet(api.db, { agentId: await agentId(), amountMinor: minor, type: 'deposit', reference: `test:hotel-topup-${Date.now()}-${ref++}`, description: 'test float' });

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('agents pay from the wallet', () => {
  it('books, is debited, cancels inside the free period and gets everything back; the ledger shows both entries', async () => {
    const agent = await as('agent');
    const s = stay();
    const { rate } = await pickRate(agent, s, { refundable: true });
    await topUp(50_000_000_00);
    const before = (await walletBalance(api.db, await agentId())).balanceMinor;
    const res = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect(b).toMatchObject({ status: 'confirmed', payment: { method: 'wallet', status: 'paid' }, agent_id: await agentId() });
    const total = Math.round(Number(b.total.amount) * 100);
    expect((await walletBalance(api.db, await agentId())).balanceMinor).toBe(before - total);
    // The answer tells the wallet as the debit left it; the confirmation, queued by the booking's own statement,
    // names the booking in its attachments.
    expect(walletOf(res.headers.get(WALLET_HEADER))).toEqual(toMoney(before - total, 'PKR'));
    const [mail] = await mailsTo(api.db, 'hotel.guest@example.com');
    expect(mail).toMatchObject({ kind: 'hotel-booking-confirmed', subject: `Hotel booking ${b.reference} is confirmed` });
    expect(mail.attachments).toEqual([{ kind: 'hotel-voucher', id: b.id, lang: 'en' }, { kind: 'hotel-calendar', id: b.id, lang: 'en' }]);

    const mine = await agent.get('/api/hotel-bookings');
    expect(mine.body.data.map((x: { id: number }) => x.id)).toContain(b.id);
    expect((await (await as('customer')).get('/api/hotel-bookings')).body.data.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const staff = await (await as('analyst')).get('/api/hotel-bookings', { reference: b.reference });
    expect(staff.body).toMatchObject({ meta: { total: 1 }, data: [{ id: b.id }] });
    expect((await (await as('customer')).get(`/api/hotel-bookings/${b.id}`)).status).toBe(404);
    expect((await (await as('analyst')).post(`/api/hotel-bookings/${b.id}/cancel`)).status).toBe(403);

    const cancel = await agent.post(`/api/hotel-bookings/${b.id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'canceled', refund: b.total });
    expect((await walletBalance(api.db, await agentId())).balanceMinor).toBe(before);
    const entries = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `hotel-booking:${b.reference}`));
    expect(entries.map((e) => e.type).sort()).toEqual(['booking', 'refund']);
  });

  it('a non-refundable rate refunds nothing; after the deadline a refundable one keeps its penalty', async () => {
    const agent = await as('agent');
    await topUp(50_000_000_00);
    const s = stay({ check_in: day(5), check_out: day(7) });
    const nr = await pickRate(agent, s, { refundable: false });
    const b1 = (await agent.post('/api/hotel-bookings', bookingBody(s, nr.rate.id, { payment_method: 'wallet' }))).body.data;
    const c1 = await agent.post(`/api/hotel-bookings/${b1.id}/cancel`);
    expect(c1.body.data.refund).toEqual({ amount: '0.00', currency: 'PKR' });

    const r = await pickRate(agent, s, { refundable: true });
    const b2 = (await agent.post('/api/hotel-bookings', bookingBody(s, r.rate.id, { payment_method: 'wallet' }))).body.data;
    api.ctx.clock.now = new Date(Date.parse(`${day(5)}T00:00:00Z`)); // past a deadline of a day or more before check-in
    const quote = (await agent.get(`/api/hotel-bookings/${b2.id}`)).body.data.cancellation_quote;
    expect(quote.penalty).toEqual(r.rate.cancellation_penalty);
    const c2 = await agent.post(`/api/hotel-bookings/${b2.id}/cancel`);
    expect(Number(c2.body.data.refund.amount)).toBeCloseTo(Number(b2.total.amount) - Number(r.rate.cancellation_penalty.amount), 2);
  });

  it('"Insufficient Balance" takes no rooms; the same Idempotency-Key answers the first booking', async () => {
    const admin = await as('admin');
    const { newAgent } = await import('../support/agents');
    const poor = (await newAgent(api, admin)).client;
    const s = stay({ check_in: day(80), check_out: day(81) });
    const { rate, hotel, room } = await pickRate(poor, s, { refundable: false });
    const res = await poor.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Insufficient Balance');
    const again = (await poor.get(`/api/hotels/${hotel.id}`, stayQuery(s))).body.data.rooms.find((x: { code: string }) => x.code === room.code);
    expect(again.rates[0].rooms_left).toBe(rate.rooms_left);

    const agent = await as('agent');
    await topUp(10_000_000_00);
    const key = `hotel-idem-${Date.now()}`;
    const first = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }), { 'idempotency-key': key });
    const second = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }), { 'idempotency-key': key });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.data.id).toBe(first.body.data.id);
    // Repeated once its rate has expired, or by someone else: the first booking's answer, or the key refused.
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 3 * 3_600_000);
    const late = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }), { 'idempotency-key': key });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.data.id).toBe(first.body.data.id);
    const other = await poor.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }), { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty('idempotency_key');
  });
});

describe('unpaid card bookings expire', () => {
  it('after the hold the job marks it expired and gives its rooms back', async () => {
    const guest = await api.as('anonymous');
    const s = stay({ check_in: day(90), check_out: day(92) });
    const { rate, hotel, room } = await pickRate(guest, s, { refundable: false });
    const b = (await guest.post('/api/hotel-bookings', bookingBody(s, rate.id))).body.data;
    const left = async () => (await guest.get(`/api/hotels/${hotel.id}`, stayQuery(s))).body.data.rooms.find((x: { code: string }) => x.code === room.code)?.rates[0]?.rooms_left ?? 0;
    expect(await left()).toBe(rate.rooms_left - 1);
    expect(await expireHotelHolds(api.ctx)).toBe(0);
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    expect(await expireHotelHolds(api.ctx)).toBe(1);
    const [row] = await api.db.select().from(hotelBookings).where(eq(hotelBookings.id, b.id));
    expect(row.status).toBe('expired');
    api.ctx.clock.now = new Date();
    expect(await left()).toBe(rate.rooms_left);

    // The card payment arrives after all: the money goes back and the guest is told; the booking stays expired.
    expect((await payBySandbox(guest, b.payment.checkout_url)).status).toBe(303);
    const [paid] = await api.db.select().from(payments).where(eq(payments.hotelBookingId, b.id));
    expect(paid.status).toBe('refunded');
    expect((await api.db.select().from(hotelBookings).where(eq(hotelBookings.id, b.id)))[0].status).toBe('expired');
    expect((await mailsTo(api.db, 'hotel.guest@example.com')).some((m) => m.subject === `Your payment for hotel booking ${b.reference} was refunded`)).toBe(true);
  });
});

describe('card refunds', () => {
  it('a card payer canceling after the free period gets back the total less the penalty, and the payment says how much', async () => {
    const guest = await api.as('anonymous');
    const s = stay({ check_in: day(6), check_out: day(8) });
    const { rate } = await pickRate(guest, s, { refundable: true });
    const b = (await guest.post('/api/hotel-bookings', bookingBody(s, rate.id))).body.data;
    expect((await payBySandbox(guest, b.payment.checkout_url)).status).toBe(303);
    api.ctx.clock.now = new Date(Date.parse(`${day(6)}T00:00:00Z`)); // past a deadline of a day or more before check-in
    const cancel = await guest.post(`/api/hotel-bookings/${b.reference}/cancel`, { email: 'hotel.guest@example.com' });
    expect(cancel.status).toBe(200);
    const refundMinor = Math.round((Number(b.total.amount) - Number(rate.cancellation_penalty.amount)) * 100);
    expect(refundMinor).toBeGreaterThan(0);
    expect(Math.round(Number(cancel.body.data.refund.amount) * 100)).toBe(refundMinor);
    const [paid] = await api.db.select().from(payments).where(eq(payments.hotelBookingId, b.id));
    expect(paid).toMatchObject({ status: 'refunded', failureReason: expect.stringContaining(`_${refundMinor}PKR`) });
  });
});

describe('hotel margin', () => {
  it('staff with margin rights set it and the next search prices with it', async () => {
    const accounts = await as('accounts');
    const guest = await as('anonymous');
    const q = stayQuery(stay({ check_in: day(100), check_out: day(101) }), { destination: MAKKAH, sort: 'rating', per_page: 3 });
    const before = (await guest.get('/api/hotels', q)).body.data[0];
    const saved = await accounts.post('/api/save-hotel-margin', { type: 'markup', percent: 10 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await accounts.get('/api/get-hotel-margin')).body.data).toMatchObject({ type: 'markup', percent: 10 });
    const after = (await guest.get('/api/hotels', q)).body.data.find((h: { id: string }) => h.id === before.id);
    expect(Number(after.cheapest.total.amount)).toBeGreaterThan(Number(before.cheapest.total.amount) * 1.05);
    expect((await accounts.post('/api/save-hotel-margin', { type: 'markup', percent: 150 })).status).toBe(422);
    await accounts.post('/api/save-hotel-margin', { type: 'markup', percent: 0 });
  });
});
