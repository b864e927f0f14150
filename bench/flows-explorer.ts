/**
 * The statechart explorer with 500 live actors, in a real browser: starts the server on the built app (dist/app; run
 * `npm run build` first) on a fresh PGlite folder and a free port, signs in as the demo analyst and opens
 * /admin/flows on the flight booking chart while another tab of the same browser plays 500 running actors of that
 * machine on the live channel (they answer the explorer's hello with their states, as app tabs do). Prints, as the
 * median of the runs:
 * - the explorer's first paint with the chart drawn and no live actor, then with 500 (navigation start to the first
 *   frame that shows the chart and all 500 actors);
 * - 500 transitions at once (one per actor): time until the frame that shows the last, and the longest task meanwhile;
 * - a stream of transitions (1,000 a second for 3 s): the longest gap between two frames, and how far the view lags.
 * Each run loads the page once first (cache and compiled code warm, as on an analyst's second visit).
 * Run: npm run bench:flows [-- --runs 3 --actors 500 --base http://localhost:8080 (a server already running)].
 * Loopback only; one Chromium; prints figures and exits 1 only when the first paint misses its goal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../server/db/seed';
import { LIVE_CHANNEL, type StateMessage } from '../src/features/flows/live/protocol';
import { afterStartWork, waitUntilUp } from './server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    actors: { type: 'string', default: '500' },
    base: { type: 'string' },
    'app-dir': { type: 'string', default: 'dist/app' },
  },
});
const RUNS = Number(values.runs);
const ACTORS = Number(values.actors);
const GOAL_MS = 1000;
const MACHINE = 'flight-booking';
const ROOT = 'flightBooking';

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
  s.on('error', reject);
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function startServer(): Promise<{ base: string; stop: () => void }> {
  if (values.base) return { base: values.base.replace(/\/$/, ''), stop: () => {} };
  if (!existsSync(join(values['app-dir'], 'index.html'))) {
    console.error(`no built app in ${values['app-dir']}: run \`npm run build\` first`);
    process.exit(1);
  }
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'safar-flows-bench-'));
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_DIR: values['app-dir'], APP_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(base, 120_000, proc);
  await afterStartWork(base, 120_000);
  return { base, stop: () => { proc.kill(); rmSync(dataDir, { recursive: true, force: true }); } };
}

/**
 * The other tab: `count` actors of the flight booking machine, spread over 50 app tabs, answering every explorer's
 * hello with their states; `window.transitions(n)` then moves each of n actors on by one event.
 */
async function actorsTab(context: BrowserContext, base: string, count: number): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(`${base}/api/user`); // any page of the app's origin shares its channel
  await tab.evaluate(({ channelName, count, root }) => {
    const channel = new BroadcastChannel(channelName);
    const state = (i: number, event: { type: string; [k: string]: unknown } | null, value: unknown): StateMessage => ({
      type: 'state', tab: `tab-${i % 50}`, path: '/flight/search', actor: `x:${i}`, machine: root, time: Date.now(), event, value, status: 'active',
    });
    let step = 0;
    channel.onmessage = (m) => {
      if (m.data?.type === 'explorer') for (let i = 0; i < count; i++) channel.postMessage(state(i, null, 'results'));
    };
    Object.assign(window, {
      // The last actor moves last and to a state of its own, so the explorer (which follows the actor that moved
      // last) shows that state only once every message of the batch is in.
      transitions: (n: number) => {
        step++;
        const at = Date.now();
        const marker = step % 2 ? 'noResults' : 'searchFailed';
        for (let i = 0; i < n; i++) {
          channel.postMessage({ ...state(i, { type: 'FILTER', filters: { stops: [step % 3] } }, i === n - 1 ? marker : step % 2 ? 'search' : 'results'), time: at + i });
        }
        return marker;
      },
    });
  }, { channelName: LIVE_CHANNEL, count, root: ROOT });
  return tab;
}

/** ms from navigation start to the first frame showing the drawn chart and `count` live actors of its machine. */
/**
 * CPU time of the page's main thread (Chrome's ThreadTime), in ms: unlike the wall clock, it hardly grows when other
 * processes hold the machine's cores, so it tells the explorer's own cost apart from a busy machine's.
 */
async function cpuClock(context: BrowserContext, page: Page): Promise<() => Promise<number>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
}

