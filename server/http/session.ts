import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { resolveBearer, resolveSession, SESSION_COOKIE, XSRF_COOKIE } from '../auth/sessions';
import { randomToken, safeEqual } from '../auth/crypto';
import { ApiError } from './errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

const isHttps = (url: string) => url.startsWith('https://');

/** Who is asking: a bearer token or the session cookie, either one authenticates. */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = c.get('ctx');
  c.set('user', null);
  c.set('sessionId', null);
  c.set('accessTokenId', null);
  const auth = c.req.header('authorization');
  const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null;
  const cookie = getCookie(c, SESSION_COOKIE);
  const resolved = (bearer && (await resolveBearer(ctx, bearer))) || (cookie && (await resolveSession(ctx, cookie))) || null;
  if (resolved) {
    c.set('user', resolved.user);
    c.set('sessionId', resolved.sessionId);
    c.set('accessTokenId', resolved.accessTokenId);
  }
  await next();
};

export function setSessionCookie(c: Parameters<MiddlewareHandler<AppEnv>>[0], value: string, maxAgeSeconds: number) {
  const secure = isHttps(c.get('ctx').config.appUrl) || c.req.header('x-forwarded-proto') === 'https';
  setCookie(c, SESSION_COOKIE, value, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: maxAgeSeconds });
}

export function issueXsrfCookie(c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  const secure = isHttps(c.get('ctx').config.appUrl) || c.req.header('x-forwarded-proto') === 'https';
  // Readable by the app on purpose: it copies it into X-XSRF-TOKEN (double submit).
  setCookie(c, XSRF_COOKIE, randomToken(24), { httpOnly: false, sameSite: 'Lax', secure, path: '/', maxAge: 60 * 60 * 24 * 14 });
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit check on every mutating call. A request carrying only a bearer token is exempt: browsers never
 * attach that header on their own, so it cannot be forged cross-site. Signed server-to-server callbacks opt out
 * by path.
 */
export function xsrf(exemptPaths: RegExp[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exemptPaths.some((p) => p.test(c.req.path))) return next();
    const hasBearer = c.req.header('authorization')?.startsWith('Bearer ');
    const hasSessionCookie = !!getCookie(c, SESSION_COOKIE);
    if (hasBearer && !hasSessionCookie) return next();
    const cookie = getCookie(c, XSRF_COOKIE);
    const header = c.req.header('x-xsrf-token');
    if (!cookie || !header || !safeEqual(cookie, decodeURIComponent(header))) {
      throw new ApiError(419 as ContentfulStatusCode, 'CSRF token mismatch. Reload the page and try again.');
    }
    await next();
  };
}
