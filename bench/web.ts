/**
 * The web app on a phone and a desktop: builds if the build is older than the sources, starts the real server on a
 * fresh PGlite folder and a free port, runs Lighthouse (mobile and desktop presets, median of three runs) on home,
 * flight results, visas and hotel results, and prints performance, LCP, CLS, TBT and accessibility beside the goals; then the
 * JavaScript each route loads first, from Vite's manifest. Prints figures only; nothing asserts timings.
 * Run: npm run bench:web [-- --runs 3 --pages home,results,visa,hotels --presets mobile,desktop --no-lighthouse --save dir --compress].
 * --compress measures as if the answers were compressed (a proxy in this process does it; the server does not yet).
 * Loopback only; bounded (one Chromium per run, each run times out).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { ROUTES, NOT_FOUND, isScreen } from '../src/app/routes';
import { loadedModule, readManifest, routeWeight } from './web-bundle';
import { afterStartWork } from './server';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'home,results,visa,hotels' },
    presets: { type: 'string', default: 'mobile,desktop' },
    'no-lighthouse': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    /** A folder to write each run's Lighthouse report (JSON) to, to read its diagnostics. */
    save: { type: 'string' },
    /** Put a compressing proxy (brotli/gzip, as a production front would) between Chromium and the server. */
    compress: { type: 'boolean', default: false },
  },
});
const OUT = 'dist/app';
const kb = (n: number) => (n / 1024).toFixed(1);

// ---- build when the sources are newer than the build ------------------------------------------------------

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}
const manifestPath = join(OUT, '.vite', 'manifest.json');
const stale = !existsSync(manifestPath) || ['src', 'locales', 'machines', 'contract', 'index.html', 'vite.config.ts', 'package-lock.json']
  .some((p) => newest(p) > statSync(manifestPath).mtimeMs);
if (values.build || stale) {
  console.log('building (npm run build)…');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// ---- JavaScript per route ---------------------------------------------------------------------------------

const manifest = readManifest(OUT);
// main.tsx renders once the reader's dictionary is here: English on a first visit.
const FIRST = ['locales/en'];
const BUNDLE_GOALS: Record<string, number> = { '/': 150, '/flight/search': 170 };
const bundleRows = ['/', '/flight/search', '/hotel/search', '/flight/details', '/flight/checkout', '/payment-result', '/visa', '/auth/login', '/agent/dashboard', '/admin/dashboard', '/admin/visas', '/admin/new-visa']
  .map((path) => [...ROUTES, NOT_FOUND].find((r) => r.path === path))
  .filter((r) => r && isScreen(r))
  .map((r) => {
    const module = loadedModule((r as { load: () => unknown }).load);
    return { path: r!.path, module, w: routeWeight(OUT, manifest, module, FIRST) };
  });
const entryOnly = routeWeight(OUT, manifest, null, FIRST);

// ---- Lighthouse ---------------------------------------------------------------------------------------------

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
  s.on('error', reject);
});
const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
// As the search form builds it (searchHref): a return Karachi–Dubai search, one adult, economy.
const RESULTS = `/flight/search?${new URLSearchParams({ flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(24), return_date: day(31), adults: '1', children: '0', infants: '0', cabin_class: 'Y' })}`;
/** Hotel results in Makkah (a dense city: the most cards a page shows), two adults, a week out. */
const HOTELS = `/hotel/search?${new URLSearchParams({ destination: 'city:104515', label: 'Makkah', check_in: day(24), check_out: day(28), rooms: JSON.stringify([{ adults: 2, children_ages: [] }]) })}`;
const PAGES: Record<string, string> = { home: '/', results: RESULTS, visa: '/visa', hotels: HOTELS };
const GOALS = { mobile: { perf: 90, lcp: 2500 }, desktop: { perf: 98, lcp: 2500 }, cls: 0.05, a11y: 100 };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Figures { perf: number; lcp: number; cls: number; tbt: number; a11y: number; /** Bytes of script transferred (compressed when the server compresses). */ scriptKb: number }
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

