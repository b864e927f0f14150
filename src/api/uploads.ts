import { request } from './client';

/** A file checked by content on the server (a deposit receipt, an agency logo); gives back its stored name. */
export async function uploadFile(file: File, purpose: 'receipt' | 'logo'): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', purpose);
  const res = await request<{ data: { file_name: string } }>('/uploads', { method: 'POST', body: form });
  return res.data.file_name;
}

/** Where a stored file is read. */
export const fileUrl = (fileName: string) => `/api/files/${fileName}`;
