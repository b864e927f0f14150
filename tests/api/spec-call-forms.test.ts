import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent, newBank, newDeposit, today } from '../support/agents';
import { uploadImage } from '../support/catalogue';
import { fileForm, PNG_1x1 } from '../support/upload-fixtures';
import { uploads } from '../../server/db/schema';

/**
 * The calls as the specification's own client sends them: ids after a trailing slash, in the body or under its
 * names (userId, agentId, depositId, bookingId), `search_query` for `q`, catalogue writes without an id in the path,
 * saves that carry their file in a form, the XSRF cookie under the API's base, and POST / for a booking.
 */
const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let agent: Awaited<ReturnType<typeof newAgent>>;
let bank: { id: number };

beforeAll(async () => {
  admin = await as('admin');
  agent = await newAgent(api, admin);
  bank = await newBank(admin);
});

const uploadsOf = async (ownerId: number) => (await api.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, ownerId)))[0].n;
const form = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; field: string }) => {
  const fd = file ? fileForm(file.bytes, file.name, 'image/png', {}, file.field) : new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

describe('ids after a trailing slash answer as their ?id= forms', () => {
  it('agentsData, get-deposit-data, approved-deposits-total', async () => {
    const d = await newDeposit(agent.client, bank.id, '700.00');
    for (const [slash, query] of [
      [`/api/agentsData/${agent.id}`, `/api/agentsData?id=${agent.id}`],
      [`/api/approved-deposits-total/${agent.id}`, `/api/approved-deposits-total?agent_id=${agent.id}`],
    ]) {
      const [a, b] = [await admin.get(slash), await admin.get(query)];
      expect([a.status, a.body]).toEqual([200, b.body]);
    }
    const [a, b] = [await agent.client.get(`/api/get-deposit-data/${d.id}`), await agent.client.get(`/api/deposit-details?id=${d.id}`)];
    expect([a.status, a.body.data.id]).toEqual([200, b.body.data.id]);
  });
});

describe("ids under the other client's names, in the query or the body", () => {
  it('agentId in the query names the agent', async () => {
    const [a, b] = [await admin.get('/api/agentsData', { agentId: agent.id }), await admin.get(`/api/agentsData/${agent.id}`)];
    expect([a.status, a.body]).toEqual([200, b.body]);
    const t = await admin.get('/api/approved-deposits-total', { agentId: agent.id });
    expect([t.status, t.body]).toEqual([200, (await admin.get(`/api/approved-deposits-total/${agent.id}`)).body]);
  });

  it('depositId in the body decides and deletes a deposit; an unknown one is a 404 as in the path', async () => {
    const d = await newDeposit(agent.client, bank.id, '800.00');
    const decided = await admin.put('/api/update-deposit-status/', { depositId: d.id, status: 'approved' });
    expect([decided.status, decided.body.message, decided.body.data.id]).toEqual([200, 'Deposit approved successfully', d.id]);
    const other = await newDeposit(agent.client, bank.id, '900.00');
    const gone = await agent.client.delete('/api/delete-deposit-data', { depositId: other.id });
    expect([gone.status, gone.body.data]).toEqual([200, { id: other.id }]);
    expect((await admin.put('/api/update-deposit-status', { depositId: 999999, status: 'approved' })).status).toBe(404);
    expect((await admin.put('/api/update-deposit-status', { status: 'approved' })).body.message).toBe('Deposit not found.');
  });

  it('userId in the body changes a user, as the id in the path does', async () => {
    const other = await newAgent(api, admin);
    const res = await admin.put('/api/update-status/', { userId: other.id, is_approved: '0' });
    expect([res.status, res.body.data.id, res.body.data.is_approved]).toEqual([200, other.id, '0']);
    const back = await admin.put('/api/update-status', { id: other.id, is_approved: '1' });
    expect([back.status, back.body.data.is_approved]).toEqual([200, '1']);
  });

  it('bookingId in the query reads as id does', async () => {
    const [a, b] = [await admin.get('/api/get-booking-ops-details', { bookingId: 999999 }), await admin.get('/api/get-booking-ops-details', { id: 999999 })];
    expect([a.status, a.body]).toEqual([404, b.body]);
    expect((await admin.get('/api/get-booking-ops-details')).status).toBe(422);
  });
});

describe('the airport picker', () => {
  it('takes search_query where it takes q', async () => {
    const [a, b] = [await api.client().get('/api/airports', { search_query: 'kar' }), await api.client().get('/api/airports', { q: 'kar' })];
    expect(a.status).toBe(200);
    expect(a.body.data.length).toBeGreaterThan(0);
    expect(a.body).toEqual(b.body);
  });
});

describe('catalogue writes with the id in the body', () => {
  it('PUT and DELETE /visas and /banks without an id in the path', async () => {
    const flag = await uploadImage(api);
    const visa = { country_code: 'ae', title: 'Body-id visa', visa_type: 'tourist', flag_image: flag, price: '1000.00', processing_days: 3, validity_days: 30, stay_days: 30, entry: 'single', description: '<p>x</p>', requirements: '<p>y</p>' };
    const made = await admin.post('/api/visas', visa);
    expect(made.status).toBe(201);
    const put = await admin.put('/api/visas', { ...visa, id: made.body.data.id, title: 'Renamed by body id' });
    expect([put.status, put.body.data.title]).toEqual([200, 'Renamed by body id']);
    expect((await admin.put('/api/visas', { ...visa })).status).toBe(404);
    const del = await admin.delete('/api/visas', { id: made.body.data.id });
    expect(del.status).toBe(200);
    expect((await admin.get(`/api/visas/${made.body.data.id}`)).status).toBe(404);

    const b = await newBank(admin);
    const renamed = await admin.put('/api/banks', { id: b.id, name: 'Body-id bank', account_title: 'Safar Travel', account_number: '0101-0103456789' });
    expect([renamed.status, renamed.body.data.name]).toEqual([200, 'Body-id bank']);
    expect((await admin.delete('/api/banks', { id: b.id })).status).toBe(200);
  });

  it('a header image is deleted with its id in the query', async () => {
    const img = await uploadImage(api);
    const saved = await admin.post('/api/umrah-header-images', { images: [img] });
    const id = saved.body.data.find((x: { file_name: string }) => x.file_name === img).id;
    expect((await admin.delete(`/api/umrah-header-images?id=${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/umrah-header-images?id=${id}`)).status).toBe(404);
  });
});

describe('saves that carry their file in a form', () => {
  it("a deposit's receipt: stored as the agent's receipt, and read with the same rules as JSON", async () => {
    const before = await uploadsOf(agent.id);
    const res = await agent.client.post('/api/deposit-data', form({ method: 'bank', bank_id: String(bank.id), amount: '1234.50', deposit_date: today(), reference: 'FORM-1' }, { bytes: PNG_1x1, name: 'receipt.png', field: 'receipt' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ bank_id: bank.id, amount: { amount: '1234.50' }, reference: 'FORM-1' });
    expect(res.body.data.receipt_file).toMatch(/^[a-f0-9]{32}\.png$/);
    const [row] = await api.db.select().from(uploads).where(eq(uploads.fileName, res.body.data.receipt_file));
    expect([row.ownerId, row.purpose, row.isPublic]).toEqual([agent.id, 'receipt', false]);
    expect(await uploadsOf(agent.id)).toBe(before + 1);
  });

  it('a refused form answers the same errors as JSON and leaves no file behind', async () => {
    const before = await uploadsOf(agent.id);
    const bad = await agent.client.post('/api/deposit-data', form({ method: 'bank', bank_id: String(bank.id), deposit_date: today(), reference: 'FORM-2' }, { bytes: PNG_1x1, name: 'receipt.png', field: 'receipt' }));
    const json = await agent.client.post('/api/deposit-data', { method: 'bank', bank_id: bank.id, deposit_date: today(), reference: 'FORM-2' });
    expect([bad.status, bad.body]).toEqual([422, json.body]);
    expect(await uploadsOf(agent.id)).toBe(before);
    const notImage = await agent.client.post('/api/deposit-data', form({ method: 'cash', amount: '10', deposit_date: today(), reference: 'FORM-3' }, { bytes: Buffer.from('not a picture at all'), name: 'x.txt', field: 'receipt' }));
    expect([notImage.status, notImage.body.errors]).toEqual([422, { receipt_file: ['The file must be an image (JPEG, PNG, WebP, GIF) or a PDF.'] }]);
  });

  it("a bank's logo, its yes-or-no field sent as text; a save that leaves the logo out keeps it", async () => {
    const res = await admin.post('/api/banks', form({ name: 'Form Bank', account_title: 'Safar Travel', account_number: '0101-0103456789', is_active: 'false' }, { bytes: PNG_1x1, name: 'logo.png', field: 'logo' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Form Bank', is_active: false, logo_url: `/api/files/${res.body.data.logo_file}` });
    const kept = await admin.put(`/api/banks/${res.body.data.id}`, { name: 'Form Bank 2', account_title: 'Safar Travel', account_number: '0101-0103456789' });
    expect([kept.body.data.name, kept.body.data.logo_file]).toEqual(['Form Bank 2', res.body.data.logo_file]);
    const removed = await admin.put('/api/banks', { id: res.body.data.id, name: 'Form Bank 2', account_title: 'Safar Travel', account_number: '0101-0103456789', logo_file: null });
    expect(removed.body.data.logo_file).toBeNull();
  });

  it('a promo image and an agency logo', async () => {
    const promo = await admin.post('/api/save-promo-image', form({ title: 'Form promo', is_home: '1' }, { bytes: PNG_1x1, name: 'promo.png', field: 'image' }));
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    expect(promo.body.data).toMatchObject({ title: 'Form promo', is_home: true });
    const profile = await agent.client.post('/api/agent-profile', form({ name: 'Form Agent', own_markup: '0' }, { bytes: PNG_1x1, name: 'logo.png', field: 'logo' }));
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body.data.logo_file).toMatch(/^[a-f0-9]{32}\.png$/);
  });

  it('a file sent to a call that takes none is refused, not dropped; a read-only role may not store one', async () => {
    const res = await agent.client.post('/api/save-travellers', form({ first_name: 'A' }, { bytes: PNG_1x1, name: 'x.png', field: 'photo' }));
    expect([res.status, res.body.errors]).toEqual([422, { photo: ['This call takes no file.'] }]);
    const customer = await as('customer');
    const receipt = await customer.post('/api/deposit-data', form({ method: 'cash', amount: '10' }, { bytes: PNG_1x1, name: 'r.png', field: 'receipt' }));
    expect(receipt.status).toBe(403);
  });
});

describe('the rest of the client', () => {
  it('GET /api/sanctum/csrf-cookie sets the XSRF cookie as the root one does', async () => {
    const c = api.client();
    const res = await c.request('GET', '/api/sanctum/csrf-cookie');
    expect(res.status).toBe(204);
    expect(c.cookies.get('XSRF-TOKEN')).toBeTruthy();
  });

  it('every API answer names the contract version', async () => {
    const res = await api.client().get('/api/countries');
    expect(res.headers.get('x-api-version')).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await api.client().get('/api/openapi.json')).body.info.version).toBe(res.headers.get('x-api-version'));
  });

  it('the user answer carries email_verified_at', async () => {
    const me = await (await as('agent')).get('/api/user');
    expect(me.body.data.email_verified_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('POST / is the booking call: the same answer as POST /bookings, and the same guard', async () => {
    const c = await as('customer');
    const [a, b] = [await c.post('/api/', { flight_id: '' }), await c.post('/api/bookings', { flight_id: '' })];
    expect([a.status, a.body]).toEqual([422, b.body]);
    expect((await (await as('analyst')).post('/api/', {})).status).toBe(403);
  });
});
