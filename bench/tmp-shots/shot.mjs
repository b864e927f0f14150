// Usage: node shot.mjs <url-path> <out.png> [lang] [phone] [loginEmail] [waitSelector] [actions-js]
import { chromium } from '@playwright/test';
const [path, out, lang = 'en', phone = '', email = '', wait = '', actions = ''] = process.argv.slice(2);
const base = process.env.BASE ?? 'http://localhost:8290';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 860 } });
const page = await ctx.newPage();
await page.addInitScript((l) => { try { localStorage.setItem('i18nextLng', l); localStorage.setItem('locale', l); } catch {} }, lang);
if (email) {
  await page.goto(base + '/auth/login');
  await page.getByLabel(/email|البريد/i).first().fill(email);
  await page.getByLabel(/password|كلمة المرور/i).first().fill('Safar-demo-1');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
}
await page.goto(base + path);
if (wait) await page.waitForSelector(wait, { timeout: 30000 }).catch((e) => console.log('wait failed', e.message));
if (actions) await new Function('page', `return (async () => { ${actions} })()`)(page);
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: false });
await browser.close();
console.log('saved', out);
