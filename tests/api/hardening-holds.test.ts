import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { testConfig } from '../support/template';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, flightSeats } from '../../server/db/schema';
import { HM } from '../../server/bookings/hold-limits';

/**
 * Seat spinning: an anonymous caller must not be able to hold a flight's seats again and again. Unpaid guest and
 * customer holds are capped per contact email, per address, per hour, and as a share of each flight.
 */
const limits = { ...testConfig().limits, liveHoldsPerEmail: 2, liveHoldsPerIp: 3, bookingsPerIpPerHour: 1000, bookingsPerEmailPerHour: 1000, guestHoldShare: 0.5 };
const api = await setupApi({ trustProxyHops: 1, limits });
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const name = () => { seq++; return `P${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + Math.floor(seq / 26) % 26)}`; };
const pax = () => ({
  type: 'ADT', title: 'Mr', first_name: name(), last_name: 'Spinner', gender: 'M', dob: '1985-01-01', nationality: 'PK',
  document_type: 'passport', document_no: `SP${1000000 + seq}`, expiry_date: '2036-01-01', issue_country: 'PK',
});
let flightSeq = 0;
const newFlight = (capacity: number) => {
  const flight_no = `SP${100 + flightSeq++}`;
  return { flight_no, offer: (adults = 1) => fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(12), flight_no }], capacity, party: { adults, children: 0, infants: 0 } }) };
};
async function hold(c: TestClient, flightId: string, opts: { email: string; ip: string; people?: number; method?: string }) {
  return c.post('/api/bookings', {
    flight_id: flightId, supplier: 'fake', main_contact: { email: opts.email, phone: '+92 300 1112223', country: 'PK' },
    travellers: Array.from({ length: opts.people ?? 1 }, pax), payment_method: opts.method ?? 'hold',
  }, { 'x-forwarded-for': opts.ip });
}
const soldOn = async (flightNo: string) => (await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flightNo)))[0]?.sold ?? 0;

describe('live unpaid holds per contact and per address', () => {
  it('a contact email gets at most 2 live holds, from any address; the refused one holds no seat', async () => {
    const guest = await api.as('anonymous');
    const f = newFlight(50);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await hold(guest, f.offer(), { email: 'spinner@example.com', ip: `198.51.100.${i + 1}` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect(await soldOn(f.flight_no)).toBe(2);
    const refused = await hold(guest, f.offer(), { email: 'spinner@example.com', ip: '198.51.100.9', method: 'card' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(HM.tooManyHolds);
  });

  it('an address gets at most 3 live holds, whatever emails it gives', async () => {
    const guest = await api.as('anonymous');
    const f = newFlight(50);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await hold(guest, f.offer(), { email: `rotating${i}@example.com`, ip: '203.0.113.7' })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('a hold that was canceled or paid no longer counts', async () => {
    const guest = await api.as('anonymous');
    const f = newFlight(50);
    const a = await hold(guest, f.offer(), { email: 'payer2@example.com', ip: '192.0.2.40' });
    await hold(guest, f.offer(), { email: 'payer2@example.com', ip: '192.0.2.40' });
    await api.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, a.body.data.id));
    expect((await hold(guest, f.offer(), { email: 'payer2@example.com', ip: '192.0.2.40' })).status).toBe(201);
  });

  it('agents are not capped (approved, paying from a prepaid wallet)', async () => {
    const agent = await api.as('agent');
    const f = newFlight(50);
    for (let i = 0; i < 4; i++) expect((await hold(agent, f.offer(), { email: 'agent-client@example.com', ip: '192.0.2.50' })).status).toBe(201);
  });
});

describe('the share of a flight that unpaid holds may take', () => {
  it('14 guests holding 9 seats each take at most half of a 126-seat flight', async () => {
    const guest = await api.as('anonymous');
    const f = newFlight(126);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await hold(guest, f.offer(9), { email: `g${i}@spin.example`, ip: `198.18.0.${i + 1}`, people: 9 })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7); // 63 seats
    expect(statuses.slice(7).every((s) => s === 409)).toBe(true);
    expect(await soldOn(f.flight_no)).toBe(63);
    const last = await hold(guest, f.offer(9), { email: 'late@spin.example', ip: '198.18.1.1', people: 9 });
    expect(last.body.message).toBe(HM.flightHoldsFull);
    // The other half stays for people who pay at once: an agent's wallet booking still gets seats.
    const agent = await api.as('agent');
    expect((await hold(agent, f.offer(9), { email: 'agent-client@example.com', ip: '198.18.1.2', people: 9 })).status).toBe(201);
  });

  it('concurrent guest holds cannot all slip under the share', async () => {
    const guest = await api.as('anonymous');
    const f = newFlight(40); // 20 seats for unpaid holds
    const res = await Promise.all(Array.from({ length: 6 }, (_, i) => hold(guest, f.offer(5), { email: `c${i}@race.example`, ip: `198.18.2.${i + 1}`, people: 5 })));
    expect(res.filter((r) => r.status === 201)).toHaveLength(4);
    const [{ held }] = await api.db.select({ held: sql<number>`coalesce(sum(${bookings.seats}), 0)` }).from(bookings)
      .where(and(eq(bookings.status, 'booked'), sql`${bookings.supplierOrder}->'seat_keys' @> ${JSON.stringify([{ flight_no: f.flight_no }])}::jsonb`));
    expect(Number(held)).toBe(20);
    expect(await soldOn(f.flight_no)).toBe(20);
  });
});

describe('bookings per address and per email an hour', async () => {
  const tight = await setupApi({ trustProxyHops: 1, limits: { ...limits, liveHoldsPerEmail: 100, liveHoldsPerIp: 100, bookingsPerIpPerHour: 3, bookingsPerEmailPerHour: 2 } });
  const fake2 = new FakeFlightSupplier(new DbSeatStore(tight.db), () => tight.ctx.clock.now);
  registerFlightSuppliers(tight.ctx, [fake2]);
  const offer = () => fake2.addOffer({ legs: [{ origin: 'LHE', destination: 'DXB', date: day(15), flight_no: 'RT100' }], capacity: 100 });

  it('refuses the fourth booking from one address within the hour with 429', async () => {
    const guest = await tight.as('anonymous');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await hold(guest, offer(), { email: `r${i}@rate.example`, ip: '192.0.2.99' })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('refuses the third booking for one contact email within the hour, from any address', async () => {
    const guest = await tight.as('anonymous');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await hold(guest, offer(), { email: 'same@rate.example', ip: `192.0.2.${110 + i}` })).status);
    expect(statuses).toEqual([201, 201, 429]);
    tight.ctx.clock.now = new Date(Date.now() + 61 * 60_000);
    expect((await hold(guest, offer(), { email: 'same@rate.example', ip: '192.0.2.120' })).status).toBe(201);
    tight.ctx.clock.now = new Date();
  });
});
