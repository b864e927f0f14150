import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { setupApi } from '../support/api';
import { writeHold, type BookingRider, type HoldWrite } from '../../server/bookings/hold-write';
import { DbOrderStore } from '../../server/bookings/order-store';
import { DbSeatStore } from '../../server/bookings/seat-store';
import { holdSeatsWithOrder } from '../../server/bookings/seats-and-order';
import { agencyAudit, bookingEvents, bookingPassengers, bookings, flightSeats, outbox, supplierOrders, users } from '../../server/db/schema';
import type { Order, SeatKey } from '../../server/suppliers/flight/types';

/** The one statement that writes a new booking (server/bookings/hold-write.ts), prepared or in a transaction. */
const api = await setupApi();
let seq = 0;
const at = new Date('2026-03-01T10:00:00.000Z');
const [agent] = await api.db.select({ id: users.id }).from(users).where(eq(users.email, 'agent@demo.safar'));

function hold(over: { passengers?: number; mail?: boolean; order?: boolean; audit?: boolean } = {}): HoldWrite {
  const n = ++seq;
  const pnr = `HW${String(n).padStart(4, '0')}`;
  const offer = { id: `offer-${n}`, journeys: [{ origin: 'KHI', destination: 'DXB' }], note: `a "quoted" value ${n}` };
  return {
    booking: {
      pnr, supplier: 'safar', offerId: `offer-${n}`, isSooper: n % 2 === 0, userId: null, agencyId: null, channel: 'guest', status: 'booked', paymentMethod: 'hold',
      contactEmail: `hold-${n}@example.com`, contactPhone: '+92 300 1234567', contactCountry: 'PK', flightType: 'one-way', origin: 'KHI', destination: 'DXB',
      departureDate: '2026-04-01', lastTravelDate: '2026-04-01', cabin: 'Y', itinerary: offer, supplierOrder: { pnr, offer, seat_keys: [] },
      baseMinor: 40_000_00 + n, taxesMinor: 5_000_00, agentMarkupMinor: 0, totalMinor: 45_000_00 + n, currency: 'PKR',
      holdExpiresAt: new Date(at.getTime() + 15 * 60_000), ticketedAt: null, reissuedAt: null, canceledAt: null, seatsReleasedAt: null,
      dupKey: `dup-${n}`, idempotencyKey: `key-${n}-hold-write`, locale: 'en', clientIp: '203.0.113.9', seats: over.passengers ?? 1, refundQuote: null, createdAt: at, updatedAt: at,
    },
    passengers: Array.from({ length: over.passengers ?? 1 }, (_, i) => ({
      position: i, type: 'ADT' as const, title: 'Ms', firstName: `Sana${i}`, lastName: `Write${n}`, gender: 'F', dob: '1990-01-0' + (i + 1),
      nationality: 'PK', documentType: 'passport', documentNo: `HW${n}${i}`, expiryDate: '2034-01-01', issueCountry: 'PK',
    })),
    event: { action: 'create', fromStatus: null, toStatus: 'booked', actorId: null, actorKind: 'guest', note: 'payment: hold', createdAt: at },
    mail: over.mail === false ? null : { toAddress: `hold-${n}@example.com`, subject: `Booking ${pnr} is on hold`, textBody: 'text', htmlBody: '<p>html</p>', kind: 'booking-held', attachments: [], refresh: null },
    order: over.order === false ? null : { supplier: 'safar', pnr, at },
    audit: over.audit ? { agencyId: agent.id, actorId: agent.id, action: 'booking', subject: pnr, detail: { total_minor: 45_000_00 + n, currency: 'PKR', payment: 'hold' }, createdAt: at } : null,
  };
}

const auditOf = (w: HoldWrite) => api.db.select().from(agencyAudit).where(eq(agencyAudit.subject, w.booking.pnr));
const orderRow = (w: HoldWrite, abandonedAt: Date | null = null) =>
  api.db.insert(supplierOrders).values({ supplier: 'safar', pnr: w.booking.pnr, order: w.booking.supplierOrder as Order, createdAt: at, updatedAt: at, abandonedAt });

async function stored(bookingId: number) {
  const [row] = await api.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const pax = await api.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
  const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
  return { row, pax, events };
}

