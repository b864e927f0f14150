import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailsTo, setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { payBySandbox } from '../support/hotels';
import { packageBody, traveller, umrahDeparture } from '../support/packages';
import { packageDepartures, users } from '../../server/db/schema';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { expirePackageHolds } from '../../server/package-bookings/payment';

const api = await setupApi();
const as = identities(api);
beforeEach(() => { api.ctx.clock.now = new Date(); });
const seatsLeft = async (id: number) => (await api.db.select().from(packageDepartures).where(eq(packageDepartures.id, id)))[0].seatsAvailable;
let ahead = 30;
const fresh = async (seats = 10) => umrahDeparture(await as('admin'), seats, ahead++);

describe('package departures', () => {
  it('lists a package’s sharing prices and upcoming departures; staff add, change and delete them', async () => {
    const { pkg, departure } = await fresh(8);
    const offer = (await (await api.as('anonymous')).get('/api/package-departures', { kind: 'umrah', package_id: pkg.id })).body.data;
    expect(offer.sharings.map((s: { sharing: string }) => s.sharing)).toEqual(['quad', 'triple', 'double']);
    expect(offer.departures.find((d: { id: number }) => d.id === departure.id)).toMatchObject({ seats_total: 8, seats_available: 8 });
    const admin = await as('admin');
    const changed = await admin.put(`/api/package-departures/${departure.id}`, { kind: 'umrah', package_id: pkg.id, departure_date: departure.departure_date, seats_total: 12 });
    expect(changed.body.data).toMatchObject({ seats_total: 12, seats_available: 12 });
    expect((await admin.post('/api/package-departures', { kind: 'umrah', package_id: pkg.id, departure_date: departure.departure_date, seats_total: 5 })).body.errors).toEqual({ departure_date: ['This package already has a departure on this date.'] });
    expect((await admin.post('/api/package-departures', { kind: 'umrah', package_id: pkg.id, departure_date: '2031-01-01', seats_total: 0 })).body.errors).toHaveProperty('seats_total');
    expect((await admin.delete(`/api/package-departures/${departure.id}`)).status).toBe(200);
  });

  it('only catalogue managers add departures', async () => {
    const { pkg } = await fresh(1);
    await expectRoleMatrix(as, (c) => c.post('/api/package-departures', { kind: 'umrah', package_id: pkg.id, departure_date: 'bad', seats_total: 5 }), { admin: 422 });
  });
});

