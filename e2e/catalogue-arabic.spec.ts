import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { login, reviewShot } from './support';

/**
 * The demo visa and umrah package read in Arabic on a phone (390×844): their Arabic titles, descriptions,
 * requirements, hotel and city names, with no English left over; the back office's form with each Arabic text beside
 * its English, typed right to left; and a visa written there read back in Arabic, its English where it has no Arabic.
 * Each screen is photographed into .tmp/shots-catalogue-ar.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = '.tmp/shots-catalogue-ar';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await reviewShot(page, `${SHOTS}/${name}.png`, true);
}
/** Nothing wider than the phone: a long Arabic line wraps rather than pushing the page sideways. */
const expectNoSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('the Arabic visa and umrah pages show their Arabic texts on a phone; the form shows them beside the English', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('locale', 'ar'));

  await page.goto('/visa');
  await page.getByRole('link', { name: /تأشيرة دبي السياحية/ }).click();
  await expect(page).toHaveURL(/\/visa-details\?id=\d+/);
  const visaId = new URL(page.url()).searchParams.get('id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تأشيرة دبي السياحية – 30 يوماً');
  await expect(page.getByTestId('cat-hero')).toContainText('الإمارات العربية المتحدة');
  const texts = page.locator('.detail-main .rich-view');
  await expect(texts.first()).toContainText('تأشيرة سياحية لدخول واحد إلى الإمارات العربية المتحدة');
  await expect(page.getByRole('heading', { name: 'المتطلبات' })).toBeVisible();
  await expect(texts.nth(1)).toContainText('جواز سفر صالح لمدة 6 أشهر على الأقل');
  await expect(page.locator('.detail-main [lang="en"]')).toHaveCount(0); // nothing fell back to English
  await expectNoSideScroll(page);
  await shot(page, 'visa-detail-ar-390');

  await page.goto('/umra-packages');
  await page.getByRole('link', { name: /عمرة اقتصادية/ }).click();
  await expect(page).toHaveURL(/\/umrah-package-details\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('عمرة اقتصادية – 15 يوماً');
  const facts = page.locator('.detail-main .facts');
  await expect(facts).toContainText('أبراج الكسوة');
  await expect(facts).toContainText('دار الإيمان الحرم');
  await expect(facts).toContainText('كراتشي');
  await expect(page.locator('.detail-main .rich-view')).toContainText('التأشيرة وتذاكر الطيران ذهاباً وإياباً');
  await expect(page.locator('.detail-main [lang="en"]')).toHaveCount(0);
  await expectNoSideScroll(page);
  await shot(page, 'umrah-detail-ar-390');

  // The back office at desk size: the Arabic editors hold the Arabic, right to left, beside the English.
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await login(staff, 'admin@demo.safar');
  await staff.goto(`/admin/update-visa?id=${visaId}`);
  const arabicEditor = staff.locator('[data-field="description_ar"] [dir="rtl"] .ql-editor');
  await expect(arabicEditor).toContainText('تأشيرة سياحية لدخول واحد');
  await expect(staff.locator('[data-field="description"] [dir="ltr"] .ql-editor')).toContainText('Single-entry tourist visa');
  await expect(staff.locator('#f-title_ar')).toHaveAttribute('dir', 'rtl');
  const [english, arabic] = await Promise.all(['description', 'description_ar'].map((f) => staff.locator(`[data-field="${f}"]`).boundingBox()));
  expect(Math.abs(english!.y - arabic!.y)).toBeLessThan(2); // side by side
  await shot(staff, 'visa-form-1280');
});

test('a visa written in both languages in the back office reads in Arabic on an Arabic phone, English where it has no Arabic', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await login(staff, 'admin@demo.safar');
  await staff.goto('/admin/new-visa');
  await staff.getByLabel(/^Country/).selectOption('OM');
  await staff.getByLabel(/^Title/).fill(`Oman e-Visa ${stamp}`);
  await staff.getByLabel('Arabic title').fill(`تأشيرة عُمان الإلكترونية ${stamp}`);
  await staff.getByLabel(/^Price/).fill('9500');
  await staff.locator('[data-field="description"] .ql-editor').fill('Ten days in Oman.');
  await staff.locator('[data-field="description_ar"] .ql-editor').fill('عشرة أيام في سلطنة عُمان.');
  await staff.locator('[data-field="requirements"] .ql-editor').fill('A passport valid for six months.');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Visa saved successfully')).toBeVisible();

  await page.addInitScript(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/visa');
  await page.getByRole('searchbox').fill(String(stamp));
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: new RegExp(`تأشيرة عُمان الإلكترونية ${stamp}`) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`تأشيرة عُمان الإلكترونية ${stamp}`);
  const texts = page.locator('.detail-main .rich-view');
  await expect(texts.first()).toHaveText('عشرة أيام في سلطنة عُمان.');
  await expect(texts.first()).not.toHaveAttribute('lang', 'en');
  // No Arabic requirements: the English ones, marked as English so they read left to right.
  await expect(texts.nth(1)).toHaveText('A passport valid for six months.');
  await expect(texts.nth(1)).toHaveAttribute('lang', 'en');
  await expect(texts.nth(1)).toHaveAttribute('dir', 'ltr');
  await expectNoSideScroll(page);
  await shot(page, 'visa-both-languages-ar-390');
});
