/**
 * Click Search → first offer on screen, in a real Chromium against the real server: the home page's flight form
 * filled KHI → DXB (one way), then timed in the page from the click's own event to the frame that first shows a
 * visible [data-testid=offer], beside click → the search's answer received (resource timing). Timers of 200-400 ms
 * set after the click are listed too: React holds back content that suspended for ~300 ms, so such a timer on this
 * path says something on it suspends. Desktop (1280×800) and phone (390×844, CPU slowed 4× as Lighthouse does).
 * Prints figures beside the goals; nothing asserts.
 * Run: node --import tsx bench/search-paint.ts [--runs 5] [--port N] [--build]   (the first run is a warm-up)
 * --app <folder>: serve a build made elsewhere (another checkout's, to compare) instead of building this one.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { mmddyyyy, pickAirport, typeDate } from '../e2e/support';

export const GOALS = { desktop: 400, phone: 800 } as const;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, port: { type: 'string' }, build: { type: 'boolean', default: false }, app: { type: 'string' } } });
const APP_DIR = values.app ?? '.tmp/app-sp';
const runs = Math.max(2, Number(values.runs));

// The whole bench is bounded: past this, the server is stopped and the process leaves.
const hardStop = setTimeout(() => { console.error('search-paint: gave up after 10 minutes'); void cleanup().then(() => process.exit(2)); }, 600_000);
hardStop.unref();

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});
const newest = (dir: string): number => !existsSync(dir) ? 0 : readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
  const p = join(dir, e.name);
  return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
}, 0);

/** The app built into a folder of its own, again only when a source is newer than the build (or --build). */
function build() {
  const built = existsSync(`${APP_DIR}/index.html`) ? statSync(`${APP_DIR}/index.html`).mtimeMs : 0;
  const sources = Math.max(...['src', 'locales', 'contract', 'machines', 'vite'].map(newest), ...['index.html', 'vite.config.ts'].map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (!values.build && built > sources) return;
  console.log(`building the app into ${APP_DIR} ...`);
  execFileSync('npx', ['vite', 'build', '--outDir', APP_DIR, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit', timeout: 300_000 });
}

let server: ReturnType<typeof spawn> | null = null;
let browser: Browser | null = null;
let dataDir = '';
async function cleanup() {
  await browser?.close().catch(() => undefined);
  browser = null;
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  server = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function startServer(port: number): Promise<string> {
  const base = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'safar-search-paint-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, APP_DIR, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not ready in 3 minutes');
    const status = await fetch(`${base}/api/dev/ready`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    if (status === 200) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Sample { offer: number; api: number; nav: number; loader: boolean; timers: { delay: number; at: number; path: string }[]; chunks: string[] }
declare global { interface Window { __sp: { armed: boolean; t0: number; offer: number; nav: number; loader: boolean; timers: Sample['timers'] } } }

/**
 * In the page before any of its scripts: setTimeout wrapped (React keeps the setTimeout it finds when it loads), and
 * the click, the address change, a page-wide loader and the first visible offer watched once armed.
 */
function instrument() {
  const sp: Window['__sp'] = { armed: false, t0: 0, offer: 0, nav: 0, loader: false, timers: [] };
  window.__sp = sp;
  const plain = window.setTimeout.bind(window);
  window.setTimeout = function (fn: TimerHandler, delay?: number, ...rest: unknown[]) {
    if (sp.armed && sp.t0 && typeof delay === 'number' && delay >= 200 && delay <= 400) {
      sp.timers.push({ delay, at: Math.round(performance.now() - sp.t0), path: location.pathname });
    }
    return plain(fn, delay, ...rest);
  } as unknown as typeof window.setTimeout;
  const push = history.pushState.bind(history);
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => { if (sp.armed && sp.t0 && !sp.nav) sp.nav = performance.now() - sp.t0; push(data, unused, url); };
  document.addEventListener('click', (e) => { if (sp.armed && !sp.t0) sp.t0 = e.timeStamp; }, true);
  const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;
  new MutationObserver(() => {
    if (!sp.armed || !sp.t0 || sp.offer) return;
    if (document.querySelector('.page-loader')) sp.loader = true;
    const offer = document.querySelector('[data-testid=offer]');
    if (!offer || !visible(offer)) return;
    sp.offer = -1;
    // The frame that draws it: its rAF runs before the paint, and a task queued there runs after it.
    requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { sp.offer = performance.now() - sp.t0; }; ch.port2.postMessage(0); });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'hidden', 'class'] });
}

/**
 * Until the page has had an idle moment (its idle-time loads start then; a slowed phone may not have had one yet)
 * and then 600 ms without a new resource, 10 s at most. Playwright's networkidle is reached once per page only.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await new Promise((idle) => requestIdleCallback(idle, { timeout: 3000 }));
    const end = performance.now() + 10_000;
    for (let seen = -1, since = 0; performance.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const n = performance.getEntriesByType('resource').length;
      if (n !== seen) { seen = n; since = performance.now(); } else if (performance.now() - since > 600) return;
    }
  });
}

async function once(profile: 'desktop' | 'phone', day: number): Promise<Sample> {
  const opts: BrowserContextOptions = profile === 'desktop'
    ? { viewport: { width: 1280, height: 800 } }
    : { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
  const context = await browser!.newContext({ ...opts, baseURL: base });
  context.setDefaultTimeout(30_000);
  try {
    const page = await context.newPage();
    // tsx keeps function names by wrapping inner functions in __name(), which the page does not have.
    await page.addInitScript('globalThis.__name ??= (f) => f;');
    await page.addInitScript(instrument);
    if (profile === 'phone') await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/');
    await page.waitForSelector('.flight-search');
    await page.locator('.trip-type').first().click();
    await pickAirport(page, 'origin', 'Karachi', 'KHI');
    await pickAirport(page, 'destination', 'Dubai', 'DXB');
    await typeDate(page, 'date-start', mmddyyyy(day));
    // The button in view first, as a reader sees it before pressing it: what scrolling there loads (the home page's
    // featured sections on a phone) is done before the click, not counted after it.
    await page.locator('.search-submit').scrollIntoViewIfNeeded();
    await settle(page);
    await page.evaluate(() => { window.__sp.armed = true; });
    await page.locator('.search-submit').click();
    await page.waitForFunction(() => window.__sp.offer > 0, null, { timeout: 30_000, polling: 100 }).catch(async (err: Error) => {
      const seen = await page.evaluate(() => ({ url: location.href, sp: window.__sp, offers: document.querySelectorAll('[data-testid=offer]').length })).catch(() => null);
      throw new Error(`${profile}: no offer painted in 30 s (${JSON.stringify(seen)}): ${err.message.split('\n')[0]}`);
    });
    return await page.evaluate(() => {
      const sp = window.__sp;
      const answer = performance.getEntriesByType('resource').find((e) => /\/api\/flights\?/.test(e.name) && e.startTime >= sp.t0 - 50) as PerformanceResourceTiming | undefined;
      // Code asked for between the click and the offer: a lazy() on the path that was not warmed before.
      const chunks = performance.getEntriesByType('resource').filter((e) => e.startTime >= sp.t0 && e.startTime < sp.t0 + sp.offer && /\.js$/.test(e.name)).map((e) => e.name.replace(/^.*\//, ''));
      return { offer: sp.offer, api: answer ? answer.responseEnd - sp.t0 : NaN, nav: sp.nav, loader: sp.loader, timers: sp.timers, chunks };
    });
  } finally {
    await context.close();
  }
}

const stats = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], worst: s[s.length - 1] }; };
const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} ms` : 'n/a');

if (!values.app) build();
const base = await startServer(values.port ? Number(values.port) : await freePort());
try {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'], timeout: 30_000 });
  console.log(`bench:search-paint, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, ${runs - 1} runs + 1 warm-up per profile`);
  for (const profile of ['desktop', 'phone'] as const) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await once(profile, 20 + i));
    const [warm, ...rest] = samples;
    const offer = stats(rest.map((s) => s.offer));
    const api = stats(rest.map((s) => s.api));
    const goal = GOALS[profile];
    console.log(`\n${profile}${profile === 'phone' ? ' (CPU 4x slower)' : ''}: click → first offer painted, median ${ms(offer.median)}, worst ${ms(offer.worst)} (goal ≤ ${goal} ms: ${offer.worst <= goal ? 'met' : offer.median <= goal ? 'median met, worst not' : 'NOT met'})`);
    console.log(`  click → search answered: median ${ms(api.median)}, worst ${ms(api.worst)}; click → address changed: median ${ms(stats(rest.map((s) => s.nav)).median)}`);
    console.log(`  warm-up: offer ${ms(warm.offer)}, answer ${ms(warm.api)}`);
    console.log(`  each run: ${rest.map((s) => `${Math.round(s.offer)}/${Math.round(s.api)}`).join('  ')} (offer/answer ms)`);
    const loaders = samples.filter((s) => s.loader).length;
    if (loaders) console.log(`  the page loader (a route's Suspense fallback) showed in ${loaders} of ${samples.length} runs`);
    const timers = samples.flatMap((s, i) => s.timers.map((t) => ({ ...t, run: i })));
    console.log(timers.length ? `  timers of 200-400 ms set after the click (React's suspense throttle is ~300 ms): ${timers.length} in ${samples.length} runs` : '  no timer of 200-400 ms set after the click (no suspense throttle on the path)');
    for (const t of timers.slice(0, 8)) console.log(`    run ${t.run}${t.run === 0 ? ' (warm-up)' : ''}: ${t.delay.toFixed(0)} ms timer set at +${t.at} ms on ${t.path}`);
    const chunks = [...new Set(samples.flatMap((s) => s.chunks))];
    console.log(chunks.length ? `  code asked for between the click and the offer: ${chunks.join(', ')}` : '  no code asked for between the click and the offer');
  }
} finally {
  await cleanup();
  clearTimeout(hardStop);
}
