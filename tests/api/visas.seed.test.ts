import { expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { seedCatalogue } from '../../server/catalogue/seed';

const api = await setupApi();

it('seeds a demo catalogue the public site can show', async () => {
  await seedCatalogue(api.ctx);
  const c = api.client();
  const visas = await c.get('/api/visas', { per_page: 100 });
  expect(visas.body.data.length).toBeGreaterThanOrEqual(6);
  expect(visas.body.data.every((v: { flag_url: string | null }) => v.flag_url)).toBe(true);
  const flag = await api.app.request(visas.body.data[0].flag_url);
  expect(flag.headers.get('content-type')).toBe('image/png');
  for (const path of ['/api/holidays', '/api/umrah-packages', '/api/group-tickets', '/api/insurance-plans', '/api/visa-header-images', '/api/holiday-header-images', '/api/umrah-header-images']) {
    expect((await c.get(path)).body.data.length, path).toBeGreaterThan(0);
  }
  expect((await c.get('/api/get-promo-images', { home: 1 })).body.data.length).toBeGreaterThanOrEqual(3);
  expect((await c.get('/api/visas', { featured: 1 })).body.data.length).toBeGreaterThan(0);
});

const arabic = (s: string | null) => !!s && /[\u0600-\u06ff]/.test(s) && !/[A-Za-z]/.test(s.replace(/<[^>]*>/g, ''));
it('gives every demo visa, holiday and umrah package its Arabic texts', async () => {
  const admin = await api.as('admin');
  const all = async (path: string) => (await admin.get(path, { per_page: 100, status: 'all' })).body.data;
  for (const v of await all('/api/visas')) {
    expect([v.title_ar, v.description_ar].every(arabic), v.title).toBe(true);
    expect(!!v.requirements === arabic(v.requirements_ar), v.title).toBe(true);
  }
  for (const h of await all('/api/holidays')) expect([h.title_ar, h.destination_ar, h.inclusions_ar, h.description_ar].every(arabic), h.title).toBe(true);
  for (const p of await all('/api/umrah-packages')) {
    expect([p.title_ar, p.makkah_hotel_ar, p.madinah_hotel_ar, p.departure_city_ar, p.description_ar].every(arabic), p.title).toBe(true);
  }
});
