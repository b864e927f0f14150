import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { expectPaidThenOpenBooking, login, mmddyyyy, search, typeDate } from './support';

/**
 * Journeys in a real browser against the real server: a guest books a round trip and pays in the
 * sandbox (English, then Arabic); an agent books one way from the wallet; an agent whose balance is too low
 * for the fare sees "Insufficient Balance".
 */

const PASSPORT_ENDS_TOO_SOON = { en: 'The passport must be valid on the last travel date.', ar: 'يجب أن يكون جواز السفر صالحاً في آخر تاريخ سفر.' };
const TITLE_REQUIRED = { en: 'Title is required.', ar: 'اللقب مطلوب.' };
const FIRST_NAME_REQUIRED = { en: 'First name is required.', ar: 'الاسم الأول مطلوب.' };

async function fillPassenger(page: Page, email: string, lang?: 'en' | 'ar') {
  const pax = page.getByTestId('pax-0');
  if (lang) {
    // A passport that ends before the trip is refused by its rule, in words, rather than by the date picker.
    await typeDate(page, 'expiry-0', '01/01/2020');
    await page.getByTestId('continue').click();
    await expect(page.getByTestId('expiry-0').locator('.field-error')).toHaveText(PASSPORT_ENDS_TOO_SOON[lang]);
    // No title is assumed: the form asks for one under the field, and a message goes as soon as its field is right.
    await expect(pax.locator('label:has(select[name="travellers.0.title"]) .field-error')).toHaveText(TITLE_REQUIRED[lang]);
    await expect(pax.locator('label:has(input[name="travellers.0.first_name"]) .field-error')).toHaveText(FIRST_NAME_REQUIRED[lang]);
  }
  await pax.locator('input[name="travellers.0.first_name"]').fill('Sara');
  await expect(pax.locator('label:has(input[name="travellers.0.first_name"]) .field-error')).toHaveCount(0);
  // Choosing the title sets the gender it names.
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  await expect(pax.locator('select[name="travellers.0.gender"]')).toHaveValue('F');
  // Names are letters only; a fresh one per run keeps the duplicate-booking rule out of the way.
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  await pax.locator('input[name="travellers.0.last_name"]').fill(`Khan ${letters}`);
  await typeDate(page, 'dob-0', '03/14/1990');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`AB${Date.now() % 10_000_000}`);
  if (lang === 'en') {
    // Valid for the trip but for less than six months after it: booked only once the user says they checked.
    await typeDate(page, 'expiry-0', mmddyyyy(90));
    await page.locator('input[name="main_contact.email"]').fill(email);
    await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
    await page.getByTestId('continue').click();
    await expect(page.getByTestId('passport-warning').locator('.field-error')).toBeVisible();
    await page.getByTestId('passport-warning').getByRole('checkbox').check();
    await expect(page.getByTestId('passport-warning').locator('.field-error')).toHaveCount(0);
    await page.getByTestId('continue').click();
    return;
  }
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(email);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
  await page.getByTestId('continue').click();
}

async function guestRoundTrip(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
  await page.goto('/');
  // An incomplete form is refused with the one message every search form gives.
  await page.locator('.search-submit').click();
  await expect(page.locator('.form-alert')).toHaveText(lang === 'en' ? 'Please Ensure that these fields are filled properly.' : 'يرجى التأكد من تعبئة هذه الحقول بشكل صحيح.');

  await search(page, { from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });
  await expect(page).toHaveURL(/\/flight\/search\?/);
  // The search is kept for next time.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('previous_search') ?? '{}').origin)).toBe('KHI');
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/flight\/checkout$/);
  const email = `guest-${lang}-${Date.now()}@example.com`;
  await fillPassenger(page, email, lang);
  await page.getByTestId('pay-card').click();

  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();

  await expectPaidThenOpenBooking(page, lang);
  await expect(page.getByTestId('booking-status')).toHaveText(lang === 'en' ? 'Ticketed' : 'صدرت التذاكر');
  await expect(page.getByTestId('booking-details').locator('.ticket-journey')).toHaveCount(2);
  await expect(page.getByTestId('ticket-0')).toHaveText(/\d/);
}

test('a guest books a round trip and pays in the sandbox', async ({ page }) => {
  await guestRoundTrip(page, 'en');
});

test('an agent books one way and pays from the wallet', async ({ page }) => {
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);
  await page.goto('/agent/flights');
  await search(page, { oneWay: true, from: ['Lahore', 'LHE'], to: ['Jeddah', 'JED'], days: [40, 0] });
  await expect(page).toHaveURL(/\/agent\/dashboard-flights\?/);
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/agent\/flight-checkout$/);
  await page.locator('input[name="agent_markup"]').fill('1500');
  await fillPassenger(page, `agent-customer-${Date.now()}@example.com`);
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('booking-confirmed')).toBeVisible();
  await page.getByTestId('booking-confirmed').getByRole('link').click();
  // The one booking page, with its actions; the old e-ticket address leads there too.
  await expect(page).toHaveURL(/\/agent\/pnr-details\?pnr=/);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  await expect(page.getByText('Agent markup')).toBeVisible();
  await expect(page.locator('[data-action=requestVoid]')).toBeVisible();
  await expect(page.locator('[data-action=reissue]')).toBeVisible();
  const pnr = (await page.getByTestId('booking-pnr').innerText()).trim();
  await page.goto(`/agent/agent-booking-details?pnr=${pnr}`);
  await expect(page).toHaveURL(new RegExp(`/agent/pnr-details\\?pnr=${pnr}$`));
  await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);
});

test('an agent whose balance is too low sees "Insufficient Balance"', async ({ page }) => {
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);
  await page.goto('/agent/flights');
  // First class to London costs more than the demo wallet holds.
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['London', 'LHR'], cabin: 'F', days: [5, 0] });
  await page.getByTestId('sort').selectOption('price');
  const price = await page.getByTestId('offer-price').first().textContent();
  const balance = await page.request.get('/api/wallet-balance').then((r) => r.json());
  expect(Number(price!.replace(/[^\d]/g, ''))).toBeGreaterThan(Number(balance.data.balance.amount));
  await page.getByTestId('book-now').first().click();
  await fillPassenger(page, `agent-low-${Date.now()}@example.com`);
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('insufficient')).toContainText('Insufficient Balance');
  // The agent may hold the seats instead.
  await page.getByRole('button', { name: 'Hold the seats instead' }).click();
  await expect(page.getByTestId('booking-held')).toBeVisible();
});

test('the guest flow in Arabic', async ({ page }) => {
  await guestRoundTrip(page, 'ar');
});
