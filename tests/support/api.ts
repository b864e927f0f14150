import { afterAll } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import type { Config } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { cloneTestDb } from './db';
import { testContext } from './template';

export interface Res<T = any> { status: number; body: T; headers: Headers }

/** A browser-like client over app.request: keeps cookies and sends the XSRF header like the app does. */
export class TestClient {
  cookies = new Map<string, string>();
  bearer: string | null = null;
  sendXsrf = true;
  constructor(readonly app: Hono<AppEnv>) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h = new Headers({ accept: 'application/json', ...headers });
    if (this.cookies.size) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (this.bearer && !h.has('authorization')) h.set('authorization', `Bearer ${this.bearer}`);
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.sendXsrf && xsrf && !h.has('x-xsrf-token')) h.set('x-xsrf-token', decodeURIComponent(xsrf));
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      if (!h.has('content-type')) h.set('content-type', 'application/json');
    }
    const res = await this.app.request(path, { method, headers: h, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(path: string, query?: Record<string, string | number | undefined>) {
    const qs = query ? '?' + new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString() : '';
    return this.request<T>('GET', path + qs);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('POST', path, body ?? {}, headers); }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('PUT', path, body ?? {}, headers); }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('PATCH', path, body ?? {}, headers); }
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>) { return this.request<T>('DELETE', path, body, headers); }

  /** GET /sanctum/csrf-cookie, as the app does at start-up. */
  async csrf() {
    await this.request('GET', '/sanctum/csrf-cookie');
    return this;
  }

  /** Logs in through the API; the client then carries the session cookie (and keeps the token given). */
  accessToken: string | null = null;
  async login(email: string, password = DEMO_PASSWORD) {
    await this.csrf();
    const res = await this.post('/api/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.accessToken = res.body.data.access_token;
    return this;
  }
}

/** The identities of the role matrix (DEVELOPERS.md): every endpoint is tried as each. */
export const IDENTITIES = {
  anonymous: null,
  customer: 'customer@demo.safar',
  unapprovedAgent: 'pending.agent@demo.safar',
  agent: 'agent@demo.safar',
  accounts: 'accounts@demo.safar',
  reservation: 'reservation@demo.safar',
  analyst: 'analyst@demo.safar',
  admin: 'admin@demo.safar',
} as const;
export type Identity = keyof typeof IDENTITIES;
export const ALL_IDENTITIES = Object.keys(IDENTITIES) as Identity[];

/** One app over a private database per test file; closed after the file. */
export async function setupApi(over: Partial<Config> = {}) {
  const database = await cloneTestDb();
  const ctx = testContext(database.db, over);
  const app = createApp(ctx);
  afterAll(() => database.close());
  const client = () => new TestClient(app);
  const as = async (who: Identity) => {
    const c = client();
    const email = IDENTITIES[who];
    if (email) await c.login(email);
    else await c.csrf();
    return c;
  };
  return { app, ctx, db: database.db, driver: database.driver, client, as };
}

/** Mail the outbox holds for an address, newest first. */
export async function mailsTo(db: import('../../server/db/client').Db, to: string) {
  const { outbox } = await import('../../server/db/schema');
  const { desc, eq } = await import('drizzle-orm');
  return db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.id));
}