describe('writeHold', () => {
  it('writes the values given, alone (prepared once per shape) or within a transaction', async () => {
    const cases = [
      { w: hold(), tx: false },
      { w: hold(), tx: false }, // the same shape again: the prepared statement with new values
      { w: hold({ passengers: 3, mail: false }), tx: true },
      { w: hold({ passengers: 2, order: false }), tx: false },
      { w: hold({ audit: true }), tx: false }, // an agent's: its agency's audit line in the same statement
      { w: hold({ passengers: 2, audit: true }), tx: true },
    ];
    for (const { w, tx } of cases) {
      if (w.order) await orderRow(w);
      const written = tx ? await api.db.transaction((t) => writeHold(api.db, t, w)) : await writeHold(api.db, null, w);
      expect(written).not.toBeNull();
      const { row, pax, events } = await stored(written!.bookingId);
      expect(row).toEqual({ id: written!.bookingId, ...w.booking });
      expect(pax).toEqual(w.passengers.map((p, i) => ({ ...p, id: written!.passengerIds[i], bookingId: written!.bookingId, ticketNumber: null })));
      expect(events.map(({ id: _, bookingId: __, ...e }) => e)).toEqual([w.event]);
      const mails = await api.db.select().from(outbox).where(eq(outbox.toAddress, w.booking.contactEmail));
      expect(mails.map((m) => ({ toAddress: m.toAddress, subject: m.subject, textBody: m.textBody, htmlBody: m.htmlBody, kind: m.kind, attachments: m.attachments, refresh: m.refresh })))
        .toEqual(w.mail ? [w.mail] : []);
      expect((await auditOf(w)).map(({ id: _, ...a }) => a)).toEqual(w.audit ? [w.audit] : []);
      // A null JSON column is SQL NULL, not JSON 'null'.
      expect(await api.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, written!.bookingId), isNull(bookings.refundQuote)))).toHaveLength(1);
      if (w.order) {
        const [order] = await api.db.select().from(supplierOrders).where(eq(supplierOrders.pnr, w.booking.pnr));
        expect(order.attachedAt).toEqual(at);
      }
    }
  });

  it('writes nothing when the orphan-order job claimed the order first; with no order kept here it writes', async () => {
    for (const tx of [false, true]) {
      const w = hold({ audit: true });
      await orderRow(w, at);
      const written = tx ? await api.db.transaction((t) => writeHold(api.db, t, w)) : await writeHold(api.db, null, w);
      expect(written).toBeNull();
      expect(await api.db.select().from(bookings).where(eq(bookings.pnr, w.booking.pnr))).toEqual([]);
      expect(await api.db.select().from(outbox).where(eq(outbox.toAddress, w.booking.contactEmail))).toEqual([]);
      expect(await auditOf(w)).toEqual([]);
      const [order] = await api.db.select().from(supplierOrders).where(eq(supplierOrders.pnr, w.booking.pnr));
      expect(order.attachedAt).toBeNull();
    }
    const elsewhere = hold(); // an order, but none in supplier_orders (a supplier that keeps its own)
    expect(await writeHold(api.db, null, elsewhere)).not.toBeNull();
  });

  it('a unique violation (the same Idempotency-Key) writes nothing at all', async () => {
    const first = hold({ order: false });
    expect(await writeHold(api.db, null, first)).not.toBeNull();
    const twin = hold({ order: false });
    twin.booking.idempotencyKey = first.booking.idempotencyKey;
    await expect(writeHold(api.db, null, twin)).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await api.db.select().from(bookings).where(eq(bookings.pnr, twin.booking.pnr))).toEqual([]);
    expect(await api.db.select().from(outbox).where(eq(outbox.toAddress, twin.booking.contactEmail))).toEqual([]);
  });
});

