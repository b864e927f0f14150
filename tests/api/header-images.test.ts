import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { roleMatrix, uploadImage, uploadPdf, writeStatus } from '../support/catalogue';

const api = await setupApi();

describe.each(['visa', 'holiday', 'umrah'])('/%s-header-images', (kind) => {
  const path = `/api/${kind}-header-images`;

  it('adds images, lists them in order for anyone, deletes one', async () => {
    const a = await uploadImage(api), b = await uploadImage(api);
    const admin = await api.as('admin');
    const res = await admin.post(path, { images: [a, b, a] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Header images saved successfully');
    const names = res.body.data.map((h: { file_name: string }) => h.file_name);
    expect(names.slice(-2)).toEqual([a, b]);
    const pub = await api.client().get(path);
    expect(pub.body.data.map((h: { file_name: string }) => h.file_name)).toEqual(names);
    expect(pub.body.data[0]).toMatchObject({ catalogue: kind, url: expect.stringMatching(/^\/api\/files\//) });
    // adding the same image again is harmless
    expect((await admin.post(path, { images: [a] })).body.data).toHaveLength(names.length);
    const id = res.body.data.find((h: { file_name: string }) => h.file_name === a).id;
    const del = await admin.delete(`${path}/${id}`);
    expect(del.body.message).toBe('Header image deleted successfully');
    expect(del.body.data.map((h: { file_name: string }) => h.file_name)).not.toContain(a);
    expect((await admin.delete(`${path}/${id}`)).status).toBe(404);
  });

  it.each([
    [{}, 'images'], [{ images: [] }, 'images'], [{ images: ['nope.png'] }, 'images.0'], [{ images: 'x' }, 'images'],
    [{ images: ['0123456789abcdef0123456789abcdef.png'] }, 'images.0'],
  ])('refuses %j', async (payload, field) => {
    const res = await (await api.as('admin')).post(path, payload);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toHaveLength(1);
  });

  it('refuses a PDF', async () => {
    const res = await (await api.as('admin')).post(path, { images: [await uploadPdf(api)] });
    expect(res.body.errors['images.0']).toEqual(['The file must be an image (JPEG, PNG, WebP, GIF).']);
  });

  it('role matrix', async () => {
    const img = await uploadImage(api);
    await roleMatrix(api, (c) => c.get(path), () => 200);
    await roleMatrix(api, (c) => c.post(path, { images: [img] }), (w) => writeStatus(w, 200));
    const list = (await api.client().get(path)).body.data;
    await roleMatrix(api, (c) => c.delete(`${path}/${list[list.length - 1].id}`), (w) => writeStatus(w, 200));
  });
});

it('keeps the catalogues apart', async () => {
  const img = await uploadImage(api);
  const admin = await api.as('admin');
  const saved = await admin.post('/api/visa-header-images', { images: [img] });
  const id = saved.body.data.find((h: { file_name: string }) => h.file_name === img).id;
  expect((await admin.delete(`/api/holiday-header-images/${id}`)).status).toBe(404);
});
