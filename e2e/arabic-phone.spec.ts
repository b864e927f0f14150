import { mkdirSync, readFileSync } from 'node:fs';
import { extractText } from 'unpdf';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { expectPaidThenOpenBooking, login, mmddyyyy, reviewShot, search, typeDate } from './support';

/**
 * A customer in Arabic on a phone (390×844, touch) books a hotel and a flight, and what the screens say agrees with
 * the PDFs the booking hands out: the same total written the same way ("PKR 39,315", Latin digits), the same day,
 * the hotel's Arabic name, the flight number once ("PK 301"), invoice lines that add up to the total. Each step is
 * photographed into .tmp/shots-arphone.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = '.tmp/shots-arphone';
const ARABIC = /[\u0600-\u06FF]/;
/** "PKR 39,315" or "PKR 39,315.50": every amount, on screen and in the PDFs. */
const AMOUNT = /PKR [\d,]+(?:\.\d\d)?/g;
const CUSTOMER = 'customer@demo.safar';

/** What the phone's screen shows, from `at` (scrolled to the top of the screen) when given. */
async function shot(page: Page, name: string, at?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  // Below the fixed top bar.
  if (at) await at.evaluate((el) => { el.scrollIntoView({ block: 'start' }); window.scrollBy(0, -72); });
  await reviewShot(page, `${SHOTS}/${name}.png`);
}

/** Text as read: without the isolates and no-break spaces that keep a figure in order inside Arabic. */
const plain = (s: string) => s.replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/\u00a0/g, ' ').replace(/[ \t]+/g, ' ').trim();
const textOf = async (l: Locator) => plain(await l.innerText());

/** A downloaded PDF's text, as a reader copying it would get it (the file is kept beside the screenshots). */
async function pdfFrom(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  await download.saveAs(`${SHOTS}/${download.suggestedFilename()}`);
  const bytes = readFileSync((await download.path())!);
  return plain((await extractText(new Uint8Array(bytes), { mergePages: true })).text);
}
const amounts = (text: string) => [...text.matchAll(AMOUNT)].map((m) => m[0]);
const minor = (amount: string) => Math.round(Number(amount.replace(/[^\d.]/g, '')) * 100);

/** A calendar day as the screens write it ("3 يناير 2027", "الأحد، 3 يناير"): its day, month and year if written. */
function dayParts(text: string): string[] {
  const m = /(\d{1,2}) ([\u0621-\u064A]+)(?: (\d{4}))?/.exec(text);
  expect(m, `a day in "${text}"`).not.toBeNull();
  return m!.slice(1).filter(Boolean);
}
/** The PDF has that day: its day number, month and year in one line (extraction may order the words otherwise). */
function expectDayIn(pdf: string, parts: string[], what: string) {
  const lines = pdf.split('\n').filter((l) => parts.every((p) => new RegExp(`(^|[^\\d])${p}([^\\d]|$)`).test(l)));
  expect(lines.length, `${what}: ${parts.join(' ')} in the PDF:\n${pdf}`).toBeGreaterThan(0);
}

/**
 * Latin words on an Arabic screen that are neither codes and references (upper case) nor what the customer typed
 * (names, email): English left untranslated.
 */
