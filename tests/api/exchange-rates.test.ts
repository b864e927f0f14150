import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities } from '../support/agents';
import { pricingFor } from '../../server/pricing';

const api = await setupApi();
const as = identities(api);

describe('exchange rates', () => {
  it('accounts set a rate; every change is kept with who and when; the pricing module reads the new rate at once', async () => {
    const accounts = await as('accounts');
    expect((await accounts.put('/api/exchange-rates/usd', { rate: '280.50' })).status).toBe(200);
    const saved = await accounts.put('/api/exchange-rates/usd', { rate: '281.25' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Exchange rate saved.', data: { currency: 'USD', rate: '281.25', updated_by: { name: 'Omar Accounts' } } });
    expect((await accounts.put('/api/exchange-rates/CHF', { rate: 330 })).body.data).toMatchObject({ currency: 'CHF', rate: '330.00' });
    const changes = (await accounts.get('/api/exchange-rate-changes', { currency: 'USD' })).body;
    expect(changes.data[0]).toMatchObject({ currency: 'USD', from: '280.50', to: '281.25', changed_by: { name: 'Omar Accounts' } });
    expect((await accounts.get('/api/exchange-rate-changes', { currency: 'CHF' })).body.data[0]).toMatchObject({ from: null, to: '330.00' });
    expect((await pricingFor(api.db, null)).rates?.get('USD')).toBe(281_250_000);
    // Saving the same rate again changes nothing and records nothing.
    await accounts.put('/api/exchange-rates/USD', { rate: '281.250' });
    expect((await accounts.get('/api/exchange-rate-changes', { currency: 'USD' })).body.meta.total).toBe(changes.meta.total);
  });

  it.each([
    ['/api/exchange-rates/USD', { rate: '' }, 'rate', 'Enter the rate in PKR per unit, such as 280.50 (up to six decimals).'],
    ['/api/exchange-rates/USD', { rate: '0' }, 'rate', 'The rate must be more than zero.'],
    ['/api/exchange-rates/USD', { rate: '1.1234567' }, 'rate', 'Enter the rate in PKR per unit, such as 280.50 (up to six decimals).'],
    ['/api/exchange-rates/USD', {}, 'rate', 'The rate field is required.'],
    ['/api/exchange-rates/PKR', { rate: '1' }, 'currency', 'PKR is the selling currency: it has no rate.'],
    ['/api/exchange-rates/DOLLAR', { rate: '1' }, 'currency', 'A currency is three letters, such as USD.'],
  ])('PUT %s %j answers 422 on %s', async (path, body, field, message) => {
    const res = await (await as('admin')).put(path, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('role matrix: accounts and admin read and set rates; nobody else', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/exchange-rates'), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.put('/api/exchange-rates/EUR', { rate: '301.20' }), { accounts: 200, admin: 200 });
    await expectRoleMatrix(as, (c) => c.get('/api/exchange-rate-changes'), { accounts: 200, admin: 200 });
  });
});
