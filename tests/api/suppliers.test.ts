import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { roleMatrix, writeStatus } from '../support/catalogue';

const api = await setupApi();
const readStatus = (w: string) => (w === 'anonymous' ? 401 : w === 'admin' ? 200 : 403);

describe('aircraft (/aircrafts)', () => {
  const plane = (over: Record<string, unknown> = {}) => ({ code: '77w', name: 'Boeing 777-300ER', manufacturer: 'Boeing', seats: 396, range_km: 13650, ...over });
  it('creates, refuses a duplicate code, updates, deletes', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/aircrafts', plane());
    expect(res).toMatchObject({ status: 201, body: { message: 'Aircraft saved successfully', data: { code: '77W', seats: 396 } } });
    const dup = await admin.post('/api/aircrafts', plane());
    expect(dup.status).toBe(422);
    expect(dup.body.errors.code).toEqual(['An aircraft with this code already exists.']);
    const id = res.body.data.id;
    expect((await admin.put(`/api/aircrafts/${id}`, plane({ seats: 354 }))).body.data.seats).toBe(354);
    expect((await admin.get('/api/aircrafts', { q: '777' })).body.data.map((a: { id: number }) => a.id)).toContain(id);
    expect((await admin.delete(`/api/aircrafts/${id}`)).body.message).toBe('Aircraft deleted successfully');
  });
  it.each([
    [{ code: '7' }, 'code', 'The code must be 3 or 4 letters or digits (e.g. 77W).'],
    [{ name: '' }, 'name', 'The name field is required.'],
    [{ manufacturer: '' }, 'manufacturer', 'The manufacturer field is required.'],
    [{ seats: 0 }, 'seats', 'The seats must be at least 1.'],
    [{ range_km: 50 }, 'range_km', 'The range must be between 100 and 20000.'],
  ])('refuses %j', async (over, field, message) => {
    const res = await (await api.as('admin')).post('/api/aircrafts', plane(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });
  it('role matrix', async () => {
    await roleMatrix(api, (c) => c.get('/api/aircrafts'), readStatus);
    let n = 0;
    await roleMatrix(api, (c) => c.post('/api/aircrafts', plane({ code: `A${n++}X` })), (w) => writeStatus(w, 201));
    const id = (await (await api.as('admin')).post('/api/aircrafts', plane({ code: '359' }))).body.data.id;
    await roleMatrix(api, (c) => c.put(`/api/aircrafts/${id}`, plane({ code: '359' })), (w) => writeStatus(w, 200));
    await roleMatrix(api, (c) => c.delete(`/api/aircrafts/${id}`), (w) => writeStatus(w, 200));
  });
});

describe('suppliers', () => {
  const supplier = (over: Record<string, unknown> = {}) => ({ code: 'Gulf-Visa', name: 'Gulf Visa Desk', kind: 'visa', contact_email: 'desk@gulf.example', phone: '+971 4 123 4567', ...over });
  it('creates, refuses a duplicate code, updates, deletes', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/suppliers', supplier());
    expect(res).toMatchObject({ status: 201, body: { message: 'Supplier saved successfully', data: { code: 'gulf-visa', kind: 'visa', is_active: true } } });
    expect((await admin.post('/api/suppliers', supplier())).body.errors.code).toEqual(['A supplier with this code already exists.']);
    const id = res.body.data.id;
    expect((await admin.put(`/api/suppliers/${id}`, supplier({ is_active: false }))).body.data.is_active).toBe(false);
    expect((await admin.delete(`/api/suppliers/${id}`)).body.message).toBe('Supplier deleted successfully');
  });
  it.each([
    [{ code: 'x' }, 'code'], [{ name: '' }, 'name'], [{ kind: 'bank' }, 'kind'], [{ contact_email: 'nope' }, 'contact_email'], [{ phone: 'abc' }, 'phone'],
  ])('refuses %j', async (over, field) => {
    const res = await (await api.as('admin')).post('/api/suppliers', supplier(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toHaveLength(1);
  });
  it('role matrix', async () => {
    await roleMatrix(api, (c) => c.get('/api/suppliers'), readStatus);
    let n = 0;
    await roleMatrix(api, (c) => c.post('/api/suppliers', supplier({ code: `s-${n++}` })), (w) => writeStatus(w, 201));
    const id = (await (await api.as('admin')).post('/api/suppliers', supplier({ code: 'rm' }))).body.data.id;
    await roleMatrix(api, (c) => c.delete(`/api/suppliers/${id}`), (w) => writeStatus(w, 200));
  });
});
