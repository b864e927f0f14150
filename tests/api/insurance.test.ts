import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectHarmless, roleMatrix, writeStatus, XSS_CORPUS } from '../support/catalogue';

const api = await setupApi();
const plan = (over: Record<string, unknown> = {}) => ({
  name: 'Asia Essential', name_ar: 'آسيا الأساسية', coverage: '30000', coverage_currency: 'USD', daily_rate: '120', min_premium: '1200',
  regions: ['asia', 'middle-east'], max_days: 90, max_age: 75, benefits: ['Medical', 'Baggage'], description: '<p>Cover</p>', ...over,
});
const create = async (over: Record<string, unknown> = {}) => (await (await api.as('admin')).post('/api/insurance-plans', plan(over))).body.data;

describe('insurance plans', () => {
  it('creates, lists publicly, updates and deletes', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/insurance-plans', plan());
    expect(res).toMatchObject({ status: 201, body: { message: 'Insurance plan saved successfully', data: { coverage: { amount: '30000.00', currency: 'USD' }, daily_rate: { amount: '120.00', currency: 'PKR' }, regions: ['asia', 'middle-east'] } } });
    const id = res.body.data.id;
    expect((await api.client().get('/api/insurance-plans')).body.data.map((p: { id: number }) => p.id)).toContain(id);
    expect((await admin.put(`/api/insurance-plans/${id}`, plan({ max_age: 80 }))).body.data.max_age).toBe(80);
    // Benefits in Arabic, line for line, kept beside the English ones.
    const ar = await admin.put(`/api/insurance-plans/${id}`, plan({ benefits_ar: ['طبي', 'الأمتعة', ''] }));
    expect(ar.body.data).toMatchObject({ benefits: ['Medical', 'Baggage'], benefits_ar: ['طبي', 'الأمتعة'] });
    expect((await admin.delete(`/api/insurance-plans/${id}`)).body.message).toBe('Insurance plan deleted successfully');
  });
  it.each([
    [{ name: '' }, 'name'], [{ coverage: '' }, 'coverage'], [{ daily_rate: 'x' }, 'daily_rate'], [{ regions: [] }, 'regions'], [{ regions: ['mars'] }, 'regions.0'],
    [{ max_days: 0 }, 'max_days'], [{ max_age: 101 }, 'max_age'], [{ benefits: ['x'.repeat(121)] }, 'benefits.0'], [{ benefits_ar: ['س'.repeat(121)] }, 'benefits_ar.0'],
  ])('refuses %j', async (over, field) => {
    const res = await (await api.as('admin')).post('/api/insurance-plans', plan(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toHaveLength(1);
  });
  it('sanitises the description', async () => {
    expectHarmless((await create({ description: XSS_CORPUS.join('') })).description);
  });
  it('role matrix', async () => {
    const p = await create();
    await roleMatrix(api, (c) => c.get('/api/insurance-plans'), () => 200);
    await roleMatrix(api, (c) => c.post('/api/insurance-plans', plan()), (w) => writeStatus(w, 201));
    await roleMatrix(api, (c) => c.put(`/api/insurance-plans/${p.id}`, plan()), (w) => writeStatus(w, 200));
    await roleMatrix(api, (c) => c.delete(`/api/insurance-plans/${p.id}`), (w) => writeStatus(w, 200));
  });
});

describe('insurance quote', () => {
  it('prices each traveller by trip length, region and age band, floored at the minimum', async () => {
    const p = await create({ name: 'Quote plan', daily_rate: '100', min_premium: '500', regions: ['europe-schengen'], max_days: 30, max_age: 80 });
    const res = await api.client().get('/api/insurance-quote', { days: 10, region: 'europe-schengen', ages: '35,8,65' });
    expect(res.status).toBe(200);
    const q = res.body.data.find((x: { plan: { id: number } }) => x.plan.id === p.id);
    // 100 × 10 days × 120% region = 1200; × 100% (35) = 1200, × 50% (8) = 600, × 200% (65) = 2400
    expect(q).toMatchObject({ eligible: true, reason: null, total: { amount: '4200.00', currency: 'PKR' } });
    expect(q.travellers).toEqual([
      { age: 35, band: '18-40', premium: { amount: '1200.00', currency: 'PKR' } },
      { age: 8, band: '0-17', premium: { amount: '600.00', currency: 'PKR' } },
      { age: 65, band: '61-70', premium: { amount: '2400.00', currency: 'PKR' } },
    ]);
    const short = await (await api.client().csrf()).post('/api/insurance-quote', { days: 2, region: 'europe-schengen', ages: [30] });
    expect(short.body.data.find((x: { plan: { id: number } }) => x.plan.id === p.id).total.amount).toBe('500.00');
  });

  it('says why a plan does not fit', async () => {
    const p = await create({ name: 'Narrow', regions: ['asia'], max_days: 30, max_age: 70 });
    const find = async (q: Record<string, string | number>) => (await api.client().get('/api/insurance-quote', q)).body.data.find((x: { plan: { id: number } }) => x.plan.id === p.id);
    expect(await find({ days: 5, region: 'worldwide', ages: '30' })).toMatchObject({ eligible: false, reason: 'This plan does not cover the destination region.', total: null });
    expect(await find({ days: 45, region: 'asia', ages: '30' })).toMatchObject({ eligible: false, reason: 'This plan covers trips of up to 30 days.' });
    expect(await find({ days: 5, region: 'asia', ages: '30,72' })).toMatchObject({ eligible: false, reason: 'This plan covers travellers up to 70 years old.' });
  });

  it('lists eligible plans first, cheapest first', async () => {
    const res = await api.client().get('/api/insurance-quote', { days: 7, region: 'asia', ages: '30' });
    const flags = res.body.data.map((x: { eligible: boolean }) => x.eligible);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const totals = res.body.data.filter((x: { eligible: boolean }) => x.eligible).map((x: { total: { amount: string } }) => Number(x.total.amount));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it.each([
    [{ region: 'asia', ages: '30' }, 'days', 'The trip length field is required.'],
    [{ days: 0, region: 'asia', ages: '30' }, 'days', 'The trip length must be at least 1.'],
    [{ days: 400, region: 'asia', ages: '30' }, 'days', 'The trip length may not be greater than 365.'],
    [{ days: 5, region: 'moon', ages: '30' }, 'region', 'Choose a destination region.'],
    [{ days: 5, region: 'asia', ages: '' }, 'ages', 'Add at least one traveller.'],
    [{ days: 5, region: 'asia', ages: '30,abc' }, 'ages.1', 'Each age must be a number.'],
    [{ days: 5, region: 'asia', ages: '130' }, 'ages.0', 'Each age must be between 0 and 120.'],
    [{ days: 5, region: 'asia', ages: '1,2,3,4,5,6,7,8,9,10,11' }, 'ages', 'At most 10 travellers per quote.'],
  ])('validates %j', async (q, field, message) => {
    const res = await api.client().get('/api/insurance-quote', q as Record<string, string>);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.[0]).toBe(message);
  });

  it('role matrix: anyone may ask for a quote', async () => {
    await roleMatrix(api, (c) => c.get('/api/insurance-quote', { days: 5, region: 'asia', ages: '30' }), () => 200);
    await roleMatrix(api, (c) => c.post('/api/insurance-quote', { days: 5, region: 'asia', ages: [30] }), () => 200);
  });
});
