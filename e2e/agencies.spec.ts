import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { bookUmrahByApi, creditAgent, expectAccessible, fillOneAdult, latestMail, login, pageFor, reviewShot, search } from './support';

/**
 * Agencies on credit and with branch users, and accountants reconciling the supplier's statement:
 * - accounts give the demo agency a credit line; it books past its balance, and both it and accounts are told its
 *   funds are low (bell and mail);
 * - the agency adds a booker, who signs in with the mailed password (Arabic, on a phone), books from the agency's
 *   wallet and is kept out of agency management; the agency sees the booking, who booked it and the booker's actions;
 * - accounts download the embedded supplier's statement, change one fare and leave one ticket out, import it, find
 *   the variance and the ticket not billed beside their bookings, and close the period.
 * Each journey leaves the demo agency's wallet and limit as it found them, for the journeys after it.
 */

type Funds = { balance: { amount: string }; credit_limit: { amount: string }; available: { amount: string } };
const fundsOf = async (page: Page): Promise<Funds> => (await (await page.request.get('/api/wallet-balance')).json()).data;
const pkr = (amount: string) => Number(amount);
const mailsTo = async (page: Page, to: string): Promise<{ subject: string }[]> =>
  ((await (await page.request.get('/api/dev/outbox')).json()).data as { to: string; subject: string }[]).filter((m) => m.to === to);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Accounts' credit page, the demo agency chosen from the list. */
async function openAgencyCredit(accounts: Page) {
  await accounts.goto('/admin/agent-credit');
  const pick = accounts.getByLabel('Agent', { exact: true });
  await pick.selectOption((await pick.locator('option', { hasText: 'Crescent' }).first().getAttribute('value'))!);
  await expect(accounts.getByTestId('credit-panel')).toHaveAttribute('data-state', 'ready');
}

async function setLimit(accounts: Page, limit: number) {
  await accounts.locator('input[name="limit"]').fill(String(limit));
  await accounts.getByRole('button', { name: 'Save limit' }).click();
  await expect(accounts.getByText('Credit limit saved.')).toBeVisible();
}

/** Accounts record a transaction on the demo agency's wallet by hand. */
async function recordTransaction(accounts: Page, direction: 'Credit (add to the wallet)' | 'Debit (take from the wallet)', amount: string, reason: string) {
  await accounts.goto('/admin/new-transaction');
  const agentPick = accounts.getByLabel('Agent');
  await agentPick.selectOption((await agentPick.locator('option', { hasText: 'Crescent' }).first().getAttribute('value'))!);
  await accounts.getByLabel('Direction').selectOption({ label: direction });
  await accounts.getByLabel('Amount').fill(amount);
  await accounts.getByLabel('Description').fill(`${reason} ${Date.now()}`);
  await accounts.getByRole('button', { name: 'Save transaction' }).click();
  await expect(accounts.getByText('Transaction saved successfully')).toBeVisible();
}

