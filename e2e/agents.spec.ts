import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { latestMail, login, logout, menuLink, reviewShot } from './support';

/**
 * Journeys: an agent registers and completes the profile, verifies the email, admin approves the agent,
 * the agent records a deposit with a receipt, accounts approves it, and the agent sees the new balance (header and
 * statement) and downloads the statement CSV. The agent and the staff each have their own browser context.
 */

// A real 1×1 PNG (content-checked by the server, so it must be a genuine image, not a renamed text file).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const wallet = (page: Page) => page.getByRole('link', { name: /^Wallet balance:/ });

test('an agent onboards, is approved, tops up the wallet and downloads the statement', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `agency-${stamp}@example.com`;
  const password = 'sky-high-2026';
  const reference = `TT-${stamp}`;

  const agentContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const staff = await staffContext.newPage();

  // ---- the agent registers and completes the company profile -----------------------------------------
  await agent.goto('/auth/agent/register');
  await agent.getByLabel('Agency name').fill('Noor Travels');
  await agent.getByLabel('Contact person').fill('Noor Khan');
  await agent.getByLabel('Phone number').fill('+92 300 1234567');
  await agent.getByLabel('Work email').fill(email);
  await agent.getByLabel('Password', { exact: true }).fill(password);
  await agent.getByLabel('Confirm password').fill(password);
  await agent.getByRole('button', { name: 'Create agent account' }).click();
  await expect(agent.getByText('Registered successfully.')).toBeVisible();
  await expect(agent).toHaveURL(/\/agent\/add-agent-details$/);
  await expect(agent.getByRole('heading', { name: 'Agency details' })).toBeVisible();
  // Not approved yet: no wallet in the header.
  await expect(wallet(agent)).toHaveCount(0);

  await agent.getByLabel('Company name').fill('Noor Travels (Pvt) Ltd');
  await agent.getByRole('textbox', { name: 'Phone', exact: true }).fill('+92 300 1234567');
  await agent.getByLabel('Licence / registration number').fill('IATA-PK-7788');
  await agent.getByLabel('Address').fill('12 Mall Road');
  await agent.getByLabel('City').fill('Lahore');
  await agent.getByLabel('Country').selectOption({ label: 'Pakistan' });
  await agent.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(agent.getByRole('img', { name: 'Logo' })).toBeVisible();
  await agent.getByRole('button', { name: 'Save' }).click();
  await expect(agent.getByText('Agent details saved successfully')).toBeVisible();

  // ---- the email is verified from the development outbox ---------------------------------------------
  const verify = await latestMail(agent, email);
  expect(verify.subject).toBe('Verify your email address');
  const link = new URL(verify.text.match(/https?:\/\/\S+\/auth\/verify-email\?\S+/)![0]);
  await agent.goto(link.pathname + link.search);
  await expect(agent).toHaveURL(/email-success-message/);
  await agent.goto('/agent/dashboard');
  await expect(agent).toHaveURL(/\/agent\/pending-approval$/);
  await expect(agent.getByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();

  // ---- admin approves the agent in the users screens --------------------------------------------------
  await login(staff, 'admin@demo.safar');
  await expect(staff).toHaveURL(/\/admin\/dashboard$/);
  await (await menuLink(staff, 'People', 'Users')).click();
  await staff.getByLabel('Approval').selectOption({ label: 'Pending' });
  await staff.getByLabel('Search').fill(email);
  const agentRow = staff.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(agentRow).toHaveCount(1);
  await expect(agentRow).toContainText('Noor Travels (Pvt) Ltd');
  await agentRow.getByRole('link', { name: 'Noor Khan' }).click();
  await expect(staff).toHaveURL(/\/admin\/user-details\?id=\d+$/);
  await expect(staff.getByText('The company profile is complete.')).toBeVisible();
  // Approving asks first, then says whom it approved.
  await staff.getByRole('button', { name: 'Approve' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Noor Travels (Pvt) Ltd is approved and has been emailed.')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Withdraw approval' })).toBeVisible();
  expect((await latestMail(staff, email)).subject).toBe('Your agent account has been approved');
  await logout(staff);

  // ---- the approved agent records a deposit with a receipt --------------------------------------------
  await agent.goto('/agent/dashboard');
  await expect(agent).toHaveURL(/\/agent\/dashboard$/);
  await expect(wallet(agent)).toHaveAccessibleName('Wallet balance: PKR 0');
  await agent.getByRole('link', { name: 'Record a deposit' }).click();
  await expect(agent).toHaveURL(/\/agent\/agent-deposit$/);
  await agent.getByLabel('Paid by').selectOption({ label: 'Bank transfer' });
  const bankSelect = agent.getByRole('combobox', { name: 'Bank', exact: true });
  await expect(bankSelect.locator('option')).not.toHaveCount(1); // the banks have loaded
  await bankSelect.selectOption({ index: 1 });
  const bankName = (await bankSelect.locator('option:checked').textContent())!.trim();
  await agent.getByLabel('Amount').fill('25000');
  await agent.getByLabel('Reference').fill(reference);
  await agent.getByLabel('Receipt').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(agent.getByRole('link', { name: 'View the uploaded file' })).toBeVisible();
  await agent.getByRole('button', { name: 'Save deposit' }).click();
  await expect(agent.getByText('Deposit saved successfully')).toBeVisible();
  await expect(agent).toHaveURL(/\/agent\/deposits$/);
  const depositRow = agent.getByRole('row', { name: new RegExp(reference) });
  await expect(depositRow).toContainText('Pending');
  await expect(depositRow).toContainText('PKR 25,000');
  await expect(wallet(agent)).toHaveAccessibleName('Wallet balance: PKR 0');

  // ---- accounts approves it on the top-up request screen ----------------------------------------------
  await login(staff, 'accounts@demo.safar');
  await expect(staff).toHaveURL(/\/admin\/dashboard$/);
  await (await menuLink(staff, 'Money', 'Top-up requests')).click();
  await staff.getByLabel('Search').fill(reference);
  const topup = staff.getByRole('row', { name: new RegExp(reference) });
  await expect(topup).toContainText('Noor Travels (Pvt) Ltd');
  await expect(topup).toContainText('Pending');
  await topup.getByRole('link', { name: 'Review' }).click();
  await expect(staff).toHaveURL(/\/admin\/deposit-details\?id=\d+$/);
  await expect(staff.getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', /^\/api\/files\//);
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Approving credits the agent\'s wallet with')).toContainText('PKR 25,000');
  await staff.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(staff.getByText('Deposit approved successfully')).toBeVisible();
  await expect(staff.getByText('The wallet has been credited and the agent emailed.')).toBeVisible();
  expect((await latestMail(staff, email)).subject).toBe('Your deposit has been approved');

  // ---- the agent sees the balance and the statement row, and downloads the CSV ------------------------
  // No reload: moving to another screen of the agent area refreshes the header.
  await (await menuLink(agent, 'Money', 'Ledger')).click();
  await expect(agent).toHaveURL(/\/agent\/agent-ledger$/);
  await expect(wallet(agent)).toHaveAccessibleName('Wallet balance: PKR 25,000');
  const description = `Deposit ${reference} (${bankName})`;
  const statementRow = agent.getByRole('row', { name: new RegExp(reference) });
  await expect(statementRow).toContainText(description);
  await expect(statementRow).toContainText('Deposit');
  await expect(statementRow).toContainText('PKR 25,000');
  await expect(agent.getByTestId('closing-balance')).toHaveText('PKR 25,000');

  const [download] = await Promise.all([agent.waitForEvent('download'), agent.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-AGN-\d{2}-\d{4}-start-today\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
  const lines = csv.trim().split(/\r?\n/);
  // The header in the reader's language, like the screen's columns.
  expect(lines[0]).toBe('Date,Type,Reference,Description,Debit,Credit,Balance');
  // Each row in words with the deposit's own reference (never the posting's), its day in Pakistan, money as everywhere.
  const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Karachi' }).format(new Date());
  expect(lines).toContain(`${today},Deposit,${reference},${description},,"PKR 25,000","PKR 25,000"`);
  expect(csv).not.toContain('deposit:');
  expect(lines.at(-1)).toBe(',Closing balance,,,PKR 0,"PKR 25,000","PKR 25,000"');
});

