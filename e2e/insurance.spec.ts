import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, logout } from './support';

/**
 * In a real browser: a guest gets a quote on /travel-insurance, buys the plan ("Buy"),
 * fills the traveller, reviews the server's price and pays with the sandbox card, then sees the policy number on
 * the payment result and on the policy page. The same in Arabic at phone size up to the review. With
 * INSURANCE_SHOTS set to a folder, the purchase and policy pages are photographed at desktop and phone, en and ar.
 */

const SHOTS = process.env.INSURANCE_SHOTS;
const TEXT = {
  en: { review: 'Review your policy', issued: 'Issued' },
  ar: { review: 'راجع وثيقتك', issued: 'صادرة' },
} as const;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function quoteAndBuy(page: Page, lang: 'en' | 'ar') {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('locale', l), lang);
  await page.goto('/travel-insurance');
  await page.getByTestId('quote-form').locator('button[type=submit]').click();
  const buy = page.locator('[data-testid^=buy-plan-]').first();
  await expect(buy).toBeVisible();
  await buy.click();
  await expect(page).toHaveURL(/\/travel-insurance\/buy\?plan=\d+/);
  await expect(page.getByTestId('purchase-form')).toBeVisible();
}

async function fillTraveller(page: Page, email: string) {
  const form = page.getByTestId('purchase-form');
  await form.locator('select[name="travellers.0.title"]').selectOption('MRS');
  await form.locator('input[name="travellers.0.first_name"]').fill('Sara');
  await form.locator('input[name="travellers.0.last_name"]').fill('Ahmed');
  await form.locator('input[name="travellers.0.date_of_birth"]').fill('1988-03-14');
  await form.locator('input[name="travellers.0.passport_number"]').fill('AB1234567');
  await form.locator('select[name="travellers.0.nationality"]').selectOption('PK');
  await form.locator('input[name="contact.email"]').fill(email);
  await form.locator('input[name="contact.phone"]').fill('+92 300 1234567');
}

const shot = async (page: Page, name: string) => { if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }); };

test('a guest buys travel insurance with the sandbox card and sees the policy number', async ({ page }) => {
  await quoteAndBuy(page, 'en');
  // Sent empty, every field says what it needs, and nothing typed is lost.
  await page.getByTestId('continue').click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  const email = `ins-guest-${Date.now()}@example.com`;
  await fillTraveller(page, email);
  await expect(page.locator('.field-error')).toHaveCount(0);
  await page.getByTestId('continue').click();
  await expect(page.getByRole('heading', { name: TEXT.en.review })).toBeVisible();
  await expect(page.getByTestId('review-total')).toContainText(/\d/);
  await page.getByTestId('pay-card').click();

  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page).toHaveURL(/\/payment-result\?status=success&tracker=trk_/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  const number = (await page.getByTestId('pnr').innerText()).trim();
  expect(number).toMatch(/^SI-\d{2}-\d{6}$/);

  await page.getByRole('link', { name: 'View booking' }).click();
  await expect(page).toHaveURL(/\/insurance\/policy\?ref=SI-/);
  await expect(page.getByTestId('policy-number')).toHaveText(number);
  await expect(page.getByTestId('policy-status')).toHaveText(TEXT.en.issued);
  await expect(page.getByTestId('policy')).toContainText('Sara Ahmed');
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
});

async function payByCard(page: Page) {
  await page.getByTestId('pay-card').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  return (await page.getByTestId('pnr').innerText()).trim();
}

test('an agent buys for a client from the wallet: issued at once', async ({ page }) => {
  await login(page, 'agent@demo.safar');
  await quoteAndBuy(page, 'en');
  await fillTraveller(page, `ins-agent-client-${Date.now()}@example.com`);
  await page.getByTestId('continue').click();
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('policy-issued')).toBeVisible();
  const number = (await page.getByTestId('policy-number').innerText()).trim();
  expect(number).toMatch(/^SI-\d{2}-\d{6}$/);
  // The agent's own list, from the agent area's menu.
  await page.goto('/agent/insurance-policies');
  await page.getByTestId('policy-link').filter({ hasText: number }).click();
  await expect(page).toHaveURL(/\/agent\/insurance-policy\?ref=SI-/);
  await expect(page.getByTestId('policy-status')).toHaveText(TEXT.en.issued);
});

test('a customer finds a paid policy in My trips; staff find it in the back office', async ({ page }) => {
  await login(page, 'customer@demo.safar');
  await quoteAndBuy(page, 'en');
  await fillTraveller(page, 'customer@demo.safar');
  await page.getByTestId('continue').click();
  const number = await payByCard(page);
  await page.goto('/my-trips');
  const card = page.getByTestId('trips-upcoming').locator(`[data-reference="${number}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Asia Essential');
  await shot(page, 'my-trips-desktop-en');
  await card.click();
  await expect(page.getByTestId('policy-number')).toHaveText(number);
  await logout(page);

  await login(page, 'admin@demo.safar');
  await page.goto('/admin/insurance-policies');
  await expect(page.getByTestId('policy-link').first()).toBeVisible();
  await shot(page, 'admin-list-desktop-en');
  await page.getByTestId('policy-link').filter({ hasText: number }).click();
  await expect(page).toHaveURL(/\/admin\/insurance-policy\?ref=SI-/);
  await expect(page.getByTestId('policy-status')).toHaveText(TEXT.en.issued);
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
});

test.describe('in Arabic at phone size', () => {
  test.use({ viewport: SIZES.phone });
  test('a guest fills the purchase in Arabic up to the review', async ({ page }) => {
    await quoteAndBuy(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('continue').click();
    await expect(page.locator('.field-error').first()).toHaveText(/[\u0600-\u06FF]/);
    await fillTraveller(page, `ins-ar-${Date.now()}@example.com`);
    await page.getByTestId('continue').click();
    await expect(page.getByRole('heading', { name: TEXT.ar.review })).toBeVisible();
    await expect(page.getByTestId('pay-card')).toBeVisible();
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('screenshots', () => {
  test.skip(!SHOTS, 'set INSURANCE_SHOTS to a folder to take them');
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const lang of ['en', 'ar'] as const) {
      test(`purchase and policy pages (${size}, ${lang})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await quoteAndBuy(page, lang);
        await page.goto('/travel-insurance');
        await page.getByTestId('quote-form').locator('button[type=submit]').click();
        await expect(page.locator('[data-testid^=buy-plan-]').first()).toBeVisible();
        await shot(page, `quotes-${size}-${lang}`);
        await page.locator('[data-testid^=buy-plan-]').first().click();
        await expect(page.getByTestId('purchase-form')).toBeVisible();
        await shot(page, `buy-form-${size}-${lang}`);
        await page.getByTestId('continue').click();
        await shot(page, `buy-errors-${size}-${lang}`);
        await fillTraveller(page, `ins-shot-${Date.now()}@example.com`);
        await page.getByTestId('continue').click();
        await expect(page.getByTestId('purchase-review')).toBeVisible();
        await shot(page, `buy-review-${size}-${lang}`);
        await page.getByTestId('pay-card').click();
        await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
        await page.locator('#card').fill('4000 0000 0000 0002');
        await page.locator('button.pay').click();
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'failed');
        await page.locator('.payment-result a.btn-primary, [data-testid=payment-result] a.btn-primary').first().click();
        await expect(page.getByTestId('policy-number')).toBeVisible();
        await shot(page, `policy-unpaid-${size}-${lang}`);
      });
    }
  }
});
