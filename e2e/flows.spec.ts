import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { login, search } from './support';

/** The statechart explorer (/admin/flows): the catalogue, a drawn machine, a shortest path and the SVG export. */

const MACHINES = ['flight-booking', 'auth', 'booking-actions', 'resource-list', 'decision'];

test('admin explores the flight booking machine: drawn, a path to a state, exported as SVG', async ({ page }) => {
  await login(page, 'admin@demo.safar');
  await page.goto('/admin/flows');
  await expect(page.getByRole('heading', { name: 'Statechart explorer' })).toBeVisible();
  for (const id of MACHINES) await expect(page.locator(`[data-machine="${id}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'flight-booking', exact: true }).click();
  // 32 states (29 top-level, three inside the passenger form) plus the machine's own box.
  await expect(page.locator('svg.flow-svg [data-state-id]')).toHaveCount(33);
  await expect(page.locator('svg.flow-svg [data-edge-id]').first()).toBeVisible();

  // Picking a state on the chart (the view opens on the initial state) or from the list shows its shortest path.
  const path = page.getByTestId('flows-path').locator('li');
  // A click on the state itself: at this size the chart may run under the zoom toolbar.
  await page.locator('[data-state-id="flightBooking.checkingPayment"]').dispatchEvent('click');
  await expect(path).toHaveCount(1);
  await expect(path.first()).toContainText('always [hasTracker] → checkingPayment');
  await page.getByLabel('State', { exact: true }).selectOption('flightBooking.review');
  await expect(path).toHaveCount(4);
  await expect(path.first()).toContainText('VIEW_OFFER');
  await expect(path.last()).toContainText('SUBMIT_PASSENGERS');
  await expect(path.last()).toContainText('review');

  // Zoom with the keyboard-reachable buttons.
  const level = page.locator('.flow-zoom-level');
  const before = Number.parseInt((await level.textContent())!, 10);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => Number.parseInt((await level.textContent())!, 10)).toBeGreaterThan(before);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('flight-booking.svg');
  const svg = readFileSync((await file.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('SUBMIT_PASSENGERS');
  expect(svg).not.toContain('transform="translate'); // the whole chart, not the screen's pan and zoom
});

test('an analyst watches a flight search live in the explorer, from another tab of the same browser', async ({ browser, context, page }) => {
  await login(page, 'analyst@demo.safar');
  await page.goto('/admin/flows');
  // Every machine of the catalogue is listed and draws.
  for (const id of MACHINES) {
    await page.getByRole('button', { name: id, exact: true }).click();
    await expect(page.locator('svg.flow-svg [data-state-id]').first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'flight-booking', exact: true }).click();
  const live = page.getByTestId('flows-live');
  await expect(live).toContainText('Nothing running yet');

  // Without an explorer listening, the home page loads none of the explorer's code nor the publisher's.
  const alone = await browser.newContext();
  const home = await alone.newPage();
  const scripts: string[] = [];
  home.on('response', async (r) => { if (r.url().endsWith('.js')) scripts.push(await r.text().catch(() => '')); });
  await home.goto('/');
  await home.waitForSelector('.flight-search');
  await home.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const marker of ['flows-machine-open', 'elk.algorithm', 'account_no', 'explorer-bye']) expect(scripts.some((s) => s.includes(marker)), marker).toBe(false);
  await alone.close();

  // A second tab of the analyst's browser searches.
  const app = await context.newPage();
  await app.goto('/');
  await search(app, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });

  // The explorer lit up the booking flow: it went through searching to results, the log has the search.
  await expect(page.getByTestId('flows-live-state')).toHaveText('results');
  await expect(page.locator('[data-state-id="flightBooking.results"]')).toHaveAttribute('data-active', 'true');
  const rows = live.locator('tbody tr');
  await expect(rows.filter({ has: page.locator('td:nth-child(2) code', { hasText: /^SEARCH$/ }) }).first()).toContainText('KHI');
  await expect(rows.filter({ has: page.locator('td:nth-child(4) code', { hasText: /^searching$/ }) }).first()).toBeVisible();

  // Step back through the recorded transitions: the chart follows.
  const count = await rows.count();
  await live.getByRole('button', { name: 'Back' }).click();
  await expect(live.locator('tbody tr[aria-current="step"]')).toHaveCount(1);
  expect(await live.locator('tbody tr').evaluateAll((trs) => trs.findIndex((tr) => tr.getAttribute('aria-current') === 'step'))).toBe(count - 2);
  await expect(page.locator('[data-state-id="flightBooking.results"]')).not.toHaveAttribute('data-active', 'true');
  await live.getByRole('button', { name: 'Live' }).click();
  await expect(page.locator('[data-state-id="flightBooking.results"]')).toHaveAttribute('data-active', 'true');
});
