import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { branchEmail, expectRoleMatrix, identities, newAgent, newBank, newBranchUser, newDeposit } from '../support/agents';
import { contact, travellerBody, withFakeFlights } from '../support/fixtures';
import { bookingBody, dayFrom, pickRate } from '../support/hotels';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { agentMargins, users } from '../../server/db/schema';

const api = await setupApi();
const as = identities(api);
const offer = withFakeFlights(api);
let admin: TestClient;
let demoAgencyId: number;
const email = branchEmail;
/** A branch user added by `by` to the agency, signed in. */
const addBranchUser = (by: TestClient, agencyId: number, agencyRole: 'agency_admin' | 'booker') => newBranchUser(api, by, agencyId, agencyRole);

const walletBooking = (client: TestClient) =>
  client.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'wallet' });

beforeAll(async () => {
  admin = await as('admin');
  demoAgencyId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
});

describe('GET/POST /api/agents/{id}/users: who may', () => {
  it('lists an agency’s users: the agency itself and staff who read users', async () => {
    await expectRoleMatrix(as, (c) => c.get(`/api/agents/${demoAgencyId}/users`), { agent: 200, analyst: 200, admin: 200 });
  });

  it('adds a branch user: the agency itself and staff who manage users', async () => {
    await expectRoleMatrix(as, (c, who) => c.post(`/api/agents/${demoAgencyId}/users`, { name: 'Matrix', email: email(who), agency_role: 'booker' }), { agent: 201, admin: 201 });
  });

  it('reads the audit list: the agency itself and staff who read users', async () => {
    await expectRoleMatrix(as, (c) => c.get(`/api/agents/${demoAgencyId}/audit`), { agent: 200, analyst: 200, admin: 200 });
  });

  it('deactivates a branch user: the agency itself and staff who manage users', async () => {
    const b = await addBranchUser(admin, demoAgencyId, 'booker');
    await expectRoleMatrix(as, (c) => c.patch(`/api/agents/${demoAgencyId}/users/${b.id}`, { status: 'active' }), { agent: 200, admin: 200 });
  });

  it('another agency is not there for an agent (404); a staff member sees any agency', async () => {
    const other = await newAgent(api, admin);
    const agent = await as('agent');
    expect((await agent.get(`/api/agents/${other.id}/users`)).status).toBe(404);
    expect((await agent.post(`/api/agents/${other.id}/users`, { name: 'X', email: email('x'), agency_role: 'booker' })).status).toBe(404);
    expect((await agent.get(`/api/agents/${other.id}/audit`)).status).toBe(404);
    expect((await admin.get(`/api/agents/${other.id}/users`)).body.data).toEqual([expect.objectContaining({ id: other.id, agency_role: 'owner' })]);
  });
});

