import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { expectRoleMatrix, identities, newAgent } from '../support/agents';
import { flightSeats, supplierOrders, users } from '../../server/db/schema';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { reconcileOrders } from '../../server/bookings/orphan-orders';

/**
 * The supplier console: staff book PNRs in the embedded supplier as another channel would (seats really sold),
 * list them, and those PNRs are what import by record locator finds.
 */
const api = await setupApi();
const as = identities(api);
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const sold = async () => (await api.db.select().from(flightSeats)).reduce((s, r) => s + r.sold, 0);
const agentId = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0].id;
const stored = async (pnr: string) => (await api.db.select().from(supplierOrders).where(and(eq(supplierOrders.supplier, 'safar'), eq(supplierOrders.pnr, pnr))))[0];

const adult = (first: string, last = 'Sheikh', over: Record<string, unknown> = {}) => ({ type: 'ADT', title: 'Mr', first_name: first, last_name: last, dob: '1984-04-12', nationality: 'PK', passport: 'AK7341902', ...over });
const body = async (over: Record<string, unknown> = {}) => ({
  origin: 'KHI', destination: 'DXB', date: day(20), cabin: 'Y', agent_id: await agentId(), agency: '', passengers: [adult('Imran')], ...over,
});
const create = async (over: Record<string, unknown> = {}, headers?: Record<string, string>) => (await as('reservation')).post('/api/supplier-console/pnrs', await body(over), headers);

describe('supplier console: who may use it', () => {
  it('lists for staff who import PNRs (reservation, admin) only', async () => {
    await expectRoleMatrix(as, (c) => c.get('/api/supplier-console/pnrs'), { reservation: 200, admin: 200 });
  });
  it('creates for the same staff only (an empty body reaches validation only for them)', async () => {
    await expectRoleMatrix(as, (c) => c.post('/api/supplier-console/pnrs', {}), { reservation: 422, admin: 422 });
  });
});

describe('supplier console: validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no origin', { origin: undefined }, 'origin', 'The origin field is required.'],
    ['an unknown airport', { destination: 'QQQ' }, 'destination', 'Unknown airport.'],
    ['the same airports', { destination: 'KHI' }, 'destination', 'Origin and destination must be different.'],
    ['a date that is not one', { date: '20-12-2026' }, 'date', 'Enter the departure date.'],
    ['a past date', { date: day(-2) }, 'date', 'The departure date has passed.'],
    ['a date too far ahead', { date: day(400) }, 'date', 'Flights open 330 days ahead.'],
    ['a return before the departure', { return_date: day(10) }, 'return_date', 'The return is on or after the departure.'],
    ['a bad cabin', { cabin: 'Z' }, 'cabin', 'Choose a cabin.'],
    ['no passengers', { passengers: [] }, 'passengers', 'Add the passengers.'],
    ['ten passengers', { passengers: Array.from({ length: 10 }, () => adult('Imran')) }, 'passengers', 'At most 9 passengers.'],
    ['no first name', { passengers: [adult('')] }, 'passengers.0.first_name', 'Enter the first name.'],
    ['a name in other letters', { passengers: [adult('عمران')] }, 'passengers.0.first_name', 'Latin letters as in the passport.'],
    ['no passport', { passengers: [adult('Imran', 'Sheikh', { passport: ' ' })] }, 'passengers.0.passport', 'Enter the passport number.'],
    ['a bad passport', { passengers: [adult('Imran', 'Sheikh', { passport: 'A1' })] }, 'passengers.0.passport', 'A passport number is 5 to 15 letters and digits.'],
    ['no birth date', { passengers: [adult('Imran', 'Sheikh', { dob: '' })] }, 'passengers.0.dob', 'Enter the date of birth.'],
    ['a birth date to come', { passengers: [adult('Imran', 'Sheikh', { dob: day(5) })] }, 'passengers.0.dob', 'Enter the date of birth.'],
    ['a young adult', { passengers: [adult('Imran', 'Sheikh', { dob: day(-365 * 5) })] }, 'passengers.0.dob', 'An adult is 12 or older on the day of travel.'],
    ['an old child', { passengers: [adult('Imran'), adult('Ali', 'Sheikh', { type: 'CNN', title: 'Mstr', dob: '1990-01-01' })] }, 'passengers.1.dob', 'A child is 2 to 11 on the day of travel.'],
    ['an old infant', { passengers: [adult('Imran'), adult('Ali', 'Sheikh', { type: 'INF', title: 'Mstr', dob: day(-365 * 4) })] }, 'passengers.1.dob', 'An infant is under 2 on the day of travel.'],
    ['no adult', { passengers: [adult('Ali', 'Sheikh', { type: 'CNN', title: 'Mstr', dob: day(-365 * 6) })] }, 'passengers', 'At least one adult must travel.'],
    ['more infants than adults', { passengers: [adult('Imran'), adult('Ali', 'Sheikh', { type: 'INF', title: 'Miss', dob: day(-200) }), adult('Zoya', 'Sheikh', { type: 'INF', title: 'Miss', dob: day(-100) })] }, 'passengers', 'Each infant must travel with an adult.'],
    ['a bad title', { passengers: [adult('Imran', 'Sheikh', { title: 'King' })] }, 'passengers.0.title', 'Choose a title.'],
    ['neither agent nor agency', { agent_id: null, agency: '' }, 'agent_id', 'Choose the agent or enter the agency it was booked for.'],
    ['an agent who is not one', { agent_id: 1 }, 'agent_id', 'Choose an agent.'],
  ];
  it.each(cases)('refuses %s with a message on the field', async (_, over, field, message) => {
    const before = await sold();
    const res = await create(over);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await sold()).toBe(before);
  });
  it('refuses a malformed Idempotency-Key', async () => {
    const res = await create({}, { 'idempotency-key': 'x' });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([422, ['idempotency_key']]);
  });
});

