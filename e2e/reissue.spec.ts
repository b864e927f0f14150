import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { creditAgent, expectAccessible, fmt, money, openSeededBooking, pageFor, reviewShot } from './support';

/**
 * Reissue: the demo agent changes the date of its seeded ticketed booking (lead passenger
 * Mehmood/Tariq). From the booking page it searches a later day, picks a flight, reads the quote (fare
 * difference, change fee, service charge, total) and confirms; the statement words the re-issue debit. On a
 * phone in Arabic the agent changes it once more and reads its statement in Arabic. Quotes are photographed.
 * A seeded multi-city trip (Hussain/Nadia) has one date per flight: its last flight moves to a later day.
 */

const later = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The seeded booking's page; its PNR. */
const openBooking = (page: Page) => openSeededBooking(page, 'Mehmood/Tariq', 'reissue');

/** Opens the dialog, searches `days` after the booked date (or the next days if none fly), picks the first flight, waits for the quote; its total. */
async function quoteLater(page: Page, days: number) {
  await page.locator('[data-action=reissue]').click();
  const dialog = page.getByTestId('reissue-dialog');
  const date = dialog.locator('input[type=date]').first();
  const booked = await date.inputValue();
  for (let n = days; ; n++) {
    await date.fill(later(booked, n));
    await dialog.getByTestId('reissue-search').click();
    const offers = dialog.getByTestId('reissue-offers');
    const none = dialog.locator('p.muted').filter({ hasText: /No flights|لا رحلات/ });
    await expect(offers.or(none)).toBeVisible({ timeout: 20_000 });
    if (await offers.isVisible()) break;
    expect(n, 'a flight within a week').toBeLessThan(days + 7);
  }
  await dialog.getByTestId('reissue-pick').first().click();
  await expect(dialog.getByTestId('reissue-figures')).toBeVisible();
  return money(await dialog.getByTestId('reissue-total').innerText());
}

test('reissue: the agent changes the date of a ticketed booking, confirms the quote, and the statement shows the re-issue debit', async ({ browser }) => {
  test.setTimeout(150_000);
  const agent = await pageFor(browser, 'agent@demo.safar');
  const pnr = await openBooking(agent);
  const total = await quoteLater(agent, 2);
  const figures = agent.getByTestId('reissue-figures');
  await expect(figures).toContainText('Fare difference');
  await expect(figures).toContainText('Airline change fee');
  await expect(figures).toContainText('Service charge');
  expect(total).toBeGreaterThan(0);
  await expectAccessible(agent, 'reissue quote (en)');
  await reviewShot(agent, test.info().outputPath('reissue-quote-desktop-en.png'));
  await agent.locator('[data-confirm=reissue]').click();
  await expect(agent.getByText('Date changed: the new ticket is issued.')).toBeVisible();
  await expect(agent.getByTestId('reissue-dialog')).toContainText('The date is changed');
  await agent.getByTestId('reissue-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(agent.getByText('This ticket was reissued on a new date: it can no longer be voided.')).toBeVisible();

  await agent.goto('/agent/agent-ledger');
  const debit = agent.locator('tr', { hasText: `Date change of ${pnr}` });
  await expect(debit).toBeVisible();
  await expect(debit).toContainText(fmt(total));
  await reviewShot(agent, test.info().outputPath('reissue-statement-desktop-en.png'));

  // On a phone in Arabic: a second change of the same booking, and the statement in Arabic.
  const ar = await pageFor(browser, 'agent@demo.safar', { phone: true, ar: true });
  await openBooking(ar);
  const second = await quoteLater(ar, 3);
  await expect(ar.getByTestId('reissue-figures')).toContainText('رسوم التغيير لدى شركة الطيران');
  await expectAccessible(ar, 'reissue quote (ar, phone)');
  await reviewShot(ar, test.info().outputPath('reissue-quote-phone-ar.png'));
  await ar.locator('[data-confirm=reissue]').click();
  await expect(ar.getByText('تغيّر الموعد: صدرت التذكرة الجديدة.')).toBeVisible();
  await ar.getByTestId('reissue-dialog').getByRole('button', { name: 'إغلاق' }).click();
  await ar.goto('/agent/agent-ledger');
  const arDebits = ar.locator('tr', { hasText: pnr }).filter({ hasText: 'تغيير موعد' });
  await expect(arDebits).toHaveCount(2);
  await reviewShot(ar, test.info().outputPath('reissue-statement-phone-ar.png'), true);
  expect(second).toBeGreaterThan(0);
});

test('reissue: the agent moves one flight of a multi-city trip to a later day and confirms', async ({ browser }) => {
  test.setTimeout(120_000);
  const agent = await pageFor(browser, 'agent@demo.safar');
  // The list and the booking page name the whole trip, not only its first flight.
  await agent.goto('/agent/agent-bookings');
  await expect(agent.locator('tr', { hasText: 'Hussain/Nadia' }).first()).toContainText('KHI → DXB → IST → KHI');
  await openSeededBooking(agent, 'Hussain/Nadia', 'reissue');
  await expect(agent.getByText('KHI → DXB → IST → KHI', { exact: true })).toBeVisible();
  await agent.locator('[data-action=reissue]').click();
  const dialog = agent.getByTestId('reissue-dialog');
  // One date per flight, each named by its route; the last one moves, the others stay.
  await expect(dialog.locator('input[type=date]')).toHaveCount(3);
  await expect(dialog.getByText('New date of flight 3 · IST → KHI')).toBeVisible();
  const [first, second, third] = await Promise.all([0, 1, 2].map((i) => dialog.getByTestId(`reissue-date-${i}`).inputValue()));
  for (let n = 1; ; n++) {
    await dialog.getByTestId('reissue-date-2').fill(later(third, n));
    await dialog.getByTestId('reissue-search').click();
    const offers = dialog.getByTestId('reissue-offers');
    await expect(offers.or(dialog.locator('p.muted').filter({ hasText: 'No flights' }))).toBeVisible({ timeout: 20_000 });
    if (await offers.isVisible()) break;
    expect(n, 'a flight within a week').toBeLessThan(7);
  }
  const moved = await dialog.getByTestId('reissue-date-2').inputValue();
  await dialog.getByTestId('reissue-pick').first().click();
  await expect(dialog.getByTestId('reissue-figures')).toBeVisible();
  await expectAccessible(agent, 'multi-city reissue quote (en)');
  // Other journeys spend the demo wallet too, in an order of their own: accounts first credit what this change
  // costs, so it is paid whatever they spent and leaves the wallet as it found it for them.
  await creditAgent(browser, Math.ceil(money(await dialog.getByTestId('reissue-total').innerText())), 'the multi-city date change');
  await agent.locator('[data-confirm=reissue]').click();
  await expect(agent.getByText('Date changed: the new ticket is issued.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The itinerary now has its last flight on the new day; the first keeps its own.
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(agent.locator('.bk-seg').first()).toContainText(day(first));
  await expect(agent.locator('.bk-seg').filter({ hasText: day(moved) }).first()).toBeVisible();
  expect(second < moved).toBe(true);
  // The statement words the change with the whole trip.
  await agent.goto('/agent/agent-ledger');
  await expect(agent.locator('tr').filter({ hasText: /Date change of \w+ \(KHI → DXB → IST → KHI\)/ }).first()).toBeVisible();
});
