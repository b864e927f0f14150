import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectHarmless, roleMatrix, writeStatus, XSS_CORPUS } from '../support/catalogue';

const api = await setupApi();
const pkg = (over: Record<string, unknown> = {}) => ({
  title: 'Economy Umrah – 15 Days', days: 15, makkah_hotel: 'Al Kiswah', makkah_nights: 8, madinah_hotel: 'Dar Al Eiman', madinah_nights: 6, hotel_stars: 3,
  departure_city: 'Karachi', departure_date: '2030-02-01', price_quad: '265000', price_triple: '289000', price_double: '', description: '<p>Visa and flights</p>', ...over,
});
const create = async (over: Record<string, unknown> = {}) => (await (await api.as('admin')).post('/api/umrah-packages', pkg(over))).body.data;

describe('umrah packages', () => {
  it('creates with sharing prices and the quad price as headline', async () => {
    const res = await (await api.as('admin')).post('/api/umrah-packages', pkg());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Umrah package saved successfully', data: {
      price: { amount: '265000.00' }, price_quad: { amount: '265000.00' }, price_triple: { amount: '289000.00' }, price_double: null,
      includes_visa: true, includes_flights: true, includes_transport: true, hotel_stars: 3 } });
  });

  it('PATCH changes only what is sent', async () => {
    const p = await create();
    const res = await (await api.as('admin')).patch(`/api/umrah-packages/${p.id}`, { price_double: '320000', includes_transport: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Umrah package saved successfully', data: { title: p.title, price_quad: p.price_quad, price_double: { amount: '320000.00' }, includes_transport: false } });
  });

  it('PATCH validates the merged package', async () => {
    const p = await create();
    const res = await (await api.as('admin')).patch(`/api/umrah-packages/${p.id}`, { makkah_nights: 20 });
    expect(res.status).toBe(422);
    expect(res.body.errors.days).toEqual(['The nights in Makkah and Madinah cannot exceed the days.']);
  });

  it.each([
    ['makkah_hotel', { makkah_hotel: '' }, 'The Makkah hotel field is required.'],
    ['madinah_nights', { madinah_nights: 50 }, 'The Madinah nights may not be greater than 45.'],
    ['hotel_stars', { hotel_stars: 6 }, 'The hotel stars must be between 1 and 5.'],
    ['price_quad', { price_quad: '' }, 'The quad sharing price field is required.'],
    ['price_triple', { price_triple: 'x' }, 'The triple sharing price must be an amount like 45250.00.'],
    ['departure_date', { departure_date: '01/02/2030' }, 'The departure date must be a date (YYYY-MM-DD).'],
    ['days', { days: 0 }, 'The days must be at least 1.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await (await api.as('admin')).post('/api/umrah-packages', pkg(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('sanitises the description', async () => {
    expectHarmless((await create({ description: XSS_CORPUS.join('') })).description);
  });

  it('deletes', async () => {
    const p = await create();
    expect((await (await api.as('admin')).delete(`/api/umrah-packages/${p.id}`)).body.message).toBe('Umrah package deleted successfully');
  });

  it('role matrix', async () => {
    const p = await create();
    await roleMatrix(api, (c) => c.get('/api/umrah-packages'), () => 200);
    await roleMatrix(api, (c) => c.get(`/api/umrah-packages/${p.id}`), () => 200);
    await roleMatrix(api, (c) => c.post('/api/umrah-packages', pkg()), (w) => writeStatus(w, 201));
    await roleMatrix(api, (c) => c.patch(`/api/umrah-packages/${p.id}`, { hotel_stars: 4 }), (w) => writeStatus(w, 200));
    await roleMatrix(api, (c) => c.delete(`/api/umrah-packages/${p.id}`), (w) => writeStatus(w, 200));
  });
});
