import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, readCookie, request } from '../../src/api/client';

/** The client's wire behaviour against a stubbed fetch. */
const seen: Request[] = [];
let answer: () => Response;

function storage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

beforeEach(() => {
  seen.length = 0;
  answer = () => Response.json({ data: null });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%3D%3D', documentElement: { lang: 'ar' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(new URL(String(input), 'http://localhost:8080'), init));
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('reads a cookie and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%2By%3D')).toBe('x+y=');
    expect(readCookie('missing', 'a=1')).toBeNull();
  });

  it('GET: /api prefix, JSON accepted, cookies included, language sent, no XSRF header', async () => {
    await request('/user');
    const r = seen[0];
    expect(new URL(r.url).pathname).toBe('/api/user');
    expect(r.headers.get('accept')).toBe('application/json');
    expect(r.headers.get('accept-language')).toBe('ar');
    expect(r.credentials).toBe('include');
    expect(r.headers.get('x-xsrf-token')).toBeNull();
    expect(r.headers.get('authorization')).toBeNull();
  });

  it('mutating calls carry X-XSRF-TOKEN (decoded cookie) and the stored bearer token', async () => {
    accessToken.set('tok-1');
    await request('/logout', { method: 'POST', body: {} });
    expect(seen[0].headers.get('x-xsrf-token')).toBe('abc==');
    expect(seen[0].headers.get('authorization')).toBe('Bearer tok-1');
    accessToken.clear();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('does not retry a failed POST, except once after a CSRF mismatch (419)', async () => {
    answer = () => Response.json({ message: 'nope' }, { status: 500 });
    await expect(request('/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 500, data: { message: 'nope' } });
    expect(seen).toHaveLength(1);

    seen.length = 0;
    let n = 0;
    answer = () => (n++ === 0 ? Response.json({ message: 'CSRF token mismatch.' }, { status: 419 }) : new Response(null, { status: 204 }));
    await request('/login', { method: 'POST', body: {} });
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/login', '/sanctum/csrf-cookie', '/api/login']);
  });

  it('is abortable, and an aborted call never settles (its answer or abort error reaches no one)', async () => {
    const later = (ms: number) => new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms));
    const ctrl = new AbortController();
    ctrl.abort();
    let reached = false;
    vi.stubGlobal('fetch', async (_: unknown, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      reached = true;
      return Response.json({});
    });
    expect(await Promise.race([request('/user', { signal: ctrl.signal }), later(50)])).toBe('still waiting');
    expect(reached).toBe(false);
    // Aborted while its answer was on the way: the answer is dropped too.
    const late = new AbortController();
    vi.stubGlobal('fetch', async () => { late.abort(); return Response.json({ data: 1 }); });
    expect(await Promise.race([request('/user', { signal: late.signal }), later(50)])).toBe('still waiting');
  });
});
