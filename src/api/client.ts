import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { describeError, noticeFromBody } from './messages';
import type { Failure } from '../../machines/notice';
import { notify } from '../ui/toast';
import { accessToken } from './token';
import { heardBuild } from './build';
import { heardWallet } from './wallet';
import { BUILD_HEADER, WALLET_HEADER } from '../../contract/http';
import { WALLET_CREDIT_HEADER } from '../../contract/credit';

export { accessToken } from './token';

/**
 * The one HTTP client: same-origin /api, cookies sent, JSON accepted, no timeout,
 * no automatic retries (a POST must never run twice), every call abortable through `signal`.
 */

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string, cookies = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Asked for once at start-up; a failure is only logged. */
export async function fetchCsrfCookie(): Promise<void> {
  try {
    await ofetch('/sanctum/csrf-cookie', { credentials: 'include', headers: { Accept: 'application/json' }, retry: 0 });
  } catch (err) {
    console.warn('Could not get the CSRF cookie', err);
  }
}

const raw = ofetch.create({
  baseURL: '/api',
  credentials: 'include',
  retry: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
    headers.set('Accept-Language', lang || 'en'); // the server writes mails in the reader's language
    const token = accessToken.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const method = (options.method ?? 'GET').toUpperCase();
    const xsrf = readCookie('XSRF-TOKEN');
    if (MUTATING.has(method) && xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    options.headers = headers;
  },
  onResponse({ response }) {
    heardBuild(response.headers.get(BUILD_HEADER));
    heardWallet(response.headers.get(WALLET_HEADER), response.headers.get(WALLET_CREDIT_HEADER));
  },
});

export type RequestOptions = Omit<FetchOptions<'json'>, 'baseURL' | 'responseType'>;

/**
 * Call the API. A 419 (the CSRF cookie expired or was never set) fetches a fresh cookie and retries once;
 * every other failure is thrown as ofetch's FetchError for `describeError`.
 *
 * A call whose signal aborted never settles: whoever asked has gone, and an answer or an abort error arriving
 * later must reach no one. React's strict mode stops a screen's actor and starts it again with its invoked call
 * revived as running; the first call's late AbortError would otherwise fail the revived one (the payment result
 * read "unknown" in a development build).
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { signal } = options;
  try {
    const out = await raw<T>(path, options);
    return signal?.aborted ? unsettled() : out;
  } catch (err) {
    if (signal?.aborted) return unsettled();
    if (err instanceof FetchError && err.status === 419) {
      await fetchCsrfCookie();
      const out = await raw<T>(path, options);
      return signal?.aborted ? unsettled() : out;
    }
    throw err;
  }
}

/** What an aborted call hands back: a promise that never settles. */
const unsettled = <R>(): Promise<R> => new Promise<R>(() => {});

/** Show a failed call's toast and hand back the first message per field for the form. */
export function reportError(err: unknown): Failure {
  const failure = describeError(err);
  notify(failure.notice);
  return failure;
}

/** Show the message a successful response carries, if any. */
export function reportSuccess(body: unknown): void {
  notify(noticeFromBody(body));
}
