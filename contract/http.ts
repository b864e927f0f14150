/** Envelopes: lists answer {data, meta: {page, per_page, total}}, items {data}, saves {message, data}. */
export interface ListMeta { page: number; per_page: number; total: number }
export interface ListResponse<T> { data: T[]; meta: ListMeta }
export interface ItemResponse<T> { data: T }
export interface SaveResponse<T> { message: string; data: T }

/** A message object some responses carry. */
export interface StatusMessage { status: 'success' | 'error' | 'warning' | 'info'; description: string }