async function englishOn(root: Locator, typed: string[] = []): Promise<string[]> {
  const text = (await root.innerText()).replace(/\S+@\S+/g, ' ');
  const words = text.match(/[A-Za-z][A-Za-z'’-]{3,}/g) ?? [];
  return [...new Set(words)].filter((w) => !/^[A-Z0-9-]+$/.test(w) && !typed.some((t) => t.split(' ').includes(w)));
}

test('in Arabic on a phone, a customer books a hotel: the voucher page and the voucher and invoice PDFs agree', async ({ page }) => {
  await login(page, CUSTOMER);
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/hotel/search');
  await page.waitForSelector('.hotel-search');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('[data-testid=hotel-destination] input').fill('makk');
  await page.locator('.airport-option').first().tap();
  await typeDate(page, 'date-start', mmddyyyy(52));
  await typeDate(page, 'date-end', mmddyyyy(55));
  await shot(page, '01-hotel-search');
  await page.getByTestId('hotel-search-submit').tap();
  await expect(page.getByTestId('hotel-card').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('hotel-card').first()).toContainText(ARABIC);
  expect(await englishOn(page.locator('main'))).toEqual([]);
  await shot(page, '02-hotel-results');

  await page.getByTestId('see-rooms').first().tap();
  await expect(page).toHaveURL(/\/hotel\/details\?hotel=/);
  const name = await textOf(page.locator('h1.hotel-name'));
  expect(name).toMatch(ARABIC);
  expect(name).not.toMatch(/[A-Za-z]/);
  const overview = await textOf(page.locator('.hotel-overview'));
  // No raw coordinates ("21.4225, 39.8262"): a traveller reads an address and a distance.
  expect(overview).not.toMatch(/-?\d{1,3}\.\d{3,}/);
  await expect(page.getByTestId('hotel-address')).toContainText(ARABIC);
  expect(await englishOn(page.locator('.hotel-details'))).toEqual([]);
  await shot(page, '03-hotel-details', page.locator('.hotel-facts'));
  await shot(page, '03b-hotel-rooms', page.getByTestId('rate').first());

  await page.getByTestId('choose-rate').first().tap();
  await expect(page).toHaveURL(/\/hotel\/checkout$/);
  // No title is assumed: one is chosen.
  await page.getByTestId('guests.0.title').selectOption('MS');
  await page.getByTestId('guests.0.first_name').fill('Sara');
  await page.getByTestId('guests.0.last_name').fill('Khan');
  await page.getByTestId('contact.email').fill(CUSTOMER);
  await page.getByTestId('contact.phone').fill('+92 300 1234567');
  await shot(page, '04-hotel-guests');
  await page.getByTestId('continue').tap();
  await expect(page.getByTestId('pay-card')).toBeVisible();
  expect(await englishOn(page.locator('main'), ['Sara Khan'])).toEqual([]);
  await shot(page, '05-hotel-review');
  await page.getByTestId('pay-card').tap();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').tap();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('hotel-status')).toHaveText('مؤكد');
  await shot(page, '06-hotel-paid');
  const reference = (await page.getByTestId('hotel-reference').innerText()).trim();

  // The booking's own page: the voucher on screen, with its PDFs.
  await page.goto(`/hotel/booking?reference=${reference}`);
  await expect(page.getByTestId('hotel-reference')).toHaveText(reference);
  const total = await textOf(page.getByTestId('voucher-total'));
  expect(total).toMatch(/^PKR \d{1,3}(,\d{3})*(\.\d\d)?$/);
  const voucherName = await textOf(page.locator('#voucher-title bdi'));
  expect(voucherName).toBe(name);
  const checkIn = dayParts(await textOf(page.locator('.voucher-grid dd').first()));
  expect(await englishOn(page.locator('main'), ['Sara Khan'])).toEqual([]);
  await shot(page, '07-hotel-voucher', page.getByTestId('voucher'));
  await shot(page, '07b-hotel-voucher-total', page.getByTestId('voucher-total'));

  const voucher = await pdfFrom(page, page.getByTestId('download-voucher'));
  expect(voucher).toContain(reference);
  expect(voucher).toContain(name);
  expect(amounts(voucher)).toContain(total);
  expect(amounts(voucher).at(-1)).toBe(total);
  expectDayIn(voucher, checkIn, 'voucher check-in');

  const invoice = await pdfFrom(page, page.getByTestId('download-invoice'));
  expect(invoice).toContain(name);
  const figures = amounts(invoice);
  // Its lines, then the total and the amount paid.
  expect(figures.slice(-2)).toEqual([total, total]);
  expect(figures.slice(0, -2).reduce((s, a) => s + minor(a), 0)).toBe(minor(total));
  expectDayIn(invoice, checkIn, 'invoice stay');
});

test('in Arabic on a phone, a customer books KHI→DXB: the booking page and the e-ticket and invoice PDFs agree', async ({ page }) => {
  await login(page, CUSTOMER);
  await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/');
  await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [47, 47] });
  // The route in Arabic: the cities' names, not their English ones.
  const route = await textOf(page.locator('.searching-route'));
  expect(route).toContain('كراتشي');
  expect(route).toContain('دبي');
  await expect(page.getByTestId('offer-price').first()).toHaveText(/^PKR \d{1,3}(,\d{3})*(\.\d\d)?$/);
  expect(await englishOn(page.locator('main'))).toEqual([]);
  await shot(page, '11-flight-results');

  await page.getByTestId('book-now').first().tap();
  await expect(page).toHaveURL(/\/(flight\/|customer-flight-)checkout$/);
  const pax = page.getByTestId('pax-0');
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  await pax.locator('input[name="travellers.0.first_name"]').fill('Nadia');
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  const lastName = `Arphone ${letters}`;
  await pax.locator('input[name="travellers.0.last_name"]').fill(lastName);
  await typeDate(page, 'dob-0', '03/14/1990');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`AR${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(CUSTOMER);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
  await shot(page, '12-flight-passenger', pax);
  await page.getByTestId('continue').tap();
  await expect(page.getByTestId('pay-card')).toBeVisible();
  expect(await englishOn(page.locator('main'), [`Nadia ${lastName}`])).toEqual([]);
  await shot(page, '13-flight-review', page.locator('main'));
  await page.getByTestId('pay-card').tap();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/, { timeout: 20_000 });
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').tap();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await shot(page, '14-flight-paid');
  const pnr = await expectPaidThenOpenBooking(page, 'ar');

  const total = await textOf(page.getByTestId('fare-total'));
  expect(total).toMatch(/^PKR \d{1,3}(,\d{3})*(\.\d\d)?$/);
  const flight = await textOf(page.getByTestId('flight-number').first());
  // The airline's code once, a space, the number.
  expect(flight).toMatch(/^[A-Z0-9]{2} \d{1,4}[A-Z]?$/);
  const departs = await textOf(page.getByTestId('departure-at').first());
  const day = dayParts(departs);
  const clock = /\d\d:\d\d/.exec(departs)![0];
  expect(await englishOn(page.locator('main'), [`Nadia ${lastName}`])).toEqual([]);
  await shot(page, '15-flight-booking', page.getByTestId('booking-details'));
  await shot(page, '15b-flight-segment', page.locator('.segment').first());
  await shot(page, '15c-flight-fare', page.getByTestId('fare-total'));

  const ticket = await pdfFrom(page, page.getByTestId('download-eticket'));
  expect(ticket).toContain(pnr);
  expect(ticket).toContain(flight);
  const code = flight.split(' ')[0];
  expect(ticket).not.toContain(`${code} ${code}`);
  expect(amounts(ticket).at(-1)).toBe(total);
  expectDayIn(ticket, day, 'e-ticket departure');
  expect(ticket).toContain(clock);
  expect(ticket).toMatch(ARABIC);

  const invoice = await pdfFrom(page, page.getByTestId('download-invoice'));
  const figures = amounts(invoice);
  expect(figures.slice(-2)).toEqual([total, total]);
  expect(figures.slice(0, -2).reduce((s, a) => s + minor(a), 0)).toBe(minor(total));
  expectDayIn(invoice, day, 'invoice trip');
  expect(invoice).toContain('كراتشي');
});