describe('supplier console: PNRs booked outside Safar', () => {
  it('books the cheapest matching offer through the supplier: seats sold, listed, kept from the orphan-order job', async () => {
    const before = await sold();
    const res = await create({ origin: 'LHE', destination: 'JED', date: day(24), return_date: day(38), passengers: [adult('Tariq', 'Mehmood'), adult('Rabia', 'Tariq', { title: 'Mrs', passport: 'BM4410737' })] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = res.body.data;
    expect(res.body.message).toBe(`PNR ${row.pnr} booked in the supplier.`);
    expect(row).toMatchObject({ origin: 'LHE', destination: 'JED', departure_date: day(24), return_date: day(38), status: 'booked', agent: { email: 'agent@demo.safar' }, agency: 'Crescent Travels', booking_id: null });
    expect(row.passengers).toEqual([{ type: 'ADT', name: 'Mr TARIQ MEHMOOD' }, { type: 'ADT', name: 'Mrs RABIA TARIQ' }]);
    const order = (await stored(row.pnr)).order;
    const segments = order.offer.journeys.reduce((n, j) => n + j.segments.length, 0);
    expect(await sold()).toBe(before + 2 * segments);
    const list = await (await as('admin')).get('/api/supplier-console/pnrs');
    expect(list.body.data[0]).toMatchObject({ pnr: row.pnr });

    // Hours later the orphan-order job has run many times: the order is still booked, its seats still sold.
    const at = api.ctx.clock.now;
    api.ctx.clock.now = new Date(at.getTime() + 3 * 3_600_000);
    try {
      expect((await reconcileOrders(api.ctx)).orphans).toBe(0);
    } finally { api.ctx.clock.now = at; }
    const kept = await stored(row.pnr);
    expect([kept.order.status, kept.abandonedAt, kept.attachedAt]).toEqual(['booked', null, expect.any(Date)]);
    expect(await sold()).toBe(before + 2 * segments);
  });

  it('the same Idempotency-Key books once', async () => {
    const before = await sold();
    const key = `console-${Date.now()}`;
    const [a, b] = await Promise.all([create({ date: day(21) }, { 'idempotency-key': key }), create({ date: day(21) }, { 'idempotency-key': key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.pnr).toBe(b.body.data.pnr);
    const again = await create({ date: day(21) }, { 'idempotency-key': key });
    expect(again.body.data.pnr).toBe(a.body.data.pnr);
    expect(await sold()).toBe(before + (await stored(a.body.data.pnr)).order.offer.journeys[0].segments.length);
  });
});

describe('import by record locator of a PNR booked outside Safar', () => {
  it('create → retrieve → import as the agent → staff ticket it: the agent pays the fare; a second import is refused', async () => {
    const created = (await create({ origin: 'ISB', destination: 'DOH', date: day(30), passengers: [adult('Faisal', 'Qureshi'), adult('Amna', 'Faisal', { title: 'Mrs' })] })).body.data;
    const agent = await as('agent');
    const pre = await agent.get('/api/get-pnr-details', { pnr: created.pnr.toLowerCase() });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const preview = pre.body.data.preview;
    expect(preview).toMatchObject({ source: 'supplier', pnr: created.pnr, supplier: 'safar', supplier_status: 'booked', errors: [], total: created.price });
    expect(preview.passengers.map((p: { first_name: string }) => p.first_name)).toEqual(['FAISAL', 'AMNA']);
    expect(preview.segments[0]).toMatchObject({ origin: 'ISB', date: day(30) });

    // Another agency's terminal does not show it; an unapproved agent may not look.
    const other = await newAgent(api, await as('admin'));
    expect((await other.client.get('/api/get-pnr-details', { pnr: created.pnr })).status).toBe(404);
    expect((await other.client.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr })).status).toBe(422);
    expect((await (await as('unapprovedAgent')).get('/api/get-pnr-details', { pnr: created.pnr })).status).toBe(403);

    const id = await agentId();
    await creditWallet(api.db, { agentId: id, amountMinor: 5_000_000_00, type: 'deposit', reference: 'test:console-import', description: 'test float' });
    const before = (await walletBalance(api.db, id)).balanceMinor;
    const saved = await agent.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ pnr: created.pnr, status: 'pending', agent: { id }, direct: { source: 'supplier' } });
    expect((await agent.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr })).status).toBe(409);
    // Now it is ours: a look-up answers the booking, not a preview.
    const again = await agent.get('/api/get-pnr-details', { pnr: created.pnr });
    expect(again.body.data).toMatchObject({ booking: { id: saved.body.data.id }, preview: null });
    expect((await (await as('admin')).get('/api/supplier-console/pnrs')).body.data.find((r: { pnr: string }) => r.pnr === created.pnr).booking_id).toBe(saved.body.data.id);

    const ok = await (await as('reservation')).post('/api/approve-booking', { id: saved.body.data.id });
    expect(ok.body.data.status).toBe('ticketed');
    const fare = Math.round(Number(created.price.amount) * 100);
    expect((await walletBalance(api.db, id)).balanceMinor).toBe(before - fare);
  });

  it('a PNR booked for an agency without an account: staff import it for an agent with a margin and issue it at once', async () => {
    const created = (await create({ origin: 'DXB', destination: 'PEW', date: day(19), agent_id: null, agency: 'Al Noor Travel & Tours, Dubai' })).body.data;
    expect(created).toMatchObject({ agent: null, agency: 'Al Noor Travel & Tours, Dubai' });
    expect((await (await as('agent')).get('/api/get-pnr-details', { pnr: created.pnr })).status).toBe(404);
    const staff = await as('reservation');
    expect((await staff.get('/api/get-pnr-details', { pnr: created.pnr })).body.data.preview.pnr).toBe(created.pnr);
    const id = await agentId();
    const before = (await walletBalance(api.db, id)).balanceMinor;
    const saved = await staff.post('/api/import-pnr', { source: 'supplier', pnr: created.pnr, agent_id: id, margin: '2500.00', issue: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.status).toBe('ticketed');
    expect((await walletBalance(api.db, id)).balanceMinor).toBe(before - Math.round(Number(created.price.amount) * 100) - 2500_00);
  });
});

