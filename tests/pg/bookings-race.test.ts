import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, flightSeats, users } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Races only a real PostgreSQL server shows: separate connections, real row locks. */
const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'racer@example.com', phone: '+92 300 1112223', country: 'PK' };
let n = 0;
const pax = () => {
  n++;
  return {
    type: 'ADT', title: 'Mr', first_name: `Racer${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`, last_name: 'Test', gender: 'M',
    dob: '1985-01-01', nationality: 'PK', document_type: 'passport', document_no: `RC${3000000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
};

describe('PostgreSQL booking races', () => {
  it('two clients racing for the last seat: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const flight = `PK5${round}0`;
      const id = fake.addOffer({ legs: [{ origin: 'ISB', destination: 'DOH', date: day(40), flight_no: flight }], capacity: 1 });
      const [a, b] = await Promise.all([api.as('anonymous'), api.as('customer')]);
      const results = await Promise.all([
        a.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' }),
        b.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const [seat] = await api.db.select().from(flightSeats).where(eq(flightSeats.flightNo, flight));
      expect(seat.sold).toBe(1);
      expect(await api.db.select().from(bookings).where(eq(bookings.offerId, id))).toHaveLength(1);
    }
  });

  it('20 parallel wallet bookings by one agent never overdraw the wallet', async () => {
    const [agent] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
    const start = (await walletBalance(api.db, agent.id)).balanceMinor;
    // Enough for exactly 7 bookings of 45,000.00.
    const topUp = 7 * 45_000_00 - start + 10_000_00;
    if (topUp > 0) await creditWallet(api.db, { agentId: agent.id, amountMinor: topUp, type: 'deposit', reference: 'race:topup', description: 'race' });
    const balance = (await walletBalance(api.db, agent.id)).balanceMinor;
    const affordable = Math.floor(balance / 45_000_00);
    const clients = await Promise.all(Array.from({ length: 20 }, () => api.as('agent')));
    const offerIds: string[] = [];
    const results = await Promise.all(clients.map((c, i) => {
      const id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'IST', date: day(50), flight_no: `TK7${String(i).padStart(2, '0')}` }], airline: { code: 'TK', name: 'Turkish Airlines' } });
      offerIds.push(id);
      return c.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'wallet', agent_markup: '0' });
    }));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(affordable);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20 - affordable);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.message === 'Insufficient Balance')).toBe(true);
    const after = await walletBalance(api.db, agent.id);
    expect(after.balanceMinor).toBe(balance - affordable * 45_000_00);
    expect(after.balanceMinor).toBeGreaterThanOrEqual(0);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(after.balanceMinor);
    // Losers left no booking behind and gave their seats back.
    expect(await api.db.select().from(bookings).where(inArray(bookings.offerId, offerIds))).toHaveLength(affordable);
    const seats = await api.db.select().from(flightSeats);
    expect(seats.filter((s) => s.flightNo.startsWith('TK7')).reduce((sum, s) => sum + s.sold, 0)).toBe(affordable);
  });
});
