import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { creditAgent, expectAccessible, fillOneAdult, login, money, pageFor, reviewShot, search } from './support';

/**
 * Seats and bags: the demo agent books a one-way flight, chooses a seat and a checked bag on the checkout's optional
 * step (the review shows their total), pays from the wallet and finds them on the e-ticket; then adds a seat to the
 * booked flight from its page. The picker is walked with the keyboard, and again on a phone in Arabic, where the
 * cabin must scroll inside its own box and never the page. Each screen is photographed.
 */

/** The page never scrolls sideways: a wide cabin scrolls inside its own box. */
async function expectNoPageScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, 'page width').toBeLessThanOrEqual(width);
}

test('seats and bags: chosen at checkout, paid from the wallet and shown on the e-ticket; a seat added after booking', async ({ page, browser }) => {
  test.setTimeout(360_000);
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);
  await page.goto('/agent/flights');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [45, 0] });
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/agent\/flight-checkout$/);
  await fillOneAdult(page, `seats-${Date.now()}@example.com`);

  // The review offers the optional step; the step loads the cabin.
  await page.getByTestId('choose-extras').click();
  const step = page.getByTestId('extras-step');
  await expect(step.getByTestId('seat-grid').first()).toBeVisible({ timeout: 20_000 });
  await expect(step.locator('.seat-legend')).toBeVisible();

  // The keyboard walks the cabin: the seat that takes Tab, then ArrowRight to the next one.
  const first = step.locator('button.seat[tabindex="0"]').first();
  await first.focus();
  const from = await first.getAttribute('data-seat');
  await page.keyboard.press('ArrowRight');
  const to = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
  expect(to).not.toBe(from);

  // A paid seat when the cabin sells one, else a free one; its name says what it is and what it costs.
  const paid = step.locator('button.seat.is-paid');
  const designator = (await ((await paid.count()) ? paid.first() : step.locator('button.seat.is-free').first()).getAttribute('data-seat'))!;
  // Found by its designator: its class changes once chosen.
  const seat = step.locator(`button.seat[data-seat="${designator}"]`);
  await expect(seat).toHaveAttribute('aria-label', new RegExp(`^Seat ${designator}, .*(PKR|free)`));
  await seat.click();
  await expect(seat).toHaveAttribute('aria-pressed', 'true');
  await expect(step.getByTestId('extras-current')).toContainText(`Seat ${designator}`);
  // A taken seat is announced as unavailable (aria-disabled) and a click on it chooses nothing.
  const taken = step.locator('button.seat.is-taken').first();
  if (await taken.count()) {
    await expect(taken).toHaveAttribute('aria-disabled', 'true');
    await taken.click({ force: true });
    await expect(seat).toHaveAttribute('aria-pressed', 'true');
  }
  const bag = step.locator('select.bag-qty').first();
  await expect(bag).toBeVisible();
  await bag.selectOption('1');
  await expect(step.getByTestId('extras-total')).toContainText('PKR');
  await expectAccessible(page, 'seat picker at checkout (en)');
  await reviewShot(page, test.info().outputPath('seats-checkout-desktop-en.png'), true);
  await step.getByTestId('extras-done').click();

  const review = page.getByTestId('review-extras');
  await expect(review).toContainText(`Seat ${designator}`);
  await expect(review.getByTestId('review-extras-total')).toContainText('PKR');
  await expect(review.getByTestId('review-grand-total')).toContainText('PKR');
  await reviewShot(page, test.info().outputPath('seats-review-desktop-en.png'), true);
  // The wallet is credited with this booking and the seat bought after it (no seat costs PKR 30,000).
  await creditAgent(browser, Math.ceil(money(await review.getByTestId('review-grand-total').innerText())) + 30_000, 'the seats journey');
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('booking-confirmed')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('booking-confirmed').getByRole('link').click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const extras = page.getByTestId('booking-extras');
  await expect(extras.getByTestId('extra-seat-0')).toContainText(`Seat ${designator}`);
  await expect(extras.getByTestId('extra-bag-0')).toContainText('23 kg');
  await expect(page.getByTestId('fare-extras')).toContainText('PKR');
  await reviewShot(page, test.info().outputPath('seats-eticket-desktop-en.png'), true);
  const pnr = (await page.getByTestId('booking-pnr').innerText()).trim();

  // After booking, on a phone in Arabic: the seat is changed from the booking's page and bought from the wallet.
  const ar = await pageFor(browser, 'agent@demo.safar', { phone: true, ar: true });
  await ar.goto('/agent/agent-bookings');
  await ar.locator('tr', { hasText: pnr }).locator('.bk-pnr').click();
  await ar.locator('[data-action=extras]').click();
  const dialog = ar.getByTestId('extras-dialog');
  await expect(dialog.getByTestId('seat-grid').first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator(`button.seat[data-seat="${designator}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expectNoPageScroll(ar);
  // Mirrored: ArrowRight goes toward the row's start (from seat C to a seat of a letter before it).
  const row = designator.replace(/\D+$/, '');
  await dialog.locator(`button.seat[data-seat="${row}C"]`).focus();
  await ar.keyboard.press('ArrowRight');
  const left = await ar.evaluate(() => document.activeElement?.getAttribute('data-seat') ?? '');
  expect(left.replace(/^\d+/, '') < 'C', `ArrowRight from ${row}C went to ${left}`).toBe(true);
  const next = (await dialog.locator('button.seat.is-free').first().getAttribute('data-seat'))!;
  const other = dialog.locator(`button.seat[data-seat="${next}"]`);
  await expect(other).toHaveAttribute('aria-label', new RegExp(`^المقعد ${next}`));
  await other.click();
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(ar, 'seat picker after booking (ar, phone)');
  await reviewShot(ar, test.info().outputPath('seats-after-booking-phone-ar.png'));
  await dialog.getByTestId('extras-buy').click();
  await expect(dialog.getByTestId('extras-bought')).toBeVisible({ timeout: 20_000 });
  await dialog.getByTestId('extras-close').click();
  await expect(ar.getByTestId('booking-extras').getByTestId('extra-seat-0')).toContainText(next);
  await expectNoPageScroll(ar);
  await reviewShot(ar, test.info().outputPath('seats-eticket-phone-ar.png'), true);
});

test('seats and bags: a guest skips the optional step and books as before', async ({ page }) => {
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [50, 0] });
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/flight\/checkout$/);
  await fillOneAdult(page, `seats-guest-${Date.now()}@example.com`);
  await page.getByTestId('choose-extras').click();
  await expect(page.getByTestId('extras-step').getByTestId('seat-grid').first()).toBeVisible({ timeout: 20_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageScroll(page);
  await reviewShot(page, test.info().outputPath('seats-checkout-phone-en.png'), true);
  await page.getByTestId('extras-skip').click();
  await expect(page.getByTestId('review-extras')).toContainText('No seats or bags chosen.');
  await expect(page.getByTestId('pay-card')).toBeEnabled();
});
