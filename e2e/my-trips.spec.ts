import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, search, typeDate } from './support';

/**
 * In a real browser, at desktop and phone size, in English and Arabic: a signed-in
 * customer holds a flight, finds it under Upcoming in My trips (from the account menu), cancels the hold after the
 * dialog has said what it costs, and sees it canceled; a guest finds a booking from the header's "Find my booking".
 */

const TEXT = {
  en: { myTrips: 'My trips', find: 'Find my booking', onHold: 'On hold', canceled: 'Canceled', route: 'KHI → DXB' },
  ar: { myTrips: 'رحلاتي', find: 'ابحث عن حجزي', onHold: 'محجوز مؤقتًا', canceled: 'ملغى', route: 'كراتشي ← دبي' },
} as const;
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function holdAFlight(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [40, 40] });
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/(flight\/|customer-flight-)checkout$/);
  const pax = page.getByTestId('pax-0');
  await pax.locator('input[name="travellers.0.first_name"]').fill('Sara');
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  // Letters only, fresh per run: the duplicate-booking rule stays out of the way.
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  await pax.locator('input[name="travellers.0.last_name"]').fill(`Trip ${letters}`);
  await typeDate(page, 'dob-0', '03/14/1990');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`MT${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(email);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
  await page.getByTestId('continue').click();
  await page.getByTestId('hold').click();
  const held = page.getByTestId('booking-held');
  await expect(held).toBeVisible({ timeout: 20_000 });
  const pnr = (await held.locator('h2').innerText()).match(/\b[A-Z0-9]{6}\b/)?.[0];
  expect(pnr, 'the held booking names its PNR').toBeTruthy();
  return pnr!;
}

// English at desktop size and Arabic on a phone: each language and each size once.
for (const [size, lang] of [['desktop', 'en'], ['phone', 'ar']] as const) {
  const viewport = SIZES[size];
  test.describe(`my trips (${size}, ${lang})`, () => {
    test.use({ viewport });
    const tx = TEXT[lang];

    test('a customer holds a flight, finds it in My trips, cancels the hold and sees it canceled', async ({ page }) => {
      await login(page, 'customer@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      const pnr = await holdAFlight(page, `trips-${size}-${lang}-${Date.now()}@example.com`);

      await page.locator('.account-trigger').click();
      await page.getByRole('menuitem', { name: tx.myTrips }).click();
      await expect(page).toHaveURL(/\/my-trips$/);
      await expect(page.getByRole('heading', { level: 1, name: tx.myTrips })).toBeVisible();
      const card = page.getByTestId('trips-upcoming').locator(`[data-reference="${pnr}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('trip-status')).toHaveText(tx.onHold);
      await expect(card).toContainText(tx.route); // in Arabic, the cities' Arabic names read right to left
      // The trip goes into a calendar from here, not only from the mail.
      const calendar = card.locator('xpath=..').getByTestId('download-calendar');
      const [ics] = await Promise.all([page.waitForEvent('download'), calendar.click()]);
      expect(ics.suggestedFilename()).toMatch(/\.ics$/);

      await card.click();
      await expect(page).toHaveURL(/\/booking\?id=\d+$/);
      await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);
      // The button says what the card will be charged.
      await expect(page.getByTestId('pay-card')).toContainText(/\d/);
      await page.getByTestId('trip-actions').locator('[data-action=cancel]').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('action-amount')).toBeVisible();
      await dialog.locator('[data-confirm=cancel]').click();
      await expect(page.getByTestId('booking-status')).toHaveClass(/is-canceled/);
      await expect(page.getByTestId('pay-card')).toHaveCount(0);

      await page.getByTestId('trip-actions').getByRole('link').click();
      await expect(page).toHaveURL(/\/my-trips$/);
      const gone = page.getByTestId('trips-canceled').locator(`[data-reference="${pnr}"]`);
      await expect(gone).toBeVisible();
      await expect(gone.getByTestId('trip-status')).toHaveText(tx.canceled);
      await expect(page.getByTestId('trips-upcoming').locator(`[data-reference="${pnr}"]`)).toHaveCount(0);
    });

    test('a customer pays a held flight from its page, then asks for a void after seeing what comes back', async ({ page }) => {
      await login(page, 'customer@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      const pnr = await holdAFlight(page, `trips-pay-${size}-${lang}-${Date.now()}@example.com`);
      await page.goto('/my-trips');
      await page.getByTestId('trips-upcoming').locator(`[data-reference="${pnr}"]`).click();
      await page.getByTestId('pay-card').click();
      await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
      await page.locator('#card').fill('4242 4242 4242 4242');
      await page.locator('button.pay').click();
      await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');

      await page.goto('/my-trips');
      const card = page.getByTestId('trips-upcoming').locator(`[data-reference="${pnr}"]`);
      await expect(card.getByTestId('trip-status')).toHaveClass(/is-ticketed/);
      await card.click();
      await page.getByTestId('trip-actions').locator('[data-action=requestVoid]').click();
      const dialog = page.getByRole('dialog');
      // What comes back, and from what paid, is said before the request goes (the fare summary's total is what was paid).
      const paid = (await page.getByTestId('fare-total').textContent())!.trim();
      await expect(dialog.getByTestId('action-amount')).toContainText(paid);
      await dialog.locator('[data-confirm=requestVoid]').click();
      await expect(page.getByTestId('booking-status')).toHaveClass(/is-requested/);
      await expect(page.getByTestId('trip-actions').locator('[data-action]')).toHaveCount(0);
    });

    test('a guest finds a booking from the header\'s "Find my booking"', async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
      const email = `guest-find-${size}-${lang}-${Date.now()}@example.com`;
      const pnr = await holdAFlight(page, email);

      await page.goto('/');
      if (size === 'phone') await page.locator('.nav-toggle').click();
      await page.locator('#site-nav').getByRole('link', { name: tx.find }).click();
      await expect(page).toHaveURL(/\/find-booking$/);
      const form = page.getByTestId('find-flight');
      // The page's words load after it first paints and may draw the form again: fill once it holds still.
      await page.waitForLoadState('networkidle');
      await expect(async () => {
        await form.locator('input[name=reference]').fill(pnr.toLowerCase());
        await form.locator('input[name=email]').fill(email);
        await expect(form.locator('input[name=reference]')).toHaveValue(pnr.toLowerCase(), { timeout: 1000 });
      }).toPass();
      await form.getByRole('button').click();
      await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);
      // A guest has no account to act from: the page offers payment and printing, not the owner's actions.
      await expect(page.getByTestId('trip-actions')).toHaveCount(0);
      await expect(page.locator('footer').getByRole('link', { name: tx.find })).toBeVisible();
    });
  });
}
