import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { fmt, menuLink, money, openSeededBooking, pageFor } from './support';

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
  await arAgent.screenshot({ path: test.info().outputPath('refund-quote-phone-ar.png') });
  await arAgent.getByRole('button', { name: 'ليس الآن' }).click();

  const agent = await pageFor(browser, 'agent@demo.safar');
  const pnr = await openRefundable(agent);
  await agent.locator('[data-action=requestRefund]').click();
  const figures = agent.getByRole('dialog').getByTestId('refund-figures');
  await expect(figures).toContainText('Airline penalty');
  await expect(figures).toContainText('Service charge');
  const refund = money(await agent.getByTestId('refund-amount').innerText());
  await agent.screenshot({ path: test.info().outputPath('refund-quote-desktop-en.png') });
  await agent.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(agent.getByText('Refund request sent. Our staff will review it.')).toBeVisible();
  await expect(agent.getByText('A refund has been requested and is waiting for our staff.')).toBeVisible();

  const arStaff = await pageFor(browser, 'reservation@demo.safar', { phone: true, ar: true });
  await arStaff.goto('/admin/void-bookings');
  await expect(arStaff.locator('tr', { hasText: pnr })).toBeVisible();
  await arStaff.screenshot({ path: test.info().outputPath('refund-queue-phone-ar.png'), fullPage: true });

  const staff = await pageFor(browser, 'reservation@demo.safar');
  await (await menuLink(staff, 'Bookings', 'Void and refund requests')).click();
  const queued = staff.locator('tr', { hasText: pnr });
  await expect(queued.getByTestId('refund-figures')).toContainText(fmt(refund));
  await staff.screenshot({ path: test.info().outputPath('refund-queue-desktop-en.png') });
  await queued.locator('[data-action=approveRefund]').click();
  await staff.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(staff.getByText('Refund approved and paid back.')).toBeVisible();
  await expect(staff.locator('tr', { hasText: pnr })).toHaveCount(0);

  await agent.goto('/agent/agent-ledger');
  const credit = agent.locator('tr', { hasText: `Refund of ${pnr} (KHI → DXB) to wallet` });
  await expect(credit).toBeVisible();
  await expect(credit).toContainText(fmt(refund));
});
