import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { creditAgent, login, logout, menuLink, mmddyyyy, typeDate } from './support';

/**
 * Journeys in a real browser against the real server: a guest books two rooms in Makkah for four
 * nights and pays by card in the sandbox (English, then Arabic); an agent books from the wallet and cancels
 * inside the free period, and the wallet is back where it was; an agent's wallet booking is found in the agent's
 * hotel bookings and in the back office's, where reservation staff cancel it (an analyst may only read it); accounts
 * staff set the hotel margin.
 */

/** Fills the hotel search (Makkah, four nights `days` ahead, `rooms` rooms of two adults) and waits for the first hotel. */
async function searchMakkah(page: Page, rooms: number, days = 30) {
  await page.waitForSelector('.hotel-search');
  await page.locator('[data-testid=hotel-destination] input').fill('makk');
  await page.locator('.airport-option').first().click();
  await typeDate(page, 'date-start', mmddyyyy(days));
  await typeDate(page, 'date-end', mmddyyyy(days + 4));
  if (rooms > 1) {
    await page.getByTestId('rooms-trigger').click();
    for (let i = 1; i < rooms; i++) await page.getByTestId('add-room').click();
    await page.getByTestId(`room-${rooms - 1}-adults`).waitFor();
    await page.keyboard.press('Escape');
  }
  await page.getByTestId('hotel-search-submit').click();
  await expect(page.getByTestId('hotel-card').first()).toBeVisible({ timeout: 20_000 });
}

async function fillGuests(page: Page, rooms: number, email: string) {
  for (let i = 0; i < rooms; i++) {
    // No title is assumed for a guest: each is chosen.
    await page.getByTestId(`guests.${i}.title`).selectOption(i ? 'MR' : 'MS');
    await page.getByTestId(`guests.${i}.first_name`).fill(i ? 'Omar' : 'Sara');
    await page.getByTestId(`guests.${i}.last_name`).fill('Khan');
  }
  await page.getByTestId('contact.email').fill(email);
  await page.getByTestId('contact.phone').fill('+92 300 1234567');
  await page.getByTestId('continue').click();
}

