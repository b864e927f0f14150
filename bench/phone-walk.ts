/**
 * Walks the main journeys at 390×844 (touch) in English and Arabic against a running server, saves a screenshot of
 * each screen and prints what a thumb would trip on: a page wider than the screen, and tap targets smaller than
 * 24×24 px (WCAG 2.5.8) that are not inline links in text. Prints findings only; nothing asserts.
 * Run: node --import tsx bench/phone-walk.ts [--base http://localhost:8080] [--out .tmp/phone] [--only agent,admin]
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { login, search } from '../e2e/support';

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:8080' }, out: { type: 'string', default: '.tmp/phone' }, only: { type: 'string' } } });
mkdirSync(values.out, { recursive: true });

/** What overflows or is too small to tap on the screen as it is now. */
async function inspect(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      // Links inside running text are exempt (WCAG 2.5.8 "inline").
      if (el.tagName === 'A' && el.closest('p, li, td, dd') && getComputedStyle(el).display === 'inline') continue;
      if (r.width < 24 || r.height < 24) small.push(`${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}[${Math.round(r.width)}x${Math.round(r.height)}] ${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 20)}`);
    }
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      // A closed side menu waits off screen, hidden: nothing there to see or reach.
      if (!r.width || getComputedStyle(el).visibility === 'hidden') return false;
      let p = el.parentElement;
      while (p && p !== document.body) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return false; p = p.parentElement; }
      return r.right > vw + 1 || r.left < -1;
    }).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`);
    return { scrollWidth: document.documentElement.scrollWidth, small: [...new Set(small)].slice(0, 12), wide };
  });
}

async function shot(page: Page, lang: string, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  const f = await inspect(page);
  await page.screenshot({ path: `${values.out}/${lang}-${name}.png` });
  await page.screenshot({ path: `${values.out}/${lang}-${name}-full.png`, fullPage: true });
  console.log(`${lang} ${name.padEnd(18)} width ${f.scrollWidth}${f.wide.length ? ' WIDE ' + f.wide.join(', ') : ''}${f.small.length ? '\n   small: ' + f.small.join(' | ') : ''}`);
}

const JOURNEYS: Record<string, (page: Page, lang: string) => Promise<void>> = {
  async public(page, lang) {
    await page.goto(`${values.base}/`); await shot(page, lang, 'home');
    await search(page, { from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] }); await shot(page, lang, 'results');
    await page.getByTestId('filters-button').tap(); await shot(page, lang, 'results-filters');
    await page.getByTestId('show-flights').tap();
    await page.getByTestId('book-now').first().tap(); await page.waitForURL(/checkout/); await shot(page, lang, 'checkout');
    await page.goto(`${values.base}/booking`); await shot(page, lang, 'booking-lookup');
    await page.goto(`${values.base}/payment-result?status=failed&tracker=trk_x`); await shot(page, lang, 'payment-result');
    await page.goto(`${values.base}/visa`); await shot(page, lang, 'visa');
  },
  async agent(page, lang) {
    await login(page, 'agent@demo.safar');
    for (const p of ['dashboard', 'agent-bookings', 'deposits', 'agent-ledger', 'travellers']) { await page.goto(`${values.base}/agent/${p}`); await shot(page, lang, `agent-${p}`); }
    await page.goto(`${values.base}/agent/flights`); await shot(page, lang, 'agent-flights');
  },
  async admin(page, lang) {
    await login(page, 'admin@demo.safar');
    for (const p of ['dashboard', 'users', 'topup-request', 'bookings']) { await page.goto(`${values.base}/admin/${p}`); await shot(page, lang, `admin-${p}`); }
  },
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const lang of ['en', 'ar']) {
  for (const [name, walk] of Object.entries(JOURNEYS)) {
    if (values.only && !values.only.split(',').includes(name)) continue;
    const context = await browser.newContext({ baseURL: values.base, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    // login() fills English labels, so the language is switched after it (the app reads it at each load).
    await page.addInitScript((l) => { if (!location.pathname.startsWith('/auth')) localStorage.setItem('locale', l); else localStorage.setItem('locale', 'en'); }, lang);
    await walk(page, lang).catch((e: Error) => console.log(`${lang} ${name}: stopped: ${e.message.split('\n')[0]}`));
    await context.close();
  }
}
await browser.close();
