import { describe, expect, it } from 'vitest';
import { ALL_IDENTITIES, setupApi, type Identity } from '../support/api';
import { ELF_EXE, fileForm, GIF_1x1, HTML_PAGE, JPEG_MIN, PDF_MIN, PNG_1x1, SVG_XSS, WEBP_MIN, WIN_EXE } from '../support/upload-fixtures';
import { assertUploadOwnedBy, storeUpload } from '../../server/uploads';
import { DEFAULT_LIMITS } from '../../server/config';

const api = await setupApi({ bodyLimitBytes: 12 * 1024 * 1024 });
/** The raw response (bytes, headers) of an anonymous GET. */
const raw = (path: string, headers: Record<string, string> = {}) => api.app.request(path, { headers });

describe('POST /uploads', () => {
  it.each([
    ['photo.jpg', JPEG_MIN, 'image/jpeg', 'jpg'],
    ['pic.png', PNG_1x1, 'image/png', 'png'],
    ['anim.gif', GIF_1x1, 'image/gif', 'gif'],
    ['img.webp', WEBP_MIN, 'image/webp', 'webp'],
    ['receipt.pdf', PDF_MIN, 'application/pdf', 'pdf'],
  ])('accepts %s by its content and stores it under a generated name', async (name, bytes, mime, ext) => {
    const admin = await api.as('admin');
    const res = await admin.post('/api/uploads', fileForm(bytes, name));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('File Uploaded');
    expect(res.body.data).toMatchObject({ mime, size: bytes.length, original_name: name, purpose: 'catalogue', is_public: true });
    expect(res.body.data.file_name).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
    expect(res.body.data.url).toBe(`/api/files/${res.body.data.file_name}`);
  });

  it('names the type from the bytes, not from the name: a PNG called .pdf is stored as .png', async () => {
    const res = await (await api.as('agent')).post('/api/uploads', fileForm(PNG_1x1, 'report.pdf', 'application/pdf'));
    expect(res.status).toBe(201);
    expect(res.body.data.file_name).toMatch(/\.png$/);
    expect(res.body.data.mime).toBe('image/png');
  });

  it.each([
    ['an ELF executable renamed .jpg', ELF_EXE, 'holiday.jpg', 'image/jpeg'],
    ['a Windows executable renamed .png', WIN_EXE, 'flag.png', 'image/png'],
    ['an SVG with script', SVG_XSS, 'logo.svg', 'image/svg+xml'],
    ['an HTML page renamed .gif', HTML_PAGE, 'banner.gif', 'image/gif'],
    ['plain text renamed .pdf', Buffer.from('hello, just text'), 'notes.pdf', 'application/pdf'],
  ])('refuses %s', async (_label, bytes, name, type) => {
    const res = await (await api.as('admin')).post('/api/uploads', fileForm(bytes, name, type));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file must be an image (JPEG, PNG, WebP, GIF) or a PDF.']);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await (await api.as('admin')).post('/api/uploads', fileForm(big, 'big.png'));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file may not be greater than 5 MB.']);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024 - PNG_1x1.length)]);
    const res = await (await api.as('admin')).post('/api/uploads', fileForm(exact, 'exact.png'));
    expect(res.status).toBe(201);
  });

  it('requires the file field', async () => {
    const fd = new FormData();
    fd.append('other', 'x');
    const res = await (await api.as('admin')).post('/api/uploads', fd);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file field is required.']);
  });

  it('refuses an empty file', async () => {
    const res = await (await api.as('admin')).post('/api/uploads', fileForm(Buffer.alloc(0), 'empty.png'));
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/empty|required/);
  });

  it('refuses a JSON body', async () => {
    const res = await (await api.as('admin')).post('/api/uploads', { file: 'x.png' });
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file field is required.']);
  });

  it('refuses an unknown purpose, and catalogue purpose for non-managers', async () => {
    const agent = await api.as('agent');
    const bad = await agent.post('/api/uploads', fileForm(PNG_1x1, 'a.png', 'image/png', { purpose: 'anything' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.purpose).toEqual(['Unknown purpose.']);
    const cat = await agent.post('/api/uploads', fileForm(PNG_1x1, 'a.png', 'image/png', { purpose: 'catalogue' }));
    expect(cat.status).toBe(422);
    expect(cat.body.errors.purpose[0]).toMatch(/catalogue managers/);
    const receipt = await agent.post('/api/uploads', fileForm(PDF_MIN, 'r.pdf', 'application/pdf', { purpose: 'receipt' }));
    expect(receipt.status).toBe(201);
    expect(receipt.body.data).toMatchObject({ purpose: 'receipt', is_public: false });
  });

  it('keeps display names harmless', async () => {
    const res = await (await api.as('admin')).post('/api/uploads', fileForm(PNG_1x1, '../../etc/"<evil>".png'));
    expect(res.status).toBe(201);
    expect(res.body.data.original_name).toBe('evil.png');
  });

  it.each(ALL_IDENTITIES)('role matrix: %s', async (who: Identity) => {
    const c = await api.as(who);
    const res = await c.post('/api/uploads', fileForm(PNG_1x1, 'x.png'));
    // The read-only analyst has no form that carries a file.
    expect(res.status).toBe(who === 'anonymous' ? 401 : who === 'analyst' ? 403 : 201);
    if (who === 'analyst') expect(res.body.message).toBe('Your role reads only: it cannot upload files.');
  });

  it('a purpose is for those whose forms carry it: receipts for agents and deposit staff, catalogue images for its managers', async () => {
    const receipt = async (who: Identity) => (await (await api.as(who)).post('/api/uploads', fileForm(PNG_1x1, 'r.png', 'image/png', { purpose: 'receipt' }))).status;
    expect([await receipt('agent'), await receipt('accounts'), await receipt('customer'), await receipt('reservation')]).toEqual([201, 201, 422, 422]);
    const customer = await api.as('customer');
    const res = await customer.post('/api/uploads', fileForm(PNG_1x1, 'r.png', 'image/png', { purpose: 'catalogue' }));
    expect([res.status, res.body.errors.purpose]).toEqual([422, ['Only catalogue managers may upload catalogue images.']]);
    expect((await customer.post('/api/uploads', fileForm(PNG_1x1, 'passport.png', 'image/png', { purpose: 'document' }))).status).toBe(201);
  });

  it('caps the files one user stores in a day, with 429 and a sentence', async () => {
    const capped = await setupApi({ limits: { ...DEFAULT_LIMITS, uploadsPerUserPerDay: 2 } });
    const agent = await capped.as('agent');
    for (let i = 0; i < 2; i++) expect((await agent.post('/api/uploads', fileForm(PNG_1x1, `${i}.png`))).status).toBe(201);
    const third = await agent.post('/api/uploads', fileForm(PNG_1x1, '3.png'));
    expect([third.status, third.body.message]).toEqual([429, 'You have uploaded too many files today. Try again tomorrow.']);
    expect((await (await capped.as('customer')).post('/api/uploads', fileForm(PNG_1x1, 'c.png'))).status).toBe(201);
    capped.ctx.clock.now = new Date(Date.now() + 86_400_000 + 60_000);
    expect((await agent.post('/api/uploads', fileForm(PNG_1x1, '4.png'))).status).toBe(201);
  });

  it('refuses a mutating call without the XSRF header', async () => {
    const c = await api.as('admin');
    c.sendXsrf = false;
    expect((await c.post('/api/uploads', fileForm(PNG_1x1, 'x.png'))).status).toBe(419);
  });
});

