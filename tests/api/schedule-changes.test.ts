import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expandSearchResponse } from '../../contract/flight-wire';
import type { FlightOffer, FlightOfferDetail } from '../../contract/flights';
import type { ScheduleChange } from '../../contract/schedule-changes';
import { bookings, flightSeats, notifications, payments, scheduleChanges, users } from '../../server/db/schema';
import { creditWallet, walletBalance } from '../../server/ledger/service';
import { expectRoleMatrix } from '../support/agents';
import { mailsTo, setupApi, type Identity, type TestClient } from '../support/api';

/** An airline's change entered in the supplier console reaches every booking on the flight, and each answer. */
const api = await setupApi();
const day = (n: number) => new Date(api.ctx.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const contact = { email: 'schedule.traveller@example.com', phone: '+92 300 5557771', country: 'PK' };
let seq = 0;
const letters = (n: number) => String(n).replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
const adult = () => ({
  type: 'ADT', title: 'Mr', first_name: `Moved${letters(seq++)}`, last_name: 'Flyer', gender: 'M', dob: '1980-05-06', nationality: 'PK',
  document_type: 'passport', document_no: `SC${5000000 + seq}`, expiry_date: '2036-01-01', issue_country: 'PK',
});

const clients = new Map<Identity, TestClient>();
const as = async (who: Identity) => clients.get(who) ?? clients.set(who, await api.as(who)).get(who)!;
const userId = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0].id;
await creditWallet(api.db, { agentId: await userId('agent@demo.safar'), amountMinor: 50_000_000_00, type: 'deposit', reference: 'test:schedule-opening', description: 'test float' });
const sold = async (flightNo: string, date: string) =>
  (await api.db.select().from(flightSeats).where(and(eq(flightSeats.flightNo, flightNo), eq(flightSeats.date, date), eq(flightSeats.cabin, 'Y'))))[0]?.sold ?? 0;
const rowOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0];

/** The first non-stop offer of a route and day, as this client sees it. */
async function nonStop(c: TestClient, origin: string, destination: string, date: string, flightNo?: string): Promise<FlightOffer> {
  const res = await c.get('/api/flights', { flightType: 'one-way', origin, destination, departure_date: date, adults: 1, stops: '0' });
  expect(res.status).toBe(200);
  const offers = expandSearchResponse(res.body).flights.filter((o) => o.journeys[0].segments.length === 1);
  return flightNo ? offers.find((o) => o.journeys[0].segments[0].flight_number === flightNo)! : offers[0];
}

/** A ticketed booking on the offer: the agent pays from its wallet, the customer by card. */
async function ticketed(who: 'agent' | 'customer', offer: FlightOffer) {
  const c = await as(who);
  const res = await c.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [adult()], payment_method: 'hold' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const b = res.body.data as { id: number; pnr: string };
  if (who === 'customer') await api.db.insert(payments).values({ tracker: `trk-sc-${b.id}`, bookingId: b.id, provider: 'sandbox', amountMinor: (await rowOf(b.id)).totalMinor, currency: 'PKR', status: 'paid' });
  const confirmed = await c.post('/api/confirm-pnr', { id: b.id });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return b;
}

const change = (body: Record<string, unknown>, who: Identity = 'reservation') => as(who).then((c) => c.post('/api/supplier-console/flight-changes', body));
const listOf = async (pnr: string, who: Identity) => (await (await as(who)).get(`/api/bookings/flight/${pnr}/schedule-changes`)).body.data as ScheduleChange[];
const answer = async (pnr: string, id: number, what: 'accept' | 'refund' | 'rebook', who: Identity, body: unknown = {}) =>
  (await as(who)).post(`/api/bookings/flight/${pnr}/schedule-changes/${id}/${what}`, body);
const segmentOf = (b: { itinerary: unknown }) => (b.itinerary as FlightOfferDetail).journeys[0].segments[0];

