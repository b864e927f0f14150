import { describe, expect, it } from 'vitest';
import { mailsTo, setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { fileForm, PDF_MIN } from '../support/upload-fixtures';
import { applicationBody, dayFrom, docsFor, idemKey, newVisa, traveller, uploadDoc } from '../support/visa-applications';
import { BM } from '../../contract/bookings';
import { VAM } from '../../contract/visa-applications';
import { UPLOAD_MESSAGES } from '../../server/uploads/service';

/** POST /visa-applications: the fee from the visa's price, every traveller's documents the applicant's own. */
const api = await setupApi();
const as = identities(api);
const visa = await newVisa(await as('admin'));
const travel = dayFrom(api.ctx.clock.now, 40);

describe('applying for a visa', () => {
  it('a customer applies for two travellers: fee = price × travellers from the server, a VA- reference, a card checkout; the same key answers the same application', async () => {
    const customer = await as('customer');
    const t = [traveller(await docsFor(customer)), traveller(await docsFor(customer), { first_name: 'Sara', title: 'Mrs', passport_no: 'XY7654321' })];
    const key = idemKey();
    const res = await customer.post('/api/visa-applications', { ...applicationBody(visa.id, travel, t), fee: '1.00' }, { 'idempotency-key': key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'pending_payment', traveller_count: 2, fee: { amount: '30000.00', currency: 'PKR' }, unit_price: { amount: '15000.00' },
      visa: { id: visa.id, title: 'UAE Tourist Visa', country_code: 'AE' }, contact: { email: 'applicant@example.com', country: 'PK' },
      payment: { method: 'card', status: 'pending' }, channel: 'customer', rejection_reason: null,
    });
    expect(res.body.data.reference).toMatch(/^VA-\d{2}-\d{6}$/);
    expect(res.body.data.payment.checkout_url).toContain('/sandbox/pay/');
    expect(res.body.data.travellers[0]).toMatchObject({ passport_no: 'AB1234567', nationality: 'PK' });
    expect(res.body.data.travellers[0].documents.map((d: { kind: string; mime: string }) => [d.kind, d.mime])).toEqual([['passport', 'application/pdf'], ['photo', 'image/jpeg']]);
    const again = await customer.post('/api/visa-applications', applicationBody(visa.id, travel, t), { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);
    // No mail yet: the applicant hears when the application is paid and submitted.
    expect((await mailsTo(api.db, 'applicant@example.com')).filter((m) => m.kind.startsWith('visa-application'))).toHaveLength(0);
  });

  it('warns, without refusing, when a passport expires within six months of the travel date', async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(await docsFor(customer), { passport_expiry: dayFrom(api.ctx.clock.now, 60) })]));
    expect(res.status).toBe(201);
    expect(res.body.data.passport_warnings).toEqual([0]);
  });
});

