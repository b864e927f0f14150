import { beforeEach, describe, expect, it } from 'vitest';
import { mailsTo, setupApi } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { dayFrom, newPlan, policyBody, sandbox, trackerOf, traveller } from '../support/insurance';
import { eq } from 'drizzle-orm';
import { ISM } from '../../contract/insurance';
import { insurancePlans, ledgerTransactions } from '../../server/db/schema';
import { quotePlan } from '../../server/catalogue/insurance';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { expireUnpaidPolicies } from '../../server/insurance/payment';
import { refundDuePayments } from '../../server/payments/service';
import { extractText } from 'unpdf';

/** POST /insurance-policies: buying a plan by card or from an agent's wallet, every refusal, and the expiry job. */
const api = await setupApi();
const as = identities(api);
const plan = await newPlan(await as('admin'));
const body = (over: Record<string, unknown> = {}) => policyBody(plan.id, new Date(), over);
let keys = 0;
const key = () => `ins-${Date.now()}-${keys++}`;
/** 7 days in Asia for one 30-something: 100 × 7 × 100% × 100% = 700, floored at the 1000 minimum. */
const ONE_ADULT = '1000.00';

beforeEach(() => { api.ctx.clock.now = new Date(); });

describe('buying a policy by card', () => {
  it('a guest buys, pays with the sandbox card, and the policy is issued with a number and a mail in its language', async () => {
    const guest = await api.as('anonymous');
    const email = `ins-${Date.now()}@example.com`;
    const res = await guest.post('/api/insurance-policies', body({ contact: { email, phone: '+923001234567' }, expected_total: ONE_ADULT, locale: 'ar' }), { 'idempotency-key': key() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({ status: 'pending_payment', days: 7, region: 'asia', total: { amount: ONE_ADULT, currency: 'PKR' }, payment: { method: 'card', status: 'pending' }, locale: 'ar' });
    expect(p.policy_number).toMatch(/^SI-\d{2}-\d{6}$/);
    expect(p.travellers[0]).toMatchObject({ first_name: 'Imran', passport_number: 'AB1234567', premium: { amount: ONE_ADULT } });
    expect(p.plan).toMatchObject({ name: 'Asia Traveller', name_ar: 'المسافر إلى آسيا', coverage: { amount: '50000.00', currency: 'USD' } });

    await sandbox(guest, p.payment.checkout_url, 'decline');
    expect((await guest.get(`/api/insurance-policies/${p.policy_number}`, { email })).body.data.status).toBe('pending_payment');
    const again = await guest.post(`/api/insurance-policies/${p.policy_number}/checkout`, { email });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.tracker).not.toBe(trackerOf(p.payment.checkout_url));
    expect((await sandbox(guest, again.body.data.url, 'pay')).status).toBe(303);

    const found = await guest.get(`/api/insurance-policies/${p.policy_number}`, { email: email.toUpperCase() });
    expect(found.body.data).toMatchObject({ status: 'issued', payment: { status: 'paid' } });
    expect(found.body.data.issued_at).toBeTruthy();
    const result = await guest.get('/api/payment-result', { tracker: again.body.data.tracker });
    expect(result.body.data.subject).toMatchObject({ kind: 'insurance', id: p.id, reference: p.policy_number });
    expect(result.body.data.subject.href).toContain(`/insurance/policy?ref=${p.policy_number}`);
    const mails = await mailsTo(api.db, email);
    expect(mails.map((m) => m.subject)).toEqual([`تم إصدار وثيقة تأمين السفر ${p.policy_number}`]);

    const paid = await guest.post(`/api/insurance-policies/${p.policy_number}/checkout`, { email });
    expect([paid.status, paid.body.message]).toEqual([409, ISM.paidAlready]);
    // The issued policy as a PDF, in Arabic, for the guest with the number and email; and attached to its mail.
    const pdf = await api.app.request(`/api/insurance-policies/${p.policy_number}/policy.pdf?lang=ar&email=${encodeURIComponent(email)}`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-disposition')]).toEqual([200, 'application/pdf', `attachment; filename="policy-${p.policy_number}-ar.pdf"`]);
    const text = (await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true })).text;
    expect(text).toContain(p.policy_number);
    expect(text).toContain('Khan');
    expect(mails[0].attachments).toEqual([{ kind: 'insurance-policy', id: p.id, lang: 'ar' }]);
    expect((await api.app.request(`/api/insurance-policies/${p.policy_number}/policy.pdf?email=someone@else.example`)).status).toBe(404);
  });

  it('prices on the server from the quote: ages from the dates of birth on the first day of cover', async () => {
    const customer = await as('customer');
    const start = dayFrom(new Date(), 20);
    const child = `${Number(start.slice(0, 4)) - 5}${start.slice(4)}`;
    const senior = `${Number(start.slice(0, 4)) - 65}${start.slice(4)}`;
    const res = await customer.post('/api/insurance-policies', body({ start_date: start, end_date: dayFrom(new Date(), 39), region: 'middle-east', travellers: [traveller(), traveller({ date_of_birth: child, title: 'MSTR' }), traveller({ date_of_birth: senior })] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [planRow] = await api.db.select().from(insurancePlans).where(eq(insurancePlans.id, plan.id));
    const quote = quotePlan(planRow, { days: 20, region: 'middle-east', ages: [res.body.data.travellers[0].age, 5, 65] });
    expect(res.body.data.total).toEqual(quote.total);
    expect(res.body.data.travellers.map((t: { age: number }) => t.age).slice(1)).toEqual([5, 65]);
  });

  it('answers 409 with the new price when the expected total differs, and books at the server price once accepted', async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/insurance-policies', body({ expected_total: '1.00' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'price_changed', message: ISM.priceChanged, total: { amount: ONE_ADULT, currency: 'PKR' } });
    expect((await customer.post('/api/insurance-policies', body({ expected_total: res.body.total.amount }))).status).toBe(201);
  });

  it('the same Idempotency-Key answers the first policy; used by someone else it is refused', async () => {
    const customer = await as('customer');
    const k = key();
    const first = await customer.post('/api/insurance-policies', body(), { 'idempotency-key': k });
    const second = await customer.post('/api/insurance-policies', body(), { 'idempotency-key': k });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.data.id).toBe(first.body.data.id);
    const stranger = await (await api.as('anonymous')).post('/api/insurance-policies', body(), { 'idempotency-key': k });
    expect([stranger.status, stranger.body.errors.idempotency_key]).toEqual([422, [ISM.idempotencyReuse]]);
    const bad = await customer.post('/api/insurance-policies', body(), { 'idempotency-key': 'no spaces allowed' });
    expect(bad.body.errors.idempotency_key).toEqual([ISM.idempotencyFormat]);
  });

  it('money that arrives after the policy expired is refunded, with a mail saying so', async () => {
    const guest = await api.as('anonymous');
    const email = `ins-late-${Date.now()}@example.com`;
    const p = (await guest.post('/api/insurance-policies', body({ contact: { email, phone: '+923001234567' } }))).body.data;
    api.ctx.clock.now = new Date(Date.now() + 31 * 60_000);
    await expireUnpaidPolicies(api.ctx);
    await sandbox(guest, p.payment.checkout_url, 'pay');
    await refundDuePayments(api.ctx);
    expect((await guest.get('/api/payment-result', { tracker: trackerOf(p.payment.checkout_url) })).body.data.status).toBe('refunded');
    expect((await mailsTo(api.db, email)).map((m) => m.subject)).toEqual([`Your payment for insurance policy ${p.policy_number} was refunded`]);
    expect((await guest.get(`/api/insurance-policies/${p.policy_number}`, { email })).body.data.status).toBe('expired');
  });

  it('an unpaid policy expires after its hold; paying is then refused', async () => {
    const guest = await api.as('anonymous');
    const p = (await guest.post('/api/insurance-policies', body())).body.data;
    api.ctx.clock.now = new Date(Date.now() + 31 * 60_000);
    const late = await guest.post(`/api/insurance-policies/${p.policy_number}/checkout`, { email: 'insured.guest@example.com' });
    expect([late.status, late.body.message]).toEqual([410, ISM.holdExpired]);
    expect(await expireUnpaidPolicies(api.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidPolicies(api.ctx)).toBe(0);
    const ended = await guest.post(`/api/insurance-policies/${p.policy_number}/checkout`, { email: 'insured.guest@example.com' });
    expect([ended.status, ended.body.message]).toEqual([409, ISM.notPayable]);
    expect((await guest.get(`/api/insurance-policies/${p.policy_number}`, { email: 'insured.guest@example.com' })).body.data.status).toBe('expired');
  });
});

describe('agents pay from the wallet', () => {
  it('an approved agent buys for a client: the wallet is debited with words and the policy issued at once', async () => {
    const agent = await as('agent');
    const agentId: number = (await agent.get('/api/user')).body.data.id;
    await creditWallet(api.db, { agentId, amountMinor: 100_000_00, type: 'deposit', reference: `test:ins-${Date.now()}`, description: 'test float' });
    const before = (await walletBalance(api.db, agentId)).balanceMinor;
    const res = await agent.post('/api/insurance-policies', body({ payment_method: 'wallet', contact: { email: 'client.of.agent@example.com', phone: '+923001112233' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'issued', payment: { method: 'wallet', status: 'paid' }, agent_id: agentId });
    expect((await walletBalance(api.db, agentId)).balanceMinor).toBe(before - 1000_00);
    const [posting] = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `insurance-policy:${res.body.data.policy_number}`));
    expect(posting.description).toBe(`Travel insurance Asia Traveller, ${res.body.data.start_date} to ${res.body.data.end_date}, 1 traveller(s), ${res.body.data.policy_number}`);
    expect((await mailsTo(api.db, 'client.of.agent@example.com'))[0].subject).toContain(res.body.data.policy_number);
    // The statement says what it was, for words in the reader's language.
    const rows = (await agent.get('/api/agent-statment')).body.data.rows as { reference: string; subject: unknown }[];
    expect(rows.find((r) => r.reference === `insurance-policy:${res.body.data.policy_number}`)?.subject).toEqual({
      kind: 'insurance', reference: res.body.data.policy_number, title: 'Asia Traveller', title_ar: expect.any(String), date: res.body.data.start_date,
    });
  });

  it('"Insufficient Balance" makes no policy', async () => {
    const poor = (await newAgent(api, await as('admin'))).client;
    const res = await poor.post('/api/insurance-policies', body({ payment_method: 'wallet' }));
    expect([res.status, res.body.message]).toEqual([422, 'Insufficient Balance']);
    expect((await poor.get('/api/insurance-policies')).body.data).toEqual([]);
  });

  it('customers and guests cannot pay from a wallet', async () => {
    for (const who of ['customer', 'anonymous'] as const) {
      const res = await (await as(who)).post('/api/insurance-policies', body({ payment_method: 'wallet' }));
      expect([res.status, res.body.errors.payment_method]).toEqual([422, [ISM.walletAgentsOnly]]);
    }
  });
});

describe('refusals', () => {
  it.each([
    ['no plan', { plan_id: 'x' }, 'plan_id', ISM.plan],
    ['unknown plan', { plan_id: 999999 }, 'plan_id', ISM.planNotFound],
    ['unknown region', { region: 'mars' }, 'region', ISM.region],
    ['region not covered', { region: 'worldwide' }, 'region', ISM.notCovered],
    ['bad date', { start_date: '10/10/2030' }, 'start_date', ISM.date],
    ['start in the past', { start_date: '2020-01-01' }, 'start_date', ISM.startPast],
    ['start too far', { start_date: dayFrom(new Date(), 400), end_date: dayFrom(new Date(), 401) }, 'start_date', ISM.startTooFar],
    ['end before start', { end_date: dayFrom(new Date(), 5) }, 'end_date', ISM.endBeforeStart],
    ['trip too long', { end_date: dayFrom(new Date(), 60) }, 'end_date', ISM.tooLong],
    ['no travellers', { travellers: [] }, 'travellers', ISM.travellers],
    ['eleven travellers', { travellers: Array.from({ length: 11 }, () => traveller()) }, 'travellers', ISM.tooMany],
    ['no title', { travellers: [traveller({ title: 'SIR' })] }, 'travellers.0.title', ISM.title],
    ['no first name', { travellers: [traveller({ first_name: ' ' })] }, 'travellers.0.first_name', ISM.firstName],
    ['digits in the last name', { travellers: [traveller({ last_name: 'K4n' })] }, 'travellers.0.last_name', ISM.lastName],
    ['bad date of birth', { travellers: [traveller({ date_of_birth: '' })] }, 'travellers.0.date_of_birth', ISM.dob],
    ['born in the future', { travellers: [traveller({ date_of_birth: '2999-01-01' })] }, 'travellers.0.date_of_birth', ISM.dobFuture],
    ['too old for the plan', { travellers: [traveller(), traveller({ date_of_birth: '1930-01-01' })] }, 'travellers.1.date_of_birth', ISM.tooOld],
    ['bad passport', { travellers: [traveller({ passport_number: 'A1' })] }, 'travellers.0.passport_number', ISM.passport],
    ['bad nationality', { travellers: [traveller({ nationality: 'Pakistan' })] }, 'travellers.0.nationality', ISM.nationality],
    ['bad email', { contact: { email: 'nope', phone: '+923001234567' } }, 'contact.email', ISM.email],
    ['bad phone', { contact: { email: 'a@b.co', phone: '12' } }, 'contact.phone', ISM.phone],
    ['bad payment method', { payment_method: 'cash' }, 'payment_method', ISM.paymentMethod],
  ])('422 for %s', async (_name, over, field, message) => {
    const res = await (await api.as('anonymous')).post('/api/insurance-policies', body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('an unpublished plan is not for sale', async () => {
    const hidden = await newPlan(await as('admin'), { is_published: false });
    const res = await (await api.as('anonymous')).post('/api/insurance-policies', policyBody(hidden.id, new Date()));
    expect(res.body.errors.plan_id).toEqual([ISM.planNotFound]);
  });

  it('role matrix: guests, customers and approved agents buy; staff and pending agents do not', async () => {
    await expectRoleMatrix(as, (c) => c.post('/api/insurance-policies', body()), { anonymous: 201, customer: 201, agent: 201 });
  });
});
