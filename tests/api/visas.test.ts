import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { expectHarmless, roleMatrix, uploadImage, uploadPdf, writeStatus, XSS_CORPUS } from '../support/catalogue';

const api = await setupApi();
const flag = await uploadImage(api);

const visa = (over: Record<string, unknown> = {}) => ({
  country_code: 'ae', title: 'Dubai Tourist Visa', title_ar: 'تأشيرة دبي', visa_type: 'tourist', flag_image: flag, price: '32500.00',
  processing_days: 4, validity_days: 58, stay_days: 30, entry: 'single', description: '<p>Hello <strong>world</strong></p>', requirements: '<ul><li>Passport</li></ul>',
  is_published: true, is_featured: true, ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await (await api.as('admin')).post('/api/visas', visa(over));
  expect(res.status).toBe(201);
  return res.body.data;
};

describe('POST /visas', () => {
  it('creates a visa and answers the saved message', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/visas', visa());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Visa saved successfully');
    expect(res.body.data).toMatchObject({
      country_code: 'AE', country: 'United Arab Emirates', title: 'Dubai Tourist Visa', title_ar: 'تأشيرة دبي', flag_image: flag, flag_url: `/api/files/${flag}`,
      price: { amount: '32500.00', currency: 'PKR' }, processing_days: 4, entry: 'single', is_published: true, is_featured: true,
      description: '<p>Hello <strong>world</strong></p>',
    });
    expect(res.body.data.id).toBeTypeOf('number');
  });

  it('accepts a numeric price and optional fields left empty', async () => {
    const res = await (await api.as('admin')).post('/api/visas', visa({ price: 1500.5, processing_days: '', validity_days: null, flag_image: null, title_ar: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ price: { amount: '1500.50' }, processing_days: null, validity_days: null, flag_image: null, title_ar: null });
  });

  it('treats empty optional fields as their defaults, as a form sends them', async () => {
    const res = await (await api.as('admin')).post('/api/visas', visa({ visa_type: '', entry: '', sort_order: '', processing_days: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ visa_type: 'tourist', entry: 'single', sort_order: 0, processing_days: null });
  });

  it.each([
    ['country_code', { country_code: '' }, 'The country field is required.'],
    ['country_code', { country_code: 'XYZ' }, 'The country must be a 2-letter country code.'],
    ['country_code', { country_code: 'QQ' }, 'Unknown country.'],
    ['title', { title: '   ' }, 'The title field is required.'],
    ['title', { title: 'x'.repeat(151) }, 'The title may not be greater than 150 characters.'],
    ['visa_type', { visa_type: 'spy' }, 'Choose a visa type.'],
    ['price', { price: '' }, 'The price field is required.'],
    ['price', { price: 'abc' }, 'The price must be an amount like 45250.00.'],
    ['price', { price: '-5' }, 'The price must be between 0 and 20000000.'],
    ['price', { price: '10.999' }, 'The price must be an amount like 45250.00.'],
    ['currency', { currency: 'rupees' }, 'The currency must be a 3-letter code.'],
    ['processing_days', { processing_days: 'soon' }, 'The processing days must be a whole number.'],
    ['processing_days', { processing_days: 400 }, 'The processing days must be between 0 and 365.'],
    ['entry', { entry: 'triple' }, 'Choose single or multiple entry.'],
    ['flag_image', { flag_image: '../../etc/passwd' }, 'The flag must be an uploaded file.'],
    ['flag_image', { flag_image: '0123456789abcdef0123456789abcdef.png' }, 'The selected file does not exist.'],
    ['is_published', { is_published: 'maybe' }, 'Choose yes or no.'],
    ['description', { description: 'x'.repeat(50_001) }, 'The description is too long.'],
  ])('refuses a bad %s (%j)', async (field, over, message) => {
    const res = await (await api.as('admin')).post('/api/visas', visa(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.[0]).toBe(message);
    expect(res.body.message).toBeTypeOf('string');
  });

  it('refuses a PDF as the flag', async () => {
    const pdf = await uploadPdf(api);
    const res = await (await api.as('admin')).post('/api/visas', visa({ flag_image: pdf }));
    expect(res.status).toBe(422);
    expect(res.body.errors.flag_image).toEqual(['The file must be an image (JPEG, PNG, WebP, GIF).']);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await (await api.as('admin')).post('/api/visas', 'not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('stores rich text sanitised: every XSS payload comes back harmless', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/visas', visa({ description: '<p><a href="tel:+923001234567">call</a></p>' + XSS_CORPUS.join('\n'), requirements: XSS_CORPUS.slice().reverse().join('') }));
    expect(res.status).toBe(201);
    const shown = await api.client().get(`/api/visas/${res.body.data.id}`);
    expectHarmless(shown.body.data.description);
    expectHarmless(shown.body.data.requirements);
    expect(shown.body.data.description).toContain('<a href="tel:+923001234567">call</a>');
  });

  it('role matrix', async () => {
    await roleMatrix(api, (c) => c.post('/api/visas', visa()), (who) => writeStatus(who, 201));
  });
});

describe('GET /visas and /visas/{id}', () => {
  it('shows the public only published visas; managers may ask for all', async () => {
    const draft = await create({ title: 'Draft visa', is_published: false });
    const live = await create({ title: 'Live visa' });
    const pub = await api.client().get('/api/visas', { per_page: 100 });
    expect(pub.status).toBe(200);
    const ids = pub.body.data.map((v: { id: number }) => v.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(pub.body.meta).toMatchObject({ page: 1, per_page: 100 });
    const all = await (await api.as('admin')).get('/api/visas', { per_page: 100, status: 'all' });
    expect(all.body.data.map((v: { id: number }) => v.id)).toContain(draft.id);
    const drafts = await (await api.as('admin')).get('/api/visas', { per_page: 100, status: 'draft' });
    expect(drafts.body.data.every((v: { is_published: boolean }) => !v.is_published)).toBe(true);
    expect((await api.client().get(`/api/visas/${draft.id}`)).status).toBe(404);
    expect((await (await api.as('admin')).get(`/api/visas/${draft.id}`)).status).toBe(200);
  });

  it('refuses status=all to people who cannot manage the catalogue', async () => {
    const res = await (await api.as('agent')).get('/api/visas', { status: 'all' });
    expect(res.status).toBe(403);
  });

  it('pages, searches and filters featured and by country', async () => {
    await create({ title: 'Zanzibar special', country_code: 'TZ', is_featured: false });
    const found = await api.client().get('/api/visas', { q: 'zanzi' });
    expect(found.body.data.map((v: { title: string }) => v.title)).toEqual(['Zanzibar special']);
    const byCountry = await api.client().get('/api/visas', { country_code: 'tz' });
    expect(byCountry.body.data.every((v: { country_code: string }) => v.country_code === 'TZ')).toBe(true);
    const featured = await api.client().get('/api/visas', { featured: 1, per_page: 100 });
    expect(featured.body.data.every((v: { is_featured: boolean }) => v.is_featured)).toBe(true);
    const page = await api.client().get('/api/visas', { per_page: 1, page: 2 });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.total).toBeGreaterThan(1);
    const wild = await api.client().get('/api/visas', { q: '%' });
    expect(wild.body.data).toEqual([]);
  });

  it.each([
    [{ per_page: 0 }, 'per_page'], [{ per_page: 101 }, 'per_page'], [{ page: 'x' }, 'page'], [{ status: 'deleted' }, 'status'], [{ featured: 'yes' }, 'featured'],
  ])('validates the query %j', async (q, field) => {
    const res = await api.client().get('/api/visas', q as Record<string, string>);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    expect((await api.client().get('/api/visas/999999')).body.message).toBe('Visa not found.');
    expect((await api.client().get('/api/visas/abc')).status).toBe(404);
  });

  it('role matrix: anyone may read', async () => {
    const v = await create();
    await roleMatrix(api, (c) => c.get('/api/visas'), () => 200);
    await roleMatrix(api, (c) => c.get(`/api/visas/${v.id}`), () => 200);
  });
});

describe('PUT /visas/{id}', () => {
  it('updates a visa', async () => {
    const v = await create();
    const res = await (await api.as('admin')).put(`/api/visas/${v.id}`, visa({ title: 'Dubai 60 days', price: '45250', stay_days: 60, is_featured: false }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Visa saved successfully', data: { id: v.id, title: 'Dubai 60 days', price: { amount: '45250.00' }, stay_days: 60, is_featured: false } });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(v.updated_at));
  });

  it('validates like create', async () => {
    const v = await create();
    const res = await (await api.as('admin')).put(`/api/visas/${v.id}`, visa({ title: '' }));
    expect(res.status).toBe(422);
    expect(res.body.errors.title).toEqual(['The title field is required.']);
  });

  it('accepts PATCH for a partial change', async () => {
    const v = await create();
    const res = await (await api.as('admin')).patch(`/api/visas/${v.id}`, { is_published: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_published: false, title: v.title, price: v.price, description: v.description });
  });

  it('answers 404 for an unknown visa', async () => {
    const res = await (await api.as('admin')).put('/api/visas/999999', visa());
    expect(res).toMatchObject({ status: 404, body: { message: 'Visa not found.' } });
  });

  it('role matrix', async () => {
    const v = await create();
    await roleMatrix(api, (c) => c.put(`/api/visas/${v.id}`, visa()), (who) => writeStatus(who, 200));
  });
});

describe('DELETE /visas/{id}', () => {
  it('deletes, then the visa is gone', async () => {
    const v = await create();
    const admin = await api.as('admin');
    expect(await admin.delete(`/api/visas/${v.id}`)).toMatchObject({ status: 200, body: { message: 'Visa deleted successfully' } });
    expect((await admin.get(`/api/visas/${v.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/visas/${v.id}`)).status).toBe(404);
  });

  it('role matrix', async () => {
    const ids = await Promise.all(Array.from({ length: 1 }, () => create()));
    await roleMatrix(api, (c) => c.delete(`/api/visas/${ids[0].id}`), (who) => writeStatus(who, 200));
  });
});
