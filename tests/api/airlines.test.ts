import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { roleMatrix } from '../support/catalogue';

/** What the airlines admin screen relies on (creation and pricing effects are in flights.test.ts). */
const api = await setupApi();
const valid = { code: 'Z5', name: 'Screen Test Air', country: 'PK', active: true, margin_type: 'markup', margin_mode: 'percent', margin_value: '2.50' };
const manageStatus = (who: string, ok: number) => (who === 'anonymous' ? 401 : who === 'admin' || who === 'accounts' ? ok : 403);

describe('the airlines list and form', () => {
  it('pages and searches by code or name; one airline by its code', async () => {
    const c = api.client();
    const p1 = await c.get('/api/airlines', { per_page: 20 });
    const p2 = await c.get('/api/airlines', { per_page: 20, page: 2 });
    expect(p1.body.meta).toMatchObject({ page: 1, per_page: 20 });
    expect(p2.body.meta).toMatchObject({ page: 2, total: p1.body.meta.total });
    expect(p2.body.data[0].name >= p1.body.data[19].name).toBe(true);
    expect((await c.get('/api/airlines', { q: 'emirates' })).body.data.map((a: { code: string }) => a.code)).toContain('EK');
    expect((await c.get('/api/airlines/ek')).body.data).toMatchObject({ code: 'EK', active: true, margin_value: '0.00', has_margin: false });
    expect((await c.get('/api/airlines', { per_page: 501 })).status).toBe(422);
  });

  it('saves margin type, mode and amount, deactivates, and clears the margin', async () => {
    const admin = await api.as('admin');
    expect((await admin.post('/api/airlines', valid)).body.data).toMatchObject({ code: 'Z5', margin_type: 'markup', margin_mode: 'percent', margin_value: '2.50', has_margin: true });
    const up = await admin.put('/api/airlines/z5', { ...valid, code: 'ignored', active: false, margin_type: 'discount', margin_mode: 'fixed', margin_value: '1500' });
    expect(up).toMatchObject({ status: 200, body: { message: 'Airline updated successfully', data: { code: 'Z5', active: false, margin_type: 'discount', margin_mode: 'fixed', margin_value: '1500.00' } } });
    const cleared = await admin.put('/api/airlines/Z5', { ...valid, margin_type: null, margin_mode: null, margin_value: '0' });
    expect(cleared.body.data).toMatchObject({ margin_type: null, margin_mode: null, margin_value: '0.00', has_margin: false });
    expect((await api.client().get('/api/airlines', { q: 'Screen Test' })).body.data[0]).toMatchObject({ code: 'Z5', active: true });
  });

  it('has no DELETE: airlines are deactivated, since the flight network refers to them', async () => {
    expect((await (await api.as('admin')).delete('/api/airlines/PK')).status).toBe(404);
    expect((await api.client().get('/api/airlines/PK')).status).toBe(200);
  });

  it('POST refuses a code that is not two letters or digits', async () => {
    const res = await (await api.as('admin')).post('/api/airlines', { ...valid, code: 'ABC' });
    expect(res.status).toBe(422);
    expect(res.body.errors.code).toEqual(['The airline code is two letters or digits (IATA).']);
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required.'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name is too long.'],
    [{ country: 'XX' }, 'country', 'Choose a country.'],
    [{ active: 'yes' }, 'active', 'Active is true or false.'],
    [{ margin_type: 'bonus' }, 'margin_type', 'Margin type is markup or discount.'],
    [{ margin_mode: 'daily' }, 'margin_mode', 'Margin mode is fixed or percent.'],
    [{ margin_value: '-5' }, 'margin_value', 'Margin value must be a positive number with at most two decimals.'],
    [{ margin_value: '1.234' }, 'margin_value', 'Margin value must be a positive number with at most two decimals.'],
    [{ margin_value: true }, 'margin_value', 'Margin value must be a number.'],
    [{ margin_value: '150' }, 'margin_value', 'A percentage margin is at most 100.'],
    [{ margin_type: null, margin_mode: null, margin_value: '10' }, 'margin_type', 'Choose markup or discount and fixed or percent.'],
  ])('PUT refuses %j', async (change, field, message) => {
    const res = await (await api.as('admin')).put('/api/airlines/PK', { ...valid, ...change });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('role matrix: catalogue.manage or margins.manage (admin, accounts)', () => {
  it('PUT /airlines/{code}', async () => {
    await roleMatrix(api, (c) => c.put('/api/airlines/PK', { ...valid, name: 'Pakistan International Airlines' }), (who) => manageStatus(who, 200));
  });
  it('GET /airlines and /airlines/{code} are public', async () => {
    await roleMatrix(api, (c) => c.get('/api/airlines', { q: 'PK' }), () => 200);
    await roleMatrix(api, (c) => c.get('/api/airlines/PK'), () => 200);
  });
});