describe('a flight moved in the supplier console', () => {
  const date = day(40);
  let flightNo = '';
  let agentBooking: { id: number; pnr: string };
  let customerBooking: { id: number; pnr: string };

  it('records the change on every booking on it, once, with a mail and a notice to each owner', async () => {
    const offer = await nonStop(await as('agent'), 'KHI', 'DXB', date);
    flightNo = offer.journeys[0].segments[0].flight_number;
    agentBooking = await ticketed('agent', offer);
    customerBooking = await ticketed('customer', await nonStop(await as('customer'), 'KHI', 'DXB', date, flightNo));

    const res = await change({ flight_number: flightNo, date, action: 'retime', departure_time: '23:10', arrival_time: '01:20' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ flight_number: flightNo, date, action: 'retime', bookings: 2 });
    // The same change again (a double click, a retry) records nothing more.
    expect((await change({ flight_number: flightNo, date, action: 'retime', departure_time: '23:10', arrival_time: '01:20' })).body.data.bookings).toBe(0);

    const [mine] = await listOf(agentBooking.pnr, 'agent');
    expect(mine).toMatchObject({ pnr: agentBooking.pnr, kind: 'time', answer: null, can: { accept: true, rebook: true, refund: true } });
    expect(mine.new_segment).toMatchObject({ flight_number: flightNo, origin: 'KHI', destination: 'DXB' });
    expect(mine.new_segment!.departure_at.slice(0, 16)).toBe(`${date}T23:10`);
    expect(mine.new_segment!.arriving_at.slice(11, 16)).toBe('01:20');
    expect(mine.old_segment.departure_at).toBe(segmentOf(await rowOf(agentBooking.id)).departure_at);
    expect(await api.db.select().from(scheduleChanges).where(eq(scheduleChanges.bookingId, agentBooking.id))).toHaveLength(1);

    for (const [email, bookingId] of [['agent@demo.safar', agentBooking.id], ['customer@demo.safar', customerBooking.id]] as const) {
      const mails = (await mailsTo(api.db, email)).filter((m) => m.subject.includes('changed a flight'));
      expect(mails, email).toHaveLength(1);
      expect(mails[0].textBody).toContain('23:10');
      expect(mails[0].kind).toBe('schedule-change');
      const notes = await api.db.select().from(notifications).where(and(eq(notifications.userId, await userId(email)), eq(notifications.kind, 'schedule_changed')));
      expect(notes.map((n) => n.subjectId)).toEqual([bookingId]);
    }
    // New searches answer the flight at its new time.
    const again = await nonStop(await as('anonymous'), 'KHI', 'DXB', date, flightNo);
    expect(again.journeys[0].segments[0].departure_at.slice(11, 16)).toBe('23:10');
   }, 120_000); // the first search builds the route network

  it('accept: the booking takes the new times; a second answer is refused', async () => {
    const [c] = await listOf(agentBooking.pnr, 'agent');
    const res = await answer(agentBooking.pnr, c.id, 'accept', 'agent');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ answer: 'accepted', can: { accept: false, rebook: false, refund: false } });
    const seg = segmentOf(await rowOf(agentBooking.id));
    expect([seg.departure_at, seg.arriving_at]).toEqual([c.new_segment!.departure_at, c.new_segment!.arriving_at]);
    const twice = await answer(agentBooking.pnr, c.id, 'refund', 'agent');
    expect([twice.status, twice.body.message]).toEqual([409, 'This schedule change has already been answered.']);
  });

  it('refund: everything paid comes back, no penalty, through the refund request staff approve', async () => {
    const [c] = await listOf(customerBooking.pnr, 'customer');
    const paid = (await rowOf(customerBooking.id)).totalMinor;
    const res = await answer(customerBooking.pnr, c.id, 'refund', 'customer');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.refund).toEqual({ amount: (paid / 100).toFixed(2), currency: 'PKR' });
    const row = await rowOf(customerBooking.id);
    expect([row.status, row.refundQuote]).toEqual(['refund_requested', { paid, airlinePenalty: 0, serviceCharge: 0, refund: paid }]);
    expect((await answer(customerBooking.pnr, c.id, 'accept', 'customer')).status).toBe(409);
  });
});

