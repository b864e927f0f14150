/**
 * Files the happy paths upload (a logo, a banner, a passport scan): tiny real files, since the server judges a
 * file by its first bytes. Each scenario deletes what it uploaded once nothing refers to it.
 */
import type { Actor, Happy } from './runner';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export type Purpose = 'catalogue' | 'logo' | 'receipt' | 'document' | 'general';

/** Uploads a 1×1 PNG (or a one-page PDF) for a purpose; answers its file name. */
export async function upload(h: Happy, actor: Actor, purpose: Purpose, kind: 'png' | 'pdf' = 'png'): Promise<string> {
  const form = new FormData();
  const [bytes, type] = kind === 'png' ? [PNG, 'image/png'] : [PDF, 'application/pdf'];
  form.append('file', new Blob([bytes], { type }), `conformance.${kind}`);
  form.append('purpose', purpose);
  return (await h.data<{ file_name: string }>(actor, 'POST /api/uploads', form)).file_name;
}

/** Deletes uploads this run made. */
export async function removeUploads(h: Happy, actor: Actor, names: string[]) {
  for (const file_name of names) await h.write(actor, 'DELETE /api/uploads/{file_name}', undefined, { file_name });
}
