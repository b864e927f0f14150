import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { FakeFlightSupplier } from '../support/fake-flight-supplier';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { bookings, ledgerTransactions, users } from '../../server/db/schema';
import { creditWallet, ledgerTotal, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';

/**
 * A reissue racing a void approval and a refund approval on one booking, and reissues racing each other, over
 * separate PostgreSQL connections: one outcome, at most one ledger entry of each kind, a balanced ledger, and
 * no seats left held by a losing reissue's new order.
 */
const api = await setupApi();
const seats = new DbSeatStore(api.db);
const fake = new FakeFlightSupplier(seats, () => api.ctx.clock.now);
registerFlightSuppliers(api.ctx, [fake]);
const [agent] = await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar'));
await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_000_00, type: 'deposit', reference: 'race:reissue-float', description: 'race float' });
const START = new Date(api.ctx.clock.now);
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const pax = () => {
  n++;
  return {
    type: 'ADT', title: 'Mr', first_name: `Reissuer${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`, last_name: 'Test', gender: 'M',
    dob: '1986-01-01', nationality: 'PK', document_type: 'passport', document_no: `RX${5000000 + n}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
};
const contact = { email: 'reissue.racer@example.com', phone: '+92 300 1112224', country: 'PK' };
const balance = async () => (await walletBalance(api.db, agent.id)).balanceMinor;
const entries = async (pnr: string) => (await api.db.select().from(ledgerTransactions).where(inArray(ledgerTransactions.reference, [`void:${pnr}`, `refund:${pnr}`, `re_issue:${pnr}:1`, `re_issue:${pnr}:2`]))).map((e) => e.reference);
let flightNo = 0;
/** A new KHI-DXB flight at the default fare (so a change costs the fee only: 3000.00). */
const newFlight = (date: string) => {
  const f = { flight_no: `QR${String(100 + flightNo++)}`, date };
  return { ...f, id: fake.addOffer({ legs: [{ origin: 'KHI', destination: 'DXB', ...f }] }) };
};
const soldOn = async (fs: { flight_no: string; date: string }[]) => (await seats.sold(fs.map((f) => ({ ...f, cabin: 'Y' as const })))).reduce((a, b) => a + b, 0);

/** An agent booking ticketed at START; then, by kind: left ticketed (void window open), void asked, or refund asked (two days on). */
async function booking(kind: 'ticketed' | 'requested' | 'refund_requested') {
  api.ctx.clock.now = new Date(START);
  const a = await api.as('agent');
  const id = newFlight(day(25)).id;
  const b = (await a.post('/api/bookings', { flight_id: id, supplier: 'fake', main_contact: contact, travellers: [pax()], payment_method: 'hold' })).body.data as { id: number; pnr: string };
  expect((await a.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  if (kind === 'requested') expect((await a.post('/api/void-booking', { id: b.id })).status).toBe(200);
  if (kind === 'refund_requested') {
    api.ctx.clock.now = new Date(START.getTime() + 2 * 86_400_000);
    const q = (await a.get(`/api/bookings/${b.id}/refund-quote`)).body.data;
    expect((await a.post(`/api/bookings/${b.id}/request-refund`, { expected_refund: q.refund })).status).toBe(200);
  }
  return b;
}
const shuffle = <T>(round: number, xs: T[]) => xs.map((x, i) => [x, (i * 7 + round * 3) % xs.length] as const).sort((p, q) => p[1] - q[1]).map(([x]) => x);

describe('PostgreSQL reissue races', () => {
  it('a refund approval, a reissue and a void approval racing on one booking: one outcome, a balanced ledger', async () => {
    const kinds = ['ticketed', 'requested', 'refund_requested'] as const;
    for (let round = 0; round < 9; round++) {
      const kind = kinds[round % 3];
      const b = await booking(kind);
      const before = await balance();
      const [owner, s1, s2] = await Promise.all([api.as('agent'), api.as('reservation'), api.as('admin')]);
      const target = newFlight(day(28));
      const calls = {
        reissue: () => owner.post(`/api/bookings/${b.id}/reissue`, { flight_id: target.id, supplier: 'fake', expected_total: '3000.00', status: kind }),
        void: () => (kind === 'requested' ? s1.post('/api/approve-booking', { id: b.id, decision: 'approve', status: 'requested' }) : s1.post('/api/void-booking', { id: b.id, status: kind })),
        refund: () => s2.post(`/api/bookings/${b.id}/refund`, { status: kind }),
      };
      const order = shuffle(round, Object.keys(calls) as (keyof typeof calls)[]);
      const res = Object.fromEntries((await Promise.all(order.map((k) => calls[k]()))).map((r, i) => [order[i], r.status]));
      const won = Object.entries(res).filter(([, s]) => s === 200).map(([k]) => k);
      expect(won, JSON.stringify(res)).toHaveLength(1);
      expect(Object.values(res).filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
      // Which one can win from each state: a refund only from its request; a void or a reissue from the ticket.
      if (kind === 'refund_requested') expect(won).toEqual(['refund']);
      if (kind === 'requested') expect(won).toEqual(['void']);
      const [row] = await api.db.select().from(bookings).where(eq(bookings.id, b.id));
      const refs = await entries(b.pnr);
      if (won[0] === 'reissue') {
        expect([row.status, row.departureDate, refs]).toEqual(['ticketed', day(28), [`re_issue:${b.pnr}:1`]]);
        expect(await balance()).toBe(before - 3_000_00);
      } else if (won[0] === 'void') {
        expect([row.status, refs]).toEqual(['voided', [`void:${b.pnr}`]]);
      } else {
        expect([row.status, refs]).toEqual(['refunded', [`refund:${b.pnr}`]]);
      }
      // A losing reissue's new order gave its seats back.
      expect(await soldOn([target])).toBe(won[0] === 'reissue' ? 1 : 0);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
    expect(await ledgerTotal(api.db)).toBe(0);
  });

  it('concurrent reissue confirms (the agent twice, staff on its behalf) debit once and hold seats on one new flight only', async () => {
    for (let round = 0; round < 4; round++) {
      const b = await booking('ticketed');
      const before = await balance();
      const targets = [newFlight(day(30)), newFlight(day(31)), newFlight(day(32))];
      const clients = await Promise.all([api.as('agent'), api.as('agent'), api.as('reservation')]);
      const res = await Promise.all(shuffle(round, [0, 1, 2]).map((i) => clients[i].post(`/api/bookings/${b.id}/reissue`, { flight_id: targets[i].id, expected_total: '3000.00', status: 'ticketed' })));
      expect(res.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await entries(b.pnr)).toEqual([`re_issue:${b.pnr}:1`]);
      expect(await balance()).toBe(before - 3_000_00);
      expect(await soldOn(targets)).toBe(1);
    }
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(await balance());
    expect(await ledgerTotal(api.db)).toBe(0);
  });
});