async function firstPaint(page: Page, base: string, count: number): Promise<number> {
  await page.goto(`${base}/admin/flows?machine=${MACHINE}`);
  const handle = await page.waitForFunction(({ count, machine }) => {
    if (!document.querySelector('svg.flow-svg [data-state-id]')) return false;
    if (count === 0) return performance.now();
    const options = document.querySelectorAll('#flows-live-actor option').length;
    const badge = document.querySelector(`[data-machine="${machine}"] .flows-live-badge`)?.textContent ?? '';
    return options === count && badge.includes(String(count)) ? performance.now() : false;
  }, { count, machine: MACHINE }, { polling: 'raf', timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

/** Longest tasks the page ran (PerformanceObserver), from now until `stop`. */
async function watchTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { longest: number; obs?: PerformanceObserver };
    w.longest = 0;
    w.obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) w.longest = Math.max(w.longest, e.duration); });
    w.obs.observe({ type: 'longtask' });
  });
  return async () => page.evaluate(() => {
    const w = window as unknown as { longest: number; obs?: PerformanceObserver };
    w.obs?.disconnect();
    return w.longest;
  });
}

async function burst(page: Page, tab: Page, count: number): Promise<{ ms: number; longest: number }> {
  const stop = await watchTasks(page);
  const t0 = await page.evaluate(() => performance.now() + performance.timeOrigin);
  const value = await tab.evaluate((n) => (window as unknown as { transitions: (n: number) => string }).transitions(n), count);
  const handle = await page.waitForFunction((value) => (document.querySelector('[data-testid="flows-live-state"]')?.textContent === value
    ? performance.now() + performance.timeOrigin : false), value, { polling: 'raf', timeout: 60_000 });
  return { ms: ((await handle.jsonValue()) as number) - t0, longest: await stop() };
}

async function stream(page: Page, tab: Page, perSecond: number, seconds: number): Promise<{ gap: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { gaps: number[]; rafOn: boolean };
    w.gaps = [];
    w.rafOn = true;
    let last = performance.now();
    const frame = (t: number) => { w.gaps.push(t - last); last = t; if (w.rafOn) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  const batches = seconds * 10;
  for (let i = 0; i < batches; i++) {
    await tab.evaluate((n) => (window as unknown as { transitions: (n: number) => string }).transitions(n), Math.round(perSecond / 10));
    await new Promise((r) => setTimeout(r, 100));
  }
  const gaps = await page.evaluate(() => {
    const w = window as unknown as { gaps: number[]; rafOn: boolean };
    w.rafOn = false;
    return w.gaps;
  });
  return { gap: Math.max(...gaps) };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [
  '--no-sandbox', '--disable-gpu',
  // The explorer and the actors' tab are two tabs: neither may be slowed down as a tab in the background.
  '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
] });
try {
  const rows: { bare: number; live: number; liveCpu: number; burst: number; burstCpu: number; longest: number; gap: number; streamCpu: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a helper (`__name`) that the page functions above would otherwise lack.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto(`${server.base}/auth/login`);
    await page.getByLabel('Email address').fill('analyst@demo.safar');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/login'));
    await firstPaint(page, server.base, 0); // warm: the browser's cache and compiled code, as for an analyst's second visit
    const bare = await firstPaint(page, server.base, 0);
    const tab = await actorsTab(context, server.base, ACTORS);
    await page.bringToFront();
    const cpu = await cpuClock(context, page);
    let c0 = await cpu();
    const live = await firstPaint(page, server.base, ACTORS);
    const liveCpu = (await cpu()) - c0;
    c0 = await cpu();
    const b = await burst(page, tab, ACTORS);
    const burstCpu = (await cpu()) - c0;
    c0 = await cpu();
    const s = await stream(page, tab, 1000, 3);
    const streamCpu = (await cpu()) - c0;
    rows.push({ bare, live, liveCpu, burst: b.ms, burstCpu, longest: b.longest, gap: s.gap, streamCpu });
    console.log(`  run ${run + 1}: no actors ${Math.round(bare)} ms, ${ACTORS} actors ${Math.round(live)} ms (main thread ${Math.round(liveCpu)} ms CPU), burst ${Math.round(b.ms)} ms (${Math.round(burstCpu)} ms CPU, longest task ${Math.round(b.longest)} ms), stream: longest frame gap ${Math.round(s.gap)} ms (${Math.round(streamCpu)} ms CPU)`);
    await context.close();
  }
  const m = (k: keyof (typeof rows)[number]) => Math.round(median(rows.map((r) => r[k])));
  // Wall-clock figures: on a machine busy with other work (load average above its cores) they run long.
  console.log(`\nload average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`explorer first paint, chart drawn, no live actors: ${m('bare')} ms`);
  console.log(`first paint with ${ACTORS} live actors: ${m('live')} ms (goal ≤ ${GOAL_MS}); the page's main thread worked ${m('liveCpu')} ms of it`);
  console.log(`${ACTORS} transitions at once (one per actor): shown after ${m('burst')} ms, ${m('burstCpu')} ms CPU, longest task ${m('longest')} ms`);
  console.log(`1,000 transitions a second for 3 s: longest gap between frames ${m('gap')} ms, ${m('streamCpu')} ms CPU in all`);
  process.exitCode = m('live') <= GOAL_MS ? 0 : 1;
} finally {
  await browser.close();
  server.stop();
}
