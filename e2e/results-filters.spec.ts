import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, pickAirport, search } from './support';

/**
 * The results filters ask the server again (it answers only the best 50): an airline whose fares are not among
 * the 50 cheapest still shows its offers, the panel keeps every airline, the URL keeps the typed search, and
 * rapid clicks make one request.
 */

interface Wire { flights: { validating_airline: { code: string } }[]; available_airlines: { code: string }[] }

/** The airlines the panel offers whose fares the unfiltered first answer does not hold, as the page's user is priced. */
async function airlinesOffPage(page: Page): Promise<{ all: string[]; off: string[] }> {
  const res = await page.request.get(`/api/flights${new URL(page.url()).search}`);
  const body = (await res.json()) as Wire;
  // The page is the 50 best; each other airline's cheapest offer follows it.
  const shown = new Set(body.flights.slice(0, 50).map((o) => o.validating_airline.code));
  return { all: body.available_airlines.map((a) => a.code), off: body.available_airlines.map((a) => a.code).filter((c) => !shown.has(c)) };
}

/** The /api/flights requests the page makes from now on. */
function flightRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/flights') seen.push(url);
  });
  return seen;
}

const badges = (page: Page) => page.getByTestId('offer').locator('.airline-badge').allTextContents();
const airlineBox = (page: Page, code: string) => page.getByTestId('airline-filter').locator(`input[value="${code}"]`);

test('a guest ticks airlines that are not among the cheapest 50 and sees their fares', async ({ page }) => {
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });
  const typedUrl = page.url();
  const { all, off } = await airlinesOffPage(page);
  expect(off.length, 'the route has airlines beyond the first page').toBeGreaterThanOrEqual(2);
  const [a, b] = off;
  await expect(page.getByTestId('airline-filter').locator('input[type=checkbox]')).toHaveCount(all.length);

  // Two quick ticks: one request with both airlines. (Clicked without Playwright's waits between them, which on a
  // busy machine take longer than the pause that ends the clicking: a user's two ticks are quicker.)
  const requests = flightRequests(page);
  await airlineBox(page, a).dispatchEvent('click');
  await airlineBox(page, b).dispatchEvent('click');
  await expect(airlineBox(page, a)).toBeChecked();
  await expect(airlineBox(page, b)).toBeChecked();
  // On a loaded machine the pause can end between the ticks: then a first request asks for one airline, and the
  // last asks for both.
  await expect.poll(() => requests.at(-1)?.searchParams.get('airlines')).toBe([a, b].sort().join(','));
  expect(requests.length).toBeLessThanOrEqual(2);
  const asked = requests.length;
  // The unfiltered offers stay on screen until the filtered answer replaces them: wait for the list to change.
  await expect.poll(async () => [...new Set(await badges(page))].sort()).toEqual([a, b].sort());

  // Only one of them: a non-empty list of its offers alone; the panel still lists every airline.
  await airlineBox(page, b).uncheck();
  await expect.poll(() => requests.length).toBe(asked + 1);
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await expect.poll(async () => [...new Set(await badges(page))]).toEqual([a]);
  await expect(page.getByTestId('airline-filter').locator('input[type=checkbox]')).toHaveCount(all.length);
  await expect(airlineBox(page, a)).toBeChecked();
  expect(page.url()).toBe(typedUrl);

  // Clearing the filters brings back the cheapest fares.
  await page.getByTestId('clear-filters').click();
  await expect.poll(() => requests.length).toBe(asked + 2);
  expect(requests[asked + 1].searchParams.has('airlines')).toBe(false);
  await expect.poll(async () => (await badges(page)).some((c) => c !== a)).toBe(true);
});

