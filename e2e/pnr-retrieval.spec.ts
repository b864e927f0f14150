import { expect, test } from './test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { login } from './support';
import { DEMO_EXTERNAL_PNRS } from '../server/supplier-console/demo';

/**
 * PNR retrieval: the demo seeds PNRs booked outside Safar (printed at start-up); an agent types one
 * on "Import my PNR", sees its passengers, flights and fare, and imports it; typing it again opens the booking.
 * Look-up failures replace each other. In Arabic at phone size, up to the preview.
 */
const mine = (pnr: string) => DEMO_EXTERNAL_PNRS.find((p) => p.pnr === pnr)!;
const SHOTS = process.env.PNR_SHOTS;

async function lookUp(page: Page, locator: string, label: RegExp) {
  await page.getByLabel(label).fill(locator);
  await page.getByRole('button', { name: /^(Preview|معاينة)$/ }).click();
}

test('staff see the seeded PNRs in the supplier console', async ({ page }) => {
  await login(page, 'reservation@demo.safar');
  const res = await page.request.get('/api/supplier-console/pnrs');
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { pnr: string }[] };
  for (const p of DEMO_EXTERNAL_PNRS) expect(data.map((r) => r.pnr)).toContain(p.pnr);
  await page.goto('/admin/supplier-console');
  await expect(page.getByRole('heading', { name: 'Supplier console' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'H3RZ8P' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-en-desktop.png`, fullPage: true });
});

test('an agent retrieves a seeded PNR by locator, imports it, and typing it again opens the booking', async ({ page }) => {
  const seed = mine('Q7M4KD');
  await login(page, seed.agentEmail!);
  await page.goto('/agent/agent-import-pnr');
  await expect(page.getByRole('heading', { name: 'Import my PNR' })).toBeVisible();

  // Two failed look-ups: the second message replaces the first.
  await lookUp(page, 'ZZZZZ9', /Record locator/);
  await expect(page.getByText('No supplier knows PNR ZZZZZ9.')).toBeVisible();
  await lookUp(page, 'ZZZZZ8', /Record locator/);
  await expect(page.getByText('No supplier knows PNR ZZZZZ8.')).toBeVisible();
  await expect(page.getByText('No supplier knows PNR ZZZZZ9.')).toHaveCount(0);

  await lookUp(page, seed.pnr.toLowerCase(), /Record locator/);
  const preview = page.getByTestId('pnr-preview');
  await expect(preview).toContainText('Fare at the supplier:');
  await expect(preview).toContainText('Mr IMRAN SHEIKH');
  await expect(preview).toContainText(`${seed.origin} `);
  await expect(page.getByLabel('First name')).toHaveValue('IMRAN');
  await expect(page.getByLabel('Last name')).toHaveValue('SHEIKH');
  await expect(page.getByLabel('From').first()).toHaveValue(seed.origin);
  await expect(page.getByText('No supplier knows PNR ZZZZZ8.')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-en-desktop.png`, fullPage: true });

  // Saved for later ticketing (the wallet journey is below): the one booking page, with its actions.
  await page.getByLabel('Ticket now, paid from my wallet').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/pnr-details\?id=\d+/);
  await expect(page.getByText(seed.pnr).first()).toBeVisible();
  const details = page.url();

  await page.goto('/agent/agent-import-pnr');
  await lookUp(page, seed.pnr, /Record locator/);
  await expect(page).toHaveURL(details);
});

