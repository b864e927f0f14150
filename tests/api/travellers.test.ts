import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let agentA: Awaited<ReturnType<typeof newAgent>>;
let agentB: Awaited<ReturnType<typeof newAgent>>;
beforeAll(async () => {
  admin = await as('admin');
  agentA = await newAgent(api, admin);
  agentB = await newAgent(api, admin);
});

const yearsAgo = (n: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const valid = (over: Record<string, unknown> = {}) => ({
  type: 'ADT', title: 'Mr', first_name: 'Ali', last_name: 'Raza', gender: 'M', dob: yearsAgo(30), nationality: 'pk',
  document_type: 'passport', document_no: 'ab1234567', expiry_date: yearsAgo(-5), issue_country: 'PK', email: 'ali@example.com', phone: '+92 300 1234567', ...over,
});

describe('travellers', () => {
  it('saves, lists, updates and deletes a traveller with the specified messages', async () => {
    const saved = await agentA.client.post('/api/save-travellers', valid());
    expect(saved).toMatchObject({ status: 201, body: { message: 'Traveller saved successfully', data: { type: 'ADT', first_name: 'Ali', nationality: 'PK', document_no: 'AB1234567', number: 'AB1234567' } } });
    const id = saved.body.data.id;
    const list = await agentA.client.get('/api/get-travellers', { search: 'raz' });
    expect(list.body.data.map((t: { id: number }) => t.id)).toContain(id);
    const upd = await agentA.client.put(`/api/update-travellers/${id}`, valid({ first_name: 'Alia', title: 'Ms', gender: 'F' }));
    expect(upd.body).toMatchObject({ message: 'Traveller saved successfully', data: { first_name: 'Alia' } });
    const del = await agentA.client.delete(`/api/delete-travellers/${id}`);
    expect(del.body.message).toBe('Traveller deleted successfully');
    expect((await agentA.client.get(`/api/get-travellers/${id}`)).status).toBe(404);
  });

  it.each([
    [{ type: 'XXX' }, 'type', 'Choose adult, child or infant.'],
    [{ title: '' }, 'title', 'Title is required.'],
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ first_name: 'Al1' }, 'first_name', 'Use letters only.'],
    [{ last_name: undefined }, 'last_name', 'Last name is required.'],
    [{ gender: 'X' }, 'gender', 'Choose male or female.'],
    [{ title: 'Mrs' }, 'title', 'The title does not match the gender.'],
    [{ title: 'Mr', gender: 'F' }, 'title', 'The title does not match the gender.'],
    [{ dob: '' }, 'dob', 'Date of birth is required.'],
    [{ dob: '1990-02-31' }, 'dob', 'Enter a date as YYYY-MM-DD.'],
    [{ dob: yearsAgo(-1) }, 'dob', 'The date of birth must be in the past.'],
    [{ dob: yearsAgo(5) }, 'dob', 'An adult must be 12 or older.'],
    [{ type: 'CNN', dob: yearsAgo(20) }, 'dob', 'A child must be between 2 and 11.'],
    [{ type: 'INF', dob: yearsAgo(3) }, 'dob', 'An infant must be under 2.'],
    [{ nationality: 'Pakistan' }, 'nationality', 'Choose a country.'],
    [{ document_type: 'visa' }, 'document_type', 'Choose passport or national ID.'],
    [{ document_no: '' }, 'document_no', 'Document number is required.'],
    [{ document_no: 'AB-12' }, 'document_no', 'Use letters and digits only (5 to 20).'],
    [{ expiry_date: yearsAgo(1) }, 'expiry_date', 'The document has expired.'],
    [{ issue_country: '' }, 'issue_country', 'Choose a country.'],
    [{ email: 'nope' }, 'email', 'Enter a valid email address.'],
    [{ phone: 'abc' }, 'phone', 'Enter a valid phone number.'],
  ])('answers 422 for %j', async (over, field, message) => {
    const res = await agentA.client.post('/api/save-travellers', valid(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
    expect(res.body.message).toBeTruthy();
  });

  it('accepts a child and an infant of the right age', async () => {
    expect((await agentA.client.post('/api/save-travellers', valid({ type: 'CNN', title: 'Mstr', dob: yearsAgo(8) }))).status).toBe(201);
    expect((await agentA.client.post('/api/save-travellers', valid({ type: 'INF', title: 'Miss', gender: 'F', dob: yearsAgo(1) }))).status).toBe(201);
  });

  it("never shows or changes another agent's traveller", async () => {
    const theirs = (await agentB.client.post('/api/save-travellers', valid({ first_name: 'Bano' }))).body.data.id;
    expect((await agentA.client.get(`/api/get-travellers/${theirs}`)).status).toBe(404);
    expect((await agentA.client.put(`/api/update-travellers/${theirs}`, valid())).status).toBe(404);
    expect((await agentA.client.delete(`/api/delete-travellers/${theirs}`)).status).toBe(404);
    expect((await agentA.client.get('/api/get-travellers', { agent_id: agentB.id })).status).toBe(404);
    const mine = await agentA.client.get('/api/get-travellers', { per_page: 100 });
    expect(mine.body.data.some((t: { id: number }) => t.id === theirs)).toBe(false);
  });

  it('staff with travellers.manage see and save any agent’s travellers', async () => {
    const reservation = await as('reservation');
    const list = await reservation.get('/api/get-travellers', { agent_id: agentB.id });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data[0].agent).toMatchObject({ id: agentB.id });
    expect((await reservation.post('/api/save-travellers', valid())).status).toBe(404);
    expect((await reservation.post('/api/save-travellers', valid({ agent_id: agentB.id }))).status).toBe(201);
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/get-travellers'), { agent: 200, reservation: 200, admin: 200 });
    const agentId = (await (await as('agent')).get('/api/user')).body.data.id;
    await expectRoleMatrix(as, (c) => c.post('/api/save-travellers', valid({ agent_id: agentId })), { agent: 201, reservation: 201, admin: 201 });
    await expectRoleMatrix(as, async (c) => {
      const t = (await (await as('agent')).post('/api/save-travellers', valid())).body.data.id;
      return c.put(`/api/update-travellers/${t}`, valid());
    }, { agent: 200, reservation: 200, admin: 200 });
    await expectRoleMatrix(as, async (c) => {
      const t = (await (await as('agent')).post('/api/save-travellers', valid())).body.data.id;
      return c.delete(`/api/delete-travellers/${t}`);
    }, { agent: 200, reservation: 200, admin: 200 });
  });
});
