import type { NoticePage } from '../../../contract/notifications';
import { request } from '../../api/client';

/** The bell's calls: the reader's own notices (GET /notifications), the unread figure, and marking them read. */
export const fetchUnread = (signal?: AbortSignal) =>
  request<{ data: { unread: number } }>('/notifications/unread-count', { signal }).then((r) => r.data.unread);

export const fetchNotices = (signal?: AbortSignal) => request<NoticePage>('/notifications?per_page=20', { signal });

export const markNoticeRead = (id: number, signal?: AbortSignal) =>
  request<{ meta: { unread: number } }>(`/notifications/${id}/read`, { method: 'POST', body: {}, signal }).then((r) => r.meta.unread);

export const markAllNoticesRead = (signal?: AbortSignal) =>
  request('/notifications/read-all', { method: 'POST', body: {}, signal }).then(() => new Date().toISOString());
