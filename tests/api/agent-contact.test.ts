import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_IDENTITIES, mailsTo, setupApi, type Identity, type TestClient } from '../support/api';
import { identities } from '../support/agents';
import { heldBooking, withFakeFlights } from '../support/fixtures';
import { bookingBody, dayFrom, pickRate } from '../support/hotels';
import { agentProfiles, users } from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';

/**
 * The agency behind a booking, on the booking's details for staff who read bookings (GET get-booking-ops-details,
 * GET hotel-bookings/{id}): its name, contact person, email and phone, without the user record (users.read).
 */
const api = await setupApi();
const as = identities(api);
const offer = withFakeFlights(api);
let agencyId: number;
let admin: TestClient;
beforeAll(async () => {
  admin = await as('admin');
  agencyId = (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
  await api.db.update(agentProfiles).set({ contactPerson: 'Bilal Ahmed' }).where(eq(agentProfiles.userId, agencyId));
  await creditWallet(api.db, { agentId: agencyId, amountMinor: 1_000_000_00, type: 'deposit', reference: 'test:agent-contact', description: 'test float' });
});

const AGENCY = { company_name: 'Crescent Travels', contact_person: 'Bilal Ahmed', email: 'agent@demo.safar', phone: '+92 21 3456 7890', booked_by: null };
/** Who gets the contact: 200 with it, 200 without it (the owner knows its own), or the status refused with. */
const READERS: Identity[] = ['accounts', 'reservation', 'analyst', 'admin'];

describe('the agent contact on a flight booking', () => {
  it('role matrix: staff who read bookings see it; the agent (owner) reads its booking without it; others are refused', async () => {
    const b = await heldBooking(await as('agent'), offer);
    const expected: Record<Identity, number> = { anonymous: 401, customer: 404, unapprovedAgent: 403, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 };
    for (const who of ALL_IDENTITIES) {
      const res = await (await as(who)).get('/api/get-booking-ops-details', { id: b.id });
      expect([who, res.status]).toEqual([who, expected[who]]);
      if (res.status !== 200) continue;
      if (READERS.includes(who)) expect([who, res.body.data.agent_contact]).toEqual([who, expect.objectContaining({ id: agencyId, ...AGENCY })]);
      else expect([who, res.body.data.agent_contact]).toEqual([who, null]);
    }
    // Reservation reaches the agency from the booking, still without the user record.
    expect((await (await as('reservation')).get(`/api/users/${agencyId}`)).status).toBe(403);
  });

  it("a customer's booking has no agent; a branch user's booking names the agency, and the branch user who booked", async () => {
    const c = await heldBooking(await as('customer'), offer);
    expect((await (await as('reservation')).get('/api/get-booking-ops-details', { id: c.id })).body.data.agent_contact).toBeNull();
    const address = `booker-${Date.now().toString(36)}@branch.test`;
    expect((await admin.post(`/api/agents/${agencyId}/users`, { name: 'Branch Booker', email: address, agency_role: 'booker' })).status).toBe(201);
    const password = /temporary password: (\S+)/.exec((await mailsTo(api.db, address))[0].textBody)![1];
    const booker = await api.client().login(address, password);
    const b = await heldBooking(booker, offer);
    const got = (await (await as('analyst')).get('/api/get-booking-ops-details', { id: b.id })).body.data.agent_contact;
    expect(got).toEqual(expect.objectContaining({ ...AGENCY, id: agencyId, booked_by: { name: 'Branch Booker', email: address } }));
  });
});

describe('the agent contact on a hotel booking', () => {
  it('role matrix: staff who read bookings see it; the agent and a guest read the booking without it', async () => {
    const s = { check_in: dayFrom(api.ctx.clock.now, 70), check_out: dayFrom(api.ctx.clock.now, 72), rooms: [{ adults: 2, children_ages: [] }] };
    const agent = await as('agent');
    const { rate } = await pickRate(agent, s, { refundable: true });
    const res = await agent.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id as number;
    // A guest finds a booking by reference and email (422 without the email), and never sees the agent's contact.
    const expected: Record<Identity, number> = { anonymous: 422, customer: 404, unapprovedAgent: 403, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200 };
    const guest = await api.client().get(`/api/hotel-bookings/${res.body.data.reference}`, { email: 'hotel.guest@example.com' });
    expect([guest.status, guest.body.data.agent_contact]).toEqual([200, undefined]);
    for (const who of ALL_IDENTITIES) {
      const got = await (await as(who)).get(`/api/hotel-bookings/${id}`);
      expect([who, got.status]).toEqual([who, expected[who]]);
      if (got.status !== 200) continue;
      expect([who, got.body.data.agent_contact ?? null]).toEqual([who, READERS.includes(who) ? expect.objectContaining({ id: agencyId, ...AGENCY }) : null]);
    }
  });
});
