import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { login, mmddyyyy, reviewShot, typeDate } from './support';

/**
 * The visa journey in a real browser: a customer applies for a visa with two uploads (a PDF passport scan
 * and a PNG photo, made here), pays by the sandbox card, and staff (admin) start the review and approve it; the
 * customer then sees "Approved" in My trips. The customer part runs in English at desktop size and in Arabic at
 * phone size; screenshots of each screen go to test-results/visa-shots.
 */

const TEXT = {
  en: { upload: 'Upload this document.', approved: 'Approved', submitted: 'Submitted' },
  ar: { upload: 'ارفع هذا المستند.', approved: 'تمت الموافقة', submitted: 'مُقدَّم' },
} as const;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Tiny real files: the server checks their content, not their names. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** The screen at both sizes (the journey's own size last, so it carries on as it was). */
async function shots(page: Page, name: string, lang: string, size: keyof typeof SIZES) {
  const other = size === 'desktop' ? 'phone' : 'desktop';
  await page.setViewportSize(SIZES[other]);
  await shot(page, `${name}-${lang}-${other}`);
  await page.setViewportSize(SIZES[size]);
  await shot(page, `${name}-${lang}-${size}`);
}

/** From the top of the page: a full-page picture taken lower down draws the sticky header across the middle. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await reviewShot(page, `test-results/visa-shots/${name}.png`, true);
}

async function customerApplies(page: Page, lang: 'en' | 'ar', size: keyof typeof SIZES): Promise<string> {
  await page.setViewportSize(SIZES[size]);
  await login(page, 'customer@demo.safar');
  await page.evaluate((l) => localStorage.setItem('locale', l), lang);
  const visas = (await (await page.request.get('/api/visas', { params: { per_page: 100 } })).json()).data as { id: number }[];
  await page.goto(`/visa-details?id=${visas[0].id}`);
  await page.getByTestId('visa-apply-online').click();
  await expect(page).toHaveURL(/\/visa-apply\?id=/);

  // Refused before anything is sent: each missing document says so under itself, in the reader's language.
  await page.getByTestId('va-continue').click();
  await expect(page.locator('[data-testid="traveller-0"] .field-error').first()).toBeVisible();
  await expect(page.getByTestId('traveller-0')).toContainText(TEXT[lang].upload);

  await typeDate(page, 'travel-date', mmddyyyy(45));
  await page.getByTestId('contact.phone').fill('+92 300 1234567');
  const t = page.getByTestId('traveller-0');
  await t.getByTestId('travellers.0.title').selectOption('Ms');
  await t.getByTestId('travellers.0.first_name').fill('Sara');
  await t.getByTestId('travellers.0.last_name').fill('Khan');
  await typeDate(page, 'dob-0', '03/14/1991');
  await t.getByTestId('travellers.0.passport_no').fill(`VA${Date.now() % 10_000_000}`);
  await typeDate(page, 'expiry-0', '01/31/2034');
  await t.getByTestId('travellers.0.documents.passport').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(t.getByTestId('travellers.0.documents.passport-done')).toBeVisible();
  await t.getByTestId('travellers.0.documents.photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(t.getByTestId('travellers.0.documents.photo-done')).toBeVisible();
  await shots(page, 'apply', lang, size);
  await page.getByTestId('va-continue').click();

  await expect(page.getByTestId('va-fee')).toBeVisible();
  await shots(page, 'review', lang, size);
  await page.getByTestId('va-pay-card').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/);
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button.pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
  const reference = (await page.getByTestId('pnr').innerText()).trim();
  expect(reference).toMatch(/^VA-\d{2}-\d{6}$/);

  // The result page leads to the application, submitted and with both documents.
  await page.locator(`a[href="/visa-application?reference=${reference}"]`).click();
  await expect(page.getByTestId('va-status')).toHaveText(TEXT[lang].submitted);
  await expect(page.getByTestId('va-doc-0-passport')).toBeVisible();
  await expect(page.getByTestId('va-doc-0-photo')).toBeVisible();
  await shots(page, 'application', lang, size);
  return reference;
}

async function staffApprove(page: Page, reference: string) {
  await login(page, 'admin@demo.safar');
  await page.goto('/admin/visa-applications');
  await page.getByRole('link', { name: reference }).click();
  await expect(page).toHaveURL(/\/admin\/visa-application\?id=/);
  // Staff open the documents: served to them, never public.
  const doc = await page.getByTestId('va-doc-0-photo').getAttribute('href');
  expect((await page.request.get(doc!)).headers()['content-type']).toBe('image/png');
  await page.getByTestId('va-start-review').click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await shot(page, 'admin-confirm-en-desktop');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('va-status')).toHaveText('Approved');
  await shot(page, 'admin-approved-en-desktop');
}

for (const [lang, size] of [['en', 'desktop'], ['ar', 'phone']] as const) {
  test(`a customer applies for a visa with two uploads and pays; staff approve it (${lang}, ${size})`, async ({ browser }) => {
    // Two uploads, a card payment and the staff's approval: about a minute on a busy machine.
    test.setTimeout(120_000);
    const customer = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    const reference = await customerApplies(customer, lang, size);

    const staff = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await staffApprove(staff, reference);
    // Signed out, the application is not for anyone's eyes without its email; its documents need a session.
    const anonymous = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    expect((await anonymous.request.get(`/api/visa-applications/${reference}`, { params: { email: 'someone@else.com' } })).status()).toBe(404);

    await customer.goto('/my-trips');
    const card = customer.locator(`[data-testid="trip-card"][data-reference="${reference}"]`);
    await expect(card.getByTestId('trip-status')).toHaveText(TEXT[lang].approved);
    await shots(customer, 'my-trips', lang, size);
    await card.click();
    await expect(customer.getByTestId('va-status')).toHaveText(TEXT[lang].approved);
  });
}
