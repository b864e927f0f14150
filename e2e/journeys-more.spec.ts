import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, search, searchMultiCity, typeDate } from './support';

/**
 * Two more journeys against the real server: a guest searches and books a three-leg multi-city trip and pays by
 * card in the sandbox; an agent saves a traveller, then fills a checkout passenger from the saved-travellers
 * picker and pays from the wallet. Each makes its own names, so neither depends on the other or on other specs.
 */

/** Letters only (names refuse digits), different on every run: keeps the duplicate-booking rule out of the way. */
const uniqueLetters = () => (Date.now() % 1e9).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);

const LEGS = [
  { from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], day: 20 },
  { from: ['Dubai', 'DXB'], to: ['Istanbul', 'IST'], day: 24 },
  { from: ['Istanbul', 'IST'], to: ['Karachi', 'KHI'], day: 30 },
] satisfies Parameters<typeof searchMultiCity>[1];

/** The origin and destination codes of each journey line inside a container, in order. */
async function journeyEnds(page: Page, container: ReturnType<Page['locator']>) {
  const lines = container.locator('.journey');
  const out: string[][] = [];
  for (let i = 0; i < (await lines.count()); i++) out.push(await lines.nth(i).locator('.journey-code').allTextContents());
  return out.map((codes) => codes.map((c) => c.trim()));
}
const legCodes = LEGS.map((l) => [l.from[1], l.to[1]]);
/** A day as the app writes one without its year: "Sat 19 Dec". */
const shortDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${iso}T12:00:00Z`)).replace(',', '');
const isoDay = (daysAhead: number) => {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a guest searches a three-leg multi-city trip, books it and pays in the sandbox', async ({ page }) => {
  await page.goto('/');
  await searchMultiCity(page, LEGS);
  await expect(page).toHaveURL(/\/flight\/search\?.*flightType=multi-city/);
  // The summary names each leg and its date.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Karachi (KHI) → Dubai (DXB), Dubai (DXB) → Istanbul (IST), Istanbul (IST) → Karachi (KHI)'); // each leg named as the form labelled it, like one-way and return
  await expect(page.getByTestId('searching-summary')).toHaveText(`${LEGS.map((l) => shortDay(isoDay(l.day))).join(' – ')} · 1 traveller · Economy`);

  // Every offer is for the whole trip: one journey line per leg, in the order searched.
  const first = page.getByTestId('offer').first();
  await expect(first.locator('.offer-journeys .journey')).toHaveCount(3);
  await expect.poll(() => journeyEnds(page, first.locator('.offer-journeys'))).toEqual(legCodes);
  const cards = await page.getByTestId('offer').count();
  for (let i = 0; i < Math.min(cards, 5); i++) await expect(page.getByTestId('offer').nth(i).locator('.offer-journeys .journey')).toHaveCount(3);

  // Flight details lists each leg's segments, from KHI out and back to KHI.
  await first.getByRole('button', { name: /Flight details/ }).click();
  const details = first.locator('.offer-details');
  await expect(details.locator('.segments')).toHaveCount(3);
  await expect(details.locator('.segment').first()).toContainText('(KHI)');
  await expect(details.locator('.segment').last()).toContainText('(KHI)');
  await expect(details).toContainText('(IST)');

  await first.getByTestId('book-now').click();
  await expect(page).toHaveURL(/\/flight\/checkout$/);
  await expect.poll(() => journeyEnds(page, page.locator('.itinerary-card'))).toEqual(legCodes);

  const email = `guest-multi-${Date.now()}@example.com`;
  const pax = page.getByTestId('pax-0');
  await pax.locator('input[name="travellers.0.first_name"]').fill('Amna');
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  const last = `Siddiqui ${uniqueLetters()}`;
  await pax.locator('input[name="travellers.0.last_name"]').fill(last);
  await typeDate(page, 'dob-0', '07/02/1987');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`MC${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(email);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 7654321');
  await page.getByTestId('continue').click();
  await expect(page.locator('.review-pax')).toContainText(`Amna ${last}`);
  await page.getByTestId('pay-card').click();

  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();

  await expect(page).toHaveURL(/\/payment-result\?status=success&tracker=trk_/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  const pnr = (await page.getByTestId('pnr').textContent())!.trim();
  expect(pnr).toMatch(/^[A-Z0-9]{5,8}$/);
  await page.getByRole('link', { name: 'View booking' }).click();
  await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const booking = page.getByTestId('booking-details');
  await expect(booking.locator('.ticket-journey')).toHaveCount(3);
  await expect.poll(() => journeyEnds(page, booking)).toEqual(legCodes);
  await expect(booking).toContainText(`Amna ${last}`);
});

