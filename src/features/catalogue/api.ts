import { request } from '../../api/client';
import { at, get, send } from '../../api/calls';
import { noticeText, showToast } from '../../ui/toast';
import type { ListPage, ListQuery } from '../../../machines/resource-list';
import type { SaveInput } from '../../../machines/resource-form';
import type { Lead } from '../../../contract/catalogue';
import type { ResourceUi, Row } from './resource-ui';

/**
 * A catalogue resource's calls for the list and form machines: each takes an abort signal and throws a Failure
 * (the toast and the first message per field). The machines key items by `id`, so items keyed otherwise (airlines
 * and airports: `code`) get `id` copied from their key as they arrive.
 */
export function catalogueCalls({ api, read = api, update, idKey }: Pick<ResourceUi, 'api' | 'read' | 'update' | 'idKey'>) {
  const keyed = (item: Row): Row => (idKey && item ? { ...item, id: item[idKey] as Row['id'] } : item);
  return {
    list: (q: ListQuery, signal?: AbortSignal) =>
      get<ListPage<Row>>(read, { page: q.page, per_page: q.per_page, q: q.q, ...q.filters }, signal).then((r) => ({ ...r, data: r.data.map(keyed) })),
    get: (id: Row['id'], signal?: AbortSignal) => get<{ data: Row }>(at(read, id), {}, signal).then((r) => keyed(r.data)),
    save: ({ id, values }: SaveInput, signal?: AbortSignal) =>
      send<{ message: string; data?: Row }>(id == null ? 'POST' : update, id == null ? api : at(api, id), values, signal)
        .then((r) => ({ message: r.message, data: r.data ? keyed(r.data) : null })),
    remove: (id: Row['id'], signal?: AbortSignal) => send<{ message: string }>('DELETE', at(api, id), undefined, signal),
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
/** get-promo-images: every banner, as one page. */
export const listPromos = (_q: ListQuery, signal?: AbortSignal) => get<{ data: Promo[] }>('/get-promo-images', { status: 'all' }, signal)
  .then((r): ListPage<Promo> => ({ data: r.data, meta: { page: 1, per_page: r.data.length, total: r.data.length } }));
/** save-promo-image creates (no id) or updates (the id in the body). */
export const savePromo = ({ id, values }: SaveInput, signal?: AbortSignal) =>
  send<{ message: string; data: Promo }>('POST', '/save-promo-image', { ...(values as object), id }, signal);
export const deletePromo = (id: number, signal?: AbortSignal) => send<{ message: string }>('DELETE', at('/delete-promo-image', id), undefined, signal);

/** Leads are listed and handled (PATCH with a note), never created or deleted by staff. */
export const listLeads = (q: ListQuery, signal?: AbortSignal) => get<ListPage<Lead>>('/leads', { page: q.page, per_page: q.per_page, q: q.q, ...q.filters }, signal);
export const updateLead = ({ id, values }: SaveInput, signal?: AbortSignal) => send<{ message: string }>('PATCH', at('/leads', id!), values, signal);

export interface HeaderImage { id: number; file_name: string; url: string }
export type HeaderCatalogue = 'visa' | 'holiday' | 'umrah';
export const listHeaderImages = (catalogue: HeaderCatalogue, signal?: AbortSignal) =>
  get<{ data: HeaderImage[] }>(`/${catalogue}-header-images`, {}, signal).then((r) => r.data);
/** Uploads the files, then saves them as the catalogue's header images. */
export async function addHeaderImages(catalogue: HeaderCatalogue, files: File[], signal?: AbortSignal) {
  const names: string[] = [];
  for (const f of files) names.push((await uploadFile(f)).file_name);
  return send<{ message: string }>('POST', `/${catalogue}-header-images`, { images: names }, signal);
}
export const deleteHeaderImage = (catalogue: HeaderCatalogue, id: number, signal?: AbortSignal) =>
  send<{ message: string }>('DELETE', `/${catalogue}-header-images/${id}`, undefined, signal);
