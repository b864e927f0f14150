import { expect, test } from './test';
import { fieldsOverlapping, login } from './support';
import { expandSearchResponse, type FlightSearchWire } from '../contract/flight-wire';

/**
 * Journeys: admin creates a visa with rich text, an image and a header image and a visitor sees it in
 * English and Arabic; a visitor's enquiry reaches the leads list; a group ticket added by admin shows in flight search.
 */

// A real PNG (the server checks content, so a renamed text file would be refused).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

test('admin creates a visa with rich text and a header image; a visitor sees it in English and Arabic', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Georgia e-Visa ${stamp}`;
  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'admin@demo.safar');
  await expect(staff).toHaveURL(/\/admin\/dashboard/);

  await staff.goto('/admin/new-visa');
  await staff.getByLabel(/^Country/).selectOption('GE');
  await staff.getByLabel(/^Title/).fill(title);
  await staff.getByLabel('Arabic title').fill(`تأشيرة جورجيا ${stamp}`);
  await staff.getByLabel(/^Price/).fill('18500');
  // An executable named .png is refused, in a dark toast.
  await staff.locator('#f-image').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: EXE });
  await expect(staff.locator('.Toastify__toast-theme--dark')).toContainText('The file must be an image');
  await staff.locator('#f-image').setInputFiles({ name: 'tbilisi.png', mimeType: 'image/png', buffer: PNG });
  await expect(staff.getByText('File Uploaded')).toBeVisible();
  const editor = staff.locator('[data-field="description"] .ql-editor');
  await editor.click();
  await staff.keyboard.type('Apply online in ');
  await staff.keyboard.press('Control+b');
  await staff.keyboard.type('five minutes');
  await staff.keyboard.press('Control+b');
  await staff.keyboard.type('.');
  // Every field keeps to its own box, the picture fields beside each other and the editors above the next row.
  await expect.poll(() => fieldsOverlapping(staff)).toEqual([]);
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Visa saved successfully')).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/visas$/);
  await expect(staff.getByRole('cell', { name: title })).toBeVisible();

  await staff.getByTestId('header-upload-visa').setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: PNG });
  await expect(staff.getByText('Header images saved successfully')).toBeVisible();

  // A visitor, in English.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/visa');
  await visitor.getByRole('link', { name: new RegExp(title) }).click();
  await expect(visitor).toHaveURL(/\/visa-details\?id=\d+/);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('.rich-view strong')).toHaveText('five minutes');
  await expect(visitor.getByText('PKR 18,500')).toBeVisible();
  // The header images come by their own request, which may answer after the visa itself.
  await expect(visitor.getByTestId('cat-hero')).toHaveAttribute('style', /\/api\/files\//);

  // The same page in Arabic.
  const arContext = await browser.newContext();
  await arContext.addInitScript(() => localStorage.setItem('locale', 'ar'));
  const arabic = await arContext.newPage();
  await arabic.goto(visitor.url());
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('heading', { level: 1, name: `تأشيرة جورجيا ${stamp}` })).toBeVisible();
  await expect(arabic.getByRole('heading', { name: 'قدّم أو استفسر عن هذه التأشيرة' })).toBeVisible();
  await expect(arabic.locator('.rich-view strong')).toHaveText('five minutes');
});

test("a visitor's enquiry reaches the leads list and staff mark it handled", async ({ browser }) => {
  const stamp = Date.now();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/contact/us');
  const form = visitor.getByTestId('enquiry-form');
  await form.getByLabel(/^Name/).fill(`Zainab ${stamp}`);
  await form.getByLabel(/^Email/).fill(`zainab-${stamp}@example.com`);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByText('The message may not')).toHaveCount(0);
  await expect(visitor.getByText('Thank you! We have received your enquiry and will contact you shortly.')).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await login(staff, 'admin@demo.safar');
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  await staff.goto('/admin/leads');
  const row = staff.getByRole('row', { name: new RegExp(`Zainab ${stamp}`) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Open' }).click();
  await staff.getByLabel('Staff note').fill('Called back.');
  await staff.getByRole('button', { name: 'Mark handled' }).click();
  await expect(staff.getByText('Lead updated successfully')).toBeVisible();
  await expect(staff.getByRole('row', { name: new RegExp(`Zainab ${stamp}`) })).toHaveCount(0); // the list shows new ones
});

test('a group ticket added by admin shows in flight search as our own fare, and Book opens that fare itself', async ({ page, browser }) => {
  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await login(page, 'admin@demo.safar');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/new/group-ticket');
  await page.getByLabel(/^Airline \(code\)/).fill('PK');
  await page.getByLabel(/^Flight number/).fill('9301');
  await page.getByLabel(/^From \(airport\)/).fill('KHI');
  await page.getByLabel(/^Destination/).fill('MED');
  await page.getByLabel(/^Departure date/).fill(day);
  await page.getByLabel(/^Departure time/).fill('02:30');
  await page.getByLabel(/^Arrival time/).fill('05:45');
  await page.getByLabel(/^Seats \*?$/).fill('30');
  await page.getByLabel(/^Price/).fill('5000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group ticket saved successfully')).toBeVisible();
  const res = await page.request.get(`/api/flights?origin=KHI&destination=MED&departure_date=${day}&adults=1&limit=200`);
  const body = expandSearchResponse((await res.json()) as FlightSearchWire);
  const own = body.flights.filter((f) => f.is_sooper_flight);
  expect(own.map((f) => f.journeys[0].segments[0].flight_number)).toContain('PK 9301');
  await page.goto('/group-tickets-main');
  await expect(page.getByText('PK 9301')).toBeVisible();
  // A visitor's "Book" opens that group fare itself, for the travellers chosen, and goes on to checkout with it.
  const visitor = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await visitor.goto('/group-tickets-main');
  const card = visitor.locator('.gt-card').filter({ hasText: 'PK 9301' });
  await card.getByTestId('gt-adults').selectOption('2');
  await card.getByTestId('gt-book').click();
  await expect(visitor).toHaveURL(/\/flight\/details\?flight_id=group-/);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('10,000');
  await expect(visitor.getByText('PK 9301').first()).toBeVisible();
  await visitor.getByRole('button', { name: /Book now/ }).click();
  await expect(visitor).toHaveURL(/\/flight\/checkout$/);
  await expect(visitor.getByTestId('pax-1')).toBeVisible();
});

test("admin sets an airline's margin in /admin/airlines and sees it in the list", async ({ page }) => {
  await login(page, 'admin@demo.safar');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/airlines');
  const search = async () => {
    await page.getByRole('searchbox').fill('Emirates');
    await page.getByRole('button', { name: 'Search' }).click();
  };
  await search();
  const ek = page.getByRole('row').filter({ has: page.getByText('EK', { exact: true }) });
  await expect(ek).toContainText('—');
  await expect(ek.getByRole('button', { name: 'Delete' })).toHaveCount(0); // deactivated, never deleted
  await ek.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/admin\/update\/airline\?id=EK$/);
  await expect(page.getByLabel(/^Code/)).toHaveValue('EK');
  await expect(page.getByLabel(/^Code/)).not.toBeEditable();
  await page.getByLabel('Margin', { exact: true }).selectOption({ label: 'Markup (adds to the fare)' });
  // A margin amount without its basis is refused beside the field.
  await page.getByLabel('Margin amount').fill('2.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.field-error').getByText('Choose markup or discount and fixed or percent.')).toBeVisible();
  await page.getByLabel('Margin basis').selectOption({ label: 'Percent of the base fare' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Airline updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/airlines$/);
  await search();
  await expect(ek).toContainText('+2.50 %');
});

test('admin adds a custom airport and finds it', async ({ page }) => {
  await login(page, 'admin@demo.safar');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/airports');
  await page.getByRole('button', { name: 'New airport' }).click();
  await expect(page).toHaveURL(/\/admin\/new\/airport$/);
  await page.getByLabel(/^Code/).fill('ZZQ');
  await page.getByLabel(/^Name/).fill('Skardu Heliport');
  await page.getByLabel(/^City/).fill('Skardu');
  await page.getByLabel(/^Country/).selectOption('PK');
  await page.getByLabel(/^Latitude/).fill('35.33');
  await page.getByLabel(/^Longitude/).fill('75.54');
  await page.getByLabel(/^Time zone/).fill('Asia/Karrachi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.field-error').getByText('Choose a time zone such as Asia/Karachi.')).toBeVisible();
  await page.getByLabel(/^Time zone/).fill('Asia/Karachi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Airport saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/airports$/);

  await page.getByLabel('Show').selectOption({ label: 'Added by staff' });
  const row = page.getByRole('row', { name: /ZZQ/ });
  await expect(row).toContainText('Skardu Heliport');
  await expect(row).toContainText('Added');
  await page.getByRole('searchbox').fill('skardu');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row).toBeVisible();
  // The public autocomplete offers it too.
  const found = (await (await page.request.get('/api/airports?q=skardu')).json()) as { data: { code: string }[] };
  expect(found.data.map((a) => a.code)).toContain('ZZQ');
});
