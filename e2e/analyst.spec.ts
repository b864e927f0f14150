import { expect, test } from './test';
import type { BrowserContext, Page } from '@playwright/test';
import { login, menuLink } from './support';

/**
 * The analyst: a read-only staff role. Signs in, lands on the back-office dashboard, reads the top-up requests
 * and the booking lists without a single decision or edit control, and a direct call to approve a deposit is
 * refused (403) and changes nothing.
 */

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

/** A mutating API call as the signed-in user of a context: the app's CSRF header from the XSRF-TOKEN cookie. */
async function apiCall(context: BrowserContext, page: Page, method: 'POST' | 'PUT', path: string, data: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

test('an analyst reads the back office and can change nothing', async ({ browser }) => {
  // An agent's top-up, then every back-office list the analyst reads: close to a minute on a busy machine.
  test.setTimeout(120_000);
  const reference = `AN-${Date.now()}`;

  // An approved agent records a pending top-up for the analyst to look at.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await login(agent, 'agent@demo.safar');
  const today = new Date().toISOString().slice(0, 10);
  const created = await apiCall(agentContext, agent, 'POST', '/api/deposit-data', { method: 'cash', amount: '1500.00', deposit_date: today, reference });
  expect(created.status()).toBe(201);
  const depositId: number = (await created.json()).data.id;

  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'analyst@demo.safar');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('As an analyst you can look at')).toBeVisible();

  // The menu holds only what an analyst may open, in sections: none of them open on the dashboard, and no heading
  // for a section with nothing the analyst may open (the catalogue, the settings).
  const menu = sideMenu(page);
  const section = (name: string) => menu.getByRole('button', { name, exact: true });
  for (const name of ['Bookings', 'Money', 'People', 'Insight']) await expect(section(name)).toHaveAttribute('aria-expanded', 'false');
  for (const name of ['Catalogue', 'Settings']) await expect(section(name)).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Top-up requests' })).toBeHidden();
  for (const name of ['Money', 'Bookings', 'People']) await section(name).click();
  await expect(menu.getByRole('link', { name: 'Top-up requests' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Agent bookings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  for (const name of ['Banks', 'Customer margin', 'Import PNR']) await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);

  // Top-up requests: the pending deposit is there to view, not to review.
  await menu.getByRole('link', { name: 'Top-up requests' }).click();
  // On a page, the section holding it is open and the page is marked current; the others are closed again, and
  // one opens with the keyboard.
  await expect(section('Money')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Top-up requests' })).toHaveAttribute('aria-current', 'page');
  await expect(section('Bookings')).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Agent bookings' })).toBeHidden();
  await section('Bookings').focus();
  await page.keyboard.press('Enter');
  await expect(section('Bookings')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Agent bookings' })).toBeVisible();
  await section('Bookings').click();
  await expect(menu.getByRole('link', { name: 'Agent bookings' })).toBeHidden();
  await page.getByLabel('Search').fill(reference);
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('link', { name: 'Review' })).toHaveCount(0);
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/deposit-details\\?id=${depositId}$`));
  await expect(page.getByText('You may look at this deposit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  // Bookings: the lists open, with neither entry links nor booking actions.
  await (await menuLink(page, 'Bookings', 'Agent bookings')).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page.getByRole('heading', { name: 'Agent bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add booking' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import PNR' })).toHaveCount(0);
  for (const name of ['Cancel booking', 'Confirm and ticket', 'Approve void', 'Void ticket', 'Ticket and charge']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }

  // The server refuses the decision however it is asked for, and the deposit stays pending.
  const approve = await apiCall(context, page, 'PUT', `/api/update-deposit-status/${depositId}`, { status: 'approved' });
  expect(approve.status()).toBe(403);
  expect((await apiCall(context, page, 'POST', '/api/approve-booking', { id: 1 })).status()).toBe(403);
  const after = await page.request.get(`/api/deposit-details/${depositId}`);
  expect(after.status()).toBe(200);
  expect((await after.json()).data.status).toBe('pending');

  // Users are readable too, without a single action that changes them.
  await (await menuLink(page, 'People', 'Users')).click();
  await expect(page.getByRole('row', { name: /pending\.agent@demo\.safar/ })).toBeVisible();
  for (const name of ['New user', 'Approve', 'Withdraw approval', 'Delete', 'Edit']) await expect(page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true }))).toHaveCount(0);
  expect((await apiCall(context, page, 'PUT', '/api/update-status/2', { is_approved: '1' })).status()).toBe(403);

  // The statechart explorer is the analyst's own screen: every machine listed, one drawn.
  await (await menuLink(page, 'Insight', 'Statechart explorer')).click();
  await expect(page).toHaveURL(/\/admin\/flows$/);
  await expect(page.locator('[data-machine="decision"]')).toBeVisible();
  await page.getByRole('button', { name: 'decision', exact: true }).click();
  await expect(page.locator('svg.flow-svg [data-state-id]').first()).toBeVisible();
});
