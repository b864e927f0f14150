import { firstErrors } from '../../contract/errors';
import type { StatusMessage } from '../../contract/http';
import type { Failure, Notice } from '../../machines/notice';

/**
 * The error → message rules as pure functions (no DOM, no toasts), so they are unit-tested in node.
 * Fixed texts are i18n keys: errors.unknown "Unknown error!", errors.unexpected "An unexpected error occurred.",
 * errors.generic "Something went wrong.".
 */

const STATUSES = ['success', 'error', 'warning', 'info'] as const;
const isStatus = (s: unknown): s is Notice['status'] => STATUSES.includes(s as Notice['status']);

function isMessageObject(m: unknown): m is Partial<StatusMessage> {
  return typeof m === 'object' && m !== null && ('description' in m || 'status' in m);
}

/** A message object {status, description}: a toast of the description, or "Unknown error!", styled by status. */
export function noticeFromMessage(m: Partial<StatusMessage>, fallback: Notice['status'] = 'error'): Notice {
  const status = isStatus(m.status) ? m.status : fallback;
  const text = typeof m.description === 'string' ? m.description.trim() : '';
  return text ? { status, text } : { status, key: 'errors.unknown' };
}

/** The toast for a successful response body, if it carries a message (object or string). */
export function noticeFromBody(body: unknown): Notice | null {
  const m = (body as { message?: unknown } | null)?.message;
  if (isMessageObject(m)) return noticeFromMessage(m, 'success');
  if (typeof m === 'string' && m.trim()) return { status: 'success', text: m.trim() };
  return null;
}

interface FetchLikeError {
  name?: string;
  status?: number;
  statusCode?: number;
  data?: unknown;
  cause?: unknown;
}

export function isAbort(err: unknown): boolean {
  const e = err as FetchLikeError | null;
  if (!e) return false;
  return e.name === 'AbortError' || (e.cause as FetchLikeError | undefined)?.name === 'AbortError';
}

/**
 * Any failure of an API call → the toast to show and the first message per field.
 * - aborted (the screen was left): nothing to show;
 * - a body with a message object: that object's rule;
 * - an HTTP error: the server's message, or "An unexpected error occurred.";
 * - no response at all (network, bad JSON, a bug): "Something went wrong."; any errors field is still kept.
 */
export function describeError(err: unknown): Failure {
  if (isAbort(err)) return { notice: null, fieldErrors: {} };
  const e = (err ?? {}) as FetchLikeError;
  const data = (typeof e.data === 'object' && e.data !== null ? e.data : {}) as { message?: unknown; errors?: Record<string, string[]> };
  const fieldErrors = firstErrors(validErrors(data.errors));
  if (isMessageObject(data.message)) return { notice: noticeFromMessage(data.message), fieldErrors };
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400) {
    const text = typeof data.message === 'string' ? data.message.trim() : '';
    return { notice: text ? { status: 'error', text } : { status: 'error', key: 'errors.unexpected' }, fieldErrors };
  }
  return { notice: { status: 'error', key: 'errors.generic' }, fieldErrors };
}

/** Keep only well-formed {field: string[]} entries: a malformed body must not break the form. */
function validErrors(errors: unknown): Record<string, string[]> {
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) {
    if (Array.isArray(v)) out[k] = v.filter((m): m is string => typeof m === 'string');
    else if (typeof v === 'string') out[k] = [v];
  }
  return out;
}