describe('GET /files/{file_name}', () => {
  it('serves the bytes with the detected type, nosniff and long caching for public files', async () => {
    const up = await (await api.as('admin')).post('/api/uploads', fileForm(PNG_1x1, 'flag.png', 'text/html'));
        const res = await raw(up.body.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    const etag = res.headers.get('etag')!;
    const again = await raw(up.body.data.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('serves PDFs as attachments with a Content-Disposition', async () => {
    const up = await (await api.as('agent')).post('/api/uploads', fileForm(PDF_MIN, 'Receipt Jan.pdf', 'application/pdf', { purpose: 'logo' }));
    const res = await raw(up.body.data.url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Receipt Jan.pdf"; filename*=UTF-8''Receipt%20Jan.pdf`);
  });

  it('serves private files only to the owner and staff', async () => {
    const agent = await api.as('agent');
    const up = await agent.post('/api/uploads', fileForm(PDF_MIN, 'r.pdf', 'application/pdf', { purpose: 'receipt' }));
    const url = up.body.data.url;
    const expectations: Record<Identity, number> = { anonymous: 404, customer: 404, unapprovedAgent: 404, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 };
    for (const who of ALL_IDENTITIES) {
      const c = who === 'agent' ? agent : await api.as(who);
      const res = await c.get(url);
      expect([who, res.status]).toEqual([who, expectations[who]]);
      if (res.status === 200) expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2F..%2Fpackage.json',
    '%2e%2e%2f%2e%2e%2fserver%2fmain.ts',
    'abc.png',
    '0123456789abcdef0123456789abcdef.exe',
    '0123456789abcdef0123456789abcdef.png%00.jpg',
    '..%5C..%5Cwindows%5Cwin.ini',
  ])('refuses the unsafe name %s', async (name) => {
    const res = await api.client().get(`/api/files/${name}`);
    expect([400, 404, 422]).toContain(res.status); // 422: a NUL byte, refused wherever input arrives
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers 404 for a well-formed name that does not exist', async () => {
    const res = await api.client().get('/api/files/0123456789abcdef0123456789abcdef.png');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('File not found.');
  });
});

describe('GET /uploads', () => {
  it('lists the caller\'s own files; catalogue managers see the library', async () => {
    const customer = await api.as('customer');
    await customer.post('/api/uploads', fileForm(PNG_1x1, 'mine.png'));
    const mine = await customer.get('/api/uploads');
    expect(mine.status).toBe(200);
    expect(mine.body.meta).toMatchObject({ page: 1, per_page: 50 });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((u: { owner_id: number }) => u.owner_id === mine.body.data[0].owner_id)).toBe(true);
    expect(mine.body.data[0]).not.toHaveProperty('bytes');
    const admin = await api.as('admin');
    const all = await admin.get('/api/uploads', { per_page: 100 });
    expect(all.body.data.some((u: { original_name: string }) => u.original_name === 'mine.png')).toBe(true);
    const ownOnly = await admin.get('/api/uploads', { mine: 1 });
    expect(ownOnly.body.data.some((u: { original_name: string }) => u.original_name === 'mine.png')).toBe(false);
  });

  it('validates paging', async () => {
    const res = await (await api.as('admin')).get('/api/uploads', { per_page: 1000 });
    expect(res.status).toBe(422);
    expect(res.body.errors.per_page).toEqual(['The per page may not be greater than 100.']);
    const bad = await (await api.as('admin')).get('/api/uploads', { page: 'x' });
    expect(bad.status).toBe(422);
  });

  it.each(ALL_IDENTITIES)('role matrix: %s', async (who: Identity) => {
    const res = await (await api.as(who)).get('/api/uploads');
    expect(res.status).toBe(who === 'anonymous' ? 401 : 200);
  });
});

describe('DELETE /uploads/{file_name}', () => {
  it('deletes the owner\'s file, then it is gone', async () => {
    const c = await api.as('agent');
    const up = await c.post('/api/uploads', fileForm(PNG_1x1, 'logo.png', 'image/png', { purpose: 'logo' }));
    const res = await c.delete(`/api/uploads/${up.body.data.file_name}`);
    expect(res).toMatchObject({ status: 200, body: { message: 'File deleted successfully' } });
    expect((await api.client().get(up.body.data.url)).status).toBe(404);
    expect((await c.delete(`/api/uploads/${up.body.data.file_name}`)).status).toBe(404);
  });

  it('refuses someone else\'s file except for catalogue managers', async () => {
    const owner = await api.as('agent');
    const up = await owner.post('/api/uploads', fileForm(PNG_1x1, 'logo.png'));
    const name = up.body.data.file_name;
    for (const who of ['customer', 'unapprovedAgent', 'accounts', 'reservation'] as Identity[]) {
      expect((await (await api.as(who)).delete(`/api/uploads/${name}`)).status).toBe(403);
    }
    expect((await api.client().csrf()).delete(`/api/uploads/${name}`)).resolves.toMatchObject({ status: 401 });
    expect((await (await api.as('admin')).delete(`/api/uploads/${name}`)).status).toBe(200);
  });

  it.each(['..%2F..%2Fetc%2Fpasswd', '..%2Fsessions', 'x.png'])('refuses the unsafe name %s', async (name) => {
    const res = await (await api.as('admin')).delete(`/api/uploads/${name}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file name.');
  });
});

describe('service API for other areas', () => {
  it('storeUpload + assertUploadOwnedBy', async () => {
    const { db } = api;
    const info = await storeUpload(db, { bytes: PDF_MIN, originalName: 'receipt.pdf', ownerId: 4, purpose: 'receipt', field: 'receipt' });
    expect(info).toMatchObject({ mime: 'application/pdf', purpose: 'receipt', is_public: false, owner_id: 4 });
    await expect(assertUploadOwnedBy(db, info.file_name, 4, { field: 'receipt' })).resolves.toMatchObject({ file_name: info.file_name });
    await expect(assertUploadOwnedBy(db, info.file_name, 5, { field: 'receipt' })).rejects.toMatchObject({ status: 422, errors: { receipt: ['The selected file does not belong to you.'] } });
    await expect(assertUploadOwnedBy(db, info.file_name, 4, { imagesOnly: true, field: 'logo' })).rejects.toMatchObject({ errors: { logo: ['The file must be an image (JPEG, PNG, WebP, GIF).'] } });
    await expect(assertUploadOwnedBy(db, '../x', 4)).rejects.toMatchObject({ errors: { file: ['The selected file does not exist.'] } });
    await expect(storeUpload(db, { bytes: ELF_EXE, originalName: 'x.jpg', ownerId: 4, field: 'receipt' })).rejects.toMatchObject({ status: 422, errors: { receipt: [expect.any(String)] } });
    // joins a caller's transaction: rolled back with it
    let name = '';
    await db.transaction(async (tx) => {
      name = (await storeUpload(tx, { bytes: PNG_1x1, ownerId: 4 })).file_name;
      tx.rollback();
    }).catch(() => {});
    await expect(assertUploadOwnedBy(db, name, 4)).rejects.toMatchObject({ status: 422 });
  });
});
