/**
 * The demo accounts the suite calls as (every server that runs the demo data has them), each with a cookie jar
 * of its own, and whether an operation's `x-roles` admit each of them.
 */
import { can, type Permission } from '../../contract/permissions';
import type { Role } from '../../contract/auth';

export const DEMO_ACCOUNTS: Record<string, { email: string | null; role: Role | null; approved?: boolean }> = {
  anonymous: { email: null, role: null },
  customer: { email: 'customer@demo.safar', role: 'customer' },
  pendingAgent: { email: 'pending.agent@demo.safar', role: 'agent', approved: false },
  agent: { email: 'agent@demo.safar', role: 'agent', approved: true },
  accounts: { email: 'accounts@demo.safar', role: 'accounts' },
  reservation: { email: 'reservation@demo.safar', role: 'reservation' },
  analyst: { email: 'analyst@demo.safar', role: 'analyst' },
  admin: { email: 'admin@demo.safar', role: 'admin' },
};
export type Who = keyof typeof DEMO_ACCOUNTS;
export const EVERYONE = Object.keys(DEMO_ACCOUNTS) as Who[];

/** One label of x-roles: "public", "guest", "customer", "approved agent", "agent (any)", "role a | b", "permission a | b". */
function labelAdmits(label: string, who: Who): boolean {
  const { role, approved } = DEMO_ACCOUNTS[who];
  if (label === 'public') return true;
  if (label === 'guest') return role === null;
  if (label === 'any signed-in user') return role !== null;
  if (label === 'customer') return role === 'customer';
  if (label === 'approved agent') return role === 'agent' && approved === true;
  if (label === 'agent (any)') return role === 'agent';
  const m = /^(role|permission) (.+)$/.exec(label);
  if (m && m[1] === 'role') return m[2].split(/\s*\|\s*/).includes(role ?? '');
  if (m) return m[2].split(/\s*\|\s*/).some((p) => can(role, p as Permission));
  throw new Error(`unknown role label "${label}"`);
}

/** x-roles are alternatives; one label may join guards that must all admit ("a or b and c"). */
export function admits(roles: string[], who: Who): boolean {
  return roles.some((label) => label.split(' and ').every((all) => all.split(/,\s+|\s+or\s+/).some((one) => labelAdmits(one.trim(), who))));
}

/** A client of one caller: its cookies (session, XSRF) carried from answer to call, as a browser would. */
export class Caller {
  cookies = new Map<string, string>();
  constructor(readonly base: string, readonly who: Who) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; type: string; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let payload: BodyInit | undefined;
    // A form (a file, or a hosted payment page's fields) goes as it is; fetch sets its content type.
    if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
    else if (body !== undefined) { payload = JSON.stringify(body); headers['content-type'] = 'application/json'; }
    const res = await fetch(this.base + path, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1)];
      if (value === '' || /max-age=0\b/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    let parsed: unknown = text;
    if (type.includes('json')) try { parsed = JSON.parse(text); } catch { /* kept as text: the check names it */ }
    return { status: res.status, body: parsed, type, text };
  }

  /** The XSRF cookie first, as a browser's first page does; then the demo account's sign-in. */
  async start(password: string): Promise<this> {
    await this.call('GET', '/sanctum/csrf-cookie');
    const email = DEMO_ACCOUNTS[this.who].email;
    if (email) {
      const res = await this.call('POST', '/api/login', { email, password });
      if (res.status !== 200) throw new Error(`signing in as ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
    }
    return this;
  }
}
