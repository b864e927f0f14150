import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { setupApi } from '../support/api';
import { createApp } from '../../server/app';
import { precompressDir } from '../../server/http/precompress';

const api = await setupApi();
const root = mkdtempSync(join(tmpdir(), 'safar-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small built app: text that compresses, text too short to, and files that are never precompressed. */
function builtApp(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'), { recursive: true });
  const js = Array.from({ length: 200 }, (_, i) => `export const value${i} = "${'abc'.repeat(i % 7)}";`).join('\n');
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    'assets/app-1a2b3c.js': js,
    'assets/app-1a2b3c.css': Array.from({ length: 100 }, (_, i) => `.c${i} { color: #${String(i).padStart(6, '0')}; }`).join('\n'),
    'assets/icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0L10 10"/>'.repeat(60)}</svg>`,
    'assets/tiny.js': 'x',
    'assets/app-1a2b3c.js.map': JSON.stringify({ version: 3, sources: [js] }),
    'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 2000 }, (_, i) => i % 251)]),
    '.vite/manifest.json': JSON.stringify({ 'index.html': { file: 'assets/app-1a2b3c.js' } }),
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return files;
}

describe('precompressing the built app', () => {
  const dir = join(root, 'app');
  const files = builtApp(dir);
  writeFileSync(join(dir, 'assets/tiny.js.br'), 'left by an older build');

  it('writes brotli (highest quality, text mode) and gzip 9 beside each text file, and nothing that would not be smaller', async () => {
    const result = await precompressDir(dir);
    expect(result.files).toBe(5); // html, js, css, svg, tiny.js
    for (const name of ['index.html', 'assets/app-1a2b3c.js', 'assets/app-1a2b3c.css', 'assets/icon.svg']) {
      const original = readFileSync(join(dir, name));
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      const best = brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: original.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
      expect(br.length, name).toBe(best.length);
      expect(gz[0] === 0x1f && gz[1] === 0x8b && gz[8], name).toBe(2); // gzip's header says: maximum compression
    }
    // A one-byte file grows when compressed: no variant, and the stale one an older build left is gone.
    expect(existsSync(join(dir, 'assets/tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/tiny.js.gz'))).toBe(false);
    // Source maps, images and the manifest's dot folder are left as they are.
    for (const name of ['assets/app-1a2b3c.js.map', 'assets/logo.png', '.vite/manifest.json']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(readFileSync(join(dir, name)).equals(Buffer.from(files[name])), name).toBe(true);
    }
  });

  it('reuses the encodings an earlier build made of the same bytes', async () => {
    const cacheDir = join(root, 'cache');
    const again = join(root, 'again');
    builtApp(again);
    const first = await precompressDir(again, { cacheDir });
    expect(first.reused).toBe(0);
    const before = readFileSync(join(again, 'assets/app-1a2b3c.js.br'));
    rmSync(join(again, 'assets/app-1a2b3c.js.br'));
    const second = await precompressDir(again, { cacheDir });
    expect(second.reused).toBe(10);
    expect(readFileSync(join(again, 'assets/app-1a2b3c.js.br')).equals(before)).toBe(true);
    expect(second.br).toBe(first.br);
  });
});

describe('serving the precompressed app', async () => {
  const dir = join(root, 'served');
  builtApp(dir);
  await precompressDir(dir);
  const app = createApp(api.ctx, { staticDir: dir });
  const get = (path: string, accept?: string, method = 'GET') => app.request(path, { method, headers: accept === undefined ? {} : { 'accept-encoding': accept } });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const file = (name: string) => readFileSync(join(dir, name));

  it('sends the .br to a client that takes brotli, the .gz to one that takes only gzip, the file itself to others', async () => {
    const name = 'assets/app-1a2b3c.js';
    for (const [accept, encoding, sent] of [
      ['gzip, deflate, br, zstd', 'br', `${name}.br`],
      ['gzip, deflate', 'gzip', `${name}.gz`],
      ['br;q=0, gzip;q=0.8', 'gzip', `${name}.gz`],
      ['identity', null, name],
      [undefined, null, name],
    ] as const) {
      const res = await get(`/${name}`, accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary'), accept).toBe('accept-encoding');
      expect(res.headers.get('content-type'), accept).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      // The bytes written at build, as they are: not compressed again here.
      const body = await bytes(res);
      expect(body.equals(file(sent)), accept).toBe(true);
      expect(res.headers.get('content-length'), accept).toBe(String(body.length));
    }
  });

  it('answers HEAD with the length of what GET would send', async () => {
    const res = await get('/assets/app-1a2b3c.css', 'br', 'HEAD');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-length')).toBe(String(file('assets/app-1a2b3c.css.br').length));
    expect((await bytes(res)).length).toBe(0);
  });

  it("serves the app's pages (client routes) from the precompressed index.html, never cached", async () => {
    const res = await get('/flight/search', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(res)).equals(file('index.html'))).toBe(true);
    const plain = await get('/', '');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await bytes(plain)).equals(file('index.html'))).toBe(true);
  });

  it('compresses no static file per request, those without variants included', async () => {
    for (const name of ['assets/tiny.js', 'assets/app-1a2b3c.js.map', 'assets/logo.png']) {
      const res = await get(`/${name}`, 'br, gzip');
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-encoding'), name).toBeNull();
      expect((await bytes(res)).equals(file(name)), name).toBe(true);
    }
  });

  it("sends a hashed asset without the headers only documents act on, and keeps them on pages and API answers", async () => {
    const asset = await get('/assets/app-1a2b3c.js', 'br');
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'x-request-id', 'x-safar-build', 'last-modified']) {
      expect(asset.headers.get(name), name).toBeNull();
    }
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const path of ['/', '/api/airports?q=kar']) {
      const res = await get(path, 'br');
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('still compresses API answers', async () => {
    const res = await get('/api/airports?q=a&limit=50', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
