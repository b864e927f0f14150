import { expect, test } from './test';
import { latestMail, loginByForm, logout, reviewShot } from './support';

test('a new customer registers, verifies the email from the outbox, logs out and in again', async ({ page }) => {
  const email = `traveller-${Date.now()}@example.com`;
  await page.goto('/auth/register');
  await page.getByLabel('Full name').fill('Noor Traveller');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('long-trip-2026');
  await page.getByLabel('Confirm password').fill('long-trip-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registered successfully.')).toBeVisible();

  const mail = await latestMail(page, email);
  expect(mail.subject).toBe('Verify your email address');
  const link = mail.text.match(/https?:\/\/\S+\/auth\/verify-email\?\S+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/email-success-message/);

  const user = await (await page.request.get('/api/user')).json();
  expect(user.data).toMatchObject({ email, email_verified: true, role: 'customer' });

  await logout(page);
  await loginByForm(page, email, 'long-trip-2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Noor Traveller');
});

const landings: Array<[string, RegExp]> = [
  ['admin@demo.safar', /\/admin\/dashboard$/],
  ['accounts@demo.safar', /\/admin\/dashboard$/],
  ['reservation@demo.safar', /\/admin\/dashboard$/],
  ['agent@demo.safar', /\/agent\/dashboard$/],
  ['pending.agent@demo.safar', /\/agent\/pending-approval$/],
  ['customer@demo.safar', /localhost:\d+\/$/],
];

for (const [email, where] of landings) {
  test(`${email} lands where the guard sends it`, async ({ page }) => {
    await loginByForm(page, email);
    await expect(page).toHaveURL(where);
  });
}

test('the pending agent sees the pending-approval screen and cannot open the agent dashboard', async ({ page }) => {
  await loginByForm(page, 'pending.agent@demo.safar');
  await expect(page.getByRole('heading', { name: 'Your account is waiting for approval' })).toBeVisible();
  await page.goto('/agent/dashboard');
  await expect(page).toHaveURL(/\/agent\/pending-approval$/);
});

test('an anonymous visit to /agent/dashboard lands on home', async ({ page }) => {
  await page.goto('/agent/dashboard');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('switching to Arabic mirrors the layout and persists', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: /Switch language/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The logo sits at the right edge in Arabic.
  const logo = await page.getByRole('link', { name: /سفر|Safar/ }).first().boundingBox();
  expect(logo!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  if (await reviewShot(page, testInfo.outputPath('home-ar.png'), true)) await testInfo.attach('home-ar', { path: testInfo.outputPath('home-ar.png'), contentType: 'image/png' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
