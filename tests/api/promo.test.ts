import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { roleMatrix, uploadImage, writeStatus } from '../support/catalogue';

const api = await setupApi();
const image = await uploadImage(api);
const banner = (over: Record<string, unknown> = {}) => ({ file_name: image, title: 'Dubai offer', title_ar: 'عرض دبي', link: '/holidays', is_home: true, ...over });

describe('promo images', () => {
  it('saves, lists (home flag filter), updates and deletes', async () => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/save-promo-image', banner());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Promo image saved successfully', data: { file_name: image, url: `/api/files/${image}`, is_home: true, is_active: true, link: '/holidays' } });
    const id = res.body.data.id;
    const other = (await admin.post('/api/save-promo-image', banner({ is_home: false, title: 'Side banner' }))).body.data;
    const home = await api.client().get('/api/get-promo-images', { home: 1 });
    expect(home.body.data.map((p: { id: number }) => p.id)).toContain(id);
    expect(home.body.data.map((p: { id: number }) => p.id)).not.toContain(other.id);
    const upd = await admin.post('/api/save-promo-image', banner({ id, is_active: false }));
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ id, is_active: false });
    expect((await api.client().get('/api/get-promo-images')).body.data.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await admin.get('/api/get-promo-images', { status: 'all' })).body.data.map((p: { id: number }) => p.id)).toContain(id);
    expect((await admin.delete(`/api/delete-promo-image/${id}`)).body.message).toBe('Promo image deleted successfully');
    expect((await admin.delete(`/api/delete-promo-image?id=${other.id}`)).body.message).toBe('Promo image deleted successfully');
    expect((await admin.delete(`/api/delete-promo-image/${id}`)).status).toBe(404);
    expect((await admin.post('/api/save-promo-image', banner({ id: 999999 }))).status).toBe(404);
  });

  it.each([
    [{ file_name: null }, 'file_name', 'The image field is required.'],
    [{ file_name: 'x.png' }, 'file_name', 'The image must be an uploaded file.'],
    [{ file_name: '0123456789abcdef0123456789abcdef.png' }, 'file_name', 'The selected file does not exist.'],
    [{ link: 'javascript:alert(1)' }, 'link', 'The link must be a path on this site (/visa) or an https address.'],
    [{ link: '//evil.example' }, 'link', 'The link must be a path on this site (/visa) or an https address.'],
    [{ link: 'http://insecure.example' }, 'link', 'The link must be a path on this site (/visa) or an https address.'],
    [{ title: 'x'.repeat(121) }, 'title', 'The title may not be greater than 120 characters.'],
    [{ is_home: 'often' }, 'is_home', 'Choose yes or no.'],
  ])('refuses %j', async (over, field, message) => {
    const res = await (await api.as('admin')).post('/api/save-promo-image', banner(over));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('accepts an https link', async () => {
    expect((await (await api.as('admin')).post('/api/save-promo-image', banner({ link: 'https://partner.example/offer' }))).status).toBe(201);
  });

  it('role matrix', async () => {
    await roleMatrix(api, (c) => c.get('/api/get-promo-images'), () => 200);
    await roleMatrix(api, (c) => c.get('/api/get-promo-images', { status: 'all' }), (w) => (w === 'admin' ? 200 : 403));
    await roleMatrix(api, (c) => c.post('/api/save-promo-image', banner()), (w) => writeStatus(w, 201));
    const id = (await (await api.as('admin')).post('/api/save-promo-image', banner())).body.data.id;
    await roleMatrix(api, (c) => c.delete(`/api/delete-promo-image/${id}`), (w) => writeStatus(w, 200));
  });
});
