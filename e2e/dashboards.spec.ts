import { expect, test } from './test';
import type { BrowserContext, Page } from '@playwright/test';
import { login } from './support';

/**
 * The dashboards at desktop and phone size, in English and Arabic: an agent submits a top-up and accounts staff see it
 * counted on their home, then follow the figure to the top-up list; admin sees the 30-day sales chart (with its text
 * alternative, mirrored in Arabic). Neither page is wider than the screen.
 */

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** A mutating API call as the signed-in user of a context: the app's CSRF header from the XSRF-TOKEN cookie. */
async function apiAs(context: BrowserContext, page: Page, method: string, path: string, data?: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

async function signIn(page: Page, email: string, lang: 'en' | 'ar') {
  await login(page, email);
  await page.evaluate((l) => localStorage.setItem('locale', l), lang);
}

async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// English at desktop size and Arabic on a phone: each language and each size once.
for (const [size, lang] of [['desktop', 'en'], ['phone', 'ar']] as const) {
  const viewport = SIZES[size];
  test.describe(`dashboards (${size}, ${lang})`, () => {
    test.use({ viewport });

    test('accounts see a top-up an agent just submitted and open the list behind the figure', async ({ page, browser }) => {
      const agentContext = await browser.newContext();
      const agent = await agentContext.newPage();
      await login(agent, 'agent@demo.safar');
      await signIn(page, 'accounts@demo.safar', lang);
      const before = (await (await page.request.get('/api/back-office-dashboard')).json()).data.topups.count as number;

      const reference = `DASH-${size}-${lang}-${Date.now().toString(36)}`.toUpperCase();
      const saved = await apiAs(agentContext, agent, 'POST', '/api/deposit-data', { method: 'cash', amount: '1234.00', deposit_date: new Date().toISOString().slice(0, 10), reference });
      expect(saved.status(), await saved.text()).toBe(201);
      await agentContext.close();

      await page.goto('/admin/dashboard');
      const figure = page.getByTestId('fig-topups');
      await expect(figure).toContainText(String(before + 1));
      // accounts handle no void queue and approve no agents
      await expect(page.getByTestId('fig-voids')).toHaveCount(0);
      await expect(page.getByTestId('fig-pending-agents')).toHaveCount(0);
      await expect(page.getByTestId('sales-by-product')).toBeVisible();
      await fitsTheScreen(page, viewport.width);

      await figure.click();
      await expect(page).toHaveURL(/\/admin\/topup-request$/);
      // on a phone the filters fold behind a button
      if (size === 'phone') await page.locator('.list-filters-toggle').click();
      await page.locator('input[name=search]').fill(reference);
      await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();
    });

    test('admin sees the 30-day sales chart with its text alternative', async ({ page }) => {
      await signIn(page, 'admin@demo.safar', lang);
      await page.goto('/admin/dashboard');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const chart = page.getByTestId('sales-chart');
      await expect(chart.locator('canvas')).toBeVisible();
      await expect(chart).toHaveAttribute('aria-label', lang === 'ar' ? /المبيعات خلال آخر 30 يومًا\. .+ خلال 30 يومًا/ : /Sales, last 30 days\. PKR\s[\d,.]+ in 30 days/);
      // the box was reserved before the figures came: its height is the chart's
      expect((await chart.boundingBox())!.height).toBe(220);
      for (const id of ['fig-topups', 'fig-pending-agents', 'fig-voids', 'fig-holds', 'top-agents']) await expect(page.getByTestId(id)).toBeVisible();
      await fitsTheScreen(page, viewport.width);
    });

    test('admin reads the head counts above the users list and follows one to its filtered list', async ({ page }) => {
      await signIn(page, 'admin@demo.safar', lang);
      await page.goto('/admin/users');
      const pending = page.getByTestId('users-summary-pendingAgents');
      // the demo has one agent waiting for approval (pending.agent@demo.safar)
      await expect(pending).toContainText(/^\s*[1-9]/);
      await expect(page.getByTestId('users-summary-customers')).toContainText(lang === 'ar' ? /عميل|عملاء/ : /customer/);
      await pending.click();
      await expect(page).toHaveURL(/is_approved=0/);
      await expect(page.getByRole('row', { name: /pending\.agent@demo\.safar/ })).toBeVisible();
      await expect(page.getByRole('row', { name: /agent@demo\.safar/ })).toHaveCount(1);
      await page.getByTestId('users-summary-customers').click();
      await expect(page.getByRole('row', { name: /customer@demo\.safar/ })).toBeVisible();
      await fitsTheScreen(page, viewport.width);
    });
  });
}
