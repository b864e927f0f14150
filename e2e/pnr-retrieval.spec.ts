import { expect, test } from './test';
import type { Page } from '@playwright/test';
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

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/agent\/direct-agent-booking-details\?id=\d+/);
  await expect(page.getByText(seed.pnr).first()).toBeVisible();
  const details = page.url();

  await page.goto('/agent/agent-import-pnr');
  await lookUp(page, seed.pnr, /Record locator/);
  await expect(page).toHaveURL(details);
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
