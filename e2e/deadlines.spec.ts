import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login } from './support';

/**
 * A deadline on screen names its zone and how long is left, and keeps saying it right while the page stays open: a
 * customer's held flight says "On hold until … Pakistan Standard Time (in 15 minutes)", and a few minutes later the
 * same page says less time is left without being reloaded. The browser's clock is Playwright's, moved on by hand.
 */

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A held booking of the signed-in customer, made through the API (the checkout's own journeys are elsewhere). */
async function holdThroughApi(page: Page): Promise<number> {
  const search = new URLSearchParams({ flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: day(38), adults: '1', children: '0', infants: '0', cabin_class: 'Y' });
  const { flights } = (await (await page.request.get(`/api/flights?${search}`)).json()) as { flights: { id: string; supplier: string }[] };
  const offer = flights.find((f) => f.supplier === 'safar') ?? flights[0];
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  const res = await page.request.post('/api/bookings', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: {
      flight_id: offer.id, supplier: offer.supplier, payment_method: 'hold',
      main_contact: { email: `deadline-${Date.now()}@example.com`, phone: '+92 300 1234567', country: 'PK' },
      travellers: [{ type: 'ADT', title: 'Mr', first_name: 'Omar', last_name: `Deadline ${letters}`, gender: 'M', dob: '1985-04-02', nationality: 'PK', document_type: 'passport', document_no: `DL${Date.now() % 10_000_000}`, expiry_date: day(3650), issue_country: 'PK' }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as number;
}

const WORDS = {
  en: { zone: 'Pakistan Standard Time', now: /in 1[45] minutes/, later: /in (9|10) minutes/ },
  ar: { zone: 'توقيت باكستان الرسمي', now: /خلال 1[45] دقيقة/, later: /خلال (9|10) دقائق/ },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`a held flight's deadline names its zone and counts down while the page is open (${lang}, phone)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    await login(page, 'customer@demo.safar');
    await page.evaluate((l) => localStorage.setItem('locale', l), lang);
    const id = await holdThroughApi(page);

    await page.goto(`/booking?id=${id}`);
    const hold = page.getByTestId('booking-hold');
    await expect(hold).toContainText(WORDS[lang].zone);
    await expect(hold).toContainText(WORDS[lang].now);
    await page.clock.fastForward('05:00');
    await expect(hold).toContainText(WORDS[lang].later);
    // The digits stay Latin in Arabic, as everywhere else.
    expect(await hold.innerText()).not.toMatch(/[٠-٩]/);
  });
}
