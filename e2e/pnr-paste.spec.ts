import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { login } from './support';

/**
 * Reservation staff paste a booking display from each GDS (Amadeus, Sabre, Galileo, Apollo, Worldspan) into Import
 * PNR: the preview says which system printed it and fills the form (names without a title are left for staff to
 * choose), and the booking is saved for the agent. A display with a line Safar cannot read is saved only once staff
 * confirm they checked it; the journey is also run in Arabic on a phone.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const ddmmm = (daysAhead: number) => {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}${MONTHS[d.getUTCMonth()]}`;
};
let serial = 0;
/** A record locator no other run or retry has used. */
const locator = () => `Q${(Date.now() + serial++).toString(36).slice(-4).toUpperCase()}${'ABCDEFGH'[serial % 8]}`.replace(/[^A-Z0-9]/g, 'Z').slice(0, 6);

const DISPLAYS: Record<string, { gds: string; text: (loc: string) => string }> = {
  amadeus: {
    gds: 'Amadeus',
    text: (loc) => `RP/KHIPK2100/KHIPK2100            AA/SU  ${ddmmm(0)}26/0912Z   ${loc}
  1.SIDDIQUI/AMNA MRS   2.SIDDIQUI/OMAR
  3  PK 213 Y ${ddmmm(20)} 7 KHIDXB HK2   930A1130A ${ddmmm(20)}  E  PK/${loc}
  4  PK 214 Y ${ddmmm(27)} 7 DXBKHI HK2  1130P 315A ${ddmmm(28)}  E  PK/${loc}`,
  },
  sabre: {
    gds: 'Sabre',
    text: (loc) => `${loc}
 1.2RAZA/FARHAN MR/AMNA MRS
 1 EK 601Y ${ddmmm(21)} F KHIDXB*HK2  0445  0630  /DCEK*EKX7TR /E
 2 EK 600Y ${ddmmm(29)} J DXBKHI*HK2  2150  0155  ${ddmmm(30)} W /DCEK*EKX7TR /E
TKT/TIME LIMIT
  1.TAW${ddmmm(1)}/`,
  },
  galileo: {
    gds: 'Galileo',
    text: (loc) => `${loc}/WS QSBYC DPBVWS  AG 05578602 ${ddmmm(0)}
  1.1MALIK/USMANMR  2.1MALIK/HINAMRS
 1. QR  605 Y  ${ddmmm(22)} KHIDOH HK2   420A  535A O*         SU  1
 2. QR  604 Y  ${ddmmm(31)} DOHKHI HK2  1030P #330A O*         SU  1`,
  },
  apollo: {
    gds: 'Apollo',
    text: (loc) => `${loc}/WS QSBYC DPBVWS  AG 05578602 ${ddmmm(0)}
 1.1HAIDER/SALMAN MR
 1 EK 623Y ${ddmmm(23)} LHEDXB HK1   415A  640A *         WE   E  1
 2 EK 624Y ${ddmmm(33)} DXBLHE HK1   950P  155A|*         WE   E  1`,
  },
  worldspan: {
    gds: 'Worldspan',
    text: (loc) => `1P-${loc}
 1.1SALEEM/TAHIR MR*ADT
 1 TK 711Y ${ddmmm(24)} WE ISBIST HK1   540A  950A/O $ E
 2 TK 710Y ${ddmmm(34)} SU ISTISB HK1   940P  520A#/O $ E`,
  },
};

async function paste(page: Page, text: string, lang: 'en' | 'ar' = 'en') {
  await page.goto('/admin/import-pnr');
  await page.getByRole('button', { name: lang === 'en' ? 'Paste itinerary' : 'لصق خط الرحلة' }).click();
  await page.locator('#pnr-text').fill(text);
  await page.getByRole('button', { name: lang === 'en' ? 'Preview' : 'معاينة' }).click();
}

/** Chooses the agent, a title for each passenger the display printed none for, and the fare; saves without ticketing. */
async function save(page: Page, loc: string, lang: 'en' | 'ar' = 'en') {
  await page.locator('select[name="agent_id"]').selectOption({ label: 'Crescent Travels (AGN-26-0001)' });
  const titles = page.locator('select[name$="-title"]');
  for (let i = 0; i < await titles.count(); i++) if (!(await titles.nth(i).inputValue())) await titles.nth(i).selectOption('Mr');
  await page.locator('input[name="fare-ADT-base"]').fill('50000');
  await page.locator('input[name="fare-ADT-taxes"]').fill('8000');
  await page.locator('input[name="issue"]').uncheck();
  await page.getByRole('button', { name: lang === 'en' ? 'Save' : 'حفظ', exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(loc) })).toBeVisible();
}

test('a display from each GDS is read, said which system printed it, and saved as a booking for the agent', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'reservation@demo.safar');
  for (const [key, d] of Object.entries(DISPLAYS)) {
    const loc = locator();
    await paste(page, d.text(loc));
    await expect(page.getByTestId('pnr-gds'), key).toContainText(`Read as a ${d.gds} display`);
    await expect(page.locator('input[name="pnr"]')).toHaveValue(loc);
    await expect(page.locator('fieldset[aria-label^="Flight"]')).toHaveCount(2);
    await expect(page.getByTestId('pnr-unread')).toHaveCount(0);
    await save(page, loc);
  }
});

test('a line Safar cannot read is shown with its text, and saving waits for staff to confirm they checked it', async ({ page }) => {
  await login(page, 'reservation@demo.safar');
  const loc = locator();
  await paste(page, `${DISPLAYS.amadeus.text(loc)}\n  5  PK 215 Y ${ddmmm(40)}`);
  await expect(page.getByTestId('pnr-unread')).toContainText(`5  PK 215 Y ${ddmmm(40)}`);
  await expect(page.getByTestId('pnr-unread')).toContainText('Line 5: This flight line was not read: check it by hand.');
  await page.locator('select[name="agent_id"]').selectOption({ label: 'Crescent Travels (AGN-26-0001)' });
  // Every passenger the display printed no title for gets one (no title is assumed).
  const titles = page.locator('select[name$="-title"]');
  for (let i = 0; i < await titles.count(); i++) if (!(await titles.nth(i).inputValue())) await titles.nth(i).selectOption('Mr');
  await page.locator('input[name="fare-ADT-base"]').fill('50000');
  await page.locator('input[name="fare-ADT-taxes"]').fill('8000');
  await page.locator('input[name="issue"]').uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Some lines of the display were not read: check them against the preview and confirm.').first()).toBeVisible();
  await page.getByLabel('I have checked the line Safar could not read.').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: new RegExp(loc) })).toBeVisible();
});

test.describe('on a phone in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a Sabre display is read and saved, its notes in Arabic', async ({ page }) => {
    await login(page, 'reservation@demo.safar');
    // Arabic is chosen once signed in, on the page the sign-in opened.
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    const loc = locator();
    await paste(page, DISPLAYS.sabre.text(loc).replace('*HK2  2150', '*UN2  2150'), 'ar');
    await expect(page.getByTestId('pnr-gds')).toContainText('قُرئت كشاشة سابر');
    await expect(page.getByTestId('pnr-left-out')).toContainText('EK600');
    await expect(page.locator('.pnr-reading')).toContainText('ألغتها شركة الطيران');
    await save(page, loc, 'ar');
  });
});
