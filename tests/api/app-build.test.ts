import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupApi } from '../support/api';
import { createApp } from '../../server/app';
import { readAppBuild, servedBuild } from '../../server/http/build';
import { buildOf } from '../../contract/http';

const api = await setupApi();
const dir = mkdtempSync(join(tmpdir(), 'safar-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const page = (hash: string) => `<!doctype html><html><head><script src="/assets/shell-${hash}.js"></script></head><body></body></html>`;

describe('the served build named on every answer', () => {
  it("reads the shell script's hash from the built index.html, as the app reads its own page", () => {
    writeFileSync(join(dir, 'index.html'), page('7a3b46aa'));
    expect(readAppBuild(dir)).toBe('7a3b46aa');
    expect(buildOf('/assets/shell-7a3b46aa.js')).toBe('7a3b46aa');
    expect(readAppBuild(join(dir, 'missing'))).toBeNull();
    expect(buildOf(null)).toBeNull();
  });

  it('API answers, errors included, and pages carry X-Safar-Build when the server serves a built app', async () => {
    writeFileSync(join(dir, 'index.html'), page('0badc0de'));
    const app = createApp(api.ctx, { staticDir: dir });
    for (const path of ['/api/airports?q=kar', '/api/user', '/api/no-such-route', '/sanctum/csrf-cookie', '/flight/search']) {
      const res = await app.request(path);
      expect(res.headers.get('x-safar-build'), path).toBe('0badc0de');
    }
    const bad = await app.request('/api/flights?origin=KHI');
    expect(bad.status).toBe(422);
    expect(bad.headers.get('x-safar-build')).toBe('0badc0de');
  });

  it('is left out without a built app (tests, a development server on Vite)', async () => {
    const res = await api.app.request('/api/airports?q=kar');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-safar-build')).toBeNull();
  });

  it('follows a rebuild under a running server, looking at the file on a timer rather than per answer', async () => {
    writeFileSync(join(dir, 'index.html'), page('aaaa1111'));
    const build = servedBuild(dir, 20);
    expect(build()).toBe('aaaa1111');
    writeFileSync(join(dir, 'index.html'), page('bbbb2222'));
    // A later mtime even on a file system that keeps whole seconds.
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(build()).toBe('aaaa1111');
    await vi.waitFor(() => expect(build()).toBe('bbbb2222'), { timeout: 2000, interval: 10 });
  });
});
