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
  // 33 states (30 top-level, three inside the passenger form) plus the machine's own box.
  await expect(page.locator('svg.flow-svg [data-state-id]')).toHaveCount(34);
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

/** The chart's box is within the window (below the sticky 4rem top bar), at least its top part. */
async function expectChartInView(page: import('@playwright/test').Page) {
  await expect.poll(async () => page.locator('svg.flow-svg').evaluate((svg) => {
    const r = svg.getBoundingClientRect();
    return r.top >= 60 && r.top < window.innerHeight / 2;
  }), { timeout: 5_000 }).toBe(true);
}

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
  test(`on a ${name}, picking a machine brings its chart into view and the focus to it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, 'analyst@demo.safar');
    await page.goto('/admin/flows');
    await page.getByRole('button', { name: 'hotel-booking', exact: true }).click();
    await expect(page.locator('svg.flow-svg [data-state-id]').first()).toBeVisible();
    await expectChartInView(page);
    await expect(page.locator('#flows-view-title')).toBeFocused();
    await expect(page).toHaveURL(/[?&]machine=hotel-booking(&|$)/);

    // Back up to the search and the cards, and down again to another machine.
    await page.getByRole('button', { name: 'All machines' }).click();
    await expect(page.getByLabel('Find a machine, state or event')).toBeFocused();
    await page.getByRole('button', { name: 'auth', exact: true }).click();
    await expect(page.locator('[data-state-id="auth.ready.signedIn.staff.analyst"]')).toBeVisible();
    await expectChartInView(page);
  });
}

test('a link to a machine and a state opens the chart in view, on that state, with its path', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'analyst@demo.safar');
  await page.goto('/admin/flows?machine=flight-booking&state=passengers.ready');
  const state = page.locator('[data-state-id="flightBooking.passengers.ready"]');
  await expect(state).toBeFocused();
  await expect(state).toHaveAttribute('aria-pressed', 'true');
  await expectChartInView(page);
  // The state is drawn inside the chart's box, not somewhere off its edge.
  const [box, chart] = await Promise.all([state.boundingBox(), page.locator('svg.flow-svg').boundingBox()]);
  expect(box!.x + box!.width / 2).toBeGreaterThan(chart!.x);
  expect(box!.x + box!.width / 2).toBeLessThan(chart!.x + chart!.width);
  expect(box!.y + box!.height / 2).toBeGreaterThan(chart!.y);
  expect(box!.y + box!.height / 2).toBeLessThan(chart!.y + chart!.height);
  await expect(page.getByTestId('flows-path').locator('li').last()).toContainText('ready');

  // Picking another state keeps the address in step, so the link can be passed on.
  await page.getByLabel('State', { exact: true }).selectOption('flightBooking.review');
  await expect(page).toHaveURL(/state=review(&|$)/);
});

test('the search finds machines, states and events across machines, in English and in Arabic', async ({ page }) => {
  await login(page, 'analyst@demo.safar');
  await page.goto('/admin/flows');
  const search = page.getByLabel('Find a machine, state or event');
  const hits = page.locator('#flows-search-hits .flows-hit');

  // A state of another machine than the one open: its chart opens on it.
  await search.fill('analyst');
  await expect(page.locator('#flows-search-status')).toContainText('match');
  await hits.filter({ hasText: 'ready.signedIn.staff.analyst' }).click();
  await expect(page.locator('[data-state-id="auth.ready.signedIn.staff.analyst"]')).toBeFocused();
  await expectChartInView(page);
  await expect(page.getByTestId('flows-path').locator('li').last()).toContainText('[isAnalyst] → analyst');
  await expect(page).toHaveURL(/machine=auth&state=ready\.signedIn\.staff\.analyst/);

  // An event: every machine that answers it is listed; choosing one shows its transitions, highlighted.
  await search.fill('SUBMIT_PASS');
  await hits.filter({ hasText: 'SUBMIT_PASSENGERS' }).filter({ hasText: 'flight-booking' }).click();
  await expect(page.locator('#flows-view-title')).toContainText('flight-booking');
  await expect(page.getByTestId('flows-event')).toContainText('SUBMIT_PASSENGERS');
  await expect(page.getByTestId('flows-event').locator('li')).not.toHaveCount(0);
  await expect(page).toHaveURL(/event=SUBMIT_PASSENGERS/);

  // Arrow keys move from the box through the hits; nothing found says so.
  await search.fill('booking');
  await search.press('ArrowDown');
  await expect(hits.first()).toBeFocused();
  await search.fill('zzqx');
  await expect(page.locator('#flows-search-status')).toHaveText('Nothing matches “zzqx”.');

  // In Arabic: the labels are Arabic, and a machine is found by its purpose in Arabic.
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/admin/flows');
  const arabic = page.getByLabel('ابحث عن آلة أو حالة أو حدث');
  await arabic.fill('فندق');
  await expect(hits.filter({ hasText: 'hotel-booking' }).first()).toBeVisible();
  await hits.filter({ hasText: 'hotel-booking' }).first().click();
  await expect(page.locator('#flows-view-title')).toContainText('hotel-booking');
  await expectChartInView(page);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});

test('the coverage overlay reads the latest coverage report from the server, or says the command that makes it', async ({ page }) => {
  await login(page, 'analyst@demo.safar');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/machine-coverage'));
  await page.goto('/admin/flows?machine=auth');
  const res = await answer;
  expect(res.status()).toBe(200);
  const { data } = await res.json();
  if (data === null) {
    await expect(page.getByTestId('flows-no-coverage')).toContainText('npm run machines:coverage');
  } else {
    await expect(page.locator('[data-machine="auth"] [data-testid="flows-coverage"]')).toContainText(`${data.machines.auth.states.length}/${data.machines.auth.statesTotal} states`);
    await page.getByLabel('Show test coverage').check();
    await expect(page.getByTestId('flows-coverage-legend')).toBeVisible();
  }
});
