import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Safar-demo-1';

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The newest mail the development outbox holds for an address. */
export async function latestMail(page: Page, to: string): Promise<{ subject: string; text: string }> {
  const res = await page.request.get('/api/dev/outbox');
  const { data } = (await res.json()) as { data: Array<{ to: string; subject: string; text: string }> };
  const mail = data.find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
