import { expect, test } from './test';
import { expectAccessible, login } from './support';

/**
 * axe-core on every main screen, in English and Arabic: the suite fails on any serious or critical violation
 * (WCAG 2.0–2.2 A/AA and axe's best practices). Each screen is checked once its content has loaded.
 */

const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
const SEARCH = new URLSearchParams({ flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(24), return_date: day(31), adults: '1', children: '0', infants: '0', cabin_class: 'Y' }).toString();

for (const lang of ['en', 'ar'] as const) {
  test.describe(`accessibility (${lang})`, () => {
    test('public screens: home, flight results, flight details, checkout, payment result, visas, login', async ({ page }) => {
      // Seven full-page axe scans, the results page's among them: several seconds each on a busy two-core machine.
      test.setTimeout(150_000);
      await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/');
      // The featured sections render once the reader nears them: scroll to the end to have them checked too.
      await page.locator('.agent-cta').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('featured-sections')).toBeVisible();
      await expect(page.getByTestId('featured-hotel')).toHaveCount(4);
      await expect(page.locator('.cat-card').first()).toBeVisible();
      await expectAccessible(page, 'home');

      await page.goto(`/flight/search?${SEARCH}`);
      await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'flight results');

      const { flights } = (await (await page.request.get(`/api/flights?${SEARCH}`)).json()) as { flights: { id: string; supplier: string }[] };
      await page.goto(`/flight/details?flight_id=${encodeURIComponent(flights[0].id)}&supplier=${flights[0].supplier}&isSooperFlight=0`);
      await expect(page.locator('.segments').first()).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'flight details');

      await page.goto(`/flight/search?${SEARCH}`);
      await page.getByTestId('book-now').first().click();
      await expect(page).toHaveURL(/\/flight\/checkout$/);
      await expect(page.getByTestId('pax-0')).toBeVisible();
      await expectAccessible(page, 'checkout');

      await page.goto('/payment-result?status=failed&tracker=trk_unknown');
      await expect(page.getByTestId('payment-result')).toBeVisible();
      await expectAccessible(page, 'payment result');

      await page.goto('/visa');
      await expect(page.locator('.cat-card').first()).toBeVisible();
      await expectAccessible(page, 'visas');

      await page.goto('/auth/login');
      await expect(page.locator('input[type=email]')).toBeVisible();
      await expectAccessible(page, 'login');
    });

    test('my trips (a customer) and find my booking (a guest)', async ({ page }) => {
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/find-booking');
      await expect(page.getByTestId('find-flight')).toBeVisible();
      await expectAccessible(page, 'find my booking');

      await page.evaluate(() => localStorage.setItem('locale', 'en'));
      await login(page, 'customer@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/my-trips');
      await expect(page.getByTestId('trip-card').first()).toBeVisible();
      await expectAccessible(page, 'my trips');
    });

    test('agent dashboard', async ({ page }) => {
      await login(page, 'agent@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/agent/dashboard');
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'agent dashboard');
      await page.goto('/agent/hotel-bookings');
      await expect(page.locator('main table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'agent hotel bookings');
    });

    // One test per role: each signs in and scans a whole back-office page, so three in one ran close to the timeout.
    // The admin's dashboard is scanned in both languages below; these roles' dashboards hold the same pieces, so
    // they are scanned in Arabic only, where the mirrored layout can go wrong.
    for (const who of lang === 'ar' ? ['accounts', 'reservation', 'analyst'] : []) {
      test(`back-office dashboard of ${who}`, async ({ page }) => {
        await login(page, `${who}@demo.safar`);
        await page.evaluate((l) => localStorage.setItem('locale', l), lang);
        await page.goto('/admin/dashboard');
        await expect(page.locator('main h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${who} dashboard`);
      });
    }

    test('back office: dashboard, the visas list, hotel bookings and the hotel margin', async ({ page }) => {
      // Four whole back-office pages scanned in turn: about a minute on a busy machine.
      test.setTimeout(120_000);
      await login(page, 'admin@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/admin/dashboard');
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'admin dashboard');
      await page.goto('/admin/visas');
      await expect(page.locator('main table, main .empty').first()).toBeVisible();
      await expectAccessible(page, 'admin visas list');
      await page.goto('/admin/hotel-bookings');
      await expect(page.locator('main table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'admin hotel bookings');
      await page.goto('/admin/hotel-margin');
      await expect(page.getByTestId('hotel-margin-form')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'hotel margin');
    });
  });
}
