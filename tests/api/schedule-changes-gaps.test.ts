import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { expandSearchResponse } from '../../contract/flight-wire';
import type { FlightOffer, FlightOfferDetail } from '../../contract/flights';
import type { ScheduleChange } from '../../contract/schedule-changes';
import {
  bookingEvents, bookingExtras, bookingPassengers, bookings, extraPurchases, flightScheduleOverrides, flightSeats, ledgerEntries, ledgerTransactions, scheduleChanges,
  seatAssignments, users,
} from '../../server/db/schema';
import { creditWallet } from '../../server/ledger/service';
import { writeExtras } from '../../server/flight-extras/store';
import { recordChange } from '../../server/schedule-changes/record';
import { loadOverrides, refreshOverrides } from '../../server/schedule-changes/overrides';
import { createApp } from '../../server/app';
import { registerFlightSuppliers } from '../../server/bookings/suppliers';
import { EmbeddedFlightSupplier } from '../../server/suppliers/flight/embedded';
import { buildNetwork } from '../../server/suppliers/flight/network';
import { readSnapshotSteps } from '../../server/suppliers/flight/network-snapshot';
import type { Network } from '../../server/suppliers/flight/network-types';
import { renumberedFrom } from '../../server/suppliers/flight/schedule-overrides';
import { expectRoleMatrix } from '../support/agents';
import { seatsOf as seatElements } from '../support/flight-extras';
import { mailsTo, setupApi, type TestClient, type Identity } from '../support/api';
import { testContext } from '../support/template';

/**
 * The gaps of airline schedule changes: a held booking moves to another hold or drops it (never refunded), seats
 * follow a renumbered or moved flight and are released (recorded as due back) on a rebooking, and a second server
 * on the same database sees the console's changes.
 */
