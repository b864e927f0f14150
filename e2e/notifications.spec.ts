import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import type { BrowserContext, Page } from '@playwright/test';
import { login } from './support';

/**
 * The bell: an agent submits a deposit, accounts sees the bell's count go up, follows the notice to the
 * deposit and approves it; the agent's bell then says the deposit was approved. On a desktop in English and on a
 * 390x844 phone in Arabic (the panel fits the screen, closes with Escape and by tapping outside).
 */
const WORDS = {
  en: { approve: 'Approve', confirm: 'Confirm approval', title: 'Notifications', approved: 'has been approved', cashDeposit: 'Cash deposit' },
  ar: { approve: 'موافقة', confirm: 'تأكيد الموافقة', title: 'الإشعارات', approved: 'تمت الموافقة على إيداعك', cashDeposit: 'إيداع نقدي' },
} as const;

async function post(context: BrowserContext, page: Page, path: string, data: unknown) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.fetch(path, { method: 'POST', data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

/** Signs in (English form), then switches the app to `lng` with the header's switch (kept for the reloads after). */
async function signIn(page: Page, email: string, lng: 'en' | 'ar', home: string) {
  await login(page, email);
  await page.goto(home);
  if (lng === 'ar') await page.locator('.lang-switch').click(); // the header's language switch
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

const badge = (page: Page) => page.getByTestId('bell').locator('.bell-badge');
/** The server's unread count: the badge may not have drawn it yet when the bell first shows. */
const unreadOf = async (page: Page) => Number((await page.request.get('/api/notifications/unread-count').then((r) => r.json())).data.unread);
/** What the badge says: its number, or 0 when it is not drawn. */
const shownUnread = async (page: Page) => ((await badge(page).count()) ? Number(await badge(page).textContent()) : 0);
/** When the reader's notice that names `reference` was read (null while unread). */
async function readAtOf(page: Page, reference: string): Promise<string | null | undefined> {
  const { data } = (await page.request.get('/api/notifications?per_page=50').then((r) => r.json())) as { data: { params: unknown; read_at: string | null }[] };
  return data.find((n) => JSON.stringify(n.params).includes(reference))?.read_at;
}

for (const v of [{ name: 'desktop, English', lng: 'en', viewport: { width: 1366, height: 900 } }, { name: 'phone, Arabic', lng: 'ar', viewport: { width: 390, height: 844 } }] as const) {
  test(`deposit notices through the bell (${v.name})`, async ({ browser }) => {
    const w = WORDS[v.lng];
    const staffCtx = await browser.newContext({ viewport: v.viewport });
    const agentCtx = await browser.newContext({ viewport: v.viewport });
    const staff = await staffCtx.newPage();
    const agent = await agentCtx.newPage();
    await signIn(staff, 'accounts@demo.safar', v.lng, '/admin/topup-request');
    await expect(staff.getByTestId('bell')).toBeVisible();
    const before = await unreadOf(staff);

    // ---- the agent submits a deposit -------------------------------------------------------------------
    await signIn(agent, 'agent@demo.safar', v.lng, '/agent/deposits');
    const reference = `BELL-${v.lng}-${Date.now().toString(36)}`.toUpperCase();
    const saved = await post(agentCtx, agent, '/api/deposit-data', { method: 'cash', amount: '1500', deposit_date: new Date().toISOString().slice(0, 10), reference });
    expect(saved.status()).toBe(201);

    // ---- accounts sees the count go up, opens the panel and follows the notice -------------------------
    await staff.reload();
    // A job's notice (an agency's credit running low) may reach accounts' bell too: the badge says the server's count, this one among it.
    await expect.poll(async () => { const shown = await shownUnread(staff); return shown > before && shown === (await unreadOf(staff)); }).toBe(true);
    if (v.lng === 'en') await expect(staff.getByTestId('bell')).toHaveAccessibleName(`Notifications, ${await shownUnread(staff)} unread`);
    await staff.getByTestId('bell').click();
    const panel = staff.getByRole('dialog', { name: w.title });
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(v.viewport.width);
    await staff.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await staff.getByTestId('bell').click();
    await expect(panel).toBeVisible();
    await staff.mouse.click(5, v.viewport.height - 5); // tapping outside closes it
    await expect(panel).toBeHidden();
    await staff.getByTestId('bell').click();
    const notice = panel.getByRole('link', { name: new RegExp(reference) });
    await expect(notice).toBeVisible();
    // The open panel passes axe (serious and critical rules), in both languages.
    const { violations } = await new AxeBuilder({ page: staff }).include('.bell-popover').setLegacyMode().analyze();
    expect(violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id)).toEqual([]);
    await notice.click();
    await expect(staff).toHaveURL(/\/admin\/deposit-details\?id=\d+$/);
    await expect(panel).toBeHidden();
    // Following the notice marks it read, and the badge follows the server's count.
    await expect.poll(() => readAtOf(staff, reference)).not.toBeNull();
    await expect.poll(async () => (await shownUnread(staff)) === (await unreadOf(staff))).toBe(true);
    await staff.getByRole('button', { name: w.approve, exact: true }).click();
    await staff.getByRole('button', { name: w.confirm }).click();

    // ---- the agent's bell says the deposit was approved -------------------------------------------------
    await agent.reload();
    await expect(badge(agent)).toBeVisible();
    await agent.getByTestId('bell').click();
    await expect(agent.getByRole('dialog', { name: w.title }).getByRole('link', { name: new RegExp(`${w.approved}.*${reference}|${reference}.*${w.approved}`) })).toBeVisible();

    // ---- and its statement words the credit in its language ----------------------------------------------
    await agent.goto('/agent/agent-ledger');
    const row = agent.getByRole('row', { name: new RegExp(reference) });
    // In Arabic the reference is isolated left to right inside the sentence.
    await expect(row).toContainText(new RegExp(`${w.cashDeposit} \u2066?${reference}`));
    await expect(row).toContainText('PKR 1,500');
  });
}
