import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { mailsTo, setupApi } from '../support/api';
import { roleMatrix } from '../support/catalogue';

const api = await setupApi();
const shared = await setupApi({ leadsNotifyEmail: 'sales@safar.test' }); // a deployment with a shared inbox
const enquiry = (over: Record<string, unknown> = {}) => ({ source: 'contact', name: 'Farah Siddiqui', email: 'Farah@Example.com', phone: '+92 300 1234567', message: 'Do you do corporate travel?', ...over });
// Each test starts in a fresh rate-limit window (20 enquiries an hour per address).
beforeEach(() => { api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 3_600_000); });
const leadStatus = (w: string) => (w === 'anonymous' ? 401 : w === 'admin' ? 200 : 403);

describe('POST /leads', () => {
  it('stores a visitor\'s enquiry that staff then see', async () => {
    const res = await api.client().csrf().then((c) => c.post('/api/leads', enquiry()));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Thank you! We have received your enquiry and will contact you shortly.');
    const list = await (await api.as('admin')).get('/api/leads');
    expect(list.body.data[0]).toMatchObject({ id: res.body.data.id, source: 'contact', name: 'Farah Siddiqui', email: 'farah@example.com', status: 'new', locale: 'en' });
  });

  it('links an enquiry to a published item and keeps its title', async () => {
    const admin = await api.as('admin');
    const visa = (await admin.post('/api/visas', { country_code: 'TR', title: 'Turkey e-Visa', price: '24500' })).body.data;
    const res = await (await api.as('customer')).post('/api/leads', enquiry({ source: 'visa', item_id: visa.id, travellers: 3, travel_date: '2030-05-01' }), { 'accept-language': 'ar' });
    expect(res.status).toBe(201);
    const lead = (await admin.get('/api/leads', { source: 'visa' })).body.data.find((l: { id: number }) => l.id === res.body.data.id);
    expect(lead).toMatchObject({ item_id: visa.id, item_title: 'Turkey e-Visa', travellers: 3, travel_date: '2030-05-01', locale: 'ar' });
    const draft = (await admin.post('/api/visas', { country_code: 'TR', title: 'Hidden', price: '1', is_published: false })).body.data;
    const bad = await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ source: 'visa', item_id: draft.id })));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.item_id).toEqual(['The selected item does not exist.']);
  });

  it.each([
    [{ source: 'spam' }, 'source', 'Unknown enquiry type.'],
    [{ name: '' }, 'name', 'The name field is required.'],
    [{ email: '' }, 'email', 'The email field is required.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ phone: 'call me' }, 'phone', 'Enter a valid phone number.'],
    [{ message: 'x'.repeat(3001) }, 'message', 'The message may not be greater than 3000 characters.'],
    [{ travellers: 0 }, 'travellers', 'The travellers must be between 1 and 500.'],
    [{ travel_date: 'tomorrow' }, 'travel_date', 'The travel date must be a date (YYYY-MM-DD).'],
    [{ item_id: 5 }, 'item_id', 'A contact enquiry is not about an item.'],
    [{ source: 'holiday', item_id: 999999 }, 'item_id', 'The selected item does not exist.'],
  ])('refuses %j', async (over, field, message) => {
    const res = await api.client().csrf().then((c) => c.post('/api/leads', enquiry(over)));
    expect(res.status).toBe(422);
    expect(res.body.errors[field][0]).toBe(message);
  });

  it('answers a bot that fills the hidden field as if stored, and stores nothing', async () => {
    const admin = await api.as('admin');
    const before = (await admin.get('/api/leads')).body.meta.total;
    const res = await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ website: 'http://spam.example' })));
    expect(res.status).toBe(201);
    expect((await admin.get('/api/leads')).body.meta.total).toBe(before);
  });

  it('limits enquiries per address', async () => {
    const c = await api.client().csrf();
    let last = 0;
    for (let i = 0; i < 22; i++) last = (await c.post('/api/leads', enquiry())).status;
    expect(last).toBe(429);
  });

  it('role matrix: anyone may send an enquiry', async () => {
    await roleMatrix(api, (c) => c.post('/api/leads', enquiry()), () => 201);
  });
});

