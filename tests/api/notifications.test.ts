import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { mailsTo, setupApi, type Identity, type TestClient } from '../support/api';
import { expectRoleMatrix, identities, newAgent, newBank, newDeposit } from '../support/agents';
import { withFakeFlights, heldBooking } from '../support/fixtures';
import { applicationBody, dayFrom, docsFor, newVisa, traveller } from '../support/visa-applications';
import { notifications, outbox, users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { warnExpiringHolds } from '../../server/notifications/holds';

const api = await setupApi();
const as = identities(api);
const offer = withFakeFlights(api);
let admin: TestClient;
let bank: { id: number };

const idOf = async (email: string) => (await api.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
/** The notices of one subject, by recipient email. */
async function noticesAbout(kind: string, subjectId: number) {
  const rows = await api.db.select({ email: users.email, n: notifications }).from(notifications).innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(notifications.kind, kind), eq(notifications.subjectId, subjectId)));
  return rows;
}
const recipients = async (kind: string, subjectId: number) => (await noticesAbout(kind, subjectId)).map((r) => r.email).sort();
const noticeMails = async (to: string, kind: string) => (await mailsTo(api.db, to)).filter((m) => m.kind === kind);

beforeAll(async () => {
  admin = await as('admin');
  bank = await newBank(admin);
  await creditWallet(api.db, { agentId: await idOf('agent@demo.safar'), amountMinor: 50_000_000, type: 'deposit', reference: 'test:notify-float', description: 'test float' });
});

describe('agents registering and verifying', () => {
  it('tells staff who manage users, by notice and mail, and nobody else', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/agents', { name: 'Nadia Rauf', email: 'nadia@notify.test', password: 'travel-often-9', password_confirmation: 'travel-often-9', company_name: 'Rauf Travels', phone: '+92 300 1112223' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.user.id;
    expect(await recipients('agent_registered', id)).toEqual(['admin@demo.safar']);
    const [n] = await noticesAbout('agent_registered', id);
    expect(n.n).toMatchObject({ link: `/admin/user-details?id=${id}`, params: { name: 'Nadia Rauf', company: 'Rauf Travels' }, readAt: null });
    expect(await noticeMails('admin@demo.safar', 'notice-agent-registered')).toHaveLength(1);
    expect(await noticeMails('accounts@demo.safar', 'notice-agent-registered')).toHaveLength(0);

    const [mail] = await mailsTo(api.db, 'nadia@notify.test');
    const params = Object.fromEntries(new URL(/http:\/\/\S+verify-email\?\S+/.exec(mail.textBody)![0]).searchParams);
    expect((await c.post('/api/email/verify', params)).status).toBe(200);
    expect((await c.post('/api/email/verify', params)).status).toBe(200); // a second opening tells nobody again
    expect(await recipients('agent_verified', id)).toEqual(['admin@demo.safar']);
    expect(await noticeMails('admin@demo.safar', 'notice-agent-verified')).toHaveLength(1);
  });

  it('a customer registering tells nobody', async () => {
    const c = await api.client().csrf();
    const res = await c.post('/api/register', { name: 'Cus Tomer', email: 'cus@notify.test', password: 'travel-often-9', password_confirmation: 'travel-often-9' });
    expect(res.status).toBe(201);
    expect(await recipients('agent_registered', res.body.data.user.id)).toEqual([]);
  });

  it('approval reaches the agent as a notice, with the one approval mail', async () => {
    const a = await newAgent(api, admin, { approved: false });
    expect((await admin.put(`/api/update-status/${a.id}`, { is_approved: '1' })).status).toBe(200);
    expect(await recipients('agent_approved', a.id)).toEqual([a.email]);
    expect((await mailsTo(api.db, a.email)).filter((m) => m.kind === 'agent-approved' || m.kind === 'notice-agent-approved').map((m) => m.kind)).toEqual(['agent-approved']);
  });
});

