/**
 * An agency's hotel stays, packages, visa applications and insurance policies, as its flight bookings: each row
 * records the agency it was bought for; a booker sees its own, the agency and its admins every one of the agency's,
 * staff reading by agency find its branch users' rows, and money going back goes to the wallet that paid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { identities, newAgent, newBranchUser } from '../support/agents';
import { bookingBody, dayFrom, pickRate } from '../support/hotels';
import { packageBody, umrahDeparture } from '../support/packages';
import { applicationBody, docsFor, idemKey, newVisa, traveller as visaTraveller } from '../support/visa-applications';
import { newPlan, policyBody } from '../support/insurance';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { hotelBookings, insurancePolicies, packageBookings, visaApplications } from '../../server/db/schema';

const api = await setupApi();
const as = identities(api);
let admin: TestClient;
let agency: Awaited<ReturnType<typeof newAgent>>;
let booker: Awaited<ReturnType<typeof newBranchUser>>;
let otherBooker: Awaited<ReturnType<typeof newBranchUser>>;
let branchAdmin: Awaited<ReturnType<typeof newBranchUser>>;

beforeAll(async () => {
  admin = await as('admin');
  agency = await newAgent(api, admin);
  await creditWallet(api.db, { agentId: agency.id, amountMinor: 5_000_000_00, type: 'deposit', reference: `test:purchases-${agency.id}`, description: 'test' });
  booker = await newBranchUser(api, agency.client, agency.id, 'booker');
  otherBooker = await newBranchUser(api, agency.client, agency.id, 'booker');
  branchAdmin = await newBranchUser(api, agency.client, agency.id, 'agency_admin');
});

interface Kind {
  name: string;
  list: string;
  /** Buys one as the client, paying from the wallet; answers its id. */
  buy: (client: TestClient, n: number) => Promise<number>;
  /** The agency the row records. */
  recorded: (id: number) => Promise<number | null>;
  /** Who booked a row, as its list names them (for the agency's "Booked by"). */
  booker?: (row: Record<string, unknown>) => unknown;
}

const stay = (n: number) => ({ check_in: dayFrom(api.ctx.clock.now, 40 + 3 * n), check_out: dayFrom(api.ctx.clock.now, 41 + 3 * n), rooms: [{ adults: 2, children_ages: [] }] });
const created = (res: { status: number; body: { data?: { id: number } } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data!.id;
};

const KINDS: Kind[] = [
  {
    name: 'hotel stays', list: '/api/hotel-bookings',
    buy: async (client, n) => {
      const { rate } = await pickRate(client, stay(n), { refundable: true });
      return created(await client.post('/api/hotel-bookings', bookingBody(stay(n), rate.id, { payment_method: 'wallet' })));
    },
    recorded: async (id) => (await api.db.select().from(hotelBookings).where(eq(hotelBookings.id, id)))[0].agencyId,
    booker: (row) => row.agent,
  },
  {
    name: 'packages', list: '/api/package-bookings',
    buy: async (client, n) => {
      const { pkg, departure } = await umrahDeparture(admin, 4, 50 + n);
      return created(await client.post('/api/package-bookings', packageBody(pkg.id, departure.id, 1, { payment_method: 'wallet' })));
    },
    recorded: async (id) => (await api.db.select().from(packageBookings).where(eq(packageBookings.id, id)))[0].agencyId,
    booker: (row) => row.booked_by,
  },
  {
    name: 'visa applications', list: '/api/visa-applications',
    buy: async (client, n) => {
      const visa = await newVisa(admin);
      const body = applicationBody(visa.id, dayFrom(api.ctx.clock.now, 30 + n), [visaTraveller(await docsFor(client))], { payment_method: 'wallet' });
      return created(await client.post('/api/visa-applications', body, { 'idempotency-key': idemKey() }));
    },
    recorded: async (id) => (await api.db.select().from(visaApplications).where(eq(visaApplications.id, id)))[0].agencyId,
  },
  {
    name: 'insurance policies', list: '/api/insurance-policies',
    buy: async (client) => created(await client.post('/api/insurance-policies', policyBody((await newPlan(admin)).id, api.ctx.clock.now, { payment_method: 'wallet' }))),
    recorded: async (id) => (await api.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, id)))[0].agencyId,
    booker: (row) => row.buyer,
  },
];

describe.each(KINDS)('an agency’s $name', (kind) => {
  let mine: number;
  let theirs: number;
  const ids = async (c: TestClient, query: Record<string, unknown> = {}) =>
    (await c.get(kind.list, { per_page: 100, ...query })).body.data.map((r: { id: number }) => r.id) as number[];

  beforeAll(async () => {
    mine = await kind.buy(booker.client, 1);
    theirs = await kind.buy(otherBooker.client, 2);
  });

  it('record the agency they were bought for, from its wallet', async () => {
    expect([await kind.recorded(mine), await kind.recorded(theirs)]).toEqual([agency.id, agency.id]);
    expect((await walletBalance(api.db, booker.id)).balanceMinor).toBe(0);
  });

  it('a booker sees its own; the agency and its admins see every one', async () => {
    expect(await ids(booker.client)).toContain(mine);
    expect(await ids(booker.client)).not.toContain(theirs);
    for (const c of [agency.client, branchAdmin.client]) expect(await ids(c)).toEqual(expect.arrayContaining([mine, theirs]));
    expect((await booker.client.get(`${kind.list}/${theirs}`)).status).toBe(404);
    expect((await branchAdmin.client.get(`${kind.list}/${theirs}`)).status).toBe(200);
    expect((await agency.client.get(`${kind.list}/${theirs}`)).status).toBe(200);
  });

  it.skipIf(!kind.booker)('each row of the agency’s list names the user who booked it', async () => {
    const rows = (await branchAdmin.client.get(kind.list, { per_page: 100 })).body.data as Record<string, unknown>[];
    const of = (id: number) => kind.booker!(rows.find((r) => r.id === id)!);
    expect(of(mine)).toMatchObject({ id: booker.id, name: 'Branch booker' });
    expect(of(theirs)).toMatchObject({ id: otherBooker.id, name: 'Branch booker' });
  });

  it('another agency sees none of them', async () => {
    const other = await as('agent');
    expect(await ids(other)).not.toEqual(expect.arrayContaining([mine]));
    expect((await other.get(`${kind.list}/${mine}`)).status).toBe(404);
  });
});

describe('staff and refunds', () => {
  it('staff reading hotel stays by agency find its branch users’ stays', async () => {
    const id = await KINDS[0].buy(otherBooker.client, 5);
    const res = await admin.get('/api/hotel-bookings', { agent_id: agency.id, per_page: 100 });
    expect(res.body.data.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('a canceled package goes back to the wallet that paid: the agency’s', async () => {
    const id = await KINDS[1].buy(booker.client, 6);
    const before = (await walletBalance(api.db, agency.id)).balanceMinor;
    const total = (await api.db.select().from(packageBookings).where(eq(packageBookings.id, id)))[0].totalMinor;
    expect((await admin.post(`/api/package-bookings/${id}/cancel`, {})).status).toBe(200);
    expect((await walletBalance(api.db, agency.id)).balanceMinor).toBe(before + total);
    expect((await walletBalance(api.db, booker.id)).balanceMinor).toBe(0);
  });
});
