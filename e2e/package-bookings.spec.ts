import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { bookUmrahByApi, latestMail, login, reviewShot } from './support';

/**
 * Packages in a real browser against the real server: a customer books an umrah package in a quad room
 * for two, pays by card in the sandbox, finds the booking in My trips, and reservation staff confirm it (English at
 * a desk, Arabic on a phone). Screenshots go to test-results/screens for review.
 */
const shot = (page: Page, name: string) => reviewShot(page, `test-results/screens/packages-${name}.png`, true);

async function customerBooksQuad(page: Page, lang: 'en' | 'ar', viewport: string) {
  await login(page, 'customer@demo.safar');
  if (lang === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/umra-packages');
  await page.locator('a.cat-card, .cat-grid a').first().click();
  await expect(page).toHaveURL(/\/umrah-package-details\?id=\d+/);
  await expect(page.getByTestId('book-package')).toBeVisible();
  await shot(page, `details-${lang}-${viewport}`);
  await page.getByTestId('book-package-link').click();
  await expect(page).toHaveURL(/\/package\/book\?kind=umrah&id=\d+/);

  // The first departure with places, quad sharing, two travellers: the total is the server's per-person price × 2.
  await page.getByTestId('departures').locator('input[type=radio]:not([disabled])').first().check();
  await page.getByTestId('sharing-quad').check();
  await page.getByTestId('traveller-count').fill('2');
  await expect(page.getByTestId('package-total')).toContainText('530,000');
  await shot(page, `choose-${lang}-${viewport}`);
  await page.getByTestId('choice-next').click();

  // A passport that ends before the return date is refused in place, and what was typed stays.
  for (const i of [0, 1]) {
    await page.getByTestId(`travellers.${i}.first_name`).fill(i ? 'Amina' : 'Yusuf');
    await page.getByTestId(`travellers.${i}.last_name`).fill('Rahman');
    await page.getByTestId(`travellers.${i}.dob`).fill(i ? '1988-06-02' : '1984-03-15');
    await page.getByTestId(`travellers.${i}.passport_no`).fill(`PK${Date.now() % 10_000_000}${i}`);
    await page.getByTestId(`travellers.${i}.passport_expiry`).fill('2034-01-01');
  }
  // No title is assumed: each traveller's is chosen.
  await page.getByTestId('travellers.0.title').selectOption('Mr');
  await page.getByTestId('travellers.1.title').selectOption('Mrs');
  await page.getByTestId('travellers.1.passport_expiry').fill(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
  const email = `pilgrim-${lang}-${viewport}-${Date.now()}@example.com`;
  await page.getByTestId('contact.email').fill(email);
  await page.getByTestId('contact.phone').fill('+92 300 1234567');
  await page.getByTestId('travellers-next').click();
  await expect(page.locator('.field-error')).toHaveText(lang === 'en' ? 'The passport must be valid on the return date.' : 'يجب أن يكون جواز السفر سارياً في تاريخ العودة.');
  await expect(page.getByTestId('travellers.1.first_name')).toHaveValue('Amina');
  await shot(page, `travellers-${lang}-${viewport}`);
  await page.getByTestId('travellers.1.passport_expiry').fill('2033-05-05');
  await page.getByTestId('travellers-next').click();

  await expect(page.getByTestId('package-review')).toBeVisible();
  await shot(page, `review-${lang}-${viewport}`);
  await page.getByTestId('pay-card').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page).toHaveURL(/\/payment-result\?status=success&tracker=trk_/);
  const reference = (await page.getByTestId('pnr').textContent())!.trim();
  expect(reference).toMatch(/^PK-\d{2}-\d{6}$/);
  const mail = await latestMail(page, email);
  expect(mail.subject).toBe(lang === 'en' ? `Package booking ${reference} is paid` : `تم دفع حجز الباقة ${reference}`);

  await page.goto('/my-trips');
  const card = page.locator(`[data-testid=trip-card][data-reference="${reference}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('trip-status')).toHaveText(lang === 'en' ? 'Paid' : 'مدفوع');
  await shot(page, `my-trips-${lang}-${viewport}`);
  await card.click();
  await expect(page.getByTestId('package-status')).toHaveText(lang === 'en' ? 'Paid' : 'مدفوع');
  await shot(page, `booking-${lang}-${viewport}`);
  return { reference, email };
}

async function staffConfirm(page: Page, reference: string, email: string, lang: 'en' | 'ar', viewport: string) {
  await login(page, 'reservation@demo.safar');
  if (lang === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/admin/package-bookings');
  await page.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(/\/admin\/package-booking\?reference=/);
  await page.getByTestId('confirm-booking').click();
  await page.getByTestId('act-yes').click();
  await expect(page.getByTestId('package-status')).toHaveText(lang === 'en' ? 'Confirmed' : 'مؤكد');
  await shot(page, `admin-${lang}-${viewport}`);
  await page.goto('/admin/package-bookings');
  await shot(page, `admin-list-${lang}-${viewport}`);
  expect((await latestMail(page, email)).subject).toBe(lang === 'en' ? `Package booking ${reference} is confirmed` : `تم تأكيد حجز الباقة ${reference}`);
}

// Desktop in English and a phone in Arabic, as the other journeys pair them; staff confirm at a desk, in the
// customer's language.
for (const [lang, size] of [['en', 'desktop'], ['ar', 'phone']] as const) {
  test.describe(size, () => {
    test.use(size === 'phone' ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
    test(`a customer books an umrah package in a quad room, sees it in My trips, and staff confirm it (${lang})`, async ({ page, browser }) => {
      const { reference, email } = await customerBooksQuad(page, lang, size);
      const staff = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await staffConfirm(staff, reference, email, lang, 'desktop');
    });
  });
}

test('staff keep an umrah package\'s departures: more seats on one date, a new date', async ({ page }) => {
  await login(page, 'admin@demo.safar');
  await page.goto('/admin/package-departures');
  await page.getByRole('link', { name: 'Standard Umrah – 21 Days' }).click();
  const first = page.locator('tbody tr').first();
  await first.locator('input[type=number]').fill('45');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Departure saved.')).toBeVisible();
  const added = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  const blank = page.getByTestId('departure-row-new');
  await blank.locator('input[type=date]').fill(added);
  await blank.locator('input[type=number]').fill('30');
  await blank.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId(`departure-row-${added}`)).toBeVisible();
  await expect(page.getByTestId('departure-row-new').locator('input[type=date]')).toHaveValue('');
  await shot(page, 'departures-en-desktop');
});

test('a guest books a holiday at its one per-person price and opens the booking from the payment result', async ({ page }) => {
  await page.goto('/holidays');
  await page.locator('.cat-grid a').first().click();
  await page.getByTestId('book-package-link').click();
  await expect(page).toHaveURL(/\/package\/book\?kind=holiday&id=\d+/);
  await expect(page.getByTestId('sharings').locator('input[type=radio]')).toHaveCount(1);
  await page.getByTestId('departures').locator('input[type=radio]:not([disabled])').first().check();
  await page.getByTestId('choice-next').click();
  await page.getByTestId('travellers.0.title').selectOption('Ms');
  await page.getByTestId('travellers.0.first_name').fill('Hina');
  await page.getByTestId('travellers.0.last_name').fill('Qureshi');
  await page.getByTestId('travellers.0.dob').fill('1992-02-02');
  await page.getByTestId('travellers.0.passport_no').fill(`HQ${Date.now() % 10_000_000}`);
  await page.getByTestId('travellers.0.passport_expiry').fill('2035-02-02');
  await page.getByTestId('contact.email').fill(`holiday-guest-${Date.now()}@example.com`);
  await page.getByTestId('contact.phone').fill('+92 300 7654321');
  await page.getByTestId('travellers-next').click();
  await page.getByTestId('pay-card').click();
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page).toHaveURL(/\/payment-result\?status=success/);
  await page.getByRole('link', { name: 'View booking' }).click();
  await expect(page.getByTestId('package-status')).toHaveText('Paid');
  await shot(page, 'guest-holiday-en-desktop');
});

for (const [lang, viewport] of [['en', { width: 1280, height: 800 }], ['ar', { width: 390, height: 844 }]] as const) {
  test(`an agency finds the packages it booked in its own list and opens one (${lang})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, 'agent@demo.safar');
    if (lang === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    const reference = await bookUmrahByApi(page, `Agency${lang}`);
    await page.goto('/agent/package-bookings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Package bookings' : 'حجوزات الباقات');
    const link = page.getByTestId('package-booking-link').filter({ hasText: reference });
    await expect(link).toBeVisible();
    await shot(page, `agent-list-${lang}`);
    await link.click();
    await expect(page).toHaveURL(/\/agent\/package-booking\?reference=/);
    await expect(page.getByTestId('package-status')).toHaveText(lang === 'en' ? 'Awaiting payment' : 'بانتظار الدفع');
    await page.getByRole('link', { name: lang === 'en' ? 'Back to package bookings' : 'العودة إلى حجوزات الباقات' }).click();
    await expect(page).toHaveURL(/\/agent\/package-bookings$/);
  });
}
