import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import { noticeText, showToast } from '../../ui/toast';
import type { CrudItem, DeleteResult, ListPage, ListQuery, SaveInput, SaveResult } from '../../../machines/crud-list';

export interface CrudApiOptions {
  /** The field that identifies an item when it is not `id` (airlines and airports: `code`). */
  idKey?: string;
  /** Where the list and single items are read, when not `base` (airports: the public GET /airports is autocomplete). */
  read?: string;
}

/**
 * Calls for the CRUD list machine; failures are thrown as Failures (first message per field, the toast).
 * The machine keys items by `id`, so items keyed otherwise get `id` copied from their key as they arrive.
 */
export function crudActors(base: string, update: 'PUT' | 'PATCH' = 'PUT', opts: CrudApiOptions = {}) {
  const fail = (err: unknown) => { throw describeError(err); };
  const read = opts.read ?? base;
  const keyed = <T,>(item: T): T => (opts.idKey && item ? { ...item, id: (item as Record<string, unknown>)[opts.idKey] } : item);
  const at = (root: string, id: CrudItem['id']) => `${root}/${encodeURIComponent(String(id))}`;
  return {
    loadList: fromPromise<ListPage<CrudItem>, ListQuery>(({ input, signal }) => {
      const query: Record<string, string | number> = { page: input.page, per_page: input.per_page, ...input.filters };
      if (input.q) query.q = input.q;
      return request<ListPage<CrudItem>>(read, { query, signal }).then((r) => ({ ...r, data: r.data.map(keyed) })).catch(fail);
    }),
    loadItem: fromPromise<CrudItem, { id: CrudItem['id'] }>(({ input, signal }) =>
      request<{ data: CrudItem }>(at(read, input.id), { signal }).then((r) => keyed(r.data)).catch(fail)),
    saveItem: fromPromise<SaveResult<CrudItem>, SaveInput<unknown>>(({ input, signal }) =>
      request<SaveResult<CrudItem>>(input.id == null ? base : at(base, input.id), { method: input.id == null ? 'POST' : update, body: input.values as Record<string, unknown>, signal })
        .then((r) => ({ ...r, data: keyed(r.data) })).catch(fail)),
    deleteItem: fromPromise<DeleteResult, { id: CrudItem['id'] }>(({ input, signal }) =>
      request<DeleteResult>(at(base, input.id), { method: 'DELETE', signal }).catch(fail)),
  };
}

export interface Upload { file_name: string; url: string; mime: string; size: number; original_name: string; created_at: string }

/** The uploads list, cached locally under `uploads` and refreshed after upload and delete. */
export const uploadsCache = {
  read(): Upload[] { try { return JSON.parse(localStorage.getItem('uploads') ?? '[]') as Upload[]; } catch { return []; } },
  write(list: Upload[]) { try { localStorage.setItem('uploads', JSON.stringify(list)); } catch { /* storage full or off */ } },
};

export async function refreshUploads(signal?: AbortSignal): Promise<Upload[]> {
  const res = await request<{ data: Upload[] }>('/uploads', { query: { per_page: 100, purpose: 'catalogue' }, signal });
  uploadsCache.write(res.data);
  return res.data;
}

export { notifyFileError as fileErrorToast } from '../../ui/toast';

export async function uploadFile(file: File, purpose = 'catalogue'): Promise<Upload> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', purpose);
  const res = await request<{ message: string; data: Upload }>('/uploads', { method: 'POST', body: form });
  showToast(noticeText({ status: 'success', text: res.message }), { type: 'success' });
  void refreshUploads().catch(() => {});
  return res.data;
}

export async function deleteUpload(fileName: string): Promise<void> {
  const res = await request<{ message: string }>(`/uploads/${encodeURIComponent(fileName)}`, { method: 'DELETE' });
  showToast(noticeText({ status: 'success', text: res.message }), { type: 'success' });
  await refreshUploads().catch(() => {});
}

// ---- promo banners, leads and header images ----------------------------------------------------------------
export interface Promo { id: number; file_name: string; url: string; title: string; title_ar: string; link: string | null; is_home: boolean; is_active: boolean }
/** save-promo-image, get-promo-images (every banner, one page) and delete-promo-image for the CRUD list machine. */
export function promoActors() {
  const fail = (err: unknown) => { throw describeError(err); };
  return {
    ...crudActors('/get-promo-images'),
    loadList: fromPromise(({ signal }) => request<{ data: Promo[] }>('/get-promo-images', { query: { status: 'all' }, signal })
      .then((r) => ({ data: r.data, meta: { page: 1, per_page: r.data.length, total: r.data.length } })).catch(fail)),
    saveItem: fromPromise(({ input, signal }: { input: { id: CrudItem['id'] | null; values: unknown }; signal: AbortSignal }) =>
      request<{ message: string; data: Promo }>('/save-promo-image', { method: 'POST', body: { ...(input.values as object), id: input.id }, signal }).catch(fail)),
    deleteItem: fromPromise(({ input, signal }: { input: { id: CrudItem['id'] }; signal: AbortSignal }) =>
      request<{ message: string }>(`/delete-promo-image/${input.id}`, { method: 'DELETE', signal }).catch(fail)),
  } as unknown as ReturnType<typeof crudActors>;
}

/** Leads are handled (PATCH with a note), never created or deleted by staff. */
export function leadActors() {
  const fail = (err: unknown) => { throw describeError(err); };
  return {
    ...crudActors('/leads', 'PATCH'),
    saveItem: fromPromise(({ input, signal }: { input: { id: CrudItem['id'] | null; values: unknown }; signal: AbortSignal }) =>
      request<{ message: string }>(`/leads/${input.id}`, { method: 'PATCH', body: input.values as object, signal }).catch(fail)),
  } as unknown as ReturnType<typeof crudActors>;
}

export interface HeaderImage { id: number; file_name: string; url: string }
export type HeaderCatalogue = 'visa' | 'holiday' | 'umrah';
export const listHeaderImages = (catalogue: HeaderCatalogue, signal?: AbortSignal) =>
  request<{ data: HeaderImage[] }>(`/${catalogue}-header-images`, { signal }).then((r) => r.data).catch((err) => { throw describeError(err); });
/** Uploads the files, then saves them as the catalogue's header images. */
export async function addHeaderImages(catalogue: HeaderCatalogue, files: File[], signal?: AbortSignal) {
  const names: string[] = [];
  for (const f of files) names.push((await uploadFile(f)).file_name);
  return request<{ message: string }>(`/${catalogue}-header-images`, { method: 'POST', body: { images: names }, signal }).catch((err) => { throw describeError(err); });
}
export const deleteHeaderImage = (catalogue: HeaderCatalogue, id: number, signal?: AbortSignal) =>
  request<{ message: string }>(`/${catalogue}-header-images/${id}`, { method: 'DELETE', signal }).catch((err) => { throw describeError(err); });
