import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { expectPaidThenOpenBooking, search, typeDate } from './support';

/**
 * Real providers in a real browser, against simulators of their documented APIs (playwright.config.ts, project
 * `providers`): a guest books one of Duffel's offers with a seat from Duffel's seat map and pays it on Safepay's
 * hosted checkout (English, desktop), and
 * another pays one on JazzCash's hosted page with a mobile wallet (Arabic, phone size). Both come back ticketed.
 */

async function bookDuffelOffer(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [33, 33] });
  const offer = page.locator('[data-testid=offer][data-supplier=duffel]').first();
  await expect(offer).toBeVisible();
  await offer.getByTestId('book-now').click();
  await expect(page).toHaveURL(/\/flight\/checkout$/);
  const pax = page.getByTestId('pax-0');
  await pax.locator('input[name="travellers.0.first_name"]').fill('Ayesha');
  // Names are letters only; a fresh one per run keeps the duplicate-booking rule out of the way.
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  await pax.locator('input[name="travellers.0.last_name"]').fill(`Malik ${letters}`);
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  await typeDate(page, 'dob-0', '05/20/1991');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`DF${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(`duffel-${lang}-${Date.now()}@example.com`);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
  await page.getByTestId('continue').click();
}

async function expectTicketed(page: Page, lang: 'en' | 'ar') {
  await expectPaidThenOpenBooking(page, lang);
  await expect(page.getByTestId('booking-status')).toHaveText(lang === 'en' ? 'Ticketed' : 'صدرت التذاكر');
  await expect(page.getByText(/\b\d{13}\b/).first()).toBeVisible();
}

test('a guest books a Duffel offer with a seat and pays it on Safepay’s hosted checkout (English, desktop)', async ({ page }) => {
  await bookDuffelOffer(page, 'en');
  // Duffel's seat map, on the optional step: the seat chosen goes on the order Duffel makes at payment.
  await page.getByTestId('choose-extras').click();
  const step = page.getByTestId('extras-step');
  await expect(step.getByTestId('seat-grid').first()).toBeVisible({ timeout: 20_000 });
  const designator = (await step.locator('button.seat.is-paid, button.seat.is-free').first().getAttribute('data-seat'))!;
  await step.locator(`button.seat[data-seat="${designator}"]`).click();
  await expect(step.getByTestId('extras-current')).toContainText(`Seat ${designator}`);
  await step.getByTestId('extras-done').click();
  await expect(page.getByTestId('review-extras')).toContainText(`Seat ${designator}`);
  await expect(page.getByTestId('pay-jazzcash')).toBeVisible();
  await page.getByTestId('pay-card').click();

  await expect(page).toHaveURL(/\/checkout\/pay\?beacon=/);
  await expect(page.getByTestId('safepay-amount')).toContainText('PKR');
  // The declined card leaves the customer on Safepay's page to try another.
  await page.locator('input[name=card_number]').fill('4456 5300 0000 1013');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await page.locator('input[name=card_number]').fill('4456 5300 0000 1005');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expectTicketed(page, 'en');
  await expect(page.getByTestId('booking-extras').getByTestId('extra-seat-0')).toContainText(`Seat ${designator}`);
});

test('a guest pays a Duffel offer with a JazzCash mobile wallet (Arabic, phone size)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await bookDuffelOffer(page, 'ar');
  await page.getByTestId('pay-jazzcash').click();

  await expect(page.getByTestId('jazzcash-amount')).toBeVisible();
  await page.locator('input[name=mobile_number]').fill('03123456789');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expectTicketed(page, 'ar');
});
