/**
 * One amount, every place that states it, for the products beside flights (hotel, holiday and umrah package, visa
 * application, insurance policy) and for the agent's deposit: the amount quoted equals the amount charged or
 * credited, the ledger line and wallet movement, the documents (whose lines add up), the mail and the notice. A
 * failure names the path and the two places that disagree. Flights are in money-agreement.flights.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { identities, newBank, today } from '../support/agents';
import { Agreement, amountOnLine, documentTotal, lastMail, minorOf, pdfMoney } from '../support/money-places';
import { bookingBody, dayFrom, payBySandbox, pickRate, type Stay } from '../support/hotels';
import { packageBody, umrahDeparture } from '../support/packages';
import { applicationBody, docsFor, idemKey, newVisa, sandbox, trackerOf, traveller as visaTraveller } from '../support/visa-applications';
import { newPlan, policyBody } from '../support/insurance';
import { eq } from 'drizzle-orm';
import { creditWallet } from '../../server/ledger/service';
import { payments } from '../../server/db/schema';

const api = await setupApi();
const as = identities(api);
const agent = await as('agent');
const agentId: number = (await agent.get('/api/user')).body.data.id;
await creditWallet(api.db, { agentId, amountMinor: 20_000_000_00, type: 'deposit', reference: 'test:money-float', description: 'test float' });

const balance = async () => minorOf((await agent.get('/api/wallet-balance')).body.data.balance);
async function ledger(reference: string): Promise<{ debit: number; credit: number }[]> {
  const rows = (await agent.get('/api/agent-statment')).body.data.rows as { reference: string; debit: { amount: string }; credit: { amount: string } }[];
  return rows.filter((r) => r.reference === reference).map((r) => ({ debit: minorOf(r.debit), credit: minorOf(r.credit) }));
}
const debitOf = async (reference: string) => (await ledger(reference)).find((l) => l.debit > 0)?.debit;
const creditOf = async (reference: string) => (await ledger(reference)).find((l) => l.credit > 0)?.credit;
const notice = async (c: TestClient, kind: string, match: (p: Record<string, string>) => boolean) => {
  const n = ((await c.get('/api/notifications')).body.data as { kind: string; params: Record<string, string> }[]).find((x) => x.kind === kind && match(x.params));
  return n?.params.amount !== undefined ? Math.round(Number(n.params.amount) * 100) : null;
};

describe('a hotel stay', () => {
  it('paid from the wallet, then canceled: the rate, the debit, the mail and the documents; the refund quoted, its credit and its mail', async () => {
    const day = (n: number) => dayFrom(api.ctx.clock.now, n);
    const stay: Stay = { check_in: day(60), check_out: day(63), rooms: [{ adults: 2, children_ages: [] }] };
    const { rate } = await pickRate(agent, stay, { refundable: true });
    const before = await balance();
    const body = bookingBody(stay, rate.id, { payment_method: 'wallet' });
    const res = await agent.post('/api/hotel-bookings', { ...body, contact: { ...body.contact, email: 'hotel@money.test' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    const a = new Agreement('hotel: pay from the wallet').says('the rate', minorOf(rate.total)).says('the booking answer', minorOf(b.total)).says('the ledger debit', await debitOf(`hotel-booking:${b.reference}`))
      .says('the wallet movement', before - await balance()).writes('the confirmation mail', await lastMail(api.db, 'hotel@money.test', 'hotel-booking-confirmed'), minorOf(b.total));
    for (const [doc, label] of [['invoice', 'Total'], ['receipt', 'Amount paid']]) {
      a.says(`the ${doc}`, documentTotal(a.path, doc, (await pdfMoney(api, agent, `/api/hotel-bookings/${b.id}/${doc}.pdf`)).text, label));
    }
    a.check();

    const quote = (await agent.get(`/api/hotel-bookings/${b.id}`)).body.data.cancellation_quote;
    const mid = await balance();
    const cancel = await agent.post(`/api/hotel-bookings/${b.id}/cancel`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    new Agreement('hotel: cancel').says('the quote', minorOf(quote.refund)).says('the cancel answer', minorOf(cancel.body.data.refund)).says('the ledger credit', await creditOf(`hotel-booking:${b.reference}`))
      .says('the wallet movement', await balance() - mid).writes('the cancellation mail', await lastMail(api.db, 'hotel@money.test', 'hotel-booking-canceled'), minorOf(quote.refund))
      .says('the invoice', -(amountOnLine((await pdfMoney(api, agent, `/api/hotel-bookings/${b.id}/invoice.pdf`)).text, 'Refunded') ?? -0)).check();
  });
});

describe('a hotel stay paid by card', () => {
  it('the rate, the payment taken, the mail and the documents', async () => {
    const customer = await as('customer');
    const stay: Stay = { check_in: dayFrom(api.ctx.clock.now, 70), check_out: dayFrom(api.ctx.clock.now, 72), rooms: [{ adults: 1, children_ages: [] }] };
    const { rate } = await pickRate(customer, stay, { refundable: false });
    const body = bookingBody(stay, rate.id);
    const res = await customer.post('/api/hotel-bookings', { ...body, contact: { ...body.contact, email: 'hotel-card@money.test' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    expect((await payBySandbox(customer, b.payment.checkout_url)).status).toBe(303);
    const [pay] = await api.db.select().from(payments).where(eq(payments.hotelBookingId, b.id));
    const a = new Agreement('hotel: pay by card').says('the rate', minorOf(rate.total)).says('the booking answer', minorOf(b.total)).says('the card payment', pay.status === 'paid' ? pay.amountMinor : null)
      .writes('the confirmation mail', await lastMail(api.db, 'hotel-card@money.test', 'hotel-booking-confirmed'), minorOf(b.total));
    for (const [doc, label] of [['invoice', 'Total'], ['receipt', 'Amount paid']]) {
      a.says(`the ${doc}`, documentTotal(a.path, doc, (await pdfMoney(api, customer, `/api/hotel-bookings/${b.id}/${doc}.pdf`)).text, label));
    }
    a.check();
  });
});

describe('an umrah package', () => {
  it('paid from the wallet, then canceled by staff: the price per person times the travellers, the debit, the mail; the refund, its credit and its mail', async () => {
    const admin = await as('admin');
    const { pkg, departure } = await umrahDeparture(admin, 10, 40);
    const offer = (await agent.get('/api/package-departures', { kind: 'umrah', package_id: pkg.id })).body.data;
    const perPerson = minorOf(offer.sharings.find((s: { sharing: string }) => s.sharing === 'quad').per_person);
    const before = await balance();
    const body = packageBody(pkg.id, departure.id, 2, { payment_method: 'wallet' });
    const res = await agent.post('/api/package-bookings', { ...body, contact: { ...body.contact, email: 'umrah@money.test' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data;
    new Agreement('umrah package: pay from the wallet').says('the offer (2 × per person)', 2 * perPerson).says('the booking answer', minorOf(b.total)).says('the ledger debit', await debitOf(`package-booking:${b.reference}`))
      .says('the wallet movement', before - await balance()).writes('the payment mail', await lastMail(api.db, 'umrah@money.test', 'package-booking-paid'), minorOf(b.total)).check();

    const mid = await balance();
    const cancel = await admin.post(`/api/package-bookings/${b.id}/cancel`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    new Agreement('umrah package: cancel').says('the cancel answer', minorOf(cancel.body.data.refund)).says('the ledger credit', await creditOf(`package-booking:${b.reference}`))
      .says('the wallet movement', await balance() - mid).writes('the cancellation mail', await lastMail(api.db, 'umrah@money.test', 'package-booking-canceled'), minorOf(cancel.body.data.refund)).check();
  });
});

describe('a visa application', () => {
  it('paid from the wallet: the visa\'s price per traveller, the fee, the debit and the mail', async () => {
    const visa = await newVisa(await as('admin'), { price: '15250.00' });
    const price = minorOf((await agent.get(`/api/visas/${visa.id}`)).body.data.price);
    const before = await balance();
    const body = applicationBody(visa.id, dayFrom(api.ctx.clock.now, 30), [visaTraveller(await docsFor(agent)), visaTraveller(await docsFor(agent), { first_name: 'Sara', title: 'Ms' })], { payment_method: 'wallet' });
    const res = await agent.post('/api/visa-applications', { ...body, contact: { ...body.contact, email: 'visa@money.test' } }, { 'idempotency-key': idemKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = res.body.data;
    new Agreement('visa application: pay from the wallet').says('the price (2 travellers)', 2 * price).says('the application answer', minorOf(a.fee)).says('the ledger debit', await debitOf(`visa-application:${a.reference}`))
      .says('the wallet movement', before - await balance()).writes('the submission mail', await lastMail(api.db, 'visa@money.test', 'visa-application-submitted'), minorOf(a.fee)).check();
  });
});

describe('an insurance policy', () => {
  it('paid from the wallet: the quote, the policy total, the debit, the mail and the policy document', async () => {
    const plan = await newPlan(await as('admin'), { name: 'Money Check Cover', daily_rate: '185.50' });
    const body = policyBody(plan.id, api.ctx.clock.now, { payment_method: 'wallet', contact: { email: 'insured@money.test', phone: '+92 300 1234567' } });
    const quotes = (await agent.get('/api/insurance-quote', { days: 7, region: 'asia', ages: '36' })).body.data as { plan: { id: number }; total: { amount: string } }[];
    const quoted = minorOf(quotes.find((q) => q.plan.id === plan.id)!.total);
    const before = await balance();
    const res = await agent.post('/api/insurance-policies', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const p = res.body.data;
    const doc = await pdfMoney(api, agent, `/api/insurance-policies/${p.policy_number}/policy.pdf`);
    new Agreement('insurance policy: pay from the wallet').says('the quote', quoted).says('the policy answer', minorOf(p.total)).says('the ledger debit', await debitOf(`insurance-policy:${p.policy_number}`))
      .says('the wallet movement', before - await balance()).writes('the issue mail', await lastMail(api.db, 'insured@money.test', 'insurance-policy-issued'), minorOf(p.total))
      .says('the policy document', doc.amounts.includes(minorOf(p.total)) ? minorOf(p.total) : null, `it writes ${doc.amounts.join(', ')}`).check();
  });
});

describe('an umrah package, a visa application and an insurance policy paid by card', () => {
  /** The payment the hosted page took, by the checkout's tracker. */
  const taken = async (url: string) => {
    expect((await sandbox(customerOf, url, 'pay')).status).toBe(303);
    const [pay] = await api.db.select().from(payments).where(eq(payments.tracker, trackerOf(url)));
    return pay?.status === 'paid' ? pay.amountMinor : null;
  };
  let customerOf: TestClient;

  it('each: the answer\'s total, the payment taken and the mail', async () => {
    customerOf = await as('customer');
    const admin = await as('admin');
    const { pkg, departure } = await umrahDeparture(admin, 10, 45);
    const pb = packageBody(pkg.id, departure.id, 1);
    const pk = (await customerOf.post('/api/package-bookings', { ...pb, contact: { ...pb.contact, email: 'umrah-card@money.test' } })).body.data;
    new Agreement('umrah package: pay by card').says('the booking answer', minorOf(pk.total)).says('the card payment', await taken(pk.payment.checkout_url))
      .writes('the payment mail', await lastMail(api.db, 'umrah-card@money.test', 'package-booking-paid'), minorOf(pk.total)).check();

    const visa = await newVisa(admin, { price: '9999.50' });
    const vb = applicationBody(visa.id, dayFrom(api.ctx.clock.now, 30), [visaTraveller(await docsFor(customerOf))]);
    const va = (await customerOf.post('/api/visa-applications', { ...vb, contact: { ...vb.contact, email: 'visa-card@money.test' } }, { 'idempotency-key': idemKey() })).body.data;
    new Agreement('visa application: pay by card').says('the visa\'s price', 9_999_50).says('the application answer', minorOf(va.fee)).says('the card payment', await taken(va.payment.checkout_url))
      .writes('the submission mail', await lastMail(api.db, 'visa-card@money.test', 'visa-application-submitted'), minorOf(va.fee)).check();

    const plan = await newPlan(admin, { name: 'Card Check Cover', daily_rate: '210' });
    const ip = (await customerOf.post('/api/insurance-policies', policyBody(plan.id, api.ctx.clock.now, { contact: { email: 'insured-card@money.test', phone: '+92 300 1234567' } }))).body.data;
    new Agreement('insurance policy: pay by card').says('the policy answer', minorOf(ip.total)).says('the card payment', await taken(ip.payment.checkout_url))
      .writes('the issue mail', await lastMail(api.db, 'insured-card@money.test', 'insurance-policy-issued'), minorOf(ip.total)).check();
  });
});

describe('a deposit', () => {
  it('submitted and approved: the amount typed, the staff notice, the credit, the wallet movement, the mail and the agent\'s notice', async () => {
    const accounts = await as('accounts');
    const bank = await newBank(await as('admin'));
    const res = await agent.post('/api/deposit-data', { method: 'bank', bank_id: bank.id, amount: '25000.50', deposit_date: today(), reference: 'MONEY-CHECK-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    const before = await balance();
    expect((await accounts.put(`/api/update-deposit-status/${d.id}`, { status: 'approved' })).status).toBe(200);
    const me: string = (await agent.get('/api/user')).body.data.email;
    new Agreement('deposit: approved').says('the amount typed', 25_000_50).says('the deposit answer', minorOf(d.amount))
      .says('the staff notice', await notice(accounts, 'deposit_submitted', (p) => p.reference === 'MONEY-CHECK-1'))
      .says('the ledger credit', await creditOf(`deposit:${d.id}`)).says('the wallet movement', await balance() - before)
      .writes('the approval mail', await lastMail(api.db, me, 'deposit-approved'), 25_000_50)
      .says('the agent notice', await notice(agent, 'deposit_approved', (p) => p.reference === 'MONEY-CHECK-1')).check();
  });
});
