import { expect, test } from './test';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { latestMail, login, reviewShot } from './support';

/**
 * Price alerts in a real browser: a customer watches a search from its results; staff then lower the customer
 * margin (a real price change, not a special case), the daily job is started through the development route, and
 * the customer's price-drop mail reopens the search; the alert is listed in the account area and the mail's
 * unsubscribe link works signed out. Then an agent in Arabic on a phone watches a search from the agent portal and
 * finds it on its price alerts page. Screenshots on desktop (1280) and phone (390x844).
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const shot = (page: Page, info: TestInfo, name: string) => reviewShot(page, info.outputPath(`${name}.png`), true);

async function send(context: BrowserContext, page: Page, method: string, path: string, data?: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

async function signedIn(browser: Browser, email: string, phone: boolean, lang: 'en' | 'ar') {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await login(page, email);
  if (lang === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  return { context, page };
}

test('a customer watches a price, gets the drop mail, reopens the search and unsubscribes (desktop, English)', async ({ browser }, info) => {
  test.setTimeout(150_000); // two searches, a job that prices every alert, and three contexts
  const staff = await signedIn(browser, 'admin@demo.safar', false, 'en');
  const margin = (await (await staff.page.request.get('/api/get-customer-margin-values')).json()).data;
  const restore = { discount_percent: margin.discount_percent, margin_percent: margin.margin_percent, other_charges: margin.other_charges.amount };
  const raised = { ...restore, margin_percent: String(Number(margin.margin_percent) + 20) };
  expect((await send(staff.context, staff.page, 'POST', '/api/save-customer-margin-values', raised)).status()).toBe(200);
  try {
    const { context, page } = await signedIn(browser, 'customer@demo.safar', false, 'en');
    const departure = day(47);
    await page.goto(`/flight/search?flightType=one-way&origin=KHI&destination=DXB&departure_date=${departure}&adults=1&cabin_class=Y`);
    await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 45_000 });
    const watch = page.getByTestId('watch-price');
    await watch.getByRole('button', { name: 'Watch this price' }).click();
    await expect(watch).toHaveAttribute('data-state', 'watching');
    await expect(watch).toContainText('Watching this price');
    await shot(page, info, 'watching-desktop-en');
    // The same search again: said on opening, in place, with a way to stop.
    await page.reload();
    await expect(page.getByTestId('watch-price')).toHaveAttribute('data-state', 'alreadyWatched');
    await expect(page.getByTestId('watch-price')).toContainText('You already watch this route and these dates.');
    await expect(page.getByTestId('watch-price').getByRole('button', { name: 'Stop watching' })).toBeVisible();

    // ---- the price falls; the daily job runs ----------------------------------------------------------
    expect((await send(staff.context, staff.page, 'POST', '/api/save-customer-margin-values', restore)).status()).toBe(200);
    const run = await send(context, page, 'POST', '/api/dev/jobs/price-alerts');
    expect(run.status()).toBe(200);
    expect((await run.json()).data.mailed).toBeGreaterThanOrEqual(1);
    const mail = await latestMail(page, 'customer@demo.safar');
    expect(mail.subject).toMatch(/^Price drop: KHI → DXB now PKR [\d,]+$/);
    const searchUrl = /See flights: (\S+)/.exec(mail.text)![1];
    const unsubscribeUrl = /open: (\S+\/price-alerts\/unsubscribe\?token=\S+)/.exec(mail.text)![1];
    expect(new URL(searchUrl).pathname + new URL(searchUrl).search).toBe(`/flight/search?flightType=one-way&origin=KHI&destination=DXB&departure_date=${departure}&adults=1&cabin_class=Y`);

    // ---- the mail's link reopens the search ------------------------------------------------------------
    await page.goto(new URL(searchUrl).pathname + new URL(searchUrl).search);
    await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 45_000 });
    const now = /now (PKR [\d,]+)$/.exec(mail.subject)![1];
    await expect(page.getByTestId('offer').first()).toContainText(now);

    // ---- listed in the account area, with the price now and the one the mail told ----------------------
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Price alerts' }).click();
    await expect(page).toHaveURL(/\/price-alerts$/);
    const row = page.locator('tr', { hasText: 'KHI → DXB' });
    await expect(row).toContainText(now);
    await shot(page, info, 'list-desktop-en');

    // ---- unsubscribing from the mail needs no sign-in ---------------------------------------------------
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await guest.newPage();
    await guestPage.goto(new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search);
    await expect(guestPage.getByTestId('unsubscribe')).toHaveAttribute('data-state', 'done');
    await expect(guestPage.getByRole('status')).toHaveText('You will no longer get price alerts for this search.');
    await shot(guestPage, info, 'unsubscribed-phone-en');
    await guestPage.goto('/price-alerts/unsubscribe?token=1.forged');
    await expect(guestPage.getByTestId('unsubscribe')).toHaveAttribute('data-state', 'failed');
    await page.reload();
    await expect(page.locator('tr', { hasText: 'KHI → DXB' })).toHaveCount(0);
  } finally {
    await send(staff.context, staff.page, 'POST', '/api/save-customer-margin-values', restore);
  }
});

test('an agent watches a price from the portal and removes it (phone, Arabic)', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { page } = await signedIn(browser, 'agent@demo.safar', true, 'ar');
  await page.goto(`/agent/dashboard-flights?flightType=return&origin=LHE&destination=JED&departure_date=${day(52)}&return_date=${day(60)}&adults=2&cabin_class=Y`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 45_000 });
  const watch = page.getByTestId('watch-price');
  // Pressed from the keyboard: the button works without a pointer too.
  await watch.getByRole('button', { name: 'تابع هذا السعر' }).focus();
  await page.keyboard.press('Enter');
  await expect(watch).toHaveAttribute('data-state', 'watching');
  await shot(page, info, 'watching-phone-ar');
  await watch.getByRole('link', { name: 'تنبيهات أسعارك' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/agent\/price-alerts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تنبيهات الأسعار');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await shot(page, info, 'list-phone-ar');
  await rows.first().getByRole('button', { name: 'إيقاف المتابعة' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'إيقاف المتابعة' }).click();
  await expect(page.locator('tbody tr', { hasText: 'LHE' })).toHaveCount(0);
});
