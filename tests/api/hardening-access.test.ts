import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailsTo, setupApi } from '../support/api';
import { testConfig } from '../support/template';
import { users } from '../../server/db/schema';
import { loadConfig, trustProxyHops } from '../../server/config';
import { forwardedClient } from '../../server/http/ip';
import { slowdownMs } from '../../server/auth/login-guard';
import { afterStart, suspendDemoAccounts } from '../../server/startup';
import { seedDemo } from '../../server/db/seed';
import { LOOKUP_LIMITED } from '../../server/auth/guest-lookup';

describe('development defaults are safe', async () => {
  const api = await setupApi({ env: 'development' });

  it('listens on loopback unless HOST says otherwise', () => {
    const env = { APP_KEY: 'k', DATA_DIR: '/tmp/safar-config-test' };
    expect(loadConfig(env).host).toBe('127.0.0.1');
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('the mail viewer answers callers on this machine only', async () => {
    const local = await api.app.request('/api/dev/outbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 1 } } });
    expect(local.status).toBe(200);
    for (const path of ['/api/dev/outbox', '/dev/mail']) {
      const remote = await api.app.request(path, {}, { incoming: { socket: { remoteAddress: '203.0.113.9', remotePort: 1 } } });
      expect(remote.status, path).toBe(404);
      // A proxy on this machine makes the socket local; what it forwards is not.
      const proxied = await api.app.request(path, { headers: { 'x-forwarded-for': '203.0.113.9' } }, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 1 } } });
      expect(proxied.status, path).toBe(404);
    }
  });

  it('says when the work a start leaves for after listening is over (tests and benches wait on it)', async () => {
    const ask = () => api.app.request('/api/dev/ready', {}, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 1 } } });
    expect((await ask()).status).toBe(425);
    await afterStart(api.ctx, false);
    expect((await ask()).status).toBe(200);
    expect(await (await ask()).json()).toEqual({ ready: true });
  });

  it('never seeds demo accounts into a database that holds users', async () => {
    expect(await seedDemo(api.ctx)).toBe(false);
  });

  it('in production, demo accounts whose password is public are suspended and cannot sign in', async () => {
    const prod = await setupApi({ env: 'production' });
    const before = await prod.client().csrf().then((c) => c.post('/api/login', { email: 'admin@demo.safar', password: 'Safar-demo-1' }));
    expect(before.status).toBe(200); // what an attacker could do before start-up ran
    // A demo account whose password was changed is a real account now: left alone.
    const { hashPassword } = await import('../../server/auth/crypto');
    await prod.db.update(users).set({ passwordHash: await hashPassword('a private password 1') }).where(eq(users.email, 'customer@demo.safar'));
    const suspended = await suspendDemoAccounts(prod.ctx);
    expect(suspended).toContain('admin@demo.safar');
    expect(suspended).not.toContain('customer@demo.safar');
    const after = await prod.client().csrf().then((c) => c.post('/api/login', { email: 'admin@demo.safar', password: 'Safar-demo-1' }));
    expect(after.status).toBe(401);
  });
});

describe('the client address behind a proxy', async () => {
  it('is the entry the trusted proxy appended, not what the client wrote', () => {
    expect(forwardedClient('6.6.6.6, 198.51.100.4', 1)).toBe('198.51.100.4');
    expect(forwardedClient('6.6.6.6, 198.51.100.4, 10.0.0.2', 2)).toBe('198.51.100.4');
    expect(forwardedClient('198.51.100.4', 3)).toBe('198.51.100.4');
    expect(forwardedClient('6.6.6.6', 0)).toBeNull();
    expect(trustProxyHops('true')).toBe(1);
    expect(trustProxyHops('2')).toBe(2);
    expect(trustProxyHops(undefined)).toBe(0);
  });

  it('a client rotating the leftmost X-Forwarded-For entry is still limited', async () => {
    const api = await setupApi({ trustProxyHops: 1, limits: { ...testConfig().limits, loginPerIpPerMinute: 3 } });
    const c = await api.client().csrf();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await c.post('/api/login', { email: 'customer@demo.safar', password: 'Safar-demo-1' }, { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.4` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('password guessing does not lock out the owner', async () => {
  const api = await setupApi({ trustProxyHops: 1, limits: { ...testConfig().limits, loginAlertFailures: 8 } });
  const login = async (email: string, password: string, ip: string) =>
    (await api.client().csrf()).post('/api/login', { email, password }, { 'x-forwarded-for': ip });

  it('five failures lock the guessing address out of that account, not the owner elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin@demo.safar', `guess-${i}`, '203.0.113.66')).status).toBe(401);
    expect((await login('admin@demo.safar', 'Safar-demo-1', '203.0.113.66')).status).toBe(429);
    expect((await login('admin@demo.safar', 'Safar-demo-1', '198.51.100.10')).status).toBe(200);
  });

  it('failures from many addresses slow the account down and tell the owner and the admins once', async () => {
    for (let i = 0; i < 10; i++) expect((await login('accounts@demo.safar', `guess-${i}`, `203.0.113.${100 + i}`)).status).toBe(401);
    const owner = await mailsTo(api.db, 'accounts@demo.safar');
    expect(owner.filter((m) => m.kind === 'login-alert')).toHaveLength(1);
    const admin = await mailsTo(api.db, 'admin@demo.safar');
    expect(admin.filter((m) => m.kind === 'login-alert-staff')).toHaveLength(1);
    expect(admin[0].textBody).toContain('accounts@demo.safar');
    expect((await login('accounts@demo.safar', 'Safar-demo-1', '198.51.100.11')).status).toBe(200);
  });

  it('the slowdown grows with the failures, up to a cap', () => {
    const l = { ...testConfig().limits, loginFailuresPerAccount: 5, loginSlowdownStepMs: 250, loginSlowdownMaxMs: 3000 };
    expect([0, 5, 6, 10, 100].map((n) => slowdownMs(n, l))).toEqual([0, 0, 250, 1250, 3000]);
  });
});

describe('guest look-ups by reference and email are limited', async () => {
  const api = await setupApi({ trustProxyHops: 1, limits: { ...testConfig().limits, lookupFailuresPerIpPerHour: 3, lookupFailuresPerEmailPerHour: 4 } });
  const lookup = async (path: string, pnr: string, email: string, ip: string) =>
    (await api.client().csrf()).request('GET', `${path}?${new URLSearchParams({ pnr, email })}`, undefined, { 'x-forwarded-for': ip });

  it('an address that guessed wrong 3 times gets 429, even for a right guess', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await lookup('/api/get-customer-flight-booking-details', `ZZZZZ${i}`, 'victim@example.com', '203.0.113.20')).status);
    expect(statuses).toEqual([404, 404, 404]);
    const res = await lookup('/api/safepay-url', 'ZZZZZ9', 'someone@example.com', '203.0.113.20');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(LOOKUP_LIMITED);
  });

  it('an email guessed from many addresses gets 429 after 4 failures', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await lookup('/api/get-customer-flight-booking-details', `YYYYY${i}`, 'target@example.com', `198.51.100.${30 + i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });
});
