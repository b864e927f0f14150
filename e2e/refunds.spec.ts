import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { fmt, menuLink, money, openSeededBooking, pageFor, reviewShot } from './support';

/**
 * Refunds: the demo agent's booking ticketed two days ago (past its void window, seeded) is refunded.
 * The agent asks from the booking page and sees the quote first; reservation approves it from the void and
 * refund queue; the agent's statement shows the refund in words. The quote dialog and the queue are also
 * photographed on a phone in Arabic (they stay open, then are dismissed).
 */

/** The seeded booking's page; its PNR. */
const openRefundable = (page: Page) => openSeededBooking(page, 'Sheikh/Faisal', 'requestRefund');

test('refund after the void window: the agent sees the quote and asks, reservation approves, the statement shows it', async ({ browser }) => {
  test.setTimeout(150_000);
  // The quote dialog on a phone in Arabic, dismissed without asking.
  const arAgent = await pageFor(browser, 'agent@demo.safar', { phone: true, ar: true });
  await openRefundable(arAgent);
  await arAgent.locator('[data-action=requestRefund]').click();
  await expect(arAgent.getByTestId('refund-amount')).toBeVisible();
  await reviewShot(arAgent, test.info().outputPath('refund-quote-phone-ar.png'));
  await arAgent.getByRole('button', { name: 'ليس الآن' }).click();

  const agent = await pageFor(browser, 'agent@demo.safar');
  const pnr = await openRefundable(agent);
  await agent.locator('[data-action=requestRefund]').click();
  const figures = agent.getByRole('dialog').getByTestId('refund-figures');
  await expect(figures).toContainText('Airline penalty');
  await expect(figures).toContainText('Service charge');
  const refund = money(await agent.getByTestId('refund-amount').innerText());
  await reviewShot(agent, test.info().outputPath('refund-quote-desktop-en.png'));
  await agent.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(agent.getByText('Refund request sent. Our staff will review it.')).toBeVisible();
  await expect(agent.getByText('A refund has been requested and is waiting for our staff.')).toBeVisible();

  const arStaff = await pageFor(browser, 'reservation@demo.safar', { phone: true, ar: true });
  await arStaff.goto('/admin/void-bookings');
  await expect(arStaff.locator('tr', { hasText: pnr })).toBeVisible();
  await reviewShot(arStaff, test.info().outputPath('refund-queue-phone-ar.png'), true);

  const staff = await pageFor(browser, 'reservation@demo.safar');
  await (await menuLink(staff, 'Bookings', 'Void and refund requests')).click();
  const queued = staff.locator('tr', { hasText: pnr });
  await expect(queued.getByTestId('refund-figures')).toContainText(fmt(refund));
  await reviewShot(staff, test.info().outputPath('refund-queue-desktop-en.png'));
  await queued.locator('[data-action=approveRefund]').click();
  await staff.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(staff.getByText('Refund approved and paid back.')).toBeVisible();
  await expect(staff.locator('tr', { hasText: pnr })).toHaveCount(0);

  await agent.goto('/agent/agent-ledger');
  const credit = agent.locator('tr', { hasText: `Refund of ${pnr} (KHI → DXB) to wallet` });
  await expect(credit).toBeVisible();
  await expect(credit).toContainText(fmt(refund));
});

test("staff start a refund for the agent after the void window: the quote, the reason, the history names them", async ({ browser }) => {
  test.setTimeout(120_000);
  // The seeded booking ticketed two days ago that no other journey touches.
  const openForStaff = async (page: Page) => {
    await page.goto('/admin/bookings');
    const row = page.locator('tr', { hasText: 'Abbasi/Zainab' }).first();
    await expect(row).toBeVisible();
    const pnr = (await row.locator('.bk-pnr').innerText()).trim();
    await row.locator('.bk-pnr').click();
    await expect(page.locator('[data-action=startRefund]')).toBeVisible();
    return pnr;
  };
  // Read-only staff see the booking but are offered nothing.
  const accounts = await pageFor(browser, 'accounts@demo.safar');
  await accounts.goto('/admin/bookings');
  await accounts.locator('tr', { hasText: 'Abbasi/Zainab' }).first().locator('.bk-pnr').click();
  await expect(accounts.getByText('The void window has closed.')).toBeVisible();
  await expect(accounts.getByText('Nothing to do on this booking now.')).toBeVisible();
  await expect(accounts.locator('[data-action=startRefund]')).toHaveCount(0);

  // The dialog on a phone in Arabic, dismissed without starting.
  const arStaff = await pageFor(browser, 'reservation@demo.safar', { phone: true, ar: true });
  await openForStaff(arStaff);
  await arStaff.locator('[data-action=startRefund]').click();
  await expect(arStaff.getByTestId('refund-amount')).toBeVisible();
  await reviewShot(arStaff, test.info().outputPath('staff-refund-quote-phone-ar.png'));
  await arStaff.getByRole('button', { name: 'ليس الآن' }).click();

  const staff = await pageFor(browser, 'reservation@demo.safar');
  const pnr = await openForStaff(staff);
  await staff.locator('[data-action=startRefund]').click();
  const dialog = staff.getByRole('dialog');
  await expect(dialog).toContainText("Start a refund on the agent's or customer's behalf?");
  const refund = money(await staff.getByTestId('refund-amount').innerText());
  await dialog.getByLabel('Reason (optional)').fill('Agent phoned: passenger unwell');
  await reviewShot(staff, test.info().outputPath('staff-refund-quote-desktop-en.png'));
  await staff.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(staff.getByText("Refund started on the booker's behalf. It waits for a decision with the other refund requests.")).toBeVisible();
  await expect(staff.getByText('A refund has been requested and is waiting for our staff.')).toBeVisible();
  const step = staff.locator('.bk-timeline li').last();
  // The staff member's name is isolated in the sentence (it may be written in another direction).
  await expect(step).toContainText(/Started by \u2068?Sara Reservation\u2069? on the booker's behalf/);
  await expect(step).toContainText('Agent phoned: passenger unwell');
  // Now it waits in the queue with the others, for a decision.
  await expect(staff.locator('[data-action=approveRefund]')).toBeVisible();
  await reviewShot(staff, test.info().outputPath('staff-refund-started-desktop-en.png'), true);

  // The agent sees the request on its booking, with the refund it was quoted.
  const agent = await pageFor(browser, 'agent@demo.safar');
  await agent.goto('/agent/agent-bookings');
  await agent.locator('tr', { hasText: pnr }).locator('.bk-pnr').click();
  await expect(agent.getByText('A refund has been requested and is waiting for our staff.')).toBeVisible();
  await expect(agent.getByTestId('refund-figures')).toContainText(fmt(refund));
  await expect(agent.getByTestId('agent-contact')).toHaveCount(0);
});
