import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi } from '../support/api';
import { users } from '../../server/db/schema';
import { testConfig } from '../support/template';

const api = await setupApi();

const linkIn = (text: string, pattern: RegExp) => {
  const m = text.match(pattern);
  if (!m) throw new Error(`no link in ${text}`);
  return new URL(m[0]);
};

describe('csrf cookie and session basics', () => {
  it('GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie', async () => {
    const res = await api.client().request('GET', '/sanctum/csrf-cookie');
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('GET /user answers null for an anonymous visitor', async () => {
    const res = await api.client().get('/api/user');
    expect(res).toMatchObject({ status: 200, body: { data: null } });
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await api.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API route/);
  });

  it('sends security headers', async () => {
    const res = await api.client().get('/api/user');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('XSRF double submit', () => {
  it('refuses a mutating call without the header', async () => {
    const c = await api.client().csrf();
    c.sendXsrf = false;
    const res = await c.post('/api/login', { email: 'admin@demo.safar', password: 'Safar-demo-1' });
    expect(res.status).toBe(419);
    expect(res.body.message).toMatch(/CSRF/);
  });

  it('refuses a mutating call with a wrong token', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/login', { email: 'admin@demo.safar', password: 'Safar-demo-1' }, { 'x-xsrf-token': 'forged' });
    expect(res.status).toBe(419);
  });

  it('refuses a mutating call with no cookie at all', async () => {
    const res = await api.client().post('/api/logout');
    expect(res.status).toBe(419);
  });

  it('lets a bearer-only client through without XSRF', async () => {
    const login = await (await api.client().csrf()).post('/api/login', { email: 'customer@demo.safar', password: 'Safar-demo-1' });
    const bearerOnly = api.client();
    bearerOnly.bearer = login.body.data.access_token;
    const res = await bearerOnly.post('/api/email/verification-notification');
    expect(res.status).toBe(200);
  });
});

describe('POST /login', () => {
  it('logs in with the specified answer shape and sets an HttpOnly session cookie', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/login', { email: 'Admin@Demo.Safar ', password: 'Safar-demo-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { user: { role: 'admin', is_approved: '1', email_verified: true } }, message: { status: 'success' } });
    expect(res.body.data.access_token).toMatch(/^\d+\|/);
    expect(res.headers.getSetCookie().find((s) => s.startsWith('safar_session='))).toMatch(/HttpOnly/);
    expect((await c.get('/api/user')).body.data.email).toBe('admin@demo.safar');
  });

  it('authenticates with the access token as Authorization: Bearer', async () => {
    const login = await api.client().login('agent@demo.safar');
    const c = api.client();
    c.bearer = login.accessToken;
    expect((await c.get('/api/user')).body.data).toMatchObject({ role: 'agent', agent_code: expect.stringMatching(/^AGN-\d{2}-\d{4}$/) });
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Enter a valid email address.'],
    [{ email: 'a@b.co' }, 'password', 'Password is required.'],
    [{ email: 'a@b.co', password: '' }, 'password', 'Password is required.'],
  ])('answers 422 for %j', async (input, field, message) => {
    const c = await api.client().csrf();
    const res = await c.post('/api/login', input);
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
    expect(res.body.message).toBeTruthy();
  });

  it('answers 400 for a body that is not JSON', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/login', '{not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });

  it('answers 401 for a wrong password and for an unknown email, with the same message', async () => {
    const c = await api.client().csrf();
    const wrong = await c.post('/api/login', { email: 'reservation@demo.safar', password: 'wrong-password' });
    const unknown = await c.post('/api/login', { email: 'nobody@demo.safar', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('locks an account after 5 failures, even for the right password', async () => {
    const c = await api.client().csrf();
    for (let i = 0; i < 5; i++) expect((await c.post('/api/login', { email: 'accounts@demo.safar', password: `bad-${i}` })).status).toBe(401);
    const locked = await c.post('/api/login', { email: 'accounts@demo.safar', password: 'Safar-demo-1' });
    expect(locked.status).toBe(429);
    // 15 minutes later it opens again
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 16 * 60_000);
    expect((await c.post('/api/login', { email: 'accounts@demo.safar', password: 'Safar-demo-1' })).status).toBe(200);
    api.ctx.clock.now = new Date();
  });

  it('refuses a suspended user', async () => {
    const c = await api.client().csrf();
    await c.post('/api/register', { name: 'Sus Pended', email: 'suspended@example.com', password: 'long-password-1', password_confirmation: 'long-password-1' });
    await api.db.update(users).set({ status: 'suspended' }).where(eq(users.email, 'suspended@example.com'));
    expect((await c.get('/api/user')).body.data).toBeNull();
    expect((await api.client().csrf().then((x) => x.post('/api/login', { email: 'suspended@example.com', password: 'long-password-1' }))).status).toBe(401);
  });
});

describe('login rate limit per IP', async () => {
  const limited = await setupApi({ limits: { ...testConfig().limits, loginPerIpPerMinute: 3, loginFailuresPerAccount: 5, forgotPerIpPerHour: 2, forgotPerAccount: 3, registerPerIpPerHour: 10 } });
  it('answers 429 once the address has tried too often', async () => {
    const c = await limited.client().csrf();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.post('/api/login', { email: 'customer@demo.safar', password: 'Safar-demo-1' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
  it('limits forgot-password per address too', async () => {
    const c = await limited.client().csrf();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await c.post('/api/forgot-password', { email: `x${i}@demo.safar` })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('POST /register, verification', () => {
  const valid = { name: 'Layla Khan', email: 'layla@example.com', password: 'travel-often-9', password_confirmation: 'travel-often-9' };

  it('registers a customer, logs them in unverified and queues a signed verification link', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/register', valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: { description: 'Registered successfully.' }, data: { user: { role: 'customer', email_verified: false } } });
    expect((await c.get('/api/user')).body.data.email).toBe('layla@example.com');

    const [mail] = await mailsTo(api.db, 'layla@example.com');
    expect(mail.subject).toBe('Verify your email address');
    const link = linkIn(mail.textBody, /http:\/\/localhost:8080\/auth\/verify-email\?\S+/);
    const params = Object.fromEntries(link.searchParams);

    const tampered = await c.post('/api/email/verify', { ...params, id: String(Number(params.id) + 1) });
    expect(tampered.status).toBe(403);

    const ok = await c.post('/api/email/verify', params);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email_verified).toBe(true);
    expect((await c.get('/api/user')).body.data.email_verified).toBe(true);
  });

  it('logs in an unverified user, who sees email_verified false', async () => {
    const c = await api.client().csrf();
    await c.post('/api/register', { ...valid, email: 'unverified@example.com' });
    const res = await (await api.client().csrf()).post('/api/login', { email: 'unverified@example.com', password: valid.password });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email_verified).toBe(false);
  });

  it('refuses an expired verification link', async () => {
    const c = await api.client().csrf();
    await c.post('/api/register', { ...valid, email: 'late@example.com' });
    const [mail] = await mailsTo(api.db, 'late@example.com');
    const params = Object.fromEntries(linkIn(mail.textBody, /http:\/\/\S+verify-email\?\S+/).searchParams);
    api.ctx.clock.now = new Date(Date.now() + 61 * 60_000);
    const res = await c.post('/api/email/verify', params);
    api.ctx.clock.now = new Date();
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/expired/);
    // a new link can be asked for
    expect((await c.post('/api/email/verification-notification')).status).toBe(200);
    expect(await mailsTo(api.db, 'late@example.com')).toHaveLength(2);
  });

  it.each([
    [{ ...valid, email: 'admin@demo.safar' }, 'email', 'This email is already registered.'],
    [{ ...valid, email: 'ADMIN@demo.safar' }, 'email', 'This email is already registered.'],
    [{ ...valid, name: ' ' }, 'name', 'Name is required.'],
    [{ ...valid, email: 'bad' }, 'email', 'Enter a valid email address.'],
    [{ ...valid, password: 'short', password_confirmation: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ ...valid, email: 'mismatch@example.com', password_confirmation: 'different-1' }, 'password_confirmation', 'The passwords do not match.'],
  ])('answers 422 for %j', async (input, field, message) => {
    const c = await api.client().csrf();
    const res = await c.post('/api/register', input);
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('registers an agent through POST /agents: unapproved, with a code and a company profile', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/agents', { ...valid, email: 'newagent@example.com', company_name: 'Falcon Travel', phone: '+92 300 1234567' });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'agent', is_approved: '0', email_verified: false, agent_code: expect.stringMatching(/^AGN-/) });
  });

  it.each([
    [{ company_name: '', phone: '+92 300 1234567' }, 'company_name'],
    [{ company_name: 'X', phone: 'call me' }, 'phone'],
  ])('refuses an agent registration with bad company fields %j', async (extra, field) => {
    const c = await api.client().csrf();
    const res = await c.post('/api/agents', { ...valid, email: `agent-${field}@example.com`, ...extra });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('asks for a new verification link only when logged in (role matrix)', async () => {
    for (const who of ALL_IDENTITIES) {
      const c = await api.as(who);
      const res = await c.post('/api/email/verification-notification');
      expect([who, res.status]).toEqual([who, who === 'anonymous' ? 401 : 200]);
    }
  });
});

describe('forgot and reset password', () => {
  const resetLink = async (email: string) => {
    const [mail] = await mailsTo(api.db, email);
    const url = linkIn(mail.textBody, /http:\/\/\S+\/auth\/password-reset\/\S+/);
    return { token: url.pathname.split('/').pop()!, email: url.searchParams.get('email')! };
  };

  it('answers the same for unknown and known emails and mails only the known one', async () => {
    const c = await api.client().csrf();
    const a = await c.post('/api/forgot-password', { email: 'ghost@example.com' });
    const b = await c.post('/api/forgot-password', { email: 'reservation@demo.safar' });
    expect(a.body).toEqual(b.body);
    expect(await mailsTo(api.db, 'ghost@example.com')).toHaveLength(0);
    expect(await mailsTo(api.db, 'reservation@demo.safar')).toHaveLength(1);
  });

  it('answers 422 for a bad email', async () => {
    const c = await api.client().csrf();
    expect((await c.post('/api/forgot-password', { email: 'nope' })).body.errors.email[0]).toBe('Enter a valid email address.');
  });

  it('resets once with the emailed token, ends old sessions, refuses reuse', async () => {
    const old = await api.client().login('reservation@demo.safar');
    const c = await api.client().csrf();
    const { token, email } = await resetLink('reservation@demo.safar');
    const input = { token, email, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' };
    const res = await c.post('/api/reset-password', input);
    expect(res).toMatchObject({ status: 200, body: { message: { description: 'Your password has reset successfully.' } } });
    expect((await old.get('/api/user')).body.data).toBeNull();
    const reuse = await c.post('/api/reset-password', { ...input, password: 'another-pass-2', password_confirmation: 'another-pass-2' });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors.email[0]).toMatch(/invalid or has expired/);
    await api.client().login('reservation@demo.safar', 'brand-new-pass-1');
  });

  it('refuses an expired token', async () => {
    const c = await api.client().csrf();
    await c.post('/api/forgot-password', { email: 'customer@demo.safar' });
    const { token, email } = await resetLink('customer@demo.safar');
    api.ctx.clock.now = new Date(Date.now() + 61 * 60_000);
    const res = await c.post('/api/reset-password', { token, email, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' });
    api.ctx.clock.now = new Date();
    expect(res.status).toBe(422);
  });

  it.each([
    [{ token: '', email: 'a@b.co', password: 'long-enough-1', password_confirmation: 'long-enough-1' }, 'token'],
    [{ token: 't', email: 'a@b.co', password: 'short', password_confirmation: 'short' }, 'password'],
    [{ token: 't', email: 'a@b.co', password: 'long-enough-1', password_confirmation: 'other-one-22' }, 'password_confirmation'],
  ])('answers 422 for %j', async (input, field) => {
    const c = await api.client().csrf();
    const res = await c.post('/api/reset-password', input);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });
});

describe('POST /logout', () => {
  it('ends the session and the token given at login', async () => {
    const c = await api.client().login('admin@demo.safar');
    const token = c.cookies.get('safar_session');
    const bearer = api.client();
    const login = await (await api.client().csrf()).post('/api/login', { email: 'admin@demo.safar', password: 'Safar-demo-1' });
    bearer.bearer = login.body.data.access_token;
    expect((await bearer.get('/api/user')).body.data).not.toBeNull();

    const res = await c.post('/api/logout');
    expect(res.status).toBe(200);
    expect((await c.get('/api/user')).body.data).toBeNull();
    const replay = api.client();
    replay.cookies.set('safar_session', token!);
    expect((await replay.get('/api/user')).body.data).toBeNull();

    const out = await bearer.post('/api/logout');
    expect(out.status).toBe(200);
    expect((await bearer.get('/api/user')).body.data).toBeNull();
  });
});