test('an agent on credit books past its balance; it and accounts are told its funds are low', async ({ browser }) => {
  test.setTimeout(120_000);
  const agent = await pageFor(browser, 'agent@demo.safar');
  const accounts = await pageFor(browser, 'accounts@demo.safar');
  // Accounts do not manage users: a user page they are sent away from says so where they land.
  await accounts.goto('/admin/users');
  await expect(accounts).toHaveURL(/\/admin\/dashboard$/);
  await expect(accounts.getByText('Your role cannot open “Users”.')).toBeVisible();
  const start = await fundsOf(agent);
  expect(pkr(start.credit_limit.amount)).toBe(0);
  // The wallet emptied by hand, so the fare can only be paid on credit.
  if (pkr(start.balance.amount) > 0) await recordTransaction(accounts, 'Debit (take from the wallet)', start.balance.amount, 'Credit journey: wallet emptied');

  await agent.goto('/agent/flights');
  await search(agent, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [33, 0] });
  await agent.getByTestId('book-now').first().click();
  await fillOneAdult(agent, `credit-${Date.now()}@example.com`);
  const fare = pkr((await agent.getByTestId('fare-total').innerText()).replace(/[^\d.]/g, ''));

  // A limit the fare takes more than 80 % of: the booking falls under both alert levels at once.
  const limit = Math.ceil(fare / 0.85);
  await openAgencyCredit(accounts);
  await setLimit(accounts, limit);
  const panel = accounts.getByTestId('credit-panel');
  await expect(panel.getByRole('row').nth(1)).toContainText('Omar Accounts');
  await expectAccessible(accounts, 'agent credit');

  await agent.getByTestId('pay-wallet').click();
  await expect(agent.getByTestId('booking-confirmed')).toBeVisible();
  const after = await fundsOf(agent);
  expect(pkr(after.balance.amount)).toBeCloseTo(-fare, 2);
  expect(pkr(after.available.amount)).toBeCloseTo(limit - fare, 2);

  // The alert job runs every few seconds: the agent's mail, then its bell, then accounts' bell.
  await expect.poll(async () => (await mailsTo(agent, 'agent@demo.safar')).map((m) => m.subject), { timeout: 30_000 })
    .toContain('Your available funds are under 20% of your credit limit');
  await agent.goto('/agent/dashboard');
  await agent.getByTestId('bell').click();
  await expect(agent.getByRole('dialog').getByRole('link', { name: /of your credit limit: top up/ })).toBeVisible();
  await expect(agent.getByText('Available to book')).toBeVisible();
  // The top bar shows what may still be spent, and names the balance below zero for a screen reader.
  await expect(agent.getByTestId('header-wallet')).toContainText('Available');
  await expect(agent.getByTestId('header-wallet')).toHaveAccessibleName(/^Wallet balance: \W?-?PKR\s[\d,.]+\W?; available with your credit line: \W?PKR\s[\d,.]+\W?$/);
  await accounts.reload();
  await accounts.getByTestId('bell').click();
  await accounts.getByRole('dialog').getByRole('link', { name: /Crescent.*of its credit limit/ }).click();
  await expect(accounts).toHaveURL(/\/admin\/agent-credit\?id=\d+$/);
  await expect(accounts.getByTestId('credit-panel')).toContainText('Credit used');

  // The world as it was: the debt and the emptied balance paid back, then the line taken away.
  await recordTransaction(accounts, 'Credit (add to the wallet)', (pkr(start.balance.amount) + fare).toFixed(2), 'Credit journey: restored');
  await openAgencyCredit(accounts);
  await setLimit(accounts, 0);
  expect(await fundsOf(agent)).toMatchObject({ balance: start.balance, credit_limit: start.credit_limit });
});

test('a booker added by the agency books from its wallet, in Arabic on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  await creditAgent(browser, 100_000, 'the booker journey');
  const agency = await pageFor(browser, 'agent@demo.safar');
  const email = `booker-${Date.now()}@example.com`;
  await agency.goto('/agent/agency-users');
  await agency.getByLabel('Name').fill('Hina Booker');
  await agency.getByLabel('Email').fill(email);
  await agency.getByLabel('Role').selectOption({ label: 'Booker' });
  await agency.getByRole('button', { name: 'Add user' }).click();
  await expect(agency.getByText(`${email} was added and emailed a temporary password.`)).toBeVisible();
  await expect(agency.getByRole('row', { name: /Hina Booker/ })).toContainText('Booker');
  await expectAccessible(agency, 'agency users');
  const password = /temporary password: (\S+)/.exec((await latestMail(agency, email)).text)?.[1];
  expect(password).toBeTruthy();
  const before = await fundsOf(agency);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const booker = await context.newPage();
  await login(booker, email, password!);
  await booker.evaluate(() => localStorage.setItem('locale', 'ar'));
  await booker.goto('/agent/flights');
  await expect(booker.locator('html')).toHaveAttribute('dir', 'rtl');
  await search(booker, { oneWay: true, from: ['Lahore', 'LHE'], to: ['Dubai', 'DXB'], days: [35, 0] });
  await booker.getByTestId('book-now').first().click();
  await fillOneAdult(booker, `booker-client-${Date.now()}@example.com`);
  const fare = pkr((await booker.getByTestId('fare-total').innerText()).replace(/[^\d.]/g, ''));
  await booker.getByTestId('pay-wallet').click();
  await expect(booker.getByTestId('booking-confirmed')).toBeVisible();
  await booker.getByTestId('booking-confirmed').getByRole('link').click();
  const pnr = (await booker.getByTestId('booking-pnr').innerText()).trim();
  // The agency's wallet paid; the booker's top bar shows the agency's balance.
  expect(pkr((await fundsOf(agency)).balance.amount)).toBeCloseTo(pkr(before.balance.amount) - fare, 2);
  await expect(booker.getByTestId('header-wallet')).toBeVisible();
  // Managing the agency is for its admins: the booker is sent to its dashboard, and has no menu entry for it.
  await booker.goto('/agent/agency-users');
  await expect(booker).toHaveURL(/\/agent\/dashboard$/);
  await expect(booker.getByText('لا يمكن لدورك فتح «مستخدمو الوكالة».')).toBeVisible();
  await expect(booker.locator('a[href="/agent/agency-users"]')).toHaveCount(0);
  await booker.goto('/agent/agent-bookings');
  await expect(booker.getByText(pnr).first()).toBeVisible();
  // A booker lists only its own: no column saying who booked.
  await expect(booker.getByRole('columnheader', { name: 'حجز بواسطة' })).toHaveCount(0);

  // The agency sees the booking and who made it, in its list as in its audit.
  await agency.setViewportSize({ width: 1366, height: 768 });
  await agency.goto('/agent/agent-bookings');
  await expect(agency.getByRole('columnheader', { name: 'Booked by' })).toBeVisible();
  await expect(agency.getByRole('row', { name: new RegExp(pnr) })).toContainText('Hina Booker');
  // With the column, the list still fits a 1366 px laptop screen: no sideways scrolling to reach a row's actions.
  const overflow = await agency.locator('.table-wrap').first().evaluate((el) => el.scrollWidth - el.clientWidth);
  await reviewShot(agency, 'test-results/screens/agency-bookings-1366.png');
  expect(overflow).toBeLessThanOrEqual(0);
  await agency.goto('/agent/agency-users');
  await expect(agency.getByRole('row', { name: new RegExp(`Hina Booker.*Booking.*${pnr}`) })).toBeVisible();

  // A package the booker books is in the agency's package list too, saying who booked it; the booker's own list
  // says nothing of the kind.
  const pkg = await bookUmrahByApi(booker, 'Booker');
  await booker.goto('/agent/package-bookings');
  await expect(booker.getByTestId('package-booking-link').filter({ hasText: pkg })).toBeVisible();
  await expect(booker.getByRole('columnheader', { name: 'حجز بواسطة' })).toHaveCount(0);
  await agency.goto('/agent/package-bookings');
  await expect(agency.getByRole('columnheader', { name: 'Booked by' })).toBeVisible();
  await expect(agency.getByRole('row', { name: new RegExp(pkg) })).toContainText('Hina Booker');
  await reviewShot(agency, 'test-results/screens/agency-packages-1366.png');
  await context.close();
});

