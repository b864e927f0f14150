import { describe, expect, it } from 'vitest';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { identities, newAgent } from '../support/agents';
import { applicationBody, dayFrom, docsFor, idemKey, newVisa, sandbox, traveller, trackerOf } from '../support/visa-applications';
import { VAM } from '../../contract/visa-applications';
import { creditWallet, walletBalance } from '../../server/ledger/service';

/** An application's life: paid by card (or wallet), then moved by staff through review, a mail at each change. */
const api = await setupApi();
const as = identities(api);
const visa = await newVisa(await as('admin'));
const travel = dayFrom(api.ctx.clock.now, 30);
let seq = 0;

async function apply(client: TestClient, over: Record<string, unknown> = {}) {
  const email = `applicant-${seq++}@example.com`;
  const body = applicationBody(visa.id, travel, [traveller(await docsFor(client))], over);
  const res = await client.post('/api/visa-applications', { ...body, contact: { ...body.contact, email } }, { 'idempotency-key': idemKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...(res.body.data as { id: number; reference: string; status: string; payment: { checkout_url: string } }), email };
}
const visaMails = async (email: string) => (await mailsTo(api.db, email)).filter((m) => m.kind.startsWith('visa-application')).map((m) => m.kind).reverse();

describe('status flow', () => {
  it('declined then paid by the sandbox card: submitted once, named on the payment result; staff review and approve; a mail at each change', async () => {
    const customer = await as('customer');
    const a = await apply(customer, { locale: 'ar' });
    await sandbox(customer, a.payment.checkout_url, 'decline');
    expect((await customer.get(`/api/visa-applications/${a.id}`)).body.data.status).toBe('pending_payment');
    const again = await customer.post(`/api/visa-applications/${a.id}/checkout`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.tracker).not.toBe(trackerOf(a.payment.checkout_url));
    await sandbox(customer, again.body.data.url, 'pay');
    const result = await customer.get('/api/payment-result', { tracker: again.body.data.tracker });
    expect(result.body.data).toMatchObject({ status: 'paid', amount: { amount: '15000.00' }, subject: { kind: 'visa', id: a.id, reference: a.reference, href: `/visa-application?reference=${a.reference}` } });
    expect((await customer.post(`/api/visa-applications/${a.id}/checkout`, {})).body.message).toBe(VAM.paidAlready);

    const reservation = await as('reservation');
    const early = await reservation.post(`/api/visa-applications/${a.id}/status`, { status: 'approved' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(VAM.illegalMove);
    expect((await reservation.post(`/api/visa-applications/${a.id}/status`, { status: 'in_review' })).body.data.status).toBe('in_review');
    expect((await reservation.post(`/api/visa-applications/${a.id}/status`, { status: 'in_review' })).status).toBe(409);
    const approved = await (await as('admin')).post(`/api/visa-applications/${a.id}/status`, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.events.map((e: { action: string; actor: string }) => `${e.action}:${e.actor}`)).toEqual([
      'created:customer', 'payment_failed:payment', 'paid:payment', 'in_review:reservation', 'approved:admin',
    ]);
    expect(await visaMails(a.email)).toEqual(['visa-application-submitted', 'visa-application-in_review', 'visa-application-approved']);
    // In the applicant's language, kept on the row.
    expect((await mailsTo(api.db, a.email))[0].subject).toContain('تمت الموافقة');
    expect((await reservation.post(`/api/visa-applications/${a.id}/status`, { status: 'rejected', reason: 'late' })).status).toBe(409);
    expect((await customer.get('/api/visa-applications')).body.data.find((r: { id: number }) => r.id === a.id)).toMatchObject({ status: 'approved' });
  });

  it('a rejection needs a reason (422), then carries it to the applicant; an unpaid application cannot be reviewed', async () => {
    const customer = await as('customer');
    const unpaid = await apply(customer);
    expect((await (await as('admin')).post(`/api/visa-applications/${unpaid.id}/status`, { status: 'in_review' })).status).toBe(409);
    await sandbox(customer, unpaid.payment.checkout_url, 'pay');
    const admin = await as('admin');
    await admin.post(`/api/visa-applications/${unpaid.id}/status`, { status: 'in_review' });
    const bare = await admin.post(`/api/visa-applications/${unpaid.id}/status`, { status: 'rejected', reason: '  ' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.reason).toEqual([VAM.reason]);
    expect((await admin.post(`/api/visa-applications/${unpaid.id}/status`, { status: 'maybe' })).body.errors.status).toEqual([VAM.status]);
    const rejected = await admin.post(`/api/visa-applications/${unpaid.id}/status`, { status: 'rejected', reason: 'The photo is not on a white background.' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejection_reason: 'The photo is not on a white background.' });
    const mails = await mailsTo(api.db, unpaid.email);
    expect(mails[0].kind).toBe('visa-application-rejected');
    expect(mails[0].textBody).toContain('The photo is not on a white background.');
  });

  it('two staff deciding at once: one wins, the other gets 409', async () => {
    const customer = await as('customer');
    const a = await apply(customer);
    await sandbox(customer, a.payment.checkout_url, 'pay');
    const [r1, r2] = await Promise.all([(await as('admin')).post(`/api/visa-applications/${a.id}/status`, { status: 'in_review' }), (await as('reservation')).post(`/api/visa-applications/${a.id}/status`, { status: 'in_review' })]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
  });
});

describe('paying from the wallet', () => {
  it('an approved agent is debited the fee and the application is submitted at once; without the balance, "Insufficient Balance" and nothing made', async () => {
    const agent = (await newAgent(api, await as('admin')));
    const poor = await agent.client.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(await docsFor(agent.client))], { payment_method: 'wallet' }));
    expect(poor.status).toBe(422);
    expect(poor.body.message).toBe('Insufficient Balance');
    expect((await agent.client.get('/api/visa-applications')).body.data).toHaveLength(0);

    await creditWallet(api.db, { agentId: agent.id, amountMinor: 20_000_00, type: 'deposit', reference: `test:visa-${agent.id}`, description: 'test float' });
    const a = await apply(agent.client, { payment_method: 'wallet' });
    expect(a).toMatchObject({ status: 'submitted', payment: { method: 'wallet', status: 'paid' } });
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(5_000_00);
    expect(await visaMails(a.email)).toEqual(['visa-application-submitted']);
    expect((await agent.client.post(`/api/visa-applications/${a.id}/checkout`, {})).status).toBe(409);
  });
});
