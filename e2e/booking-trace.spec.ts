import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { login, pageFor } from './support';

/**
 * A booking on its lifecycle chart: an analyst opens a demo flight booking's chart from its staff page (English,
 * desktop) and by its address alone (Arabic, phone), and reads its path, its current state filled on the chart and
 * the events it can take next. An unknown reference draws nothing and says so.
 */

const SHOTS = process.env.TRACE_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** The chart shows the booking: its current state filled, the transitions it took drawn, the panel beside it. */
async function expectTraced(page: Page, reference: string, title: string) {
  const panel = page.getByTestId('flows-trace');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText(title);
  await expect(panel.getByTestId('flows-trace-steps').locator('li').first()).toBeVisible();
  const state = (await panel.getByTestId('flows-trace-state').locator('code').innerText()).trim();
  await expect(page.locator(`svg.flow-svg [data-state-id="flightLifecycle.${state}"]`)).toHaveAttribute('data-active', 'true');
  await expect(page.locator('svg.flow-svg [data-highlight="true"]').first()).toBeAttached();
  // A final state takes no event; any other lists at least one.
  const next = panel.getByTestId('flows-trace-next').locator('li');
  if (!['canceled', 'voided', 'rejected', 'refunded'].includes(state)) {
    await expect(next.first()).toBeVisible();
    await expect(page.locator('svg.flow-svg [data-next="true"]').first()).toBeAttached();
  }
  await expect(page).toHaveURL(new RegExp(`booking=${reference}`));
}

/** The PNR of the newest booking of the agent bookings list, opened on its staff page. */
async function openFirstBooking(page: Page): Promise<string> {
  await page.goto('/admin/bookings');
  const link = page.locator('.bk-pnr').first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  const pnr = (await link.innerText()).trim();
  await link.click();
  await expect(page.getByRole('heading', { name: new RegExp(pnr) })).toBeVisible();
  return pnr;
}

test('an analyst opens a flight booking’s lifecycle chart from its page, then on a phone in Arabic', async ({ browser, page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page, 'analyst@demo.safar');
  const pnr = await openFirstBooking(page);
  await page.getByRole('link', { name: 'Lifecycle chart' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/flows\\?booking=${pnr}&kind=flight`));
  await expectTraced(page, pnr, `Booking ${pnr}`);
  await expect(page.getByTestId('flows-view').getByRole('heading', { level: 2 })).toContainText('flight-lifecycle');
  await shot(page, 'trace-en-1280');

  const phone = await pageFor(browser, 'analyst@demo.safar', { phone: true, ar: true });
  await phone.goto(`/admin/flows?booking=${pnr}`);
  await expectTraced(phone, pnr, `الحجز ${pnr}`);
  await shot(phone, 'trace-ar-390');
  await phone.getByTestId('flows-trace').scrollIntoViewIfNeeded();
  await shot(phone, 'trace-ar-390-panel');
});

test('an unknown reference draws nothing and says so, in both languages', async ({ browser, page }) => {
  await login(page, 'analyst@demo.safar');
  await page.goto('/admin/flows?booking=ZZ9ZZ9');
  await expect(page.getByTestId('flows-trace-notice')).toHaveText('No booking has the reference ZZ9ZZ9. Check it and, if the address names a kind, the kind.');
  await expect(page.getByTestId('flows-view')).toHaveCount(0);

  const phone = await pageFor(browser, 'analyst@demo.safar', { phone: true, ar: true });
  await phone.goto('/admin/flows?booking=ZZ9ZZ9&kind=flight');
  await expect(phone.getByTestId('flows-trace-notice')).toContainText('لا يوجد حجز بالمرجع ZZ9ZZ9');
  await expect(phone.getByTestId('flows-view')).toHaveCount(0);
  await shot(phone, 'trace-ar-390-unknown');
});

test('the staff booking page offers the chart only to roles that may open the explorer', async ({ page }) => {
  await login(page, 'reservation@demo.safar');
  await openFirstBooking(page);
  await expect(page.getByRole('link', { name: 'Lifecycle chart' })).toHaveCount(0);
});
