/**
 * Reference data and files: a custom airport added, changed and deleted; an airline added and changed; a file
 * uploaded and deleted.
 */
import type { Happy } from './runner';
import { removeUploads, upload } from './files';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A code of `length` characters (letters, or letters and digits) no record of `path` has yet. */
async function freeCode(h: Happy, path: string, length: number, alphabet = ALNUM): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const code = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    const res = await h.callers.admin.call('GET', `${path}/${code}`);
    if (res.status === 404) return code;
  }
  throw new Error(`no free code found under ${path}`);
}

export async function airports(h: Happy) {
  const code = await freeCode(h, '/api/admin/airports', 3, ALNUM.slice(0, 26));
  const airport = { code, name: h.name('Airport'), city: 'Karachi', country: 'PK', lat: 24.9, lon: 67.1, tz: 'Asia/Karachi', size: 'small', active: false };
  await h.data('admin', 'POST /api/airports', airport);
  try {
    await h.write('admin', 'PUT /api/airports/{code}', { ...airport, name: h.name('Airport renamed') }, { code });
  } finally {
    await h.write('admin', 'DELETE /api/airports/{code}', undefined, { code });
  }
}

/**
 * The API deletes no airline: the one added stays, inactive (offered nowhere, priced nowhere) and named
 * CONFORMANCE; a later run adds another under a free code.
 */
export async function airlines(h: Happy) {
  const code = await freeCode(h, '/api/airlines', 2);
  const airline = { code, name: h.name('Air'), country: 'PK', active: false, margin_type: null, margin_mode: null, margin_value: '0' };
  await h.data('admin', 'POST /api/airlines', airline);
  await h.write('admin', 'PUT /api/airlines/{code}', { ...airline, name: h.name('Air renamed') }, { code });
}

export async function uploads(h: Happy) {
  await removeUploads(h, 'agent', [await upload(h, 'agent', 'general')]);
}
