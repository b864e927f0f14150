import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import type { User } from '../contract/auth';
import { moneyText } from '../contract/format/money';
import { afterLogin } from '../machines/guard';

export const DEMO_PASSWORD = 'Safar-demo-1';

/**
 * Signs in through the API call the sign-in form makes, then opens the page the app goes to after signing in
 * (the guard places it from there). Only the journeys about the form itself fill it (`loginByForm`): loading and
 * filling it for every other journey cost a page load per sign-in.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post('/api/login', { data: { email, password }, headers: { 'x-xsrf-token': decodeURIComponent(xsrf) } });
  expect(res.status(), `signing in as ${email}`).toBe(200);
  const { data } = (await res.json()) as { data: { user: User; access_token: string } };
  await page.goto(afterLogin(data.user));
  // The session cookie signs the page in; the app also keeps the token the form's answer gives, for what follows.
  await page.evaluate((token) => localStorage.setItem('access_token', token), data.access_token);
}

/** Signs in by filling and sending the sign-in form, as a person does. */
export async function loginByForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Signed in once the app has moved on; a journey that navigates before then would still be anonymous.
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 15_000 });
}

/** Back from a checkout on /payment-result, paid: opens the booking and returns its PNR. */
export async function expectPaidThenOpenBooking(page: Page, lang: 'en' | 'ar'): Promise<string> {
  await expect(page).toHaveURL(/\/payment-result\?status=success&tracker=trk_/);
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Payment successful' : 'تم الدفع بنجاح');
  const pnr = (await page.getByTestId('pnr').textContent())!.trim();
  await page.getByRole('link', { name: lang === 'en' ? 'View booking' : 'عرض الحجز' }).click();
  await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);
  return pnr;
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A link of the agent portal's or back office's side menu (desktop). The menu is in sections and only the current
 * page's is open, so the entry's section is opened first when it is closed.
 */
export async function menuLink(page: Page, section: string, name: string) {
  const nav = page.locator('nav.side-menu');
  const toggle = nav.getByRole('button', { name: section, exact: true });
  const link = nav.getByRole('link', { name, exact: true });
  // Retried: a page still settling after sign-in closes the sections again when it moves on.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass();
  return link;
}

