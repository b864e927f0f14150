import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { bookingBody, dayFrom, hotelBookingWrite, pickRate, type Stay } from '../support/hotels';
import { writeHotelBooking } from '../../server/hotels/booking-write';
import { nightKey } from '../../server/suppliers/hotel/types';
import { hotelBookingEvents, hotelBookings, ledgerTransactions, users } from '../../server/db/schema';
import { creditWallet, walletBalance, walletBalanceFromEntries } from '../../server/ledger/service';
import { DbRoomStore } from '../../server/hotels/inventory';
import { hotelSupplier } from '../../server/hotels/supplier';

/** Hotel races only a real PostgreSQL server shows: separate connections, real row locks. */
const api = await setupApi();
const day = (n: number) => dayFrom(new Date(), n);
const single = (checkIn: number, nights = 2): Stay => ({ check_in: day(checkIn), check_out: day(checkIn + nights), rooms: [{ adults: 2, children_ages: [] }] });
const agentRow = async () => (await api.db.select().from(users).where(eq(users.email, 'agent@demo.safar')))[0];

describe('PostgreSQL hotel races', () => {
  it('two clients racing for the last room: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const s = single(120 + round * 5);
      const [a, b] = await Promise.all([api.as('anonymous'), api.as('customer')]);
      const { rate } = await pickRate(a, s, { refundable: false });
      const priced = await hotelSupplier(api.ctx).price(rate.id, s, { pricing: { kind: 'public' }, now: Date.now() });
      if (priced.status !== 'ok') throw new Error(priced.status);
      const store = new DbRoomStore(api.db);
      for (const night of priced.nights) {
        const cap = hotelSupplier(api.ctx).capacity(night);
        if (cap > 1) expect(await store.consume(priced.property.city.id, [{ key: night, capacity: cap }], cap - 1)).toBe(true);
      }
      const results = await Promise.all([
        a.post('/api/hotel-bookings', bookingBody(s, rate.id)),
        b.post('/api/hotel-bookings', bookingBody(s, rate.id)),
      ]);
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([201, 409]);
      expect(await api.db.select().from(hotelBookings).where(eq(hotelBookings.rateId, rate.id))).toHaveLength(1);
    }
  });

  it('two stays racing for the last room of the night they share: the loser sells none of its other nights', async () => {
    const city = 104515;
    const store = new DbRoomStore(api.db);
    for (let round = 0; round < 5; round++) {
      const nights = [0, 1, 2].map((i) => ({ hotel_id: `${city}-9`, room_code: 'QRT', date: day(300 + round * 4 + i) }));
      const sold = async () => {
        const counts = await store.sold(city, nights[0].date, day(320));
        return nights.map((k) => counts.get(nightKey(k)) ?? 0);
      };
      // The shared night has one room left; the first and last have plenty.
      const capacity = (k: (typeof nights)[number]) => (k === nights[1] ? 1 : 5);
      const early = hotelBookingWrite(city, nights.slice(0, 2), (i) => capacity(nights[i]));
      const late = hotelBookingWrite(city, nights.slice(1), (i) => capacity(nights[i + 1]));
      const results = await Promise.allSettled([writeHotelBooking(api.db, null, early, 'No rooms left'), writeHotelBooking(api.db, null, late, 'No rooms left')]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect(lost.reason.status).toBe(409);
      expect(await sold()).toEqual(results[0].status === 'fulfilled' ? [1, 1, 0] : [0, 1, 1]);
    }
  });

  it('20 parallel wallet bookings by one agent never overdraw the wallet', async () => {
    const agent = await agentRow();
    const clients = await Promise.all(Array.from({ length: 20 }, () => api.as('agent')));
    const picks: { s: Stay; rate: { id: string; total: { amount: string } } }[] = [];
    for (let i = 0; i < 20; i++) {
      const s = single(150 + i * 3, 1);
      picks.push({ s, rate: (await pickRate(clients[i], s, { refundable: false })).rate });
    }
    const totals = picks.map((p) => Math.round(Number(p.rate.total.amount) * 100)).sort((x, y) => x - y);
    const start = (await walletBalance(api.db, agent.id)).balanceMinor;
    const want = totals.slice(0, 7).reduce((x, y) => x + y, 0); // enough for about seven of them
    if (want > start) await creditWallet(api.db, { agentId: agent.id, amountMinor: want - start, type: 'deposit', reference: 'race:hotel-topup', description: 'race' });
    const balance = (await walletBalance(api.db, agent.id)).balanceMinor;

    const results = await Promise.all(clients.map((c, i) => c.post('/api/hotel-bookings', bookingBody(picks[i].s, picks[i].rate.id, { payment_method: 'wallet' }))));
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status !== 201);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((r) => r.status === 422 && r.body.message === 'Insufficient Balance'), JSON.stringify(lost.map((r) => r.body))).toBe(true);
    const spent = won.reduce((sum, r) => sum + Math.round(Number(r.body.data.total.amount) * 100), 0);
    const after = await walletBalance(api.db, agent.id);
    expect(after.balanceMinor).toBe(balance - spent);
    expect(after.balanceMinor).toBeGreaterThanOrEqual(0);
    expect(await walletBalanceFromEntries(api.db, agent.id)).toBe(after.balanceMinor);
  });

  it('a cancellation refunds once under concurrent retries', async () => {
    const agent = await agentRow();
    await creditWallet(api.db, { agentId: agent.id, amountMinor: 5_000_000_00, type: 'deposit', reference: 'race:hotel-cancel-topup', description: 'race' });
    const client = await api.as('agent');
    const s = single(200, 2);
    const { rate } = await pickRate(client, s, { refundable: true });
    const b = (await client.post('/api/hotel-bookings', bookingBody(s, rate.id, { payment_method: 'wallet' }))).body.data;
    const before = (await walletBalance(api.db, agent.id)).balanceMinor;
    const retries = await Promise.all(Array.from({ length: 6 }, async () => (await api.as('agent')).post(`/api/hotel-bookings/${b.id}/cancel`)));
    expect(retries.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await walletBalance(api.db, agent.id)).balanceMinor).toBe(before + Math.round(Number(b.total.amount) * 100));
    const refunds = await api.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.type, 'refund'), eq(ledgerTransactions.reference, `hotel-booking:${b.reference}`)));
    expect(refunds).toHaveLength(1);
    // One change, one record of it: the retries that lost recorded nothing.
    const canceled = await api.db.select().from(hotelBookingEvents).where(and(eq(hotelBookingEvents.hotelBookingId, b.id), eq(hotelBookingEvents.action, 'canceled')));
    expect(canceled).toHaveLength(1);
  });
});
