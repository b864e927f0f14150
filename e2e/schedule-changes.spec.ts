import { expect, test } from './test';
import type { Browser, Page } from '@playwright/test';
import { expandSearchResponse } from '../contract/flight-wire';
import { expectAccessible, pageFor, reviewShot } from './support';

/**
 * An airline's schedule change, end to end: reservation staff move a flight in the supplier console (as the airline
 * would), the customer who holds a seat on it finds the trip marked in My trips, reads the flight before and after
 * on its page and accepts the new times, which the itinerary then shows. On a desktop in English and on a phone in
 * Arabic; each screen is photographed.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const letters = () => (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);

async function call(page: Page, method: string, path: string, data?: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

/** A held booking of the signed-in customer on a non-stop flight of the embedded supplier: its PNR, id and flight. */
async function holdNonStop(page: Page, origin: string, destination: string, date: string) {
  const search = new URLSearchParams({ flightType: 'one-way', origin, destination, departure_date: date, adults: '1', stops: '0' });
  const offers = expandSearchResponse(await (await page.request.get(`/api/flights?${search}`)).json()).flights;
  const offer = offers.find((o) => o.supplier === 'safar' && o.journeys[0].segments.length === 1)!;
  expect(offer, 'a non-stop flight to book').toBeTruthy();
  const res = await call(page, 'POST', '/api/bookings', {
    flight_id: offer.id, supplier: offer.supplier, payment_method: 'hold',
    main_contact: { email: 'customer@demo.safar', phone: '+92 300 1234567', country: 'PK' },
    travellers: [{ type: 'ADT', title: 'Ms', first_name: 'Hina', last_name: `Moved ${letters()}`, gender: 'F', dob: '1988-04-02', nationality: 'PK', document_type: 'passport', document_no: `SC${Date.now() % 10_000_000}`, expiry_date: day(3650), issue_country: 'PK' }],
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, pnr } = (await res.json()).data as { id: number; pnr: string };
  return { id, pnr, flight: offer.journeys[0].segments[0].flight_number };
}

/** Staff move the flight to 23:40 → 02:10 in the supplier console's form. */
async function moveInConsole(browser: Browser, flight: string, date: string, lang: 'en' | 'ar') {
  const staff = await pageFor(browser, 'reservation@demo.safar', { ar: lang === 'ar' });
  await staff.goto('/admin/supplier-console');
  const form = staff.getByTestId('flight-change-form');
  await form.locator('input[name=flight_number]').fill(flight);
  await form.locator('input[name=date]').fill(date);
  await form.locator('select[name=action]').selectOption('retime');
  await form.locator('input[name=departure_time]').fill('23:40');
  await form.locator('input[name=arrival_time]').fill('02:10');
  await form.locator('button[type=submit]').click();
  await expect(staff.getByText(lang === 'ar' ? 'تم تغيير الرحلة وإبلاغ حجوزاتها.' : 'The flight is changed and its bookings are told.')).toBeVisible();
  await reviewShot(staff, test.info().outputPath(`console-change-${lang}.png`));
  await staff.goto('/admin/schedule-changes');
  await expect(staff.locator('tr', { hasText: flight }).first()).toBeVisible();
  await reviewShot(staff, test.info().outputPath(`worklist-${lang}.png`), true);
  await staff.context().close();
}

const WORDS = {
  en: { badge: 'The airline changed a flight', accept: 'Accept the new times', accepted: 'The new flight times are accepted.', title: 'Airline schedule changes' },
  ar: { badge: 'غيّرت شركة الطيران رحلة', accept: 'قبول المواعيد الجديدة', accepted: 'تم قبول مواعيد الرحلة الجديدة.', title: 'تغييرات مواعيد شركة الطيران' },
} as const;

for (const [lang, phone, route, days] of [['en', false, ['KHI', 'DXB'], 41], ['ar', true, ['LHE', 'DXB'], 43]] as const) {
  test(`schedule change: staff move a flight, the customer sees it in My trips and accepts it (${lang}, ${phone ? 'phone' : 'desktop'})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const customer = await pageFor(browser, 'customer@demo.safar', { phone, ar: lang === 'ar' });
    const date = day(days);
    const held = await holdNonStop(customer, route[0], route[1], date);
    await moveInConsole(browser, held.flight, date, lang);

    await customer.goto('/my-trips');
    const card = customer.locator(`[data-testid=trip-card][data-reference="${held.pnr}"]`);
    await expect(card.getByTestId('trip-schedule-change')).toContainText(WORDS[lang].badge);
    await reviewShot(customer, test.info().outputPath(`my-trips-${lang}.png`), true);
    await card.click();
    const panel = customer.getByTestId('schedule-changes');
    await expect(panel).toContainText(WORDS[lang].title);
    await expect(panel).toContainText('23:40');
    await expect(panel).toContainText('02:10');
    await expectAccessible(customer, `schedule change (${lang})`);
    await reviewShot(customer, test.info().outputPath(`change-${lang}-${phone ? 'phone' : 'desktop'}.png`), true);

    await panel.getByRole('button', { name: WORDS[lang].accept }).click();
    await expect(customer.getByText(WORDS[lang].accepted).first()).toBeVisible();
    // The itinerary now reads the new departure.
    await expect(customer.getByTestId('booking-details')).toContainText('23:40');
    await expect(customer.getByTestId('schedule-change-answered')).toBeVisible();
    await reviewShot(customer, test.info().outputPath(`accepted-${lang}-${phone ? 'phone' : 'desktop'}.png`), true);
    await customer.context().close();
  });
}