/** A mutating API call as the signed-in user of a context: the app's CSRF header from the XSRF-TOKEN cookie. */
async function apiCall(context: BrowserContext, page: Page, path: string, data: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(path, { method: 'POST', data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

/** A new approved agent with an empty wallet, and a PNR booked for it outside Safar (the supplier console). */
async function emptyWalletAgentWithPnr(browser: Browser) {
  const admin = await browser.newContext();
  const staff = await admin.newPage();
  await login(staff, 'admin@demo.safar');
  const email = `short-wallet-${Date.now()}@example.com`;
  const agent = await apiCall(admin, staff, '/api/save-admin-agent', { name: 'Saima Khan', email, password: 'Agent-pass-1', company_name: 'Short Wallet Travels', phone: '+92 300 1234567' });
  const inDays = new Date(Date.now() + 26 * 86_400_000).toISOString().slice(0, 10);
  const pnr = await apiCall(admin, staff, '/api/supplier-console/pnrs', {
    origin: 'KHI', destination: 'DXB', date: inDays, cabin: 'Y', agent_id: agent.id, agency: '',
    passengers: [{ type: 'ADT', title: 'Mrs', first_name: 'Saima', last_name: 'Khan', dob: '1988-05-14', nationality: 'PK', passport: 'AK7654321' }],
  });
  await admin.close();
  return { email, pnr: pnr.pnr as string, price: pnr.price as { amount: string } };
}

test('an agent whose wallet is short sees what ticketing needs, saves without ticketing and lands on the booking page', async ({ browser, page }) => {
  const { email, pnr, price } = await emptyWalletAgentWithPnr(browser);
  await login(page, email, 'Agent-pass-1');
  await page.goto('/agent/agent-import-pnr');
  await lookUp(page, pnr, /Record locator/);
  await expect(page.getByLabel('Ticket now, paid from my wallet')).toBeChecked();
  await page.getByRole('button', { name: 'Save and ticket', exact: true }).click();

  // No dead end: what it needs, what the wallet has and the shortfall, in words; save unticketed, or add funds.
  const short = page.getByTestId('wallet-short');
  const fare = Number(price.amount).toLocaleString('en');
  await expect(short).toContainText('Your wallet does not cover this ticket');
  await expect(short).toContainText(new RegExp(`needs PKR\\s?${fare}.*Your wallet has PKR\\s?0 available, so PKR\\s?${fare} is missing`));
  await expect(short.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/agent/agent-deposit');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/short-en-desktop.png`, fullPage: true });
  await short.getByRole('button', { name: 'Save without ticketing' }).click();

  // The one booking page, with its actions: ticketing from the wallet is offered there for later.
  await expect(page).toHaveURL(/\/agent\/pnr-details\?id=\d+$/);
  const url = page.url();
  const id = new URL(url).searchParams.get('id');
  await expect(page.getByRole('heading', { name: new RegExp(pnr) })).toBeVisible();
  await expect(page.locator('[data-action=ticket]')).toHaveText('Ticket from my wallet');
  // Its list and the old address of an imported booking open the same page.
  await page.goto('/agent/direct-agent-bookings');
  await page.locator('tr', { hasText: pnr }).locator('.bk-pnr').click();
  await expect(page).toHaveURL(url);
  await page.goto(`/agent/direct-agent-booking-details?id=${id}`);
  await expect(page).toHaveURL(url);
  await expect(page.locator('[data-action=ticket]')).toBeVisible();
});

test.describe('at phone size in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('an agent retrieves the family PNR and sees its four passengers and the return flight', async ({ page }) => {
    const seed = mine('H3RZ8P');
    await login(page, seed.agentEmail!);
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.goto('/agent/agent-import-pnr');
    await expect(page.getByRole('heading', { name: 'استيراد حجزي' })).toBeVisible();
    await lookUp(page, 'ZZZZZ7', /رقم الحجز/);
    await expect(page.getByText('لا يعرف أي مورّد رقم الحجز ZZZZZ7.')).toBeVisible();
    await lookUp(page, seed.pnr, /رقم الحجز/);
    await expect(page.getByTestId('pnr-preview')).toContainText('الأجرة لدى المورّد:');
    await expect(page.getByTestId('pnr-preview').locator('ul').nth(1).locator('li')).toHaveCount(4);
    await expect(page.getByText('لا يعرف أي مورّد رقم الحجز ZZZZZ7.')).toHaveCount(0);
    await expect(page.locator('input[name^="pax-"][name$="-first"]')).toHaveCount(4);
    await expect(page.locator('input[name^="seg-"][name$="-to"]').last()).toHaveValue(seed.origin);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-ar-phone.png`, fullPage: true });
  });
});