async function lighthouseRun(url: string, preset: 'mobile' | 'desktop', chromePort: number): Promise<Figures> {
  const result = await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], maxWaitForLoad: 45_000 },
    preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error('lighthouse returned nothing');
  const { lhr } = result;
  if (values.save) {
    mkdirSync(values.save, { recursive: true });
    writeFileSync(join(values.save, `${preset}-${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return {
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    scriptKb: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
  };
}

/** A loopback proxy that compresses text answers (brotli when accepted, else gzip), for --compress. */
function compressingProxy(target: number): Promise<{ port: number; close: () => void }> {
  const proxy = createHttpServer((req, res) => {
    const up = httpRequest({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      const accept = String(req.headers['accept-encoding'] ?? '');
      const text = /text|javascript|json|css|svg|xml/.test(type) && !answer.headers['content-encoding'];
      if (!text || !/\b(br|gzip)\b/.test(accept)) { res.writeHead(answer.statusCode ?? 502, answer.headers); answer.pipe(res); return; }
      const br = /\bbr\b/.test(accept);
      const headers = { ...answer.headers, 'content-encoding': br ? 'br' : 'gzip', vary: 'Accept-Encoding' };
      delete headers['content-length'];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(br ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip({ level: 6 })).pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve({ port: (proxy.address() as { port: number }).port, close: () => proxy.close() })));
}

async function runLighthouse() {
  const serverPort = await freePort();
  const proxy = values.compress ? await compressingProxy(serverPort) : null;
  const port = proxy?.port ?? serverPort;
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'safar-web-bench-'));
  // Started as playwright.config.ts starts it; production-like for the app (the built files), demo data seeded.
  const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(serverPort), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      try { if ((await fetch(`${base}/api/user`)).ok) break; } catch { /* not up yet */ }
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    await afterStartWork(base);
    // Warm the server (JIT, flight network, first search of these dates) so the first run is not the odd one out.
    for (let i = 0; i < 3; i++) await fetch(`${base}/api/flights?${RESULTS.split('?')[1]}`);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const rows: { page: string; preset: string; f: Figures; runs: Figures[] }[] = [];
    for (const preset of values.presets.split(',') as ('mobile' | 'desktop')[]) {
      for (const page of values.pages.split(',')) {
        const runs: Figures[] = [];
        for (let i = 0, failures = 0; i < Number(values.runs);) {
          try {
            runs.push(await lighthouseRun(base + PAGES[page], preset, chrome.port));
            i++;
          } catch (e) {
            // A loaded machine sometimes loses a trace (NO_NAVSTART, NO_FCP): run again, a few times at most.
            if (++failures > 3) throw e;
            console.log(`  ${preset} ${page}: ${(e as Error).message.slice(0, 80)}; again`);
          }
        }
        const f = Object.fromEntries((Object.keys(runs[0]) as (keyof Figures)[]).map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
        rows.push({ page, preset, f, runs });
        console.log(`  ${preset} ${page}: perf ${runs.map((r) => r.perf).join('/')}  lcp ${runs.map((r) => Math.round(r.lcp)).join('/')} ms  cls ${runs.map((r) => r.cls.toFixed(3)).join('/')}`);
      }
    }
    return rows;
  } finally {
    await chrome?.kill();
    proxy?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const mark = (ok: boolean) => (ok ? ' ' : '✗');

if (!values['no-lighthouse']) {
  console.log(`Lighthouse ${values.runs} runs each, median (${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}${values.compress ? '; answers compressed by the bench\'s proxy' : '; answers as the server sends them'}):`);
  const rows = await runLighthouse();
  console.log('\npreset   page      perf (goal)   LCP ms (≤2500)  CLS (≤0.05)  TBT ms  a11y (100)  script KB transferred');
  for (const { page, preset, f } of rows) {
    const goal = GOALS[preset as 'mobile' | 'desktop'];
    console.log(`${preset.padEnd(8)} ${page.padEnd(8)} ${pad(f.perf, 4)}${mark(f.perf >= goal.perf)} (≥${goal.perf})  ${pad(Math.round(f.lcp), 8)}${mark(f.lcp <= goal.lcp)}      ${pad(f.cls.toFixed(3), 7)}${mark(f.cls <= GOALS.cls)}   ${pad(Math.round(f.tbt), 6)}  ${pad(f.a11y, 5)}${mark(f.a11y >= GOALS.a11y)}      ${pad(kb(f.scriptKb), 7)}`);
  }
}

console.log(`\nJavaScript a first visit loads (entry + static imports + the English dictionary + the route's chunk and its static imports), from ${manifestPath}:`);
console.log('route               files   raw KB   gzip KB (goal)   brotli KB   heaviest (gzip KB)');
for (const { path, w } of [{ path: '(entry alone)', w: entryOnly }, ...bundleRows]) {
  const goal = BUNDLE_GOALS[path];
  const heaviest = w.largest.map((l) => `${l.file.replace(/^assets\//, '')} ${kb(l.gzip)}`).join(', ');
  console.log(`${path.padEnd(18)} ${pad(w.files, 6)} ${pad(kb(w.raw), 8)} ${pad(kb(w.gzip), 9)}${goal ? `${mark(w.gzip / 1024 <= goal)}(≤${goal})` : '        '} ${pad(kb(w.brotli), 10)}   ${heaviest}`);
}
