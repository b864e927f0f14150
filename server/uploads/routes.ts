import { Hono } from 'hono';
import * as v from 'valibot';
import { isStaff } from '../../contract/auth';
import { can } from '../../contract/permissions';
import type { AppEnv } from '../context';
import { ApiError, forbidden, notFound, validationError } from '../http/errors';
import { currentUser, requireAuth } from '../http/guards';
import { query } from '../http/validate';
import { pageField, perPageField } from '../http/paging';
import {
  assertMayStore, deleteUpload, findUpload, isSafeFileName, listUploads, readFileField, readUpload, storeUpload, UPLOAD_MESSAGES, UPLOAD_PURPOSES, readsOnly, type UploadPurpose,
} from './service';

export const ListQuery = v.object({
  page: pageField,
  per_page: perPageField(100, 50),
  purpose: v.optional(v.picklist(UPLOAD_PURPOSES, 'Unknown purpose.')),
  mine: v.optional(v.string()),
});

const badName = () => new ApiError(400, 'Invalid file name.');

/** GET/POST /uploads, DELETE /uploads/{file_name}, GET /files/{file_name}. */
export function uploadRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/uploads', requireAuth, async (c) => {
    const user = currentUser(c);
    const q = query(c, ListQuery);
    // Catalogue managers see the whole library (to pick existing images); everyone else their own files.
    const all = can(user.role, 'catalogue.manage') && !q.mine;
    return c.json(await listUploads(c.get('ctx').db, { ownerId: all ? undefined : user.id, page: q.page as unknown as number, perPage: q.per_page as unknown as number, purpose: q.purpose }));
  });

  r.post('/uploads', requireAuth, async (c) => {
    const user = currentUser(c);
    // Refused before the body is read: a read-only role may not upload whatever it sends.
    if (readsOnly(user.role)) throw forbidden(UPLOAD_MESSAGES.readOnly);
    const { bytes, originalName, form } = await readFileField(c, 'file');
    const manager = can(user.role, 'catalogue.manage');
    const asked = typeof form.purpose === 'string' && form.purpose !== '' ? form.purpose : manager ? 'catalogue' : 'general';
    if (!(UPLOAD_PURPOSES as readonly string[]).includes(asked)) throw validationError({ purpose: ['Unknown purpose.'] });
    const ctx = c.get('ctx');
    await assertMayStore(ctx, user, asked as UploadPurpose, 'purpose');
    const data = await storeUpload(ctx.db, { bytes, originalName, ownerId: user.id, purpose: asked as UploadPurpose });
    return c.json({ message: 'File Uploaded', data }, 201);
  });

  r.delete('/uploads/:file_name', requireAuth, async (c) => {
    const user = currentUser(c);
    const name = c.req.param('file_name');
    if (!isSafeFileName(name)) throw badName();
    const db = c.get('ctx').db;
    const info = await findUpload(db, name);
    if (!info) throw notFound('File not found.');
    if (info.owner_id !== user.id && !can(user.role, 'catalogue.manage')) throw forbidden();
    await deleteUpload(db, name);
    return c.json({ message: 'File deleted successfully' });
  });

  r.get('/files/:file_name', async (c) => {
    const name = c.req.param('file_name');
    if (!isSafeFileName(name)) throw badName();
    const row = await readUpload(c.get('ctx').db, name);
    const user = c.get('user');
    const allowed = row && (row.isPublic || (user && (user.id === row.ownerId || isStaff(user.role))));
    if (!row || !allowed) throw notFound('File not found.'); // a private file is not admitted to exist
    const etag = `"${row.sha256}"`;
    const headers: Record<string, string> = {
      'Content-Type': row.mime,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'Cache-Control': row.isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store',
      ETag: etag,
    };
    if (row.mime === 'application/pdf') {
      const ascii = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
      headers['Content-Disposition'] = `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`;
    }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    const b = row.bytes;
    return c.body(new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as unknown as ArrayBuffer, 200, headers);
  });

  return r;
}