/** The newest mail the development outbox holds for an address. */
export async function latestMail(page: Page, to: string): Promise<{ subject: string; text: string }> {
  const res = await page.request.get('/api/dev/outbox');
  const { data } = (await res.json()) as { data: Array<{ to: string; subject: string; text: string }> };
  const mail = data.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export const mmddyyyy = (daysAhead: number) => {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
};

export async function pickAirport(page: Page, testId: string, text: string, code: string) {
  await page.locator(`[data-testid=${testId}] input`).fill(text);
  await page.locator('.airport-option', { hasText: code }).first().click();
}
/** Types a date given as mm/dd/yyyy in the order the page's field takes (day first on Arabic pages). */
export async function typeDate(page: Page, testId: string, value: string) {
  const input = page.locator(`[data-testid=${testId}] input`);
  const arabic = (await page.locator('html').getAttribute('lang')) === 'ar';
  await input.fill(arabic ? value.replace(/^(\d+)\/(\d+)\//, '$2/$1/') : value);
  await input.blur();
}

/** Fills the checkout's one adult passenger (a surname of its own, so no two runs book the same traveller) and goes on. */
export async function fillOneAdult(page: Page, email: string) {
  const pax = page.getByTestId('pax-0');
  await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
  await pax.locator('input[name="travellers.0.first_name"]').fill('Sara');
  const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
  await pax.locator('input[name="travellers.0.last_name"]').fill(`Khan ${letters}`);
  await typeDate(page, 'dob-0', '03/14/1990');
  await pax.locator('input[name="travellers.0.document_no"]').fill(`AB${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/01/2034');
  await page.locator('input[name="main_contact.email"]').fill(email);
  await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
  await page.getByTestId('continue').click();
}

/** Fills the flight search form and waits for the first offer. */
export async function search(page: Page, opts: { oneWay?: boolean; from: [string, string]; to: [string, string]; cabin?: string; days?: [number, number] }) {
  await page.waitForSelector('.flight-search');
  if (opts.oneWay) await page.locator('.trip-type').first().click();
  await pickAirport(page, 'origin', ...opts.from);
  await pickAirport(page, 'destination', ...opts.to);
  await typeDate(page, 'date-start', mmddyyyy(opts.days?.[0] ?? 24));
  if (!opts.oneWay) await typeDate(page, 'date-end', mmddyyyy(opts.days?.[1] ?? 31));
  if (opts.cabin) {
    await page.getByTestId('pax-trigger').click();
    await page.getByTestId('cabin').selectOption(opts.cabin);
    await page.keyboard.press('Escape');
  }
  await page.locator('.search-submit').click();
  await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 20_000 });
}

/** Fills the multi-city form (two legs are there to begin with; more are added) and waits for the first offer. */
export async function searchMultiCity(page: Page, legs: { from: [string, string]; to: [string, string]; day: number }[]) {
  await page.waitForSelector('.flight-search');
  // The radio itself is visually hidden; its label is what a user clicks.
  await page.locator('label.trip-type', { hasText: 'Multi-city' }).click();
  await expect(page.getByRole('radio', { name: 'Multi-city' })).toBeChecked();
  for (const [i, leg] of legs.entries()) {
    if (!(await page.getByTestId(`leg-${i}`).count())) await page.getByRole('button', { name: '+ Add another flight' }).click();
    const row = page.getByTestId(`leg-${i}`);
    await pickAirport(page, `leg-${i}-origin`, ...leg.from);
    await pickAirport(page, `leg-${i}-destination`, ...leg.to);
    const date = row.getByLabel('Departure', { exact: true });
    await date.fill(mmddyyyy(leg.day));
    await date.blur();
  }
  await page.locator('.search-submit').click();
  await expect(page.getByTestId('offer').first()).toBeVisible({ timeout: 20_000 });
}

/** An amount as the screens write it ("PKR 45,784", "PKR 45,784.50") and back. */
export const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));
export const fmt = (n: number) => moneyText(Math.round(n * 100), 'PKR');

/** A signed-in page in a context of its own, at desktop size or on a phone, in English or Arabic. */
export async function pageFor(browser: Browser, email: string, opts: { phone?: boolean; ar?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await login(page, email);
  // Arabic is chosen once signed in, on the page the sign-in opened.
  if (opts.ar) await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  return page;
}

/** The demo agent's seeded booking with this lead passenger, opened from its list once `action` is offered; its PNR. */
export async function openSeededBooking(page: Page, lead: string, action: string) {
  await page.goto('/agent/agent-bookings');
  const row = page.locator('tr', { hasText: lead }).first();
  await expect(row).toBeVisible();
  const pnr = (await row.locator('.bk-pnr').innerText()).trim();
  await row.locator('.bk-pnr').click();
  await expect(page.locator(`[data-action=${action}]`)).toBeVisible();
  return pnr;
}

/**
 * axe-core on what the page shows now: a soft failure listing every serious or critical violation. It runs in the
 * page itself (the app has no cross-origin frames); the default opens a blank page per scan to merge the frames'
 * results, a renderer started and axe parsed again each time.
 */
export async function expectAccessible(page: Page, screen: string) {
  // Colours read mid-fade are neither the start's nor the end's: short animations (a toast coming in, a transition)
  // finish first. Long ones are left running: a spinner never ends, and a toast's countdown ends in its fading out.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => Number(a.effect?.getComputedTiming().endTime) <= 2000).map((a) => a.finished.catch(() => undefined))));
  // A toast is left out: it fades out on its own clock (five seconds after it came), which may start while axe reads
  // the page, and a colour read mid-fade failed a scan. Its colours are the toast library's light theme's.
  const { violations } = await new AxeBuilder({ page }).exclude('.Toastify').setLegacyMode().analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n')}`);
  expect.soft(report, `${screen}: serious or critical axe violations`).toEqual([]);
}

/**
 * A screenshot for a person to look at afterwards. CI keeps no files, so there it takes none unless E2E_SHOTS is set:
 * a shot costs the browser 0.1–0.65 s of CPU (a full page is laid out at its whole height and back), and the
 * journeys take over a hundred on a machine whose two cores they already fill. Says whether it took one.
 */
export async function reviewShot(page: Page, path: string, fullPage = false): Promise<boolean> {
  if (process.env.CI && !process.env.E2E_SHOTS) return false;
  await page.screenshot({ path, fullPage });
  return true;
}

/**
 * Accounts staff credit the demo agency's wallet by hand (Transactions → Record a transaction): journeys spend the
 * one demo wallet in an order of their own, so one that pays credits what it spends first.
 */
export async function creditAgent(browser: Browser, amount: number, reason: string) {
  const accounts = await pageFor(browser, 'accounts@demo.safar');
  await accounts.goto('/admin/new-transaction');
  const agentPick = accounts.getByLabel('Agent');
  await agentPick.selectOption((await agentPick.locator('option', { hasText: 'Crescent' }).first().getAttribute('value'))!);
  await accounts.getByLabel('Direction').selectOption({ label: 'Credit (add to the wallet)' });
  await accounts.getByLabel('Amount').fill(String(amount));
  await accounts.getByLabel('Description').fill(`Float for ${reason} ${Date.now()}`);
  await accounts.getByRole('button', { name: 'Save transaction' }).click();
  await expect(accounts.getByText('Transaction saved successfully')).toBeVisible();
  await accounts.context().close();
}

/** A form's fields that cover another field or run out of their own box (by name): none in a form laid out right. */
export function fieldsOverlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const nameOf = (f: Element) => (f as HTMLElement).dataset.field || f.querySelector('[name]')?.getAttribute('name') || f.textContent!.slice(0, 20);
    const fields = [...document.querySelectorAll('form .field')].map((f) => ({ name: nameOf(f), r: f.getBoundingClientRect(), wide: f.scrollWidth > f.clientWidth + 1 }));
    const out = fields.filter((f) => f.wide).map((f) => `${f.name} runs out of its box`);
    fields.forEach((a, i) => fields.slice(i + 1).forEach((b) => {
      if (a.r.left < b.r.right - 1 && b.r.left < a.r.right - 1 && a.r.top < b.r.bottom - 1 && b.r.top < a.r.bottom - 1) out.push(`${a.name} covers ${b.name}`);
    }));
    return out;
  });
}