describe('deposits', () => {
  it('a submitted deposit reaches accounts and admin, not reservation; its approval reaches the agent once', async () => {
    const agent = await as('agent');
    const d = await newDeposit(agent, bank.id, '2500.00', { reference: 'NTF-1' });
    expect(await recipients('deposit_submitted', d.id)).toEqual(['accounts@demo.safar', 'admin@demo.safar']);
    const [n] = await noticesAbout('deposit_submitted', d.id);
    expect(n.n).toMatchObject({ link: `/admin/deposit-details?id=${d.id}`, params: { amount: '2500.00', currency: 'PKR', reference: 'NTF-1' } });
    expect((await noticeMails('accounts@demo.safar', 'notice-deposit-submitted')).length).toBeGreaterThan(0);
    expect(await noticeMails('reservation@demo.safar', 'notice-deposit-submitted')).toHaveLength(0);

    const res = await (await as('accounts')).put(`/api/update-deposit-status/${d.id}`, { status: 'approved' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await recipients('deposit_approved', d.id)).toEqual(['agent@demo.safar']);
    expect(await noticeMails('agent@demo.safar', 'notice-deposit-approved')).toHaveLength(0); // the approval mail is the one mail
    // Decided by accounts: the request's notice is done in admin's bell too, not only in the bell of who acted.
    expect((await noticesAbout('deposit_submitted', d.id)).map((r) => [r.email, r.n.readAt !== null]).sort()).toEqual([['accounts@demo.safar', true], ['admin@demo.safar', true]]);
  });
});

describe('bookings', () => {
  it('ticketed reaches the agent; a void request reaches reservation and admin, not accounts; the void reaches the agent', async () => {
    const agent = await as('agent');
    const b = await heldBooking(agent, offer);
    expect((await agent.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
    expect(await recipients('booking_ticketed', b.id)).toEqual(['agent@demo.safar']);
    expect((await agent.post('/api/void-booking', { id: b.id, reason: 'Plans changed' })).status).toBe(200);
    expect(await recipients('void_requested', b.id)).toEqual(['admin@demo.safar', 'reservation@demo.safar']);
    expect((await noticeMails('reservation@demo.safar', 'notice-void-requested')).length).toBeGreaterThan(0);
    const ok = await (await as('reservation')).post('/api/approve-booking', { id: b.id, decision: 'approve' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await recipients('void_approved', b.id)).toEqual(['agent@demo.safar']);
    expect((await noticesAbout('void_requested', b.id)).every((r) => r.n.readAt !== null)).toBe(true);
  });

  it('a declined void reaches the agent as void_rejected; a rejected deposit as deposit_rejected', async () => {
    const agent = await as('agent');
    const b = await heldBooking(agent, offer);
    expect((await agent.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
    expect((await agent.post('/api/void-booking', { id: b.id })).status).toBe(200);
    expect((await (await as('reservation')).post('/api/approve-booking', { id: b.id, decision: 'reject' })).status).toBe(200);
    expect(await recipients('void_rejected', b.id)).toEqual(['agent@demo.safar']);
    const d = await newDeposit(agent, bank.id, '75.00', { reference: 'NTF-REJ' });
    expect((await admin.put(`/api/update-deposit-status/${d.id}`, { status: 'rejected', reason: 'No such transfer' })).status).toBe(200);
    const [n] = await noticesAbout('deposit_rejected', d.id);
    expect(n).toMatchObject({ email: 'agent@demo.safar', n: { params: { reference: 'NTF-REJ', reason: 'No such transfer' } } });
  });

  it('an agent hold expiring within the hour is announced once, even when the job runs twice (or twice at once)', async () => {
    const b = await heldBooking(await as('agent'), offer);
    await Promise.all([warnExpiringHolds(api.ctx), warnExpiringHolds(api.ctx)]);
    await warnExpiringHolds(api.ctx);
    expect(await recipients('hold_expiring', b.id)).toEqual(['agent@demo.safar']);
    expect(await recipients('agent_hold_expiring', b.id)).toEqual(['admin@demo.safar', 'reservation@demo.safar']);
    const mails = await api.db.select().from(outbox).where(and(eq(outbox.kind, 'notice-hold-expiring'), like(outbox.subject, `%${b.pnr}%`)));
    expect(mails).toHaveLength(1);
  });

  it("a customer's hold is not announced", async () => {
    const b = await heldBooking(await as('customer'), offer);
    await warnExpiringHolds(api.ctx);
    expect(await recipients('hold_expiring', b.id)).toEqual([]);
  });
});

describe('visa applications', () => {
  it('a submitted application reaches those who review them (bookings.manage)', async () => {
    const visa = await newVisa(admin);
    const agent = await as('agent');
    const res = await agent.post('/api/visa-applications', applicationBody(visa.id, dayFrom(new Date(), 30), [traveller(await docsFor(agent))], { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await recipients('visa_submitted', res.body.data.id)).toEqual(['admin@demo.safar', 'reservation@demo.safar']);
    expect((await noticeMails('reservation@demo.safar', 'notice-visa-submitted')).length).toBeGreaterThan(0);
    expect(await noticeMails('accounts@demo.safar', 'notice-visa-submitted')).toHaveLength(0);
  });
});

describe('reading notices', () => {
  it('lists the reader\'s own, newest first, with the unread count; read, read-all; another\'s is 404', async () => {
    const accounts = await as('accounts');
    await newDeposit(await as('agent'), bank.id, '10.00', { reference: 'NTF-READ' });
    const list = await accounts.get('/api/notifications?per_page=5');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(list.body.data[0]).toMatchObject({ kind: 'deposit_submitted', params: { reference: 'NTF-READ' }, read_at: null });
    const ids = list.body.data.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const unread = list.body.meta.unread;
    expect(unread).toBeGreaterThan(0);
    expect((await accounts.get('/api/notifications/unread-count')).body.data.unread).toBe(unread);

    const read = await accounts.post(`/api/notifications/${ids[0]}/read`, {});
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).toBeTruthy();
    expect(read.body.meta.unread).toBe(unread - 1);

    expect((await (await as('admin')).post(`/api/notifications/${ids[0]}/read`, {})).status).toBe(404);
    expect((await accounts.post('/api/notifications/99999999/read', {})).status).toBe(404);
    expect((await accounts.post('/api/notifications/abc/read', {})).status).toBe(404);

    expect((await accounts.post('/api/notifications/read-all', {})).status).toBe(200);
    expect((await accounts.get('/api/notifications/unread-count')).body.data.unread).toBe(0);
  });

  it('the bell\'s count follows every notice written or read after it was asked, however often it is asked in between', async () => {
    const accounts = await as('accounts');
    const count = async () => (await accounts.get('/api/notifications/unread-count')).body.data.unread as number;
    await accounts.post('/api/notifications/read-all', {});
    expect([await count(), await count()]).toEqual([0, 0]);
    await newDeposit(await as('agent'), bank.id, '11.00', { reference: 'NTF-BELL' });
    expect(await count()).toBe(1);
    // A notice written straight into the table, as a job on this server does.
    const me = await idOf('accounts@demo.safar');
    await api.db.insert(notifications).values({ userId: me, kind: 'deposit_submitted', subjectType: 'deposit', subjectId: 1, link: '/deposits', params: {} });
    expect([await count(), await count()]).toEqual([2, 2]);
    await api.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, me));
    expect(await count()).toBe(0);
  });

  it('answers 422 for a bad page', async () => {
    const res = await (await as('accounts')).get('/api/notifications?per_page=500');
    expect(res.status).toBe(422);
    expect(res.body.errors.per_page).toBeTruthy();
  });

  const signedIn: Partial<Record<Identity, number>> = { customer: 200, unapprovedAgent: 200, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 };
  it.each([
    ['GET /api/notifications', (c: TestClient) => c.get('/api/notifications')],
    ['GET /api/notifications/unread-count', (c: TestClient) => c.get('/api/notifications/unread-count')],
    ['POST /api/notifications/read-all', (c: TestClient) => c.post('/api/notifications/read-all', {})],
  ])('role matrix: %s', async (_label, call) => {
    await expectRoleMatrix(as, call, signedIn);
  });
  it("role matrix: POST /api/notifications/{id}/read (someone else's notice is 404 for every signed-in user)", async () => {
    const [n] = await api.db.select({ id: notifications.id }).from(notifications).innerJoin(users, eq(users.id, notifications.userId))
      .where(like(users.email, '%@test.safar')).limit(1);
    const all404 = Object.fromEntries(Object.keys(signedIn).map((k) => [k, 404])) as Partial<Record<Identity, number>>;
    await expectRoleMatrix(as, (c) => c.post(`/api/notifications/${n.id}/read`, {}), all404);
  });
});
