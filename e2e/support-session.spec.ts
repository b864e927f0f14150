import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { login, reviewShot, search } from './support';

/**
 * A support session end to end: an agent (desktop, English) starts one from the account menu and reads the code out;
 * an analyst on a phone in Arabic joins with it in the explorer's live panel (after a wrong code is refused), sees
 * the agent's flight search move on the chart, marked as the agent's with the name masked; either side ends it and
 * the other sees it end. Each step is photographed into .tmp/shots-support.
 */
const SHOTS = '.tmp/shots-support';
const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await reviewShot(page, `${SHOTS}/${name}.png`);
};

async function signedIn(browser: Browser, email: string, opts: { phone?: boolean; ar?: boolean }) {
  const context = await browser.newContext(opts.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await login(page, email);
  if (opts.ar) await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  return page;
}

async function startSession(agent: Page): Promise<string> {
  await agent.getByRole('button', { name: 'Account menu' }).click();
  await agent.getByRole('menuitem', { name: 'Start a support session' }).click();
  const chip = agent.getByTestId('support-chip');
  await expect(chip).toHaveAttribute('data-status', 'waiting');
  const code = (await chip.locator('strong').innerText()).trim();
  expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
  return code;
}

async function join(analyst: Page, code: string) {
  await analyst.getByLabel('رمز الدعم').fill(code);
  await analyst.getByRole('button', { name: 'انضمام' }).click();
}

test('an analyst follows an agent’s session by its code, masked, until either side ends it', async ({ browser }) => {
  test.setTimeout(120_000);
  const agent = await signedIn(browser, 'agent@demo.safar', {});
  await agent.goto('/agent/flights');
  const code = await startSession(agent);
  await agent.getByRole('button', { name: 'Account menu' }).click();
  await expect(agent.getByTestId('support-code')).toHaveText(code);
  await expect(agent.getByTestId('support-menu')).toContainText('Read this code out to our support team.');
  await expect(agent.getByTestId('support-menu')).toContainText(/Ends in (29|30) minutes/);
  await shot(agent, 'agent-menu-en-1280');
  await agent.keyboard.press('Escape');

  const analyst = await signedIn(browser, 'analyst@demo.safar', { phone: true, ar: true });
  await analyst.goto('/admin/flows?machine=flight-booking');
  const live = analyst.getByTestId('flows-live');
  await expect(live).toBeVisible();

  // A wrong code is refused in the reader's language, and nothing is shown.
  await join(analyst, code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ');
  await expect(analyst.getByTestId('support-refusal')).toHaveText('لا توجد جلسة دعم بهذا الرمز.');
  await expect(analyst.getByTestId('support-follow')).toHaveCount(0);
  await live.scrollIntoViewIfNeeded();
  await shot(analyst, 'analyst-refused-ar-390');

  await join(analyst, code.toLowerCase());
  await expect(analyst.getByTestId('support-follow')).toHaveAttribute('data-status', 'joined');
  await expect(analyst.getByTestId('support-follow')).toContainText('متابعة جلسة وكيل سفر');
  await expect(analyst.getByTestId('support-follow')).toContainText('B••• A•••');
  await expect(agent.getByTestId('support-chip')).toHaveAttribute('data-status', 'joined');

  // The agent searches: the analyst's chart follows the agent's flight booking machine to its results.
  await search(agent, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'] });
  await expect(analyst.getByTestId('flows-live-state')).toHaveText('results', { timeout: 15_000 });
  await expect(analyst.locator('[data-state-id="flightBooking.results"]')).toHaveAttribute('data-active', 'true');
  await expect(analyst.getByTestId('flows-live-owner')).toContainText('B••• A•••');
  const rows = live.locator('tbody tr');
  await expect(rows.filter({ has: analyst.locator('td:nth-child(2) code', { hasText: /^SEARCH$/ }) }).first()).toContainText('KHI');
  const shown = await analyst.locator('body').innerText();
  for (const personal of ['Bilal', 'agent@demo.safar', 'Crescent']) expect(shown).not.toContain(personal);
  await live.scrollIntoViewIfNeeded();
  await shot(analyst, 'analyst-following-ar-390');
  await shot(agent, 'agent-joined-en-1280');

  // The agent ends it: the analyst sees it end.
  await agent.getByRole('button', { name: 'Account menu' }).click();
  await agent.getByRole('menuitem', { name: 'End support session' }).click();
  await expect(agent.getByTestId('support-chip')).toHaveAttribute('data-status', 'ended');
  await expect(analyst.getByTestId('support-follow')).toHaveAttribute('data-status', 'ended', { timeout: 20_000 });
  await expect(analyst.getByTestId('support-follow')).toContainText(/أنهى وكيل سفر \u2068?B••• A•••\u2069? جلسة الدعم\./);
  await shot(analyst, 'analyst-ended-by-user-ar-390');

  // A new session; this time the analyst ends it, and the agent is told.
  await agent.getByTestId('support-chip').getByRole('button', { name: 'Dismiss' }).click();
  const second = await startSession(agent);
  await analyst.getByRole('button', { name: 'إغلاق' }).click();
  // The first code is over: refused as ended.
  await join(analyst, code);
  await expect(analyst.getByTestId('support-refusal')).toHaveText('انتهت جلسة الدعم هذه.');
  await join(analyst, second);
  await expect(analyst.getByTestId('support-follow')).toHaveAttribute('data-status', 'joined');
  await analyst.getByTestId('support-follow').getByRole('button', { name: 'إنهاء جلسة الدعم' }).click();
  await expect(analyst.getByTestId('support-follow')).toHaveAttribute('data-status', 'ended');
  await expect(analyst.getByTestId('support-follow')).toContainText('لقد أنهيت جلسة الدعم.');
  await expect(agent.getByTestId('support-chip')).toHaveAttribute('data-status', 'ended', { timeout: 15_000 });
  await expect(agent.getByText('Support ended your support session.')).toBeVisible();
  await shot(agent, 'agent-ended-by-analyst-en-1280');
});

test('the live view sees the machines of the analyst’s own tabs that start by calling the server (a list)', async ({ context, page }) => {
  await login(page, 'analyst@demo.safar');
  await page.goto('/admin/flows?machine=resource-list');
  await expect(page.getByTestId('flows-live')).toContainText('Nothing running yet');
  const users = await context.newPage();
  await users.goto('/admin/users');
  await expect(page.getByTestId('flows-live-state')).not.toBeEmpty();
  await expect(page.locator('#flows-live-actor option').first()).toContainText('/admin/users');
  await expect(page.getByTestId('flows-live')).not.toContainText('Nothing running yet');
});