/** An umrah package booked by the signed-in page's user through the API (by card, so no wallet is spent): its reference. */
export async function bookUmrahByApi(page: Page, lastName: string): Promise<string> {
  await page.goto('/umra-packages');
  await page.locator('a.cat-card, .cat-grid a').first().click();
  const packageId = Number(new URL(page.url()).searchParams.get('id'));
  const offer = (await (await page.request.get(`/api/package-departures?kind=umrah&package_id=${packageId}`)).json()).data as { departures: { id: number; seats_available: number }[]; sharings: { sharing: string }[] };
  const departure = offer.departures.find((d) => d.seats_available > 0)!;
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const res = await page.request.post('/api/package-bookings', {
    headers: { 'x-xsrf-token': xsrf, 'idempotency-key': `agent-list-${lastName}-${Date.now()}` },
    data: {
      kind: 'umrah', package_id: packageId, departure_id: departure.id, sharing: offer.sharings[0].sharing, payment_method: 'card',
      travellers: [{ title: 'Mr', first_name: 'Haris', last_name: lastName, dob: '1980-02-02', nationality: 'PK', passport_no: `AG${Date.now() % 10_000_000}`, passport_expiry: '2035-01-01' }],
      contact: { email: 'agency-client@example.com', phone: '+92 300 1234567', country: 'PK' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { reference: string } }).data.reference;
}
