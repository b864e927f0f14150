import { expect, test } from './test';
import { login } from './support';

/**
 * Accounts staff keep the agents' wallets by hand when they must: record a transaction ("Transaction saved
 * successfully"), find it in the list by its filters, and correct its wording ("Transaction updated
 * successfully"); the amount is shown as fixed, with the reversal offered instead. Desktop in English, phone in Arabic.
 */

const CASES = [
  { lang: 'en', viewport: { width: 1280, height: 900 }, t: { menu: 'Transactions', record: 'Record a transaction', agent: 'Agent', direction: 'Direction', debit: 'Debit (take from the wallet)', amount: 'Amount', description: 'Description', save: 'Save transaction', saved: 'Transaction saved successfully', type: 'Type', adjustment: 'Adjustment', correct: 'Correct', wording: 'Wording', saveWording: 'Save wording', updated: 'Transaction updated successfully', reverse: 'Record the reversal' } },
  { lang: 'ar', viewport: { width: 390, height: 844 }, t: { menu: 'المعاملات', record: 'تسجيل معاملة', agent: 'الوكيل', direction: 'الاتجاه', debit: 'مدين (خصم من المحفظة)', amount: 'المبلغ', description: 'الوصف', save: 'حفظ المعاملة', saved: 'تم حفظ المعاملة بنجاح', type: 'النوع', adjustment: 'تسوية', correct: 'تصحيح', wording: 'الصياغة', saveWording: 'حفظ الصياغة', updated: 'تم تحديث المعاملة بنجاح', reverse: 'تسجيل القيد العكسي' } },
] as const;

for (const { lang, viewport, t } of CASES) {
  test.describe(`transactions (${lang}, ${viewport.width}px)`, () => {
    test.use({ viewport });

    test('accounts staff record a transaction, find it by its filters and correct its wording', async ({ page }) => {
      const note = `Cheque ${lang}-${Date.now()}`;
      await login(page, 'accounts@demo.safar');
      await page.evaluate((l) => localStorage.setItem('locale', l), lang);
      await page.goto('/admin/transactions');
      await expect(page.getByRole('heading', { level: 1, name: t.menu })).toBeVisible();

      await page.getByRole('link', { name: t.record }).click();
      await expect(page).toHaveURL(/\/admin\/new-transaction$/);
      // Nothing chosen: the form names what is missing and sends nothing.
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.locator('.field-error').first()).toBeVisible();
      const agent = page.getByLabel(t.agent);
      await expect(agent.locator('option')).not.toHaveCount(1);
      await agent.selectOption({ index: 1 });
      await page.getByLabel(t.direction).selectOption({ label: t.debit });
      await page.getByLabel(t.amount).fill('25');
      await page.getByLabel(t.description).fill(note);
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/transactions$/);

      const row = page.locator('tr, .table-card, li').filter({ hasText: note }).first();
      await expect(row).toBeVisible();
      // On a phone the filters wait behind their button.
      const toggle = page.locator('.list-filters-toggle');
      if (await toggle.isVisible()) await toggle.click();
      await page.getByLabel(t.type).selectOption({ label: t.adjustment });
      await expect(row).toBeVisible();

      await row.getByRole('link', { name: t.correct }).click();
      await expect(page).toHaveURL(/\/admin\/update-transaction\?id=\d+$/);
      await expect(page.getByRole('link', { name: t.reverse })).toBeVisible();
      await page.getByLabel(t.wording).fill(`${note} (bank charge)`);
      await page.getByRole('button', { name: t.saveWording }).click();
      await expect(page.getByText(t.updated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/transactions$/);
      await expect(page.getByText(`${note} (bank charge)`).first()).toBeVisible();
    });
  });
}
