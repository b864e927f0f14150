import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApi } from '../support/api';
import { DbOrderStore } from '../../server/bookings/order-store';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { holdSeatsWithOrder } from '../../server/bookings/seats-and-order';
import { flightSeats, supplierOrders } from '../../server/db/schema';
import type { Order, SeatKey } from '../../server/suppliers/flight/types';

/** A sale and its order in one statement: every seat and the order, or nothing at all. */
const api = await setupApi();
const now = Date.parse('2026-06-01T00:00:00Z');
const key = (flight_no: string, date = '2026-08-01'): SeatKey => ({ flight_no, date, cabin: 'Y' });
const orderOf = (pnr: string, keys: SeatKey[]): Order => ({
  pnr, supplier: 'safar', offer_id: 'offer', status: 'booked', offer: {} as Order['offer'], passengers: [], contact: { email: 'a@b.c', phone: '1', country: 'PK' },
  tickets: [], seat_keys: keys, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(),
});

async function sold(k: SeatKey): Promise<number> {
  const [row] = await api.db.select({ sold: flightSeats.sold }).from(flightSeats)
    .where(and(eq(flightSeats.flightNo, k.flight_no), eq(flightSeats.date, k.date), eq(flightSeats.cabin, k.cabin)));
  return row?.sold ?? 0;
}
const orderRows = (pnr: string) => api.db.select({ id: supplierOrders.id }).from(supplierOrders).where(eq(supplierOrders.pnr, pnr));

describe('holdSeatsWithOrder', () => {
  const seats = new DbSeatStore(api.db, () => now, 60_000);
  const orders = new DbOrderStore(api.db, 'safar', () => new Date(now));
  const hold = holdSeatsWithOrder(api.db, seats, orders);

  it('sells every flight and saves the order; the kept sold counts show the sale at once', async () => {
    const legs = [key('HS1'), key('HS2')];
    expect(await seats.sold(legs)).toEqual([0, 0]);
    expect(await hold(legs.map((k) => ({ key: k, capacity: 5 })), 2, orderOf('HSAAA1', legs))).toBe('held');
    expect([await sold(legs[0]), await sold(legs[1])]).toEqual([2, 2]);
    expect(await seats.sold(legs)).toEqual([2, 2]);
    expect(await orders.get('hsaaa1')).toMatchObject({ pnr: 'HSAAA1', seat_keys: legs });
  });

  it('sells nothing and saves no order when one flight is short, though the others had room', async () => {
    const legs = [key('HS3'), key('HS4')];
    expect(await hold([{ key: legs[1], capacity: 3 }], 3, orderOf('HSAAA2', [legs[1]]))).toBe('held');
    expect(await hold(legs.map((k) => ({ key: k, capacity: 3 })), 1, orderOf('HSAAA3', legs))).toBe('short');
    expect([await sold(legs[0]), await sold(legs[1])]).toEqual([0, 3]);
    expect(await orderRows('HSAAA3')).toEqual([]);
    // More than a flight could ever hold: not tried at all.
    expect(await hold([{ key: key('HS5'), capacity: 1 }], 2, orderOf('HSAAA4', [key('HS5')]))).toBe('short');
  });

  it('sells nothing when the PNR is taken, and takes a flight listed twice once for both', async () => {
    const legs = [key('HS6')];
    expect(await hold([{ key: legs[0], capacity: 9 }], 1, orderOf('HSAAA1', legs))).toBe('pnr-taken');
    expect(await sold(legs[0])).toBe(0);
    expect(await hold([{ key: legs[0], capacity: 9 }, { key: legs[0], capacity: 9 }], 2, orderOf('HSAAA5', legs))).toBe('held');
    expect(await sold(legs[0])).toBe(4);
  });

  it('never sells past capacity when many hold the last seats at once', async () => {
    const leg = key('HS7');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => hold([{ key: leg, capacity: 5 }], 1, orderOf(`HSR${String(i).padStart(3, '0')}`, [leg]))));
    expect(answers.filter((a) => a === 'held')).toHaveLength(5);
    expect(await sold(leg)).toBe(5);
  });
});