const api = await setupApi();
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'gaps.traveller@example.com', phone: '+92 300 5557772', country: 'PK' };
let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Gap${letters(seq++)}`, last_name: 'Flyer', gender: 'M', dob: '1981-05-06', nationality: 'PK',
  document_type: 'passport', document_no: `GP${6000000 + seq}`, expiry_date: '2036-01-01', issue_country: 'PK',
});
const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;
const userId = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].id;
await creditWallet(api.db, { agentId: await userId('agent@demo.safar'), amountMinor: 50_000_000_00, type: 'deposit', reference: 'test:schedule-gaps', description: 'test float' });
const sold = async (flightNo: string, date: string) =>
  (await api.db.select().from(flightSeats).where(and(eq(flightSeats.flightNo, flightNo), eq(flightSeats.date, date), eq(flightSeats.cabin, 'Y'))))[0]?.sold ?? 0;
const rowOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const segmentOf = (b: { itinerary: unknown }) => (b.itinerary as FlightOfferDetail).journeys[0].segments[0];

async function nonStop(c: TestClient, origin: string, destination: string, date: string, flightNo?: string): Promise<FlightOffer | undefined> {
  const res = await c.get('/api/flights', { flightType: 'one-way', origin, destination, departure_date: date, adults: 1, stops: '0' });
  expect(res.status).toBe(200);
  const offers = expandSearchResponse(res.body).flights.filter((o) => o.journeys[0].segments.length === 1);
  return flightNo ? offers.find((o) => o.journeys[0].segments[0].flight_number === flightNo) : offers[0];
}

/** A held (unpaid) agent booking on the offer, or ticketed when `pay`. */
async function booking(offer: FlightOffer, pay = false) {
  const c = await as('agent');
  const res = await c.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const b = res.body.data as { id: number; pnr: string };
  if (pay) expect((await c.post('/api/confirm-pnr', { id: b.id })).status).toBe(200);
  return b;
}

const change = async (body: Record<string, unknown>) => (await as('reservation')).post('/api/supplier-console/flight-changes', body);
const listOf = async (pnr: string, who: Identity = 'agent') => (await (await as(who)).get(`/api/bookings/flight/${pnr}/schedule-changes`)).body.data as ScheduleChange[];
const answer = async (pnr: string, id: number, what: 'accept' | 'refund' | 'rebook' | 'cancel', who: Identity = 'agent', body: unknown = {}) =>
  (await as(who)).post(`/api/bookings/flight/${pnr}/schedule-changes/${id}/${what}`, body);

/** A seat chosen on the booking's first segment, bought from the wallet at `priceMinor`. */
async function chooseSeat(bookingId: number, designator: string, priceMinor: number) {
  const b = await rowOf(bookingId);
  const seg = segmentOf(b);
  const pax = await api.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
  const date = seg.departure_at.slice(0, 10);
  await api.db.transaction((tx) => writeExtras(tx, {
    bookingId, passengerIds: pax.map((p) => p.id), status: 'confirmed', at: api.ctx.now(),
    purchase: { idempotencyKey: `gap-seat-${bookingId}-${designator}`, paidWith: 'wallet', status: 'confirmed', amountMinor: priceMinor, currency: b.currency },
    lines: [{ kind: 'seat', passenger: 0, segmentId: `${seg.flight_number}|${date}`, flightNo: seg.flight_number, date, designator, priceMinor }],
  }));
}
const seatsOf = async (bookingId: number) => (await api.db.select().from(seatAssignments).where(eq(seatAssignments.bookingId, bookingId))).map((s) => `${s.flightNo}|${s.date}|${s.designator}`);
const linesOf = async (bookingId: number) => (await api.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, bookingId))).map((l) => `${l.flightNo}|${l.date}|${l.designator}|${l.status}`);

describe('a held booking answers a change by moving its hold or dropping it', () => {
  it('a canceled flight: no refund and no accept; another flight is held instead, nothing charged, the old seats given back', async () => {
    const date = day(41);
    const offer = (await nonStop(await as('agent'), 'KHI', 'DXB', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await booking(offer);
    const before = await rowOf(b.id);
    expect(before.status).toBe('booked');
    expect((await change({ flight_number: flightNo, date, action: 'cancel' })).body.data.bookings).toBeGreaterThanOrEqual(1);
    // Its owner is told of the answers a hold has: no refund.
    const mail = (await mailsTo(api.db, 'agent@demo.safar')).find((m) => m.subject.includes(b.pnr));
    expect(mail?.textBody).toContain('drop the hold');

    const [c] = await listOf(b.pnr);
    expect(c.can).toEqual({ accept: false, rebook: true, refund: false, cancel: true });
    const refund = await answer(b.pnr, c.id, 'refund');
    expect([refund.status, refund.body.message]).toEqual([409, 'Only a paid (ticketed) booking can be refunded; a held booking can move to another flight or drop the hold.']);

    const options = await (await as('agent')).get(`/api/bookings/flight/${b.pnr}/schedule-changes/${c.id}/options`);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const picked = options.body.data[0];
    const next = picked.journeys[0].segments[0] as { flight_number: string; departure_at: string };
    const [oldBefore, newBefore] = [await sold(flightNo, date), await sold(next.flight_number, next.departure_at.slice(0, 10))];
    const res = await answer(b.pnr, c.id, 'rebook', 'agent', { offer_id: picked.offer_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ answer: 'rebooked', can: { accept: false, rebook: false, refund: false, cancel: false } });
    const after = await rowOf(b.id);
    expect(after.status).toBe('booked');
    expect(segmentOf(after).flight_number).toBe(next.flight_number);
    expect([after.totalMinor, after.holdExpiresAt?.getTime()]).toEqual([before.totalMinor, before.holdExpiresAt?.getTime()]);
    expect((after.supplierOrder as { status: string; pnr: string }).status).toBe('booked');
    expect((after.supplierOrder as { pnr: string }).pnr).not.toBe((before.supplierOrder as { pnr: string }).pnr);
    expect([await sold(flightNo, date), await sold(next.flight_number, next.departure_at.slice(0, 10))]).toEqual([oldBefore - 1, newBefore + 1]);
    const events = await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
    expect(events.map((e) => e.action)).toContain('schedule_rebooked');
  }, 120_000); // the first search builds the route network

  it('a moved flight: the hold is dropped once, its seat given back; a second answer is refused', async () => {
    const date = day(42);
    const offer = (await nonStop(await as('agent'), 'LHE', 'DXB', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await booking(offer);
    await change({ flight_number: flightNo, date, action: 'retime', departure_time: '23:40', arrival_time: '02:10' });
    const [c] = await listOf(b.pnr);
    expect(c.can).toEqual({ accept: true, rebook: true, refund: false, cancel: true });
    const held = await sold(flightNo, date);
    const res = await answer(b.pnr, c.id, 'cancel');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([res.body.message, res.body.data.answer]).toEqual(['The hold is canceled; nothing was charged.', 'canceled']);
    expect((await rowOf(b.id)).status).toBe('canceled');
    expect(await sold(flightNo, date)).toBe(held - 1);
    const twice = await answer(b.pnr, c.id, 'cancel');
    expect([twice.status, twice.body.message]).toEqual([409, 'This schedule change has already been answered.']);
  });

  it('a paid booking cannot drop a hold (409); staff who manage bookings answer for the owner; the role matrix', async () => {
    const date = day(43);
    const offer = (await nonStop(await as('agent'), 'ISB', 'DXB', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const paid = await booking(offer, true);
    const held = await booking((await nonStop(await as('agent'), 'ISB', 'DXB', date, flightNo))!);
    await change({ flight_number: flightNo, date, action: 'retime', departure_time: '21:15', arrival_time: '23:35' });
    const [p] = await listOf(paid.pnr);
    expect(p.can).toEqual({ accept: true, rebook: true, refund: true, cancel: false });
    await expectRoleMatrix(as, (cl) => cl.post(`/api/bookings/flight/${paid.pnr}/schedule-changes/${p.id}/cancel`), {
      customer: 404, agent: 409, reservation: 409, admin: 409,
    });
    expect((await answer(paid.pnr, p.id, 'cancel')).body.message).toBe('Only a held (unpaid) booking can be dropped here; a paid booking can ask for a refund.');

    const [h] = await listOf(held.pnr);
    const res = await answer(held.pnr, h.id, 'cancel', 'reservation');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.id, h.id));
    expect([row.answer, row.answeredBy]).toEqual(['canceled', await userId('reservation@demo.safar')]);
    expect((await rowOf(held.id)).status).toBe('canceled');
    // A closed booking moves nowhere.
    expect((await (await as('agent')).get(`/api/bookings/flight/${held.pnr}/schedule-changes/${h.id}/options`)).status).toBe(409);
    // An unknown change, and a path that is not a change.
    expect((await answer(paid.pnr, 999_999, 'cancel')).status).toBe(404);
    expect((await answer(paid.pnr, 'x' as unknown as number, 'cancel')).status).toBe(422);
  });
});

describe('seats chosen through us follow the flight', () => {
  it('a renumbered flight: the seat and its line take the new number, same designator; accepting keeps them', async () => {
    const date = day(51);
    const offer = (await nonStop(await as('agent'), 'KHI', 'JED', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await booking(offer, true);
    await chooseSeat(b.id, '14C', 1500_00);
    expect(await seatsOf(b.id)).toEqual([`${flightNo}|${date}|14C`]);
    expect((await change({ flight_number: flightNo, date, action: 'renumber', new_flight_number: 'ZZ951' })).status).toBe(200);
    expect(await seatsOf(b.id)).toEqual([`ZZ951|${date}|14C`]);
    expect(await linesOf(b.id)).toEqual([`ZZ951|${date}|14C|confirmed`]);
    const [c] = await listOf(b.pnr);
    expect((await answer(b.pnr, c.id, 'accept')).status).toBe(200);
    expect(segmentOf(await rowOf(b.id)).flight_number).toBe('ZZ951');
    const details = await (await as('agent')).get(`/api/bookings/flight/${b.pnr}/seat-map`);
    expect(details.status).toBe(200);
    expect(details.body.data[0].flight_number).toBe('ZZ951');
    expect(seatElements(details.body.data[0]).find((s) => s.designator === '14C')).toMatchObject({ available: false, passenger: 0 });
  });

  it('a flight moved to the next day (as a supplier reports it): the seat follows to that day', async () => {
    const date = day(52);
    const offer = (await nonStop(await as('agent'), 'KHI', 'RUH', date))!;
    const seg = offer.journeys[0].segments[0];
    const b = await booking(offer, true);
    await chooseSeat(b.id, '9A', 0);
    const shift = (iso: string) => iso.replace(/^\d{4}-\d{2}-\d{2}/, day(53));
    const recorded = await recordChange(api.ctx, {
      bookingId: b.id, numbers: [seg.flight_number], date, timetabled: seg.flight_number, source: 'duffel',
      state: { canceled: false, segment: { flight_number: seg.flight_number, departure_at: shift(seg.departure_at), arriving_at: shift(seg.arriving_at), origin: seg.origin.code, destination: seg.destination.code } },
    });
    expect(recorded).toBe(1);
    expect(await seatsOf(b.id)).toEqual([`${seg.flight_number}|${day(53)}|9A`]);
    expect(await linesOf(b.id)).toEqual([`${seg.flight_number}|${day(53)}|9A|confirmed`]);
  });

  it('a rebooking releases the seats on the flight left and pays back at once what was paid for them after booking', async () => {
    const date = day(54);
    const offer = (await nonStop(await as('agent'), 'LHE', 'JED', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await booking(offer, true);
    await chooseSeat(b.id, '21F', 2500_00);
    await change({ flight_number: flightNo, date, action: 'cancel' });
    const [c] = await listOf(b.pnr);
    const options = await (await as('agent')).get(`/api/bookings/flight/${b.pnr}/schedule-changes/${c.id}/options`);
    const res = await answer(b.pnr, c.id, 'rebook', 'agent', { offer_id: options.body.data[0].offer_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await seatsOf(b.id)).toEqual([]);
    expect(await linesOf(b.id)).toEqual([`${flightNo}|${date}|21F|released`]);
    const [line] = await api.db.select().from(bookingExtras).where(eq(bookingExtras.bookingId, b.id));
    const credits = await api.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `extras-released:${line.id}`));
    expect(credits).toHaveLength(1);
    expect(credits[0].description).toBe(`Refund of seat 21F ${flightNo} released by the airline's change on PNR ${b.pnr}`);
    const [entry] = await api.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.transactionId, credits[0].id), eq(ledgerEntries.account, 'wallet')));
    expect(entry.amountMinor).toBe(2500_00);
    const [purchase] = await api.db.select().from(extraPurchases).where(eq(extraPurchases.id, line.purchaseId));
    expect(purchase.refundedMinor).toBe(2500_00);
    // Paid back already: nothing left due on the history.
    const due = (await api.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id))).filter((e) => e.action === 'extras_refund_due');
    expect(due).toHaveLength(0);
  });
});

