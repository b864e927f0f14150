import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { cloneTestDb } from '../support/db';
import { testContext } from '../support/template';

/**
 * The app at one address: opened at 127.0.0.1 where APP_URL says localhost (or back), a page is sent to APP_URL's,
 * so the session and the language chosen there are the ones the payment return and the mails come back to.
 */
const database = await cloneTestDb();
afterAll(() => database.close());

const appAt = (appUrl: string) => createApp(testContext(database.db, { appUrl }));
/** As a browser navigating to a page asks (or, with `accept`, as the app's own calls do). */
const ask = (app: ReturnType<typeof appAt>, url: string, method = 'GET', accept = 'text/html,application/xhtml+xml') =>
  app.request(url, { method, headers: { host: new URL(url).host, accept }, redirect: 'manual' });

describe('one origin on this machine', () => {
  const local = appAt('http://localhost:8080');

  it('sends a page asked at another loopback name to APP_URL’s, path and query kept', async () => {
    for (const from of ['http://127.0.0.1:8080', 'http://[::1]:8080']) {
      const res = await ask(local, `${from}/payment-result?status=success&tracker=t1`);
      expect(res.status).toBe(308);
      expect(res.headers.get('location')).toBe('http://localhost:8080/payment-result?status=success&tracker=t1');
    }
    const back = await ask(appAt('http://127.0.0.1:8080'), 'http://localhost:8080/agent/dashboard');
    expect(back.headers.get('location')).toBe('http://127.0.0.1:8080/agent/dashboard');
  });

  it('answers API calls, the XSRF cookie, calls that do not ask for a page, other methods, other ports and APP_URL’s own name where they are asked', async () => {
    expect((await ask(local, 'http://127.0.0.1:8080/api/user')).status).toBe(200);
    expect((await ask(local, 'http://127.0.0.1:8080/sanctum/csrf-cookie', 'GET', '*/*')).status).toBe(204);
    expect((await ask(local, 'http://127.0.0.1:8080/sanctum/csrf-cookie')).status).toBe(204);
    expect((await ask(local, 'http://127.0.0.1:8080/agent/dashboard', 'GET', 'application/json')).status).not.toBe(308);
    expect((await ask(local, 'http://127.0.0.1:8080/sandbox/pay/x', 'POST')).status).not.toBe(308);
    expect((await ask(local, 'http://127.0.0.1:9090/')).status).not.toBe(308);
    expect((await ask(local, 'http://localhost:8080/')).status).not.toBe(308);
  });

  it('never sends anyone elsewhere by a Host header when APP_URL is a public name', async () => {
    const pub = appAt('https://safar.example');
    expect((await ask(pub, 'http://127.0.0.1:8080/')).status).not.toBe(308);
    expect((await ask(pub, 'http://evil.example/')).status).not.toBe(308);
  });
});