test('accounts set an agency’s markup and discount from the agent margins screen, without the user’s page', async ({ browser }) => {
  test.setTimeout(90_000);
  const accounts = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(accounts, 'accounts@demo.safar');
  await (await menuLink(accounts, 'Money', 'Agent margins')).click();
  await expect(accounts).toHaveURL(/\/admin\/agent-margins$/);
  // The pending demo agency: its margins change no price another journey reads.
  const pick = accounts.getByLabel('Agency');
  await pick.selectOption((await pick.locator('option', { hasText: 'Oasis Tours' }).first().getAttribute('value'))!);
  await expect(accounts).toHaveURL(/\/admin\/agent-margins\?id=\d+$/);
  const form = accounts.getByTestId('agent-margin-form');
  await expect(form.getByLabel('Markup per passenger')).toHaveValue(/^\d/);
  await form.getByLabel('Markup per passenger').fill('1250');
  await form.getByLabel('Discount per passenger').fill('300.50');
  await form.getByRole('button', { name: 'Save margin values' }).click();
  await expect(accounts.getByText('Margin values saved successfully')).toBeVisible();
  await reviewShot(accounts, test.info().outputPath('agent-margins-desktop-en.png'));
  // Read back from the server: a fresh load shows what was saved.
  await accounts.reload();
  await expect(accounts.getByTestId('agent-margin-form').getByLabel('Markup per passenger')).toHaveValue('1250.00');
  await expect(accounts.getByTestId('agent-margin-form').getByLabel('Discount per passenger')).toHaveValue('300.50');

  const arAccounts = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await login(arAccounts, 'accounts@demo.safar');
  await arAccounts.evaluate(() => localStorage.setItem('locale', 'ar'));
  await arAccounts.goto(accounts.url());
  await expect(arAccounts.getByTestId('agent-margin-form').getByLabel('زيادة لكل راكب')).toHaveValue('1250.00');
  await reviewShot(arAccounts, test.info().outputPath('agent-margins-phone-ar.png'), true);
});