describe('a flight canceled in the supplier console', () => {
  it('cannot be accepted; the owner moves to another flight at no cost, seats sold and released', async () => {
    const date = day(45);
    const offer = await nonStop(await as('agent'), 'LHE', 'DXB', date);
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await ticketed('agent', offer);
    const before = await rowOf(b.id);
    const agentId = await userId('agent@demo.safar');
    const balance = (await walletBalance(api.db, agentId)).balanceMinor;

    expect((await change({ flight_number: flightNo, date, action: 'cancel' })).body.data.bookings).toBe(1);
    expect((await change({ flight_number: flightNo, date, action: 'cancel' })).body.data.bookings).toBe(0);
    const gone = await (await as('anonymous')).get('/api/flights', { flightType: 'one-way', origin: 'LHE', destination: 'DXB', departure_date: date, adults: 1 });
    expect(expandSearchResponse(gone.body).flights.flatMap((o) => o.journeys[0].segments.map((s) => s.flight_number))).not.toContain(flightNo);

    const [c] = await listOf(b.pnr, 'agent');
    expect(c).toMatchObject({ kind: 'canceled', new_segment: null, can: { accept: false, rebook: true, refund: true } });
    const refused = await answer(b.pnr, c.id, 'accept', 'agent');
    expect([refused.status, refused.body.message]).toEqual([409, 'The airline canceled this flight: choose another flight or ask for a refund.']);

    const options = await (await as('agent')).get(`/api/bookings/flight/${b.pnr}/schedule-changes/${c.id}/options`);
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.data.length).toBeGreaterThan(0);
    const picked = options.body.data[0];
    expect(picked.journeys[0].segments.map((s: { flight_number: string }) => s.flight_number)).not.toContain(flightNo);
    const bad = await answer(b.pnr, c.id, 'rebook', 'agent', {});
    expect([bad.status, bad.body.errors]).toEqual([422, { offer_id: ['The offer id field is required.'] }]);
    expect((await answer(b.pnr, c.id, 'rebook', 'agent', { offer_id: 'nope' })).status).toBe(404);

    const newFlight = picked.journeys[0].segments[0] as { flight_number: string; departure_at: string };
    const newDay = newFlight.departure_at.slice(0, 10);
    const [oldBefore, newBefore] = [await sold(flightNo, date), await sold(newFlight.flight_number, newDay)];
    const res = await answer(b.pnr, c.id, 'rebook', 'agent', { offer_id: picked.offer_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The new flight's seat is sold; the canceled flight's is given back.
    expect([await sold(flightNo, date), await sold(newFlight.flight_number, newDay)]).toEqual([oldBefore - 1, newBefore + 1]);
    const after = await rowOf(b.id);
    expect(after.status).toBe('ticketed');
    expect(segmentOf(after).flight_number).toBe(picked.journeys[0].segments[0].flight_number);
    // No fare difference, no fee: the money stays as paid.
    expect([after.totalMinor, after.baseMinor + after.taxesMinor + after.agentMarkupMinor]).toEqual([before.totalMinor, before.totalMinor]);
    expect((await walletBalance(api.db, agentId)).balanceMinor).toBe(balance);
    expect((after.supplierOrder as { status: string }).status).toBe('ticketed');
    expect((await answer(b.pnr, c.id, 'rebook', 'agent', { offer_id: picked.offer_id })).status).toBe(409);
  });
});

describe('validation and access', () => {
  it('each validation error of a console change', async () => {
    const bad = async (body: Record<string, unknown>) => (await change(body)).body.errors;
    expect(await bad({ date: day(10), action: 'cancel' })).toMatchObject({ flight_number: ['The flight number field is required.'] });
    expect(await bad({ flight_number: 'not a flight', date: day(10), action: 'cancel' })).toMatchObject({ flight_number: ['Enter a flight number such as EK601.'] });
    expect(await bad({ flight_number: 'EK601', action: 'cancel' })).toMatchObject({ date: ['The date field is required.'] });
    expect(await bad({ flight_number: 'EK601', date: '12/01/2027', action: 'cancel' })).toMatchObject({ date: ['Enter the flight date.'] });
    expect(await bad({ flight_number: 'EK601', date: day(10), action: 'delay' })).toMatchObject({ action: ['Choose move, renumber or cancel.'] });
    expect(await bad({ flight_number: 'EK601', date: day(10), action: 'retime' })).toMatchObject({ departure_time: ['Enter the new departure time as HH:MM.'] });
    expect(await bad({ flight_number: 'EK601', date: day(10), action: 'retime', departure_time: '25:00', arrival_time: '10:00' })).toMatchObject({ departure_time: ['Enter the new departure time as HH:MM.'] });
    expect(await bad({ flight_number: 'EK601', date: day(10), action: 'renumber' })).toMatchObject({ new_flight_number: ['Enter a flight number such as EK601.'] });
    expect(await bad({ flight_number: 'ZZ9999', date: day(10), action: 'cancel' })).toEqual({ flight_number: ['No such flight operates on that day.'] });
    expect(await bad({ flight_number: 'EK601', date: day(-3), action: 'cancel' })).toEqual({ date: ['The flight has already left; an airline changes flights still to come.'] });
  });

  it('a renumbered flight answers searches under its new number', async () => {
    const date = day(50);
    const offer = await nonStop(await as('agent'), 'ISB', 'DXB', date);
    const flightNo = offer.journeys[0].segments[0].flight_number;
    const b = await ticketed('agent', offer);
    const res = await change({ flight_number: flightNo, date, action: 'renumber', new_flight_number: 'ZZ901' });
    expect(res.body.data.bookings).toBe(1);
    const [c] = await listOf(b.pnr, 'agent');
    expect(c).toMatchObject({ kind: 'number', old_segment: { flight_number: flightNo }, new_segment: { flight_number: 'ZZ901', departure_at: c.old_segment.departure_at } });
    expect((await nonStop(await as('anonymous'), 'ISB', 'DXB', date, 'ZZ901'))?.journeys[0].segments[0].flight_number).toBe('ZZ901');
    expect((await answer(b.pnr, c.id, 'accept', 'agent')).status).toBe(200);
    expect(segmentOf(await rowOf(b.id)).flight_number).toBe('ZZ901');
  });

  it('role matrix: console change, worklist, a booking\'s changes and an answer', async () => {
    await expectRoleMatrix(as, (c) => c.post('/api/supplier-console/flight-changes', {}), { reservation: 422, admin: 422 });
    await expectRoleMatrix(as, (c) => c.get('/api/schedule-changes', { status: 'all' }), { customer: 200, agent: 200, reservation: 200, admin: 200 });
    // An owner reads only its own bookings' changes.
    const customerList = (await (await as('customer')).get('/api/schedule-changes', { status: 'all' })).body.data as { booking_id: number }[];
    const customerId = await userId('customer@demo.safar');
    for (const r of customerList) expect((await rowOf(r.booking_id)).userId).toBe(customerId);
    expect(customerList.length).toBeGreaterThan(0);
    const work = await (await as('reservation')).get('/api/schedule-changes');
    expect(work.body.data.every((r: ScheduleChange) => r.answer === null)).toBe(true);
    expect((await (await as('reservation')).get('/api/schedule-changes', { status: 'soon' })).status).toBe(422);

    const date = day(55);
    const offer = await nonStop(await as('agent'), 'KHI', 'JED', date);
    const b = await ticketed('agent', offer);
    await change({ flight_number: offer.journeys[0].segments[0].flight_number, date, action: 'cancel' });
    const [c] = await listOf(b.pnr, 'agent');
    expect(work.status).toBe(200);
    const staffList = (await (await as('reservation')).get('/api/schedule-changes')).body.data as { pnr: string; owner: string }[];
    expect(staffList.find((r) => r.pnr === b.pnr)).toMatchObject({ owner: expect.any(String) });
    await expectRoleMatrix(as, (cl) => cl.get(`/api/bookings/flight/${b.pnr}/schedule-changes`), {
      customer: 404, agent: 200, accounts: 200, reservation: 200, analyst: 200, admin: 200,
    });
    // A canceled flight cannot be accepted: the owner and staff who manage bookings reach that answer.
    await expectRoleMatrix(as, (cl) => cl.post(`/api/bookings/flight/${b.pnr}/schedule-changes/${c.id}/accept`), {
      customer: 404, agent: 409, reservation: 409, admin: 409,
    });
  });
});