async function guestBooksTwoRooms(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
  // The home page's Hotels tab leads to the hotel search.
  await page.goto('/');
  await page.locator('a.search-tab[href="/hotel/search"]').click();
  await expect(page).toHaveURL(/\/hotel\/search$/);
  // An incomplete form is refused with the one message every search form gives, and each field says what it lacks.
  await page.getByTestId('hotel-search-submit').click();
  await expect(page.locator('.hotel-search .form-alert')).toHaveText(lang === 'en' ? 'Please Ensure that these fields are filled properly.' : 'يرجى التأكد من تعبئة هذه الحقول بشكل صحيح.');

  await searchMakkah(page, 2);
  await expect(page).toHaveURL(/\/hotel\/search\?.*destination=city/);
  await expect(page.getByTestId('searching-summary')).toContainText(lang === 'en' ? '2 rooms' : 'غرفتان');
  // The search is kept for next time.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('previous_hotel_search') ?? '{}').rooms.length)).toBe(2);
  await page.getByTestId('see-rooms').first().click();
  await expect(page).toHaveURL(/\/hotel\/details\?hotel=/);
  await page.getByTestId('choose-rate').first().click();
  await expect(page).toHaveURL(/\/hotel\/checkout$/);
  const email = `hotel-guest-${lang}-${Date.now()}@example.com`;
  await fillGuests(page, 2, email);
  await page.getByTestId('pay-card').click();

  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();

  await expect(page).toHaveURL(/\/payment-result\?status=success&tracker=trk_/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('hotel-status')).toHaveText(lang === 'en' ? 'Confirmed' : 'مؤكد');
  await expect(page.getByTestId('hotel-reference')).toHaveText(/^HTL-/);
  await expect(page.getByTestId('voucher').locator('.voucher-guests tbody tr')).toHaveCount(2);
  await expect(page.locator('.voucher-grid')).toContainText(lang === 'en' ? '4 nights' : '4 ليالٍ');
  // The confirmation mail's link opens the same voucher for the guest, by reference and email.
  const reference = (await page.getByTestId('hotel-reference').textContent())!.trim();
  await page.goto(`/hotel/booking?reference=${reference}&email=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('hotel-reference')).toHaveText(reference);
  await expect(page.getByTestId('hotel-status')).toHaveText(lang === 'en' ? 'Confirmed' : 'مؤكد');
}

test('a guest books two rooms in Makkah for four nights and pays by card', async ({ page }) => {
  await guestBooksTwoRooms(page, 'en');
});

test('the hotel guest flow in Arabic', async ({ page }) => {
  await guestBooksTwoRooms(page, 'ar');
});

test('a declined card: the result page pays the same booking again with another card', async ({ page }) => {
  await page.goto('/hotel/search');
  await searchMakkah(page, 1, 45);
  await page.getByTestId('see-rooms').first().click();
  await page.getByTestId('choose-rate').first().click();
  await fillGuests(page, 1, `hotel-again-${Date.now()}@example.com`);
  await page.getByTestId('pay-card').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  const first = new URL(page.url()).pathname;
  await page.locator('#card').fill('4000 0000 0000 0002');
  await page.locator('button.pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'failed');
  await page.getByTestId('pay-again').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  expect(new URL(page.url()).pathname).not.toBe(first); // a new checkout, for the same booking
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('hotel-status')).toHaveText('Confirmed');
  // The result page read again, in this tab and then where the tab keeps no note of the checkout (a new tab, say):
  // the guest still sees the confirmed booking, which the payment's answer names.
  for (const forget of [false, true]) {
    if (forget) await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
    await expect(page.getByTestId('hotel-status')).toHaveText('Confirmed');
  }
});

test("the home page's featured hotels fill their box without moving it, and each opens its hotel's rooms", async ({ page }) => {
  await page.goto('/');
  const box = page.locator('.featured-hotels-box');
  // Its own size, and where what follows it starts: the lists above it may still be arriving, which moves the
  // whole box down the page, but the hotels themselves must not change its height or push what comes after.
  const measure = () => box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const next = el.closest('section')?.nextElementSibling?.getBoundingClientRect();
    return { width: r.width, height: r.height, nextFromBox: next ? Math.round(next.top - r.top) : null };
  });
  // They render once the reader nears them (WhenNear): bring the box into view.
  await box.scrollIntoViewIfNeeded();
  const before = await measure();
  await expect(page.getByTestId('featured-hotel')).toHaveCount(4);
  expect(await measure()).toEqual(before);
  await expect(page.getByTestId('featured-hotel').first()).toContainText('Makkah');
  await page.getByTestId('featured-hotel').first().click();
  await expect(page).toHaveURL(/\/hotel\/details\?hotel=104515-/);
  await expect(page.getByTestId('choose-rate').first()).toBeVisible({ timeout: 20_000 });
});

test('an agent books from the wallet and cancels inside the free period, the balance restored', async ({ page }) => {
  const balance = async () => Number((await page.request.get('/api/wallet-balance').then((r) => r.json())).data.balance.amount);
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);
  await page.goto('/agent/hotels');
  await searchMakkah(page, 1, 45);
  await expect(page).toHaveURL(/\/agent\/hotel-results\?/);
  await page.getByTestId('side-sort').selectOption('price');
  await page.getByTestId('see-rooms').first().click();
  await expect(page).toHaveURL(/\/agent\/hotel-details\?/);
  // A refundable rate: its policy says until when cancelling is free.
  await page.getByTestId('rate').filter({ hasText: 'Free cancellation until' }).first().getByTestId('choose-rate').click();
  await expect(page).toHaveURL(/\/agent\/hotel-checkout$/);
  const before = await balance();
  await fillGuests(page, 1, `hotel-agent-${Date.now()}@example.com`);
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('hotel-status')).toHaveText('Confirmed');
  expect(await balance()).toBeLessThan(before);

  await page.getByTestId('cancel-booking').click();
  await expect(page.getByTestId('cancel-confirm')).toContainText('cancellation charge PKR 0');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('hotel-status')).toHaveText('Canceled');
  await expect(page.getByTestId('hotel-refund')).toBeVisible();
  expect(await balance()).toBe(before);
  // The booking's page shows the agent who booked it the trail: booked from the wallet, canceled with the refund.
  const reference = (await page.getByTestId('hotel-reference').textContent())!.trim();
  await page.goto(`/agent/hotel-booking?reference=${reference}`);
  const trail = page.getByTestId('hotel-trail').locator('li');
  await expect(trail).toHaveCount(2);
  await expect(trail.nth(0)).toContainText('Paid from the wallet');
  await expect(trail.nth(1)).toContainText(/Canceled.*refunded to the wallet/s);
});

test('an agent finds its wallet booking in its hotel bookings; staff find it in the back office, and reservation cancels it', async ({ page, browser }) => {
  test.setTimeout(120_000); // three sign-ins and a booking
  // The demo wallet is shared with the worker's other journeys: it is credited with this stay, whatever they spent.
  await creditAgent(browser, 100_000, 'the hotel lists journey');
  await login(page, 'agent@demo.safar');
  await page.goto('/agent/hotels');
  await searchMakkah(page, 1, 75);
  await page.getByTestId('see-rooms').first().click();
  await page.getByTestId('rate').filter({ hasText: 'Free cancellation until' }).first().getByTestId('choose-rate').click();
  await fillGuests(page, 1, `hotel-lists-${Date.now()}@example.com`);
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('hotel-status')).toHaveText('Confirmed');
  const reference = (await page.getByTestId('hotel-reference').textContent())!.trim();

  // The agent's list, from the menu entry beside the flight bookings; the status tabs filter it.
  await (await menuLink(page, 'Bookings', 'Hotel bookings')).click();
  await expect(page).toHaveURL(/\/agent\/hotel-bookings$/);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Makkah');
  await expect(row).toContainText('Confirmed');
  await page.getByRole('button', { name: 'Canceled', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
  await row.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(new RegExp(`/agent/hotel-booking\\?reference=${reference}$`));
  await expect(page.getByTestId('hotel-reference')).toHaveText(reference);
  await expect(page.getByTestId('cancel-booking')).toBeVisible();
  await logout(page);

  // An analyst reads bookings but may not cancel them.
  await login(page, 'analyst@demo.safar');
  await page.goto(`/admin/hotel-booking?reference=${reference}`);
  await expect(page.getByTestId('hotel-reference')).toHaveText(reference);
  await expect(page.getByTestId('hotel-bookings-back')).toBeVisible();
  await expect(page.getByTestId('cancel-booking')).toHaveCount(0);
  await logout(page);

  // Reservation staff find it by reference, with the agent who booked it, and cancel it.
  await login(page, 'reservation@demo.safar');
  await (await menuLink(page, 'Bookings', 'Hotel bookings')).click();
  await expect(page).toHaveURL(/\/admin\/hotel-bookings$/);
  await page.getByLabel('Reference').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('hotel-booking-link')).toHaveText([reference]);
  const staffRow = page.getByRole('row').filter({ hasText: reference });
  await expect(staffRow).toContainText('AGN-');
  await staffRow.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(/\/admin\/hotel-booking\?reference=/);
  await page.getByTestId('cancel-booking').click();
  await expect(page.getByTestId('cancel-confirm')).toContainText('cancellation charge PKR 0');
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('hotel-status')).toHaveText('Canceled');
  await page.getByTestId('hotel-bookings-back').click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Canceled');
});

test('accounts staff set the hotel margin: a bad percentage is refused under its field, a good one saved', async ({ page }) => {
  await login(page, 'accounts@demo.safar');
  // The saved margin answers late, so the percentage is typed while it loads: what is typed stays, and Save waits.
  await page.route(/\/api\/get-hotel-margin/, async (r) => { await new Promise((t) => setTimeout(t, 1500)); await r.continue(); });
  await (await menuLink(page, 'Money', 'Hotel margin')).click();
  await expect(page).toHaveURL(/\/admin\/hotel-margin$/);
  await page.getByLabel('Percentage').fill('150');
  await page.getByRole('button', { name: 'Save hotel margin' }).click();
  await expect(page.locator('#f-percent-err')).toHaveText('Enter a percentage between 0 and 100.');
  await expect(page.getByLabel('Percentage')).toHaveValue('150');
  await page.unroute(/\/api\/get-hotel-margin/);
  // Discount 0 %: saved, and prices the other journeys check stay as they were.
  await page.getByLabel('Markup or discount').selectOption('discount');
  await page.getByLabel('Percentage').fill('0');
  await page.getByRole('button', { name: 'Save hotel margin' }).click();
  await expect(page.getByText('Hotel margin saved.')).toBeVisible();
  await expect(page.getByText('Last saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Markup or discount')).toHaveValue('discount');
});