test('accounts reconcile the supplier statement: a variance and a ticket not billed found beside their bookings, then the period closed', async ({ browser }) => {
  test.setTimeout(120_000);
  const accounts = await pageFor(browser, 'accounts@demo.safar');
  await accounts.goto('/admin/reconciliation');
  await accounts.locator('input[name="from"]').fill(day(-30));
  await accounts.locator('input[name="to"]').fill(day(1));
  const [download] = await Promise.all([accounts.waitForEvent('download'), accounts.getByTestId('supplier-statement').click()]);
  const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
  expect(csv[0]).toBe('document_number,issue_date,passenger,route,fare,taxes,commission,net,currency,transaction_type');
  expect(csv.length).toBeGreaterThan(1);
  // The supplier bills 100 more on the first ticket than we sold it for.
  const first = csv.findIndex((l, i) => i > 0 && l.endsWith(',ISSUE'));
  const cells = csv[first].split(',');
  const document = cells[0];
  cells[4] = (Number(cells[4]) + 100).toFixed(2);
  cells[7] = (Number(cells[7]) + 100).toFixed(2);
  csv[first] = cells.join(',');
  // ...and leaves another ticket out of its statement.
  const second = csv.findIndex((l, i) => i > first && l.endsWith(',ISSUE'));
  expect(second).toBeGreaterThan(first);
  const leftOut = csv.splice(second, 1)[0].split(',')[0];
  await accounts.locator('input[name="file"]').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n') + '\r\n') });
  await accounts.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(accounts).toHaveURL(/\/admin\/reconciliation\?id=\d+$/);
  const lines = csv.length - 1;
  await expect(accounts.getByText(`${lines} lines: ${lines - 1} matched, 1 with a variance, 0 unmatched, 0 memos`)).toBeVisible();

  await accounts.getByRole('tab', { name: /Variances/ }).click();
  const row = accounts.getByRole('row', { name: new RegExp(document) });
  await expect(row).toContainText('PKR 100');
  await expect(row.getByRole('link')).toHaveText(/^[A-Z0-9]{6}$/);
  await expectAccessible(accounts, 'statement review');
  await accounts.getByRole('tab', { name: /Not billed \(1\)/ }).click();
  await expect(accounts.getByRole('row', { name: new RegExp(leftOut) }).getByRole('link')).toHaveText(/^[A-Z0-9]{6}$/);

  await accounts.getByRole('button', { name: 'Close the period' }).click();
  await accounts.getByRole('button', { name: 'Close and post' }).click();
  await expect(accounts.getByText('Closed and posted on')).toBeVisible();
  await expect(accounts.getByRole('heading', { name: 'Settlement posted' })).toBeVisible();
  await expect(accounts.getByRole('button', { name: 'Close the period' })).toHaveCount(0);
});