test('an agent filters by airline and sorts on the agent results route', async ({ page }) => {
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);
  await page.goto('/agent/flights');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });
  await expect(page).toHaveURL(/\/agent\/dashboard-flights\?/);
  const { off } = await airlinesOffPage(page);
  const requests = flightRequests(page);
  await airlineBox(page, off[0]).check();
  await page.getByTestId('sort').selectOption('duration');
  // Both reach the server (one request when they come within the filter pause; a loaded machine may take longer
  // between the two clicks, so the last request is the one that must carry both).
  await expect.poll(() => requests.at(-1)?.searchParams.get('sort')).toBe('duration');
  expect(requests.at(-1)!.searchParams.get('airlines')).toBe(off[0]);
  expect(requests.length).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await expect.poll(async () => [...new Set(await badges(page))]).toEqual([off[0]]);
  await expect(page).toHaveURL(/\/agent\/dashboard-flights\?/);
  await expect(page.getByTestId('sort')).toHaveValue('duration');
});

test('"Modify search" opens the search form (its code comes with that first use) and a new search runs from it', async ({ page }) => {
  await page.goto('/flight/search?flightType=oneway&origin=KHI&destination=DXB&departure_date=2026-12-20&adults=1&children=0&infants=0&cabin_class=Y');
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await page.getByRole('button', { name: 'Modify search' }).click();
  const form = page.locator('.modify-card .flight-search');
  await expect(form).toBeVisible();
  // the form holds the search it modifies; one more day and it searches again
  await expect(form.locator('.search-submit')).toBeVisible();
  await form.locator('.search-submit').click();
  await expect(page.locator('.modify-card')).toHaveCount(0);
  await expect(page.getByTestId('offer').first()).toBeVisible();

  await page.goto(`/hotel/search?${new URLSearchParams({ destination: 'city:104515', label: 'Makkah', check_in: '2026-12-20', check_out: '2026-12-24', rooms: JSON.stringify([{ adults: 2, children_ages: [] }]) })}`);
  await expect(page.getByTestId('hotel-card').first()).toBeVisible();
  await page.getByRole('button', { name: 'Modify search' }).click();
  await expect(page.locator('.modify-card').getByTestId('hotel-search-submit')).toBeVisible();
});

test('typing into a chosen airport replaces it, and leg 2 of a multi-city trip starts where leg 1 arrives', async ({ page }) => {
  await page.goto('/');
  await page.waitForSelector('.flight-search');
  await pickAirport(page, 'origin', 'Karachi', 'KHI');
  const origin = page.locator('[data-testid=origin] input');
  await expect(origin).toHaveValue(/KHI/);
  await origin.click();
  await page.keyboard.type('Lah');
  await expect(origin).toHaveValue('Lah');
  await page.locator('label.trip-type', { hasText: 'Multi-city' }).click();
  await pickAirport(page, 'leg-0-destination', 'Dubai', 'DXB');
  await expect(page.locator('[data-testid=leg-1-origin] input')).toHaveValue(/DXB/);
});

test('Non-stop changes the count, and each airline’s "from" fare is within the price slider’s range', async ({ page }) => {
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^\d+ of \d+ flights$/);
  const totalOf = async () => Number((await count.textContent())!.match(/of (\d+)/)![1]);
  const all = await totalOf();
  const requests = flightRequests(page);
  await page.locator('aside.filters-side').getByLabel('Non-stop').check();
  await expect.poll(() => requests.at(-1)?.searchParams.get('stops')).toBe('0');
  await expect.poll(totalOf).toBeLessThan(all);
  expect(await totalOf()).toBeGreaterThan(0);
  // Every listed airline's fare is one the slider can reach (the answer holds each airline's cheapest offer).
  const panel = page.getByTestId('airline-filter').first();
  const sliderMax = Number(await page.locator('.price-range').first().getAttribute('max'));
  const fares = (await panel.locator('label .muted').allTextContents()).map((t) => Math.round(Number(t.replace(/[^\d.]/g, '')) * 100));
  expect(fares.length).toBeGreaterThan(0);
  for (const f of fares) expect(f).toBeLessThanOrEqual(sliderMax);
});
