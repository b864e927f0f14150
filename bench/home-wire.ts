/**
 * Home's JavaScript as the browser receives it: Chromium opens / on the server `npm start` runs (fresh PGlite
 * folder), and every script response's body is counted as it crossed the wire (compressed as the server chose,
 * from the browser's own Accept-Encoding), until the page is idle. Printed per file and in all beside the goal.
 * First visit, empty cache, desktop and phone widths. Prints figures only; nothing asserts.
 * Run: node --import tsx bench/home-wire.ts [--port 8197]. Needs `npm run build`.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startServer } from './server';

export const HOME_JS_GOAL_KB = 150;
const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const { values } = parseArgs({ options: { port: { type: 'string', default: '8197' } } });

interface Script { file: string; bytes: number; headers: number; encoding: string }

const server = await startServer({ port: Number(values.port) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROME_ARGS });
try {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const scripts: Script[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      pending.push((async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        const encoding = (await res?.allHeaders())?.['content-encoding'] ?? 'identity';
        scripts.push({ file: new URL(req.url()).pathname, bytes: sizes.responseBodySize, headers: sizes.responseHeadersSize, encoding });
      })());
    });
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.flight-search');
    await Promise.all(pending);
    // What crossed the wire: each answer's headers as well as its (compressed) body, as Lighthouse's transferSize counts.
    const body = scripts.reduce((s, x) => s + x.bytes, 0) / 1024;
    const total = body + scripts.reduce((s, x) => s + x.headers, 0) / 1024;
    console.log(`\n${name} (${viewport.width}×${viewport.height}): ${scripts.length} scripts, ${total.toFixed(1)} KB on the wire (bodies ${body.toFixed(1)} KB)  goal ≤ ${HOME_JS_GOAL_KB} KB ${total <= HOME_JS_GOAL_KB ? 'MET' : 'NOT MET'}`);
    for (const s of scripts.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.encoding.padEnd(8)} ${s.file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
