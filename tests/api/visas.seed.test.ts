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