test('an agent fills a checkout passenger from a saved traveller and pays from the wallet', async ({ page }) => {
  await login(page, 'agent@demo.safar');
  await expect(page).toHaveURL(/\/agent\/dashboard/);

  // A traveller of this run's own, saved on the agent's Travellers screen.
  const first = 'Bilal';
  const last = `Qureshi ${uniqueLetters()}`;
  const passport = `SV${Date.now() % 10_000_000}`;
  await page.goto('/agent/new-traveller');
  await page.getByLabel('Type').selectOption('ADT');
  // No title or gender is assumed. They follow each other: airlines refuse a title of the other gender, and a
  // woman is Mrs or Ms, which only she can say, while a man is Mr.
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Gender')).toHaveValue('');
  await page.getByLabel('Title').selectOption('Mrs');
  await expect(page.getByLabel('Gender')).toHaveValue('F');
  await expect(page.getByLabel('Title').locator('option:not([value=""])')).toHaveText(['Mrs', 'Ms']);
  await page.getByLabel('Gender').selectOption('M');
  await expect(page.getByLabel('Title')).toHaveValue('Mr');
  await page.getByLabel('Gender').selectOption('F');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await page.getByLabel('Gender').selectOption('M');
  await expect(page.getByLabel('Title')).toHaveValue('Mr');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Date of birth').fill('1985-11-23');
  await page.getByLabel('Document number').fill(passport);
  await page.getByLabel('Expiry date').fill('2035-06-30');
  await page.getByRole('button', { name: 'Save traveller' }).click();
  await expect(page).toHaveURL(/\/agent\/travellers$/);
  await expect(page.getByText(passport)).toBeVisible();

  await page.goto('/agent/flights');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [36, 0] });
  await expect(page).toHaveURL(/\/agent\/dashboard-flights\?/);
  // Results open cheapest first, so the demo wallet covers the fare whatever other journeys spent.
  await expect(page.getByTestId('sort')).toHaveValue('price');
  await page.getByTestId('book-now').first().click();
  await expect(page).toHaveURL(/\/agent\/flight-checkout$/);

  const pax = page.getByTestId('pax-0');
  await pax.getByLabel('Saved traveller').selectOption({ label: `Mr ${first} ${last} · ${passport}` });
  await expect(pax.locator('input[name="travellers.0.first_name"]')).toHaveValue(first);
  await expect(pax.locator('input[name="travellers.0.last_name"]')).toHaveValue(last);
  await expect(pax.locator('input[name="travellers.0.document_no"]')).toHaveValue(passport);
  await expect(page.getByTestId('dob-0').locator('input')).toHaveValue('11/23/1985');
  await expect(page.getByTestId('expiry-0').locator('input')).toHaveValue('06/30/2035');

  await page.locator('input[name="main_contact.phone"]').fill('+92 321 5550101');
  await page.getByTestId('continue').click();
  await expect(page.locator('.review-pax')).toContainText(`${first} ${last}`);
  await expect(page.locator('.review-pax')).toContainText(passport);
  await page.getByTestId('pay-wallet').click();
  await expect(page.getByTestId('booking-confirmed')).toBeVisible();
  await page.getByTestId('booking-confirmed').getByRole('link').click();
  await expect(page.getByTestId('booking-status')).toHaveText('Ticketed');
  const row = page.getByTestId('booking-details').getByRole('row', { name: new RegExp(`${last}/${first}`, 'i') });
  await expect(row).toContainText(passport);
  await expect(row.getByTestId('ticket-0')).toHaveText(/\d/);
});
