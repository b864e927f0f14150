import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One address for the app on this machine: a page asked for at another loopback name of APP_URL (127.0.0.1 where it
 * says localhost, or the other way) is sent to APP_URL's. The session cookie and the chosen language belong to one
 * origin, and payment providers and mails come back to APP_URL's, so a journey begun at the other name lost both on
 * its way back. Only loopback names are swapped (a Host header never chooses where anyone is sent), and only a page a
 * browser navigates to is sent on: API calls (the XSRF cookie's too) are answered where they are asked.
 */
export function oneOrigin(appUrl: string): MiddlewareHandler<AppEnv> {
  const app = new URL(appUrl);
  if (!LOOPBACK.has(app.hostname)) return (_c, next) => next();
  return async (c, next) => {
    const host = c.req.header('host');
    if (!host || host === app.host || !isPageNavigation(c.req.method, c.req.header('accept'), c.req.path)) return next();
    let asked: URL;
    try { asked = new URL(`http://${host}`); } catch { return next(); }
    if (!LOOPBACK.has(asked.hostname) || asked.port !== app.port) return next();
    const url = new URL(c.req.url);
    return c.redirect(`${app.origin}${url.pathname}${url.search}`, 308);
  };
}

/** A GET or HEAD for a page (the browser asks for HTML), not a call of the app's or another program's. */
function isPageNavigation(method: string, accept: string | undefined, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/api/') || path === '/sanctum/csrf-cookie') return false;
  return !!accept && accept.includes('text/html');
}
