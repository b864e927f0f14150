import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, without its cost on requests that need no counting: it reads `c.req.raw.body`, which makes
 * @hono/node-server build a full web Request with an AbortController for every request, GETs included (a third
 * of the CPU of a cached autocomplete answer). GET and HEAD carry no body we read; a declared Content-Length is
 * checked as it stands (Node's parser never reads past it); only chunked bodies are counted as they stream.
 */
export function bodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streaming = streamingBodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) return Number(length) > maxSize ? onError(c) : next();
    return streaming(c, next);
  };
}
