import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent, newBank, newDeposit } from '../support/agents';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
beforeAll(async () => { admin = await as('admin'); });

const valid = () => ({ name: 'Bank Alfalah', account_title: 'Safar Travel (Pvt) Ltd', account_number: '5500-1234567', iban: 'pk12alfh0000005500123456', branch: 'Saddar' });

describe('banks', () => {
  it('creates, reads, updates and deletes a bank with the specified messages', async () => {
    const accounts = await as('accounts');
    const created = await accounts.post('/api/banks', valid());
    expect(created).toMatchObject({ status: 201, body: { message: 'Bank saved successfully', data: { name: 'Bank Alfalah', iban: 'PK12ALFH0000005500123456', is_active: true } } });
    const id = created.body.data.id;
    expect((await accounts.get(`/api/banks/${id}`)).body.data.account_number).toBe('5500-1234567');
    const upd = await accounts.put(`/api/banks/${id}`, { ...valid(), name: 'Bank Alfalah Ltd', is_active: false });
    expect(upd.body).toMatchObject({ message: 'Bank saved successfully', data: { name: 'Bank Alfalah Ltd', is_active: false } });
    const del = await accounts.delete(`/api/banks/${id}`);
    expect(del.body.message).toBe('Bank deleted successfully');
    expect((await accounts.get(`/api/banks/${id}`)).status).toBe(404);
    expect((await accounts.delete(`/api/banks/${id}`)).status).toBe(404);
    expect((await accounts.put(`/api/banks/${id}`, valid())).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name', 'Bank name is required.'],
    [{ account_title: undefined }, 'account_title', 'Account title is required.'],
    [{ account_number: '' }, 'account_number', 'Account number is required.'],
    [{ account_number: '12' }, 'account_number', 'Use 4 to 34 letters, digits, spaces or dashes.'],
    [{ iban: 'not an iban' }, 'iban', 'Enter a valid IBAN.'],
    [{ is_active: 'yes' }, 'is_active', 'Choose yes or no.'],
  ])('answers 422 for %j', async (over, field, message) => {
    const res = await admin.post('/api/banks', { ...valid(), ...over });
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('agents see only active banks; staff see all', async () => {
    const active = await newBank(admin);
    const inactive = await newBank(admin, { is_active: false });
    const agent = await as('agent');
    const ids = (await agent.get('/api/banks', { per_page: 100 })).body.data.map((b: { id: number }) => b.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    const all = (await admin.get('/api/banks', { per_page: 100 })).body.data.map((b: { id: number }) => b.id);
    expect(all).toContain(inactive.id);
  });

  it('refuses to delete a bank that has deposits', async () => {
    const bank = await newBank(admin);
    const agent = await newAgent(api, admin);
    await newDeposit(agent.client, bank.id);
    const res = await admin.delete(`/api/banks/${bank.id}`);
    expect(res.status).toBe(409);
  });

  it('role matrix', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/banks'), { agent: 200, accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.post('/api/banks', valid()), { accounts: 201, admin: 201 });
    const b = await newBank(admin);
    await expectRoleMatrix(as, (c) => c.put(`/api/banks/${b.id}`, valid()), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, async (c) => c.delete(`/api/banks/${(await newBank(admin)).id}`), { accounts: 200, admin: 200 });
  });
});