describe('refused applications', () => {
  const refuse = async (over: Record<string, unknown>, t?: unknown[]) => {
    const customer = await as('customer');
    return customer.post('/api/visa-applications', applicationBody(visa.id, travel, t ?? [traveller(await docsFor(customer))], over));
  };

  it('a missing document, a missing traveller, a bad passport number and a past travel date: 422 on the field', async () => {
    const customer = await as('customer');
    const docs = await docsFor(customer);
    const noPhoto = await refuse({}, [traveller({ passport: docs.passport } as never)]);
    expect(noPhoto.status).toBe(422);
    expect(noPhoto.body.errors['travellers.0.documents.photo']).toEqual([VAM.document]);
    expect((await refuse({ travellers: [] })).body.errors.travellers).toEqual([VAM.travellers]);
    expect((await refuse({}, [traveller(docs, { passport_no: '12' })])).body.errors['travellers.0.passport_no']).toEqual([VAM.passportNo]);
    const past = await refuse({ travel_date: dayFrom(api.ctx.clock.now, -1) });
    expect(past.status).toBe(422);
    expect(past.body.errors.travel_date).toEqual([VAM.travelPast]);
  });

  it('a passport that expires before the travel date is refused with the flights\' rule', async () => {
    const customer = await as('customer');
    const res = await refuse({}, [traveller(await docsFor(customer), { passport_expiry: dayFrom(api.ctx.clock.now, 39) })]);
    expect(res.status).toBe(422);
    expect(res.body.errors['travellers.0.passport_expiry']).toEqual([BM.expiryBeforeTravel]);
  });

  it("someone else's file, an unknown file and a PDF as the photo are refused", async () => {
    const customer = await as('customer');
    const mine = await docsFor(customer);
    const theirs = await uploadDoc(await as('agent'));
    const other = await refuse({}, [traveller({ passport: theirs, photo: mine.photo })]);
    expect(other.status).toBe(422);
    expect(other.body.errors['travellers.0.documents.passport']).toEqual([UPLOAD_MESSAGES.notYours]);
    const unknown = await refuse({}, [traveller({ passport: mine.passport, photo: `${'0'.repeat(32)}.jpg` })]);
    expect(unknown.body.errors['travellers.0.documents.photo']).toEqual([UPLOAD_MESSAGES.unknown]);
    const pdfPhoto = await refuse({}, [traveller({ passport: mine.passport, photo: mine.passport })]);
    expect(pdfPhoto.body.errors['travellers.0.documents.photo']).toEqual([UPLOAD_MESSAGES.notImage]);
  });

  it('a text file renamed .jpg never becomes a document: the upload is refused by its content', async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/uploads', fileForm(Buffer.from('just some text, not a picture'), 'passport.jpg', 'image/jpeg', { purpose: 'document' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([UPLOAD_MESSAGES.type]);
    expect((await customer.post('/api/uploads', fileForm(PDF_MIN, 'scan.pdf', 'application/pdf', { purpose: 'document' }))).status).toBe(201);
  });

  it('the wallet is for agents, an unknown visa is 404, a malformed key is 422', async () => {
    expect((await refuse({ payment_method: 'wallet' })).body.errors.payment_method).toEqual([VAM.walletAgentsOnly]);
    const unknown = await refuse({ visa_id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(VAM.visaNotFound);
    const customer = await as('customer');
    const badKey = await customer.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(await docsFor(customer))]), { 'idempotency-key': 'x' });
    expect(badKey.body.errors.idempotency_key).toEqual([VAM.idempotencyFormat]);
  });
});

describe('who may call what', () => {
  it('POST: customers and approved agents (staff and signed-out callers refused before anything is read)', async () => {
    await expectRoleMatrix(as, async (c, who) => {
      const docs = who === 'customer' || who === 'agent' ? await docsFor(c) : { passport: 'x', photo: 'y' };
      return c.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(docs)]));
    }, { customer: 201, agent: 201 });
  });

  it('the list: each applicant their own, staff with bookings.read all; status moves need bookings.manage', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/visa-applications'), { customer: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    const customer = await as('customer');
    const mine = (await customer.get('/api/visa-applications')).body.data as { channel: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.channel === 'customer')).toBe(true);
    const agentRows = (await (await as('agent')).get('/api/visa-applications')).body.data as { channel: string }[];
    expect(agentRows.every((r) => r.channel === 'agent')).toBe(true);
    const id = mine[0] as unknown as { id: number };
    await expectRoleMatrix(as, (c) => c.post(`/api/visa-applications/${id.id}/status`, { status: 'approved' }), { reservation: 409, admin: 409 });
  });

  it("one application: its applicant and staff; another applicant gets 404; signed out, the reference and email", async () => {
    const customer = await as('customer');
    const res = await customer.post('/api/visa-applications', applicationBody(visa.id, travel, [traveller(await docsFor(customer))]));
    const { id, reference, travellers } = res.body.data;
    await expectRoleMatrix(as, (c) => c.get(`/api/visa-applications/${id}`), { anonymous: 422, customer: 200, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    const guest = api.client();
    expect((await guest.get(`/api/visa-applications/${reference}`, { email: 'applicant@example.com' })).body.data.id).toBe(id);
    expect((await guest.get(`/api/visa-applications/${reference}`, { email: 'someone@else.com' })).status).toBe(404);

    const doc = travellers[0].documents[0].url as string;
    await expectRoleMatrix(as, (c) => c.get(doc), { customer: 200, agent: 404, accounts: 200, reservation: 200, analyst: 200, admin: 200 });
    const file = await customer.get(doc);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    // A file that is not one of this application's documents is not served through it, even to its owner.
    expect((await customer.get(`/api/visa-applications/${id}/documents/${await uploadDoc(customer)}`)).status).toBe(404);
  });
});
