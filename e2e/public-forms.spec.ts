import { expect, test } from './test';
import { mmddyyyy, typeDate } from './support';

/**
 * The public site's own flows: the insurance quote and the lists' loading, empty and error states.
 * A wrong field is refused before anything is sent; a quote lists a premium per plan; a list whose call fails
 * says so and retries.
 */

test('a visitor gets an insurance quote; a wrong age is refused at once, without a request', async ({ page }) => {
  await page.goto('/travel-insurance');
  const form = page.getByTestId('quote-form');
  let quoteCalls = 0;
  page.on('request', (r) => { if (r.url().includes('/api/insurance-quote')) quoteCalls += 1; });

  await form.getByLabel(/^Travellers’ ages/).fill('30, 200');
  await form.getByRole('button', { name: 'Get quote' }).click();
  await expect(form.getByText('Each age must be between 0 and 120.')).toBeVisible();
  expect(quoteCalls).toBe(0);

  await form.getByLabel(/^Travellers’ ages/).fill('35, 8');
  await expect(form.getByText('Each age must be between 0 and 120.')).toHaveCount(0); // editing hides the message
  await form.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByText('for 2 travellers').first()).toBeVisible();
  expect(quoteCalls).toBe(1);
});

test('a public list that fails to load says so and loads again on retry', async ({ page }) => {
  let failing = true;
  await page.route('**/api/holidays?*', (route) => (failing ? route.fulfill({ status: 500, json: { message: 'Server Error' } }) : route.fallback()));
  await page.goto('/holidays');
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  failing = false;
  await retry.click();
  await expect(page.locator('.cat-card').first()).toBeVisible();
});

test('a flight page opened without its flight says so and leads back to a search, in English and Arabic', async ({ page }) => {
  for (const [lang, heading, back] of [['en', 'No flight was chosen.', 'Search again'], ['ar', 'لم يتم اختيار رحلة.', null]] as const) {
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
    for (const path of ['/flight/details', '/public-flight-details']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const link = page.locator('.state-card a.btn-primary');
      await expect(link).toHaveAttribute('href', '/');
      if (back) await expect(link).toHaveText(back);
    }
  }
});

test('a return picked before the departure stays as picked: the search form asks, and swaps the dates when told to', async ({ page }) => {
  await page.goto('/');
  await page.waitForSelector('.flight-search');
  await typeDate(page, 'date-start', mmddyyyy(31));
  await typeDate(page, 'date-end', mmddyyyy(24));
  const start = page.getByTestId('date-start').locator('input');
  const end = page.getByTestId('date-end').locator('input');
  await expect(start).toHaveValue(mmddyyyy(31));
  await expect(end).toHaveValue(mmddyyyy(24));
  const question = page.getByTestId('dates-reversed');
  await expect(question).toContainText('The return date is before the departure date.');
  await question.getByRole('button', { name: 'Swap the dates' }).click();
  await expect(start).toHaveValue(mmddyyyy(24));
  await expect(end).toHaveValue(mmddyyyy(31));
  await expect(question).toHaveCount(0);
});

test('a visa without a picture of its own shows its flag whole, not stretched over the card', async ({ page }) => {
  await page.goto('/visa');
  const uk = page.locator('a.cat-card', { hasText: 'United Kingdom' });
  await expect(uk).toBeVisible();
  const img = uk.locator('img.cat-card-img');
  await expect(img).toHaveClass(/cat-card-flag/);
  expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('contain');
  // A visa with its own picture still fills the card's picture box.
  const uae = page.locator('a.cat-card', { hasText: 'United Arab Emirates' }).locator('img.cat-card-img');
  expect(await uae.evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
});
