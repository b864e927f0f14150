import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingEvents, bookings, ledgerTransactions, users } from '../../server/db/schema';
import { creditWallet, ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Booking actions racing on one booking over separate PostgreSQL connections: exactly one applies. */
const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const [agent] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_000_00, type: 'deposit', reference: 'race:ops-float', description: 'race float' });
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const pax = () => {
  n++;
  return {
    type: 'ADT', title: 'Mr', first_name: `Opsracer${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`, last_name: 'Test', gender: 'M',
    dob: '1985-01-01', nationality: 'PK', document_type: 'passport', document_no: `OR${3000000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
};
const contact = { email: 'ops.racer@example.com', phone: '+92 300 1112223', country: 'PK' };
const balance = async () => (await walletBalance(api.db, agent.id)).balanceMinor;

async function requestedBooking(round: number) {
  const a = await api.as('agent');
  const id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'JED', date: day(25), flight_no: `SV7${String(round).padStart(2, '0')}` }] });
  const b = await a.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' });
  expect((await a.post('/api/confirm-pnr', { id: b.body.data.id })).status).toBe(200);
  expect((await a.post('/api/void-booking', { id: b.body.data.id })).status).toBe(200);
  return b.body.data as { id: number; pnr: string };
}

describe('PostgreSQL booking-action races', () => {
  it('a void and a confirm racing on one requested booking: exactly one applies and the ledger matches it', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const b = await requestedBooking(round);
      const before = await balance();
      const [s1, s2] = await Promise.all([api.as('reservation'), api.as('admin')]);
      // Both decided on the booking as shown: requested (the screens send the status they showed).
      const calls = [() => s1.post('/api/void-booking', { id: b.id, status: 'requested' }), () => s2.post('/api/confirm-pnr', { id: b.id, status: 'requested' })];
      const [voidRes, confirmRes] = await Promise.all(round % 2 ? calls.map((f) => f()) : calls.reverse().map((f) => f()).reverse());
      const statuses = [voidRes.status, confirmRes.status];
      expect(statuses.sort()).toEqual([200, 409]);
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
      const voidTx = await api.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.type, 'void'), eq(ledgerTransactions.reference, `void:${b.pnr}`)));
      if (voidRes.status === 200) {
        expect(row.status).toBe('voided');
        expect(voidTx).toHaveLength(1);
        expect(await balance()).toBe(before + 45_000_00);
        outcomes.push('void');
      } else {
        expect(row.status).toBe('ticketed');
        expect(voidTx).toHaveLength(0);
        expect(await balance()).toBe(before);
        outcomes.push('confirm');
      }
      const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
      expect(events.filter((e) => e.fromStatus === 'requested')).toHaveLength(1);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
    expect(await ledgerTotal(api.db)).toBe(0);
    expect(outcomes).toHaveLength(8);
  });

  it('a confirm (wallet debit) and a cancel racing on one held booking: one wins, debited only if ticketed', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await api.as('agent');
      const id = fake.addOffer({ legs: [{ origin: 'LHE', destination: 'DOH', date: day(26), flight_no: `QR8${String(round).padStart(2, '0')}` }] });
      const b = (await a.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' })).body.data;
      const before = await balance();
      const [c1, c2] = await Promise.all([api.as('agent'), api.as('reservation')]);
      const [confirm, cancel] = await Promise.all([c1.post('/api/confirm-pnr', { id: b.id }), c2.post('/api/cancel-pnr', { id: b.id })]);
      expect([confirm.status, cancel.status].sort()).toEqual([200, 409]);
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
      expect(row.status).toBe(confirm.status === 200 ? 'ticketed' : 'canceled');
      expect(await balance()).toBe(confirm.status === 200 ? before - 45_000_00 : before);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
  });

  it('two staff approving the same void: the refund is credited once', async () => {
    const b = await requestedBooking(50);
    const before = await balance();
    const staff = await Promise.all([api.as('reservation'), api.as('admin'), api.as('reservation')]);
    const res = await Promise.all(staff.map((s) => s.post('/api/approve-booking', { id: b.id })));
    expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balance()).toBe(before + 45_000_00);
  });
});
