import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupApi, type TestClient } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookingEvents, bookings, ledgerTransactions, users } from '../../server/db/schema';
import { creditWallet, ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/** Refund decisions racing on one booking over separate PostgreSQL connections: exactly one outcome, a balanced ledger. */
const api = await setupApi();
const fake = new FakeFlightSupplier(new DbSeatStore(api.db), () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const [agent] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_000_00, type: 'deposit', reference: 'race:refund-float', description: 'race float' });
const START = new Date(api.ctx.clock.now);
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const pax = () => {
  n++;
  return {
    type: 'ADT', title: 'Mr', first_name: `Refundracer${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`, last_name: 'Test', gender: 'M',
    dob: '1985-01-01', nationality: 'PK', document_type: 'passport', document_no: `RR${3000000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
};
const contact = { email: 'refund.racer@example.com', phone: '+92 300 1112223', country: 'PK' };
const balance = async () => (await walletBalance(api.db, agent.id)).balanceMinor;
const refunds = async (pnr: string) => api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `refund:${pnr}`));

/** Ticketed today, then the clock moves two days on (past the void window); the agent asks for a refund. */
async function refundRequested(round: number) {
  api.ctx.clock.now = new Date(START);
  const a = await api.as('agent');
  const id = fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', date: day(25), flight_no: `EK6${String(round).padStart(2, '0')}` }] });
  const b = (await a.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' })).body.data as { id: number; pnr: string };
  expect((await a.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  api.ctx.clock.now = new Date(START.getTime() + 2 * 86_400_000);
  const q = (await a.get(`/api/bookings/${b.id}/refund-quote`)).body.data;
  expect((await a.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(200);
  return b;
}
const inOrder = <T>(round: number, calls: (() => Promise<T>)[]) => Promise.all(round % 2 ? calls.map((f) => f()) : [...calls].reverse().map((f) => f()).reverse());

describe('PostgreSQL refund races', () => {
  it('three staff approving the same refund: credited once', async () => {
    for (let round = 0; round < 4; round++) {
      const b = await refundRequested(round);
      const before = await balance();
      const staff: TestClient[] = await Promise.all([api.as('reservation'), api.as('admin'), api.as('reservation')]);
      const res = await Promise.all(staff.map((s) => s.post(`/api/bookings/${b.id}/refund`, {})));
      expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await refunds(b.pnr)).toHaveLength(1);
      expect(await balance()).toBe(before + 40_000_00);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
    expect(await ledgerTotal(api.db)).toBe(0);
  });

  it('an approval racing a rejection, and an approval racing a void: exactly one outcome each', async () => {
    for (let round = 10; round < 16; round++) {
      const b = await refundRequested(round);
      const before = await balance();
      const [s1, s2] = await Promise.all([api.as('reservation'), api.as('admin')]);
      const other = round % 3 === 0
        ? () => s2.post('/api/void-booking', { id: b.id, status: 'refund_requested' })
        : () => s2.post(`/api/bookings/${b.id}/reject-refund`, { reason: 'Flown in part' });
      const [approve, decline] = await inOrder(round, [() => s1.post(`/api/bookings/${b.id}/refund`, {}), other]);
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
      if (round % 3 === 0) {
        // A void is never possible after the window: the refund approval always stands.
        expect([approve.status, decline.status]).toEqual([200, 409]);
      } else {
        expect([approve.status, decline.status].sort()).toEqual([200, 409]);
      }
      expect(row.status).toBe(approve.status === 200 ? 'refunded' : 'ticketed');
      expect(await refunds(b.pnr)).toHaveLength(approve.status === 200 ? 1 : 0);
      expect(await balance()).toBe(approve.status === 200 ? before + 40_000_00 : before);
      const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
      expect(events.filter((e) => e.fromStatus === 'refund_requested')).toHaveLength(1);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
    expect(await ledgerTotal(api.db)).toBe(0);
  });
});