describe('a hold sold and written in one statement (a rider on the sale)', () => {
  const seats = new DbSeatStore(api.db, () => at.getTime(), 60_000);
  const orders = new DbOrderStore(api.db, 'safar', () => at);
  const sell = holdSeatsWithOrder(api.db, seats, orders);
  const leg = (no: string): SeatKey => ({ flight_no: no, date: '2026-04-01', cabin: 'Y' });
  const orderOf = (w: HoldWrite, keys: SeatKey[]): Order => ({
    pnr: w.booking.pnr, supplier: 'safar', offer_id: w.booking.offerId, status: 'booked', offer: w.booking.itinerary as Order['offer'], passengers: [],
    contact: { email: w.booking.contactEmail, phone: '1', country: 'PK' }, tickets: [], seat_keys: keys, created_at: at.toISOString(), updated_at: at.toISOString(),
  });
  /** The booking service's rider: the hold's rows for whichever order the sale saves. */
  const riderOf = (w: HoldWrite): BookingRider & { asked: number } => {
    const rider = {
      asked: 0,
      rows: async (order: Order) => { rider.asked++; return { ...w, booking: { ...w.booking, pnr: order.pnr, supplierOrder: order } }; },
    } as BookingRider & { asked: number };
    return rider;
  };
  const soldOn = async (k: SeatKey) => (await api.db.select({ sold: flightSeats.sold }).from(flightSeats).where(eq(flightSeats.flightNo, k.flight_no)))[0]?.sold ?? 0;
  const nothingOf = async (w: HoldWrite, keys: SeatKey[]) => {
    expect(await api.db.select().from(bookings).where(eq(bookings.pnr, w.booking.pnr))).toEqual([]);
    expect(await api.db.select().from(supplierOrders).where(eq(supplierOrders.pnr, w.booking.pnr))).toEqual([]);
    expect(await api.db.select().from(outbox).where(eq(outbox.toAddress, w.booking.contactEmail))).toEqual([]);
    for (const k of keys) expect(await soldOn(k)).toBe(0);
  };

  it('sells the seats, saves the order as taken and writes the booking, passengers, event, mail and audit line', async () => {
    const w = hold({ passengers: 2, audit: true });
    const keys = [leg('RW1'), leg('RW2')];
    const rider = riderOf(w);
    expect(await sell(keys.map((key) => ({ key, capacity: 5 })), 2, orderOf(w, keys), rider)).toBe('held');
    expect(rider.written).toBeTruthy();
    const { row, pax, events } = await stored(rider.written!.bookingId);
    expect(row).toEqual({ id: rider.written!.bookingId, ...w.booking, supplierOrder: orderOf(w, keys) });
    // The itinerary is json, kept as written: its keys in their own order, not jsonb's (code compares its text).
    expect(JSON.stringify(row.itinerary)).toBe(JSON.stringify(w.booking.itinerary));
    expect(pax.map((p) => p.id)).toEqual(rider.written!.passengerIds);
    expect(events).toHaveLength(1);
    expect(await auditOf(w)).toHaveLength(1);
    const [order] = await api.db.select().from(supplierOrders).where(eq(supplierOrders.pnr, w.booking.pnr));
    expect(order.attachedAt).toEqual(at); // taken already: the orphan-order job never sees it
    expect([await soldOn(keys[0]), await soldOn(keys[1])]).toEqual([2, 2]);
    expect(await seats.sold(keys)).toEqual([2, 2]);
  });

  it('writes nothing at all when a flight is short, and leaves the booking to its writer', async () => {
    const w = hold();
    const keys = [leg('RW3'), leg('RW4')];
    await api.db.insert(flightSeats).values({ flightNo: 'RW4', date: '2026-04-01', cabin: 'Y', capacity: 1, sold: 1 });
    const rider = riderOf(w);
    expect(await sell(keys.map((key) => ({ key, capacity: 1 })), 1, orderOf(w, keys), rider)).toBe('short');
    expect(rider.written).toBeUndefined();
    await nothingOf(w, [keys[0]]);
    expect(await soldOn(keys[1])).toBe(1);
  });

  it('refuses a taken PNR (the supplier tries another) but throws a booking\'s own unique key, selling nothing either way', async () => {
    const first = hold();
    const keys = [leg('RW5')];
    expect(await sell([{ key: keys[0], capacity: 9 }], 1, orderOf(first, keys), riderOf(first))).toBe('held');
    const samePnr = hold();
    samePnr.booking.pnr = first.booking.pnr;
    const again = riderOf(samePnr);
    expect(await sell([{ key: leg('RW6'), capacity: 9 }], 1, orderOf(samePnr, [leg('RW6')]), again)).toBe('pnr-taken');
    expect(again.written).toBeUndefined();
    expect(await soldOn(leg('RW6'))).toBe(0);
    // The same Idempotency-Key as the first: not a PNR to try again (that would loop), the caller's to answer.
    const twin = hold();
    twin.booking.idempotencyKey = first.booking.idempotencyKey;
    await expect(sell([{ key: leg('RW7'), capacity: 9 }], 1, orderOf(twin, [leg('RW7')]), riderOf(twin))).rejects.toMatchObject({ cause: { code: '23505' } });
    await nothingOf(twin, [leg('RW7')]);
  });
});
