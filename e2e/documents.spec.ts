import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { login, search, typeDate } from './support';

/**
 * Documents in a real browser, in English and Arabic: a customer books a flight by card (sandbox),
 * finds it in My trips, opens it, downloads the e-ticket PDF (named after the PNR, a real PDF), and asks for a
 * cancellation after the dialog has said what comes back.
 */
const TEXT = { en: { eTicket: 'Download e-ticket (PDF)' }, ar: { eTicket: 'تنزيل التذكرة الإلكترونية (PDF)' } } as const;

for (const lang of ['en', 'ar'] as const) {
  test(`a customer books by card, downloads the e-ticket from My trips and requests a cancellation (${lang})`, async ({ page }) => {
    await login(page, 'customer@demo.safar');
    await page.evaluate((l) => localStorage.setItem('locale', l), lang);
    await page.goto('/');
    await search(page, { oneWay: true, from: ['Karachi', 'KHI'], to: ['Dubai', 'DXB'], days: [45, 45] });
    await page.getByTestId('book-now').first().click();
    await expect(page).toHaveURL(/\/(flight\/|customer-flight-)checkout$/);
    const pax = page.getByTestId('pax-0');
    await pax.locator('input[name="travellers.0.first_name"]').fill('Nadia');
    await pax.locator('select[name="travellers.0.title"]').selectOption('Ms');
    const letters = (Date.now() % 1e8).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]);
    await pax.locator('input[name="travellers.0.last_name"]').fill(`Docs ${letters}`);
    await typeDate(page, 'dob-0', '03/14/1990');
    await pax.locator('input[name="travellers.0.document_no"]').fill(`DC${Date.now() % 10_000_000}`);
    await typeDate(page, 'expiry-0', '01/01/2034');
    await page.locator('input[name="main_contact.email"]').fill(`docs-${lang}-${Date.now()}@example.com`);
    await page.locator('input[name="main_contact.phone"]').fill('+92 300 1234567');
    await page.getByTestId('continue').click();
    await page.getByTestId('pay-card').click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/trk_/, { timeout: 20_000 });
    await page.locator('#card').fill('4242 4242 4242 4242');
    await page.locator('button.pay').click();
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-status', 'success');
    const pnr = (await page.getByTestId('pnr').first().innerText()).trim();

    await page.goto('/my-trips');
    const card = page.getByTestId('trips-upcoming').locator(`[data-reference="${pnr}"]`);
    await expect(card.getByTestId('trip-status')).toHaveClass(/is-ticketed/);
    await card.click();
    await expect(page.getByTestId('booking-pnr')).toHaveText(pnr);

    const link = page.getByTestId('download-eticket');
    await expect(link).toHaveText(TEXT[lang].eTicket);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`e-ticket-${pnr}${lang === 'ar' ? '-ar' : ''}.pdf`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByTestId('download-receipt')).toBeVisible();
    const [invoice] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-invoice').click()]);
    expect(invoice.suggestedFilename()).toBe(`invoice-${pnr}${lang === 'ar' ? '-ar' : ''}.pdf`);

    await page.getByTestId('trip-actions').locator('[data-action=requestVoid]').click();
    const dialog = page.getByRole('dialog');
    const paid = (await page.getByTestId('fare-total').textContent())!.trim();
    await expect(dialog.getByTestId('action-amount')).toContainText(paid);
    await dialog.locator('[data-confirm=requestVoid]').click();
    await expect(page.getByTestId('booking-status')).toHaveClass(/is-requested/);
  });
}
