import { expect, test } from './test';
import type { Page } from '@playwright/test';

/**
 * A tab left open across a deploy: once an answer names another build than the page the tab loaded, the next move
 * (a link, back) loads the new app in full instead of running the old one, whose chunks and answer shapes are gone.
 */

const NEW_BUILD = 'feedbeef';
/**
 * From now on the answers `which` matches say the server serves another build, as after a deploy. Only chosen
 * answers, so that the moment the app hears of it is known (a page's background calls would otherwise race a click).
 */
async function deploy(page: Page, which: (url: URL) => boolean) {
  await page.route(which, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-safar-build': NEW_BUILD } });
  });
}
/** A mark that lives as long as this document: gone after a full load, kept by the app's own navigation. */
const mark = (page: Page) => page.evaluate(() => { (window as { mark?: number }).mark = 1; });
const marked = (page: Page) => page.evaluate(() => (window as { mark?: number }).mark === 1);
const visaItem = (url: URL) => /^\/api\/visas\/[^/]+$/.test(url.pathname);

test('before a deploy links move inside the app; after one, the next move (here back) loads the page in full, once per build', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.hero-title')).toBeVisible();
  await mark(page);
  await page.locator('.service-card[href="/visa"]').click();
  await expect(page).toHaveURL(/\/visa$/);
  await expect(page.locator('.cat-card').first()).toBeVisible();
  expect(await marked(page)).toBe(true); // the same document: an in-app move

  // The deploy is heard from the visa's own answer, after the move to it (which therefore stays in the app).
  await deploy(page, visaItem);
  const heard = page.waitForResponse((r) => visaItem(new URL(r.url())));
  await page.locator('a.cat-card').first().click();
  await expect(page).toHaveURL(/\/visa-details\?id=/);
  await heard;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await marked(page)).toBe(true);
  const loaded = page.waitForEvent('load');
  await page.goBack();
  await loaded;
  await expect(page).toHaveURL(/\/visa$/);
  await expect(page.locator('.cat-card').first()).toBeVisible();
  expect(await marked(page)).toBe(false);
  expect(await page.evaluate((b) => sessionStorage.getItem(`reloaded-for-build:${b}`), NEW_BUILD)).toBe('1');

  // Once per build: this tab hears the other build again (the route above), but has already loaded it once, so the
  // next move stays in the app rather than reloading at every click.
  await mark(page);
  const again = page.waitForResponse((r) => visaItem(new URL(r.url())));
  await page.locator('a.cat-card').first().click();
  await again;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/visa$/);
  await expect(page.locator('.cat-card').first()).toBeVisible();
  expect(await marked(page)).toBe(true);
});

test("a screen whose chunk the deploy removed loads the page afresh instead of showing its error", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.hero-title')).toBeVisible();
  await mark(page);
  // The contact screen's chunk is gone; asked again, the server names another build.
  let removed = true;
  await page.route('**/assets/Contact-*.js', (route) => (removed ? route.fulfill({ status: 404, body: '' }) : route.continue()));
  await page.route((url) => url.pathname === '/contact/us', async (route) => {
    const response = await route.fetch();
    removed = false;
    await route.fulfill({ response, headers: { ...response.headers(), 'x-safar-build': NEW_BUILD } });
  });
  await page.locator('footer a[href="/contact/us"]').first().click();
  await expect(page).toHaveURL(/\/contact\/us$/);
  await expect(page.locator('.page-hero h1')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await marked(page)).toBe(false);
});

test('a flight search answered in a shape this app cannot read, by a newer build, reloads the results page once', async ({ page }) => {
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const query = new URLSearchParams({ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(30), adults: '1', children: '0', infants: '0', cabin_class: 'Y' });
  await page.goto('/');
  await expect(page.locator('.hero-title')).toBeVisible();
  await mark(page);
  // The first answer is from a build whose search answers read differently; after the reload the real one comes.
  let changed = true;
  await page.route('**/api/flights?*', async (route) => {
    if (!changed) return route.continue();
    changed = false;
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-safar-build': NEW_BUILD }, body: JSON.stringify({ v: 3, flights: { rows: 'elsewhere' } }) });
  });
  await page.evaluate((q) => { history.pushState(null, '', `/flight/search?${q}`); dispatchEvent(new PopStateEvent('popstate')); }, query.toString());
  await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 20_000 });
  expect(changed).toBe(false);
  expect(await marked(page)).toBe(false);
});