describe('the demo\'s external PNRs', () => {
  it('are seeded with their printed locators once, however often the seeder runs; the demo agent retrieves its own', async () => {
    const { seedExternalPnrs } = await import('../../server/supplier-console/seed');
    const { DEMO_EXTERNAL_PNRS, demoPnrLines } = await import('../../server/supplier-console/demo');
    const made = await seedExternalPnrs(api.ctx);
    expect(made).toEqual(DEMO_EXTERNAL_PNRS.map((p) => p.pnr));
    const before = await sold();
    expect(await seedExternalPnrs(api.ctx)).toEqual([]);
    expect(await sold()).toBe(before);
    for (const p of made) expect(demoPnrLines().join('\n')).toContain(p);
    const list = (await (await as('reservation')).get('/api/supplier-console/pnrs')).body.data as { pnr: string; passengers: unknown[]; return_date: string | null }[];
    const family = list.find((r) => r.pnr === 'H3RZ8P')!;
    expect([family.passengers.length, family.return_date]).toEqual([4, day(38)]);
    const mine = await (await as('agent')).get('/api/get-pnr-details', { pnr: 'Q7M4KD' });
    expect(mine.body.data.preview).toMatchObject({ pnr: 'Q7M4KD', passengers: [{ first_name: 'IMRAN', last_name: 'SHEIKH' }] });
    expect((await (await as('agent')).get('/api/get-pnr-details', { pnr: 'N6JX4C' })).status).toBe(404);
  });
});
