import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectHarmless, roleMatrix, uploadImage, writeStatus, XSS_CORPUS } from '../support/catalogue';

const api = await setupApi();
const image = await uploadImage(api);
const holiday = (over: Record<string, unknown> = {}) => ({
  title: 'Dubai Delight', title_ar: 'متعة دبي', destination: 'Dubai', country_code: 'AE', image, nights: 4, days: 5, price: '189000',
  start_date: '2030-01-10', end_date: '2030-03-31', inclusions: '<ul><li>Flights</li></ul>', description: '<p>Desert safari</p>', ...over,
});
const create = async (over: Record<string, unknown> = {}) => (await (await api.as('admin')).post('/api/holidays', holiday(over))).body.data;

describe('holidays', () => {
  it('creates, lists, shows, updates and deletes', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/holidays', holiday());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Holiday saved successfully', data: { title: 'Dubai Delight', nights: 4, days: 5, price: { amount: '189000.00', currency: 'PKR' }, image_url: `/api/files/${image}`, start_date: '2030-01-10' } });
    const id = res.body.data.id;
    expect((await api.client().get('/api/holidays')).body.data.map((h: { id: number }) => h.id)).toContain(id);
    expect((await api.client().get(`/api/holidays/${id}`)).body.data.title).toBe('Dubai Delight');
    const put = await admin.put(`/api/holidays/${id}`, holiday({ title: 'Dubai Deluxe', nights: 5, days: 5 }));
    expect(put.body).toMatchObject({ message: 'Holiday saved successfully', data: { title: 'Dubai Deluxe', nights: 5 } });
    expect((await admin.delete(`/api/holidays/${id}`)).body.message).toBe('Holiday deleted successfully');
    expect((await api.client().get(`/api/holidays/${id}`)).status).toBe(404);
  });

  it.each([
    ['title', { title: '' }, 'The title field is required.'],
    ['destination', { destination: '' }, 'The destination field is required.'],
    ['nights', { nights: -1 }, 'The nights must be at least 0.'],
    ['nights', { nights: 'four' }, 'The nights must be a whole number.'],
    ['days', { days: 99 }, 'The days may not be greater than 61.'],
    ['days', { nights: 4, days: 8 }, 'The days must equal the nights or the nights plus one.'],
    ['price', { price: null }, 'The price field is required.'],
    ['start_date', { start_date: '2030-02-30' }, 'The start date must be a real date.'],
    ['end_date', { end_date: '2029-12-31' }, 'The end date must be on or after the start date.'],
    ['country_code', { country_code: 'ZZ' }, 'Unknown country.'],
    ['image', { image: 'x.png' }, 'The image must be an uploaded file.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await (await api.as('admin')).post('/api/holidays', holiday(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('sanitises inclusions and description', async () => {
    const h = await create({ inclusions: XSS_CORPUS.join(''), description: XSS_CORPUS.reverse().join('') });
    expectHarmless(h.inclusions);
    expectHarmless(h.description);
  });

  it('hides drafts from the public', async () => {
    const h = await create({ is_published: false });
    expect((await api.client().get(`/api/holidays/${h.id}`)).status).toBe(404);
    expect((await api.client().get('/api/holidays', { per_page: 100 })).body.data.map((x: { id: number }) => x.id)).not.toContain(h.id);
  });

  it('role matrix', async () => {
    const h = await create();
    await roleMatrix(api, (c) => c.get('/api/holidays'), () => 200);
    await roleMatrix(api, (c) => c.post('/api/holidays', holiday()), (w) => writeStatus(w, 201));
    await roleMatrix(api, (c) => c.put(`/api/holidays/${h.id}`, holiday()), (w) => writeStatus(w, 200));
    await roleMatrix(api, (c) => c.delete(`/api/holidays/${h.id}`), (w) => writeStatus(w, 200));
  });
});
