import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from './support';

/** The statechart explorer (/admin/flows): the catalogue, a drawn machine, a shortest path and the SVG export. */

const MACHINES = ['flight-booking', 'auth', 'booking-actions', 'crud-list', 'deposit-approval'];

test('admin explores the flight booking machine: drawn, a path to a state, exported as SVG', async ({ page }) => {
  await login(page, 'admin@demo.safar');
  await page.goto('/admin/flows');
  await expect(page.getByRole('heading', { name: 'Statechart explorer' })).toBeVisible();
  for (const id of MACHINES) await expect(page.locator(`[data-machine="${id}"]`)).toBeVisible();

  await page.getByRole('button', { name: 'flight-booking', exact: true }).click();
  // 26 states plus the machine's own box.
  await expect(page.locator('svg.flow-svg [data-state-id]')).toHaveCount(27);
  await expect(page.locator('svg.flow-svg [data-edge-id]').first()).toBeVisible();

  // Picking a state on the chart (the view opens on the initial state) or from the list shows its shortest path.
  const path = page.getByTestId('flows-path').locator('li');
  await page.locator('[data-state-id="flightBooking.checkingPayment"]').click();
  await expect(path).toHaveCount(1);
  await expect(path.first()).toContainText('always [hasTracker] → checkingPayment');
  await page.getByLabel('State', { exact: true }).selectOption('flightBooking.review');
  await expect(path).toHaveCount(4);
  await expect(path.first()).toContainText('always');
  await expect(path.last()).toContainText('SUBMIT_PASSENGERS');
  await expect(path.last()).toContainText('review');

  // Zoom with the keyboard-reachable buttons.
  const level = page.locator('.flow-zoom-level');
  const before = Number.parseInt((await level.textContent())!, 10);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => Number.parseInt((await level.textContent())!, 10)).toBeGreaterThan(before);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('flight-booking.svg');
  const svg = readFileSync((await file.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain('SUBMIT_PASSENGERS');
  expect(svg).not.toContain('transform="translate'); // the whole chart, not the screen's pan and zoom
});
