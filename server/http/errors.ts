import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';

/** A failure the client is meant to see: answered as {message, errors}. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More of the answer beside {message, errors}: figures the client shows rather than guesses. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const validationError = (errors: Record<string, string[]>, message?: string) =>
  new ApiError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);

export const notFound = (message = 'Not found.') => new ApiError(404, message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message);
export const unauthenticated = (message = 'Unauthenticated.') => new ApiError(401, message);
export const conflict = (message: string) => new ApiError(409, message);

/** The single error handler: known errors as they are, anything else as 500 with a request id and no stack. */
export function onError(err: Error, c: Context<AppEnv>) {
  const requestId = c.get('requestId');
  if (err instanceof ApiError) {
    return c.json({ ...err.extra, message: err.message, ...(err.errors ? { errors: err.errors } : {}) }, err.status);
  }
  // Hono's own HTTP errors (body limit, malformed input) carry a status.
  const status = (err as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return c.json({ message: status === 413 ? 'The request is too large.' : err.message || 'Bad request.' }, status as ContentfulStatusCode);
  }
  c.get('ctx')?.log.error({ err, requestId, path: c.req.path }, 'unhandled error');
  return c.json({ message: 'Something went wrong.', request_id: requestId }, 500);
}
