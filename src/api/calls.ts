import { request } from './client';
import { describeError } from './messages';

/**
 * The shape every feature's api.ts builds its calls from: each takes an abort signal (leaving a screen cancels
 * its calls) and throws a Failure (the toast and the first message per field), so each serves as a machine actor.
 */
export type Query = Record<string, string | number | undefined>;

export const fail = (err: unknown): never => { throw describeError(err); };
/** Empty filters are left out of the query string. */
export const clean = (q: Query) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
export const get = <T>(path: string, query: Query = {}, signal?: AbortSignal) => request<T>(path, { query: clean(query), signal }).catch(fail);
export const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown, signal?: AbortSignal) =>
  request<T>(path, { method, body: body as Record<string, unknown> | undefined, signal }).catch(fail);
/**
 * A path with an id segment. An empty id names no record: it is sent as 0 (answered 404), since the path without
 * it (the server reads `/transactions/` as `/transactions`) is the list's.
 */
export const at = (path: string, id: number | string) => `${path}/${encodeURIComponent(String(id).trim() === '' ? '0' : String(id))}`;
