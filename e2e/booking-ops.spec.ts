import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, menuLink, reviewShot } from './support';
import { moneyText } from '../contract/format/money';

/**
 * Journeys: an agent requests a void of today's ticket, reservation approves it from the void queue,
 * and the agent's statement shows the refund less the void charge; staff import a pasted GDS display for the
 * agent with a margin and the agent's balance drops by total plus margin. Uses the demo bookings the server seeds.
 */

const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const fmt = (n: number) => moneyText(Math.round(n * 100), 'PKR');

async function closingBalance(page: Page) {
  await page.goto('/agent/agent-ledger');
  const cell = page.getByTestId('closing-balance');
  await expect(cell).toContainText('PKR');
  return money(await cell.innerText());
}

test('void: the agent asks, reservation approves from the queue, the statement shows the refund less the charge', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin@demo.safar');
  await admin.goto('/admin/booking-settings');
  await admin.getByLabel('Void charge').fill('2500.00');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Booking Status updated successfully')).toBeVisible();

  const agent = await (await browser.newContext()).newPage();
  await login(agent, 'agent@demo.safar');
  await agent.goto('/agent/agent-bookings');
  const row = agent.locator('tr', { has: agent.locator('[data-action=requestVoid]') }).first();
  await expect(row).toBeVisible();
  const pnr = (await row.locator('.bk-pnr').innerText()).trim();
  // From here on the row is found by its PNR: "the first voidable row" is looked up again on each use, and would
  // be another booking's if the list changed meanwhile.
  const mine = agent.locator('tr', { hasText: pnr });
  const total = money(await mine.locator('td[data-label="Total"]').innerText());
  await mine.locator('[data-action=requestVoid]').click();
  await agent.getByLabel('Reason (optional)').fill('Passenger fell ill');
  await agent.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(agent.getByText('Void request sent. Our staff will review it today.')).toBeVisible();
  await expect(agent.locator('tr', { hasText: pnr }).getByText('Void requested')).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'reservation@demo.safar');
  await (await menuLink(staff, 'Bookings', 'Void and refund requests')).click();
  const queued = staff.locator('tr', { hasText: pnr });
  await expect(queued).toBeVisible();
  await queued.locator('[data-action=approveVoid]').click();
  await staff.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(staff.getByText('Booking has been voided successfully.')).toBeVisible();
  await expect(staff.locator('tr', { hasText: pnr })).toHaveCount(0);

  await agent.goto('/agent/agent-ledger');
  const credit = agent.locator('tr', { hasText: `Void of ${pnr}` });
  await expect(credit).toBeVisible();
  await expect(credit).toContainText(fmt(total - 2500));
});

test('a pasted PNR imported for the agent with a margin: the agent pays total plus margin', async ({ browser }) => {
  test.setTimeout(120_000);
  const agent = await (await browser.newContext()).newPage();
  await login(agent, 'agent@demo.safar');
  await expect(agent).toHaveURL(/\/agent\//);
  const before = await closingBalance(agent);

  const pnr = `E${Date.now().toString(36).slice(-5).toUpperCase()}`.replace(/[^A-Z0-9]/g, 'X');
  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'reservation@demo.safar');
  await (await menuLink(staff, 'Bookings', 'Import PNR')).click();
  // Retrieval by record locator is the page's first tab; a pasted display is the second.
  await staff.getByRole('button', { name: 'Paste itinerary' }).click();
  await staff.getByLabel('GDS itinerary display').fill(`RP/LHEPK2100/LHEPK2100            AA/SU  10MAY26/0912Z   ${pnr}
  1.CHAUDHRY/ASIF MR
  2  QR 629 Y 20DEC 7 LHEDOH HK1  0405 0555
  3  QR 628 Y 03JAN 6 DOHLHE HK1  2005 0345+1`);
  await staff.getByRole('button', { name: 'Preview' }).click();
  await expect(staff.getByLabel('PNR', { exact: true })).toHaveValue(pnr);
  await staff.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Crescent Travels (AGN-26-0001)' });
  await staff.getByLabel('Base fare · Adult').fill('50000');
  await staff.getByLabel('Taxes · Adult').fill('8000');
  await staff.getByLabel('Margin').fill('2500');
  await staff.getByRole('button', { name: 'Save, ticket and charge' }).click();
  await expect(staff.getByText('Direct booking saved, ticketed and charged to the agent.')).toBeVisible();
  await expect(staff.getByRole('heading', { name: `Booking · ${pnr}` })).toBeVisible();
  await expect(staff.getByText('Ticketed').first()).toBeVisible();

  expect(await closingBalance(agent)).toBeCloseTo(before - 60_500, 2);
  // The statement words the row ("Imported booking LHE → DOH, PNR …") rather than showing its ledger key.
  await expect(agent.locator('tr', { hasText: pnr })).toContainText(fmt(60_500));
});

test("reservation reaches the agency from an agent's booking: name, contact person, email and phone as links", async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(staff, 'reservation@demo.safar');
  await (await menuLink(staff, 'Bookings', 'Agent bookings')).click();
  const row = staff.locator('tr', { hasText: 'Crescent Travels' }).first();
  await row.locator('.bk-pnr').click();
  await expect(staff).toHaveURL(/\/admin\/booking-details\?id=\d+/);
  const card = staff.getByTestId('agent-contact');
  await expect(card.getByRole('heading', { name: 'Agent contact' })).toBeVisible();
  await expect(card).toContainText('Crescent Travels');
  await expect(card.getByRole('link', { name: 'agent@demo.safar' })).toHaveAttribute('href', /^mailto:agent@demo\.safar\?subject=Booking%20[A-Z0-9]+$/);
  await expect(card.getByRole('link', { name: '+92 21 3456 7890' })).toHaveAttribute('href', 'tel:+922134567890');
  await reviewShot(staff, test.info().outputPath('agent-contact-desktop-en.png'), true);

  const arStaff = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await login(arStaff, 'reservation@demo.safar');
  await arStaff.evaluate(() => localStorage.setItem('locale', 'ar'));
  await arStaff.goto(staff.url());
  const arCard = arStaff.getByTestId('agent-contact');
  await expect(arCard.getByRole('heading', { name: 'بيانات الاتصال بالوكيل' })).toBeVisible();
  await arCard.scrollIntoViewIfNeeded();
  await reviewShot(arStaff, test.info().outputPath('agent-contact-phone-ar.png'));
});