describe('GET /leads, PATCH /leads/{id}', () => {
  it('marks a lead handled with who and when, and back to new', async () => {
    const id = (await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ name: 'To handle' })))).body.data.id;
    const admin = await api.as('admin');
    const res = await admin.patch(`/api/leads/${id}`, { status: 'handled', staff_note: 'Called back, sent a quote.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Lead updated successfully', data: { status: 'handled', staff_note: 'Called back, sent a quote.', handled_by_name: 'Amina Admin' } });
    expect(res.body.data.handled_at).toBeTruthy();
    const handled = await admin.get('/api/leads', { status: 'handled' });
    expect(handled.body.data.map((l: { id: number }) => l.id)).toContain(id);
    expect(handled.body.data.every((l: { status: string }) => l.status === 'handled')).toBe(true);
    const back = await admin.put(`/api/leads/${id}`, { status: 'new' });
    expect(back.body.data).toMatchObject({ status: 'new', handled_by: null, handled_at: null });
  });

  it('searches and validates', async () => {
    const admin = await api.as('admin');
    await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ name: 'Unique Zebra' })));
    expect((await admin.get('/api/leads', { q: 'zebra' })).body.data.map((l: { name: string }) => l.name)).toEqual(['Unique Zebra']);
    expect((await admin.get('/api/leads', { status: 'lost' })).status).toBe(422);
    expect((await admin.get('/api/leads', { source: 'x' })).status).toBe(422);
    expect((await admin.patch('/api/leads/1', { status: 'won' })).body.errors.status).toEqual(['Choose new or handled.']);
    expect((await admin.patch('/api/leads/999999', { status: 'handled' })).status).toBe(404);
  });

  it('role matrix: leads.manage handles, the analyst only reads', async () => {
    const id = (await api.client().csrf().then((c) => c.post('/api/leads', enquiry()))).body.data.id;
    await roleMatrix(api, (c) => c.get('/api/leads'), (w) => (w === 'analyst' ? 200 : leadStatus(w)));
    await roleMatrix(api, (c) => c.patch(`/api/leads/${id}`, { status: 'handled' }), leadStatus);
  });
});

describe('staff mail on a new enquiry', () => {
  const ADMIN = 'admin@demo.safar';
  const newest = async (db = api.db, to = ADMIN) => (await mailsTo(db, to))[0];

  it('mails each staff member who handles leads once, in English, with a link to the leads list', async () => {
    const before = (await mailsTo(api.db, ADMIN)).length;
    const res = await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ name: 'Mail Me', message: 'Family of four to Baku.', travellers: 4 })));
    expect(res.status).toBe(201);
    const mails = await mailsTo(api.db, ADMIN);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]).toMatchObject({ kind: 'lead-new', subject: 'New enquiry (Contact) from Mail Me' });
    expect(mails[0].textBody).toContain('Email: farah@example.com');
    expect(mails[0].textBody).toContain('Travellers: 4');
    expect(mails[0].textBody).toContain('Message: Family of four to Baku.');
    expect(mails[0].textBody).toContain(`${api.ctx.config.appUrl}/admin/leads`);
    // Staff without leads.manage hear nothing.
    for (const who of ['accounts@demo.safar', 'reservation@demo.safar']) expect(await mailsTo(api.db, who)).toEqual([]);
  });

  it('names the item and writes in Arabic to staff who chose Arabic', async () => {
    const admin = await api.as('admin');
    const visa = (await admin.post('/api/visas', { country_code: 'AZ', title: 'Azerbaijan e-Visa', price: '9000' })).body.data;
    await api.db.update(users).set({ locale: 'ar' }).where(eq(users.email, ADMIN));
    try {
      await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ source: 'visa', item_id: visa.id, name: 'Omar' })));
      const mail = await newest();
      expect(mail.subject).toBe('استفسار جديد (تأشيرة) من Omar');
      expect(mail.textBody).toContain('عن \u2068Azerbaijan e-Visa\u2069');
      expect(mail.htmlBody).toContain('dir="rtl"');
    } finally {
      await api.db.update(users).set({ locale: 'en' }).where(eq(users.email, ADMIN));
    }
  });

  it('sends nothing for a bot', async () => {
    const before = (await mailsTo(api.db, ADMIN)).length;
    await api.client().csrf().then((c) => c.post('/api/leads', enquiry({ website: 'http://spam.example' })));
    expect(await mailsTo(api.db, ADMIN)).toHaveLength(before);
  });

  it('goes to LEADS_NOTIFY_EMAIL alone when it is set', async () => {
    const before = (await mailsTo(shared.db, ADMIN)).length;
    await shared.client().csrf().then((c) => c.post('/api/leads', enquiry({ name: 'Shared Inbox' })));
    expect((await newest(shared.db, 'sales@safar.test')).subject).toBe('New enquiry (Contact) from Shared Inbox');
    expect(await mailsTo(shared.db, ADMIN)).toHaveLength(before);
  });
});