describe('POST /api/agents/{id}/users: bad input', () => {
  const post = async (over: Record<string, unknown>) => (await as('agent')).post(`/api/agents/${demoAgencyId}/users`, { name: 'Ayesha', email: email('v'), agency_role: 'booker', ...over });
  it.each([
    ['name', { name: '' }, 'Name is required.'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['agency_role', { agency_role: 'owner' }, 'Choose agency admin or booker.'],
  ])('refuses a bad %s', async (field, over, message) => {
    const res = await post(over);
    expect([res.status, res.body.errors?.[field]]).toEqual([422, [message]]);
  });

  it('refuses an email already in use', async () => {
    const res = await post({ email: 'customer@demo.safar' });
    expect([res.status, res.body.errors]).toEqual([422, { email: ['This email is already in use.'] }]);
  });

  it('refuses a bad status, deactivating oneself, and a user of another agency', async () => {
    const agent = await as('agent');
    const b = await addBranchUser(agent, demoAgencyId, 'booker');
    const bad = await agent.patch(`/api/agents/${demoAgencyId}/users/${b.id}`, { status: 'deleted' });
    expect([bad.status, bad.body.errors]).toEqual([422, { status: ['Choose active or deactivated.'] }]);
    expect((await agent.patch(`/api/agents/${demoAgencyId}/users/${demoAgencyId}`, { status: 'suspended' })).status).toBe(403);
    const other = await newAgent(api, admin);
    const stranger = await addBranchUser(admin, other.id, 'booker');
    expect((await agent.patch(`/api/agents/${demoAgencyId}/users/${stranger.id}`, { status: 'suspended' })).status).toBe(404);
  });
});

describe('an agency with branch users', () => {
  let agency: Awaited<ReturnType<typeof newAgent>>;
  let booker: Awaited<ReturnType<typeof addBranchUser>>;
  let otherBooker: Awaited<ReturnType<typeof addBranchUser>>;
  let branchAdmin: Awaited<ReturnType<typeof addBranchUser>>;

  beforeAll(async () => {
    agency = await newAgent(api, admin);
    await creditWallet(api.db, { agentId: agency.id, amountMinor: 1_000_000_00, type: 'deposit', reference: `test:agency-${agency.id}`, description: 'test' });
    await api.db.insert(agentMargins).values({ agentId: agency.id, ownMarkupMinor: 900_00 });
    booker = await addBranchUser(agency.client, agency.id, 'booker');
    otherBooker = await addBranchUser(agency.client, agency.id, 'booker');
    branchAdmin = await addBranchUser(agency.client, agency.id, 'agency_admin');
  });

  it('mails the invitation and signs the branch user in as an agent of the agency', async () => {
    const me = await booker.client.get('/api/user');
    expect(me.body.data).toMatchObject({ role: 'agent', is_approved: '1', agency_id: agency.id, agency_role: 'booker' });
    const list = await agency.client.get(`/api/agents/${agency.id}/users`);
    expect(list.body.data.map((u: { email: string; agency_role: string }) => [u.email, u.agency_role])).toEqual([
      [agency.email, 'owner'], [booker.email, 'booker'], [otherBooker.email, 'booker'], [branchAdmin.email, 'agency_admin'],
    ]);
  });

  it('a booker books from the agency’s wallet with the agency’s markup', async () => {
    const before = (await walletBalance(api.db, agency.id)).balanceMinor;
    const res = await walletBooking(booker.client);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.status).toBe('ticketed');
    expect(res.body.data.fare.agent_markup.amount).toBe('900.00');
    const total = Math.round(Number(res.body.data.fare.total.amount) * 100);
    expect((await walletBalance(api.db, agency.id)).balanceMinor).toBe(before - total);
    expect((await walletBalance(api.db, booker.id)).balanceMinor).toBe(0);
    expect((await booker.client.get('/api/wallet-balance')).body.data.balance.amount).toBe(((before - total) / 100).toFixed(2));
  });

  it('a booker’s hotel stay is paid from the agency’s wallet, and its refund goes back there', async () => {
    const s = { check_in: dayFrom(api.ctx.clock.now, 60), check_out: dayFrom(api.ctx.clock.now, 62), rooms: [{ adults: 2, children_ages: [] }] };
    const { rate } = await pickRate(booker.client, s, { refundable: true });
    const before = (await walletBalance(api.db, agency.id)).balanceMinor;
    const res = await booker.client.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const total = Math.round(Number(res.body.data.total.amount) * 100);
    expect((await walletBalance(api.db, agency.id)).balanceMinor).toBe(before - total);
    expect((await walletBalance(api.db, booker.id)).balanceMinor).toBe(0);
    expect((await booker.client.post(`/api/hotel-bookings/${res.body.data.id}/cancel`)).status).toBe(200);
    expect((await walletBalance(api.db, agency.id)).balanceMinor).toBe(before);
    expect((await walletBalance(api.db, booker.id)).balanceMinor).toBe(0);
  });

  it('a booker sees its own bookings; the agency and its admins see all of them', async () => {
    const mine = (await walletBooking(booker.client)).body.data.id as number;
    const theirs = (await walletBooking(otherBooker.client)).body.data.id as number;
    const ids = async (c: TestClient) => (await c.get('/api/get-bookings', { per_page: 100 })).body.data.map((b: { id: number }) => b.id);
    expect(await ids(booker.client)).toContain(mine);
    expect(await ids(booker.client)).not.toContain(theirs);
    for (const c of [agency.client, branchAdmin.client]) expect(await ids(c)).toEqual(expect.arrayContaining([mine, theirs]));
    expect((await booker.client.get('/api/get-flight-booking-details', { id: theirs })).status).toBe(404);
    expect((await branchAdmin.client.get('/api/get-flight-booking-details', { id: theirs })).status).toBe(200);
    expect(await ids(await as('agent'))).not.toContain(mine);
  });

  it('the holds queue: a booker sees its own holds, the agency and its admins see every one of theirs', async () => {
    const hold = async (c: TestClient) => (await c.post('/api/bookings', { flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'hold' })).body.data.pnr as string;
    const mine = await hold(booker.client);
    const theirs = await hold(otherBooker.client);
    const pnrs = async (c: TestClient) => (await c.get('/api/queues/holds_expiring')).body.data.map((r: { pnr: string }) => r.pnr);
    expect(await pnrs(booker.client)).toContain(mine);
    expect(await pnrs(booker.client)).not.toContain(theirs);
    for (const c of [agency.client, branchAdmin.client]) expect(await pnrs(c)).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await pnrs(await as('agent'))).not.toContain(mine);
  });

  it('a booker’s top-up is the agency’s: staff see it under the agency, the agency sees it in its list', async () => {
    const bank = await newBank(admin);
    const d = await newDeposit(booker.client, bank.id, '2500.00');
    expect((d as unknown as { agent_id: number }).agent_id).toBe(agency.id);
    const list = await agency.client.get('/api/get-deposit-data');
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('a booker cannot manage users, change credit or see another agency', async () => {
    expect((await booker.client.get(`/api/agents/${agency.id}/users`)).status).toBe(403);
    expect((await booker.client.post(`/api/agents/${agency.id}/users`, { name: 'X', email: email('x'), agency_role: 'booker' })).status).toBe(403);
    expect((await booker.client.get(`/api/agents/${agency.id}/audit`)).status).toBe(403);
    expect((await booker.client.put(`/api/agents/${agency.id}/credit`, { limit: '1000000.00' })).status).toBe(403);
    expect((await booker.client.get(`/api/agents/${demoAgencyId}/users`)).status).toBe(404);
    expect((await branchAdmin.client.get(`/api/agents/${agency.id}/users`)).status).toBe(200);
  });

  it('every action is in the audit list, with who did it', async () => {
    const b = (await walletBooking(booker.client)).body.data as { id: number; pnr: string };
    const voided = await booker.client.post('/api/void-booking', { id: b.id, reason: 'wrong date' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const audit = await branchAdmin.client.get(`/api/agents/${agency.id}/audit`, { per_page: 100 });
    expect(audit.status).toBe(200);
    const lines = audit.body.data.map((a: { action: string; subject: string; actor: { email: string } | null }) => [a.action, a.subject, a.actor?.email]);
    expect(lines).toEqual(expect.arrayContaining([
      ['booking', b.pnr, booker.email], ['payment', b.pnr, booker.email], ['void_request', b.pnr, booker.email],
      ['user_added', booker.email, agency.email], ['user_added', branchAdmin.email, agency.email],
    ]));
    expect((await admin.get(`/api/agents/${agency.id}/audit`)).body.meta.total).toBe(audit.body.meta.total);
  });

  it('a deactivated branch user is signed out and cannot sign in; its history stays', async () => {
    const gone = await addBranchUser(branchAdmin.client, agency.id, 'booker');
    const booked = await walletBooking(gone.client);
    expect(booked.status).toBe(201);
    const res = await branchAdmin.client.patch(`/api/agents/${agency.id}/users/${gone.id}`, { status: 'suspended' });
    expect([res.status, res.body.data.status]).toEqual([200, 'suspended']);
    expect((await gone.client.get('/api/get-bookings')).status).toBe(401);
    expect((await api.client().post('/api/login', { email: gone.email, password: 'whatever-1' })).status).not.toBe(200);
    expect((await agency.client.get('/api/get-bookings', { per_page: 100 })).body.data.map((b: { id: number }) => b.id)).toContain(booked.body.data.id);
    const audit = (await agency.client.get(`/api/agents/${agency.id}/audit`, { per_page: 100 })).body.data;
    expect(audit.map((a: { action: string; subject: string }) => [a.action, a.subject])).toContainEqual(['user_deactivated', gone.email]);
    expect((await admin.get(`/api/agents/${agency.id}/users`)).body.data).toContainEqual(expect.objectContaining({ id: gone.id, status: 'suspended' }));
  });
});