describe('another server on the same database', () => {
  it('a change another server wrote is laid here at the next check; a check with nothing changed reloads nothing', async () => {
    await loadOverrides(api.ctx); // as at start-up
    const date = day(61);
    const offer = (await nonStop(await as('agent'), 'KHI', 'DOH', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    expect(await refreshOverrides(api.ctx)).toBe('unchanged');
    // Another server's console writes the shared table (its own timetable copy is laid there, not here).
    await api.db.insert(flightScheduleOverrides).values({ flightNo, date, newFlightNo: 'ZZ961', updatedAt: api.ctx.now() });
    const anon = await as('anonymous');
    expect(await nonStop(anon, 'KHI', 'DOH', date, 'ZZ961')).toBeUndefined();
    expect(await refreshOverrides(api.ctx)).toBe('reloaded');
    expect(await nonStop(anon, 'KHI', 'DOH', date, 'ZZ961')).toBeTruthy();
    expect(await nonStop(anon, 'KHI', 'DOH', date, flightNo)).toBeUndefined();
    expect(await refreshOverrides(api.ctx)).toBe('unchanged');
    // A later change to the same row at the same instant is seen too (the digest covers every column).
    await api.db.update(flightScheduleOverrides).set({ canceled: true }).where(and(eq(flightScheduleOverrides.flightNo, flightNo), eq(flightScheduleOverrides.date, date)));
    expect(await refreshOverrides(api.ctx)).toBe('reloaded');
    expect(await nonStop(anon, 'KHI', 'DOH', date, 'ZZ961')).toBeUndefined();
  });

  it('a second app over the same database, with its own timetable copy, reloads once after the first one\'s console change', async () => {
    const ctxB = testContext(api.db);
    const steps = readSnapshotSteps();
    let r = steps.next();
    while (!r.done) r = steps.next();
    const net: Network = r.value ?? buildNetwork();
    registerFlightSuppliers(ctxB, [new EmbeddedFlightSupplier({ network: net, clock: () => ctxB.now().getTime(), secret: ctxB.config.appKey })]);
    createApp(ctxB);
    expect(await refreshOverrides(ctxB)).toBe('not_loaded');
    await loadOverrides(ctxB);
    expect(await refreshOverrides(ctxB)).toBe('unchanged');
    const date = day(62);
    const offer = (await nonStop(await as('agent'), 'KHI', 'BAH', date))!;
    const flightNo = offer.journeys[0].segments[0].flight_number;
    expect((await change({ flight_number: flightNo, date, action: 'renumber', new_flight_number: 'ZZ962' })).status).toBe(200);
    // Its timetable copy knows nothing of it until its check.
    expect(renumberedFrom(net, 'ZZ962', date)).toBeUndefined();
    expect(await refreshOverrides(ctxB)).toBe('reloaded');
    expect(renumberedFrom(net, 'ZZ962', date)).toBe(flightNo);
    expect(await refreshOverrides(ctxB)).toBe('unchanged');
  });
});