describe('booking a package', () => {
  it('a customer books a quad room, pays by card, staff confirm; mails in the customer’s language; My trips lists it', async () => {
    const { pkg, departure } = await fresh(10);
    const customer = await as('customer');
    const res = await customer.post('/api/package-bookings', packageBody(pkg.id, departure.id, 2, { locale: 'ar' }), { 'Idempotency-Key': 'pk-test-happy-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect(b.reference).toMatch(/^PK-\d{2}-\d{6}$/);
    expect(b).toMatchObject({ status: 'pending_payment', sharing: 'quad', per_person: { amount: '265000.00' }, total: { amount: '530000.00', currency: 'PKR' } });
    expect(await seatsLeft(departure.id)).toBe(8);
    // The same key again: the same booking, no second hold.
    expect((await customer.post('/api/package-bookings', packageBody(pkg.id, departure.id, 2), { 'Idempotency-Key': 'pk-test-happy-1' })).body.data.id).toBe(b.id);
    expect(await seatsLeft(departure.id)).toBe(8);

    await payBySandbox(await api.as('anonymous'), b.payment.checkout_url);
    expect((await customer.get(`/api/package-bookings/${b.id}`)).body.data.status).toBe('paid');
    const mine = (await customer.get('/api/package-bookings')).body;
    expect(mine.data.map((r: { id: number }) => r.id)).toContain(b.id);

    const reservation = await as('reservation');
    expect((await reservation.post(`/api/package-bookings/${b.id}/confirm`, {})).body.data.status).toBe('confirmed');
    expect((await reservation.post(`/api/package-bookings/${b.id}/confirm`, {})).status).toBe(409);
    const subjects = (await mailsTo(api.db, 'pilgrim@example.com')).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([`تم دفع حجز الباقة ${b.reference}`, `تم تأكيد حجز الباقة ${b.reference}`]));
  });

  it('books the last seats, then answers 409 "not enough places"; expiry and cancel give seats back', async () => {
    const { pkg, departure } = await fresh(3);
    const guest = await api.as('anonymous');
    const first = await guest.post('/api/package-bookings', packageBody(pkg.id, departure.id, 3));
    expect(first.status).toBe(201);
    expect(await seatsLeft(departure.id)).toBe(0);
    const more = await guest.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1));
    expect(more).toMatchObject({ status: 409, body: { message: 'There are not enough places left on this departure.' } });
    api.ctx.clock.now = new Date(Date.now() + 31 * 60_000);
    expect(await expirePackageHolds(api.ctx)).toBeGreaterThanOrEqual(1);
    expect(await seatsLeft(departure.id)).toBe(3);
    expect((await guest.get(`/api/package-bookings/${first.body.data.reference}`, { email: 'pilgrim@example.com' })).body.data.status).toBe('expired');
    api.ctx.clock.now = new Date();
    const second = await guest.post('/api/package-bookings', packageBody(pkg.id, departure.id, 2));
    expect((await (await as('reservation')).post(`/api/package-bookings/${second.body.data.id}/cancel`, {})).body.data.status).toBe('canceled');
    expect(await seatsLeft(departure.id)).toBe(3);
    expect((await (await as('reservation')).post(`/api/package-bookings/${second.body.data.id}/cancel`, {})).status).toBe(409);
  });

  it('an agent pays from the wallet; a cancel credits it back; too little balance is "Insufficient Balance"', async () => {
    const { pkg, departure } = await fresh(10);
    const agent = await as('agent');
    const [me] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    await creditWallet(api.db, { agentId: me.id, amountMinor: 265_000_00, type: 'deposit', reference: `test:pk-${Date.now()}`, description: 'test' });
    const before = (await walletBalance(api.db, me.id)).balanceMinor;
    const res = await agent.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1, { payment_method: 'wallet' }));
    expect(res.body.data).toMatchObject({ status: 'paid', payment: { method: 'wallet', status: 'paid' } });
    expect((await walletBalance(api.db, me.id)).balanceMinor).toBe(before - 265_000_00);
    const rows = (await agent.get('/api/agent-statment')).body.data.rows as { reference: string; subject: { kind: string; reference: string; date: string } | null }[];
    expect(rows.find((r) => r.reference === `package-booking:${res.body.data.reference}`)?.subject).toMatchObject({ kind: 'package', reference: res.body.data.reference, date: res.body.data.departure_date });
    await (await as('admin')).post(`/api/package-bookings/${res.body.data.id}/cancel`, {});
    expect((await walletBalance(api.db, me.id)).balanceMinor).toBe(before);
    const broke = await agent.post('/api/package-bookings', packageBody(pkg.id, departure.id, 9, { payment_method: 'wallet', sharing: 'double' }));
    expect(broke.body.message).toBe('Insufficient Balance');
    expect(await seatsLeft(departure.id)).toBe(10);
  });

  it('a holiday has one price per person ("standard"), offered and charged as such; no room sharing of its own', async () => {
    const admin = await as('admin');
    const h = (await admin.post('/api/holidays', { title: 'Baku Getaway', destination: 'Baku', nights: 3, days: 4, price: '145000', inclusions: '', description: '<p>Caspian</p>' })).body.data;
    const dep = (await admin.post('/api/package-departures', { kind: 'holiday', package_id: h.id, departure_date: '2031-05-01', seats_total: 4 })).body.data;
    expect(dep.return_date).toBe('2031-05-04');
    const offer = (await (await api.as('anonymous')).get('/api/package-departures', { kind: 'holiday', package_id: h.id })).body.data;
    expect(offer.sharings).toEqual([{ sharing: 'standard', per_person: { amount: '145000.00', currency: 'PKR' } }]);
    const c = await as('customer');
    expect((await c.post('/api/package-bookings', packageBody(h.id, dep.id, 1, { kind: 'holiday', sharing: 'quad' }))).body.errors).toEqual({ sharing: ['This room sharing is not offered for this package.'] });
    const res = await c.post('/api/package-bookings', packageBody(h.id, dep.id, 3, { kind: 'holiday', sharing: 'standard' }));
    expect(res.body.data).toMatchObject({ kind: 'holiday', total: { amount: '435000.00' }, return_date: '2031-05-04', package: { place: 'Baku' } });
    // An umrah departure id with the holiday's kind is not this package's departure.
    const { departure } = await fresh(2);
    expect((await c.post('/api/package-bookings', packageBody(h.id, departure.id, 1, { kind: 'holiday', sharing: 'standard' }))).body.errors).toEqual({ departure_id: ['This departure was not found. Please choose another date.'] });
  });

  it('refuses each invalid field with its message', async () => {
    const { pkg, departure } = await fresh(10);
    const c = await as('customer');
    const post = (over: Record<string, unknown>) => c.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1, over));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'cruise' }, 'kind', 'Choose a holiday or an umrah package.'],
      [{ package_id: 'x' }, 'package_id', 'Choose a package.'],
      [{ departure_id: 0 }, 'departure_id', 'Choose a departure date.'],
      [{ sharing: 'single' }, 'sharing', 'Choose a room sharing.'],
      [{ sharing: 'standard' }, 'sharing', 'This room sharing is not offered for this package.'],
      [{ travellers: [] }, 'travellers', 'Add the travellers.'],
      [{ travellers: Array.from({ length: 10 }, (_, i) => traveller(i)) }, 'travellers', 'At most 9 travellers in one booking.'],
      [{ travellers: [traveller(0, { first_name: '' })] }, 'travellers.0.first_name', 'Enter the first name as in the passport.'],
      [{ travellers: [traveller(0, { passport_no: '12' })] }, 'travellers.0.passport_no', 'Use letters and digits only (5 to 20).'],
      [{ travellers: [traveller(0, { passport_expiry: departure.departure_date })] }, 'travellers.0.passport_expiry', 'The passport must be valid on the return date.'],
      [{ travellers: [traveller(0, { dob: '2999-01-01' })] }, 'travellers.0.dob', 'The date of birth must be in the past.'],
      [{ contact: { email: 'nope', phone: '+92 300 1234567', country: 'PK' } }, 'contact.email', 'Enter a valid email address.'],
      [{ payment_method: 'cash' }, 'payment_method', 'Choose card or wallet.'],
      [{ payment_method: 'wallet' }, 'payment_method', 'Only agents can pay from the wallet.'],
      [{ departure_id: 999999 }, 'departure_id', 'This departure was not found. Please choose another date.'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(over);
      expect({ status: res.status, error: res.body.errors?.[field]?.[0] }, JSON.stringify(over)).toEqual({ status: 422, error: message });
    }
    expect((await post({ package_id: 999999 })).status).toBe(404);
    expect(await seatsLeft(departure.id)).toBe(10);
  });

  it('role matrix: who books, lists, reads, confirms and cancels', async () => {
    const { pkg, departure } = await fresh(40);
    await expectRoleMatrix(as, (c) => c.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1)), { anonymous: 201, customer: 201, agent: 201 });
    await expectRoleMatrix(as, (c) => c.get('/api/package-bookings'), { customer: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    const b = (await (await as('customer')).post('/api/package-bookings', packageBody(pkg.id, departure.id, 1))).body.data;
    await expectRoleMatrix(as, (c) => c.get(`/api/package-bookings/${b.id}`), { anonymous: 422, customer: 200, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.post(`/api/package-bookings/${b.id}/confirm`, {}), { reservation: 409, admin: 409 });
    await expectRoleMatrix(as, (c) => c.post(`/api/package-bookings/${b.id}/checkout`, {}), { anonymous: 422, customer: 200, agent: 404 });
    await expectRoleMatrix(as, (c) => c.post(`/api/package-bookings/${b.id}/cancel`, {}), { reservation: [200, 409], admin: [200, 409] });
    const staffList = (await (await as('analyst')).get('/api/package-bookings', { status: 'canceled', per_page: 5 })).body;
    expect(staffList.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(staffList.data.every((r: { status: string }) => r.status === 'canceled')).toBe(true);
  });
});
