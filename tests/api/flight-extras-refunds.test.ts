import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { FlightOfferDetail } from '../../contract/flights';
import { expandSearchResponse } from '../../contract/flight-wire';
import { moneyText } from '../../contract/format/money';
import { bookingExtras, bookings, extraPurchases, ledgerTransactions, payments } from '../../server/db/schema';
import { walletBalance } from '../../server/ledger/service';
import { paymentProvider, setPaymentProvider } from '../../server/payments/service';
import { refundExtrasOnClose } from '../../server/flight-extras/refunds';
import { mailsTo, setupApi, type TestClient } from '../support/api';
import { sandbox } from '../support/insurance';
import { contact, firstOffer, freeSeat, fundAgent, minor, offerBags, offerMaps, pax, seatsOf } from '../support/flight-extras';

/** Seats and bags bought after booking come back with the booking's void, refund or cancel; a seat swap nets. */
const api = await setupApi();
// Early in a Karachi day, so the void window (until midnight there) is open whatever the hour of the run.
const START = new Date(`${new Date().toISOString().slice(0, 10)}T04:00:00Z`);
api.ctx.clock.now = new Date(START);
const day = (n: number) => new Date(START.getTime() + n * 86_400_000).toISOString().slice(0, 10);
const extrasUrl = (pnr: string) => `/api/bookings/flight/${pnr}/extras`;

// The sandbox's refunds, as the provider saw them.
const sandboxProvider = paymentProvider(api.ctx)!;
const refundsSeen: { tracker: string; minor: number }[] = [];
setPaymentProvider(api.ctx, Object.assign(Object.create(sandboxProvider), {
  refund: async (p: Parameters<typeof sandboxProvider.refund>[0]) => { refundsSeen.push({ tracker: p.tracker, minor: p.amount.minor }); return sandboxProvider.refund(p); },
}));
afterEach(() => { api.ctx.clock.now = new Date(START); });

async function book(c: TestClient, query: Record<string, string | number>, payment_method: 'hold' | 'wallet', extras?: unknown) {
  const offer = await firstOffer(c, { adults: 2, ...query });
  const res = await c.post('/api/bookings', { flight_id: offer.id, supplier: offer.supplier, main_contact: contact, travellers: [pax('Hina'), pax('Imran')], payment_method, ...(extras ? { extras } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { offer, pnr: res.body.data.pnr as string, id: res.body.data.id as number, totalMinor: minor(res.body.data.fare.total.amount) };
}

/** A customer's held booking ticketed as if its card had paid (the booking's own payment is not under test). */
async function ticketByCard(customer: TestClient, id: number, amountMinor: number) {
  await api.db.insert(payments).values({ tracker: `trk-xr-${id}`, bookingId: id, provider: 'sandbox', amountMinor, currency: 'PKR', status: 'paid' });
  expect((await customer.post('/api/confirm-pnr', { id })).status).toBe(200);
}

const purchasesOf = (bookingId: number) => api.db.select().from(extraPurchases).where(eq(extraPurchases.bookingId, bookingId)).orderBy(extraPurchases.id);
const ledgerLike = (prefix: string) => api.db.select().from(ledgerTransactions).where(like(ledgerTransactions.reference, `${prefix}%`)).orderBy(ledgerTransactions.id);
const extrasPaymentOf = async (purchaseId: number) => (await api.db.select().from(payments).where(and(eq(payments.subjectKind, 'flight_extras'), eq(payments.subjectId, purchaseId))))[0];

describe('extras bought after booking come back with the booking', () => {
  it('an agent’s void credits the fare and, on a line of its own, the seat and bag; a second void credits nothing', async () => {
    const aid = await fundAgent(api, 2_000_000_00, 'xr-void');
    const agent = await api.as('agent');
    const { offer, pnr, id, totalMinor } = await book(agent, { origin: 'KHI', destination: 'DXB', departure_date: day(30) }, 'wallet');
    const [map] = await offerMaps(agent, offer.id);
    const seat = freeSeat(map, 'paid');
    const [bag] = (await offerBags(agent, offer.id)).filter((b) => b.weight_kg === 23);
    const bought = await agent.post(extrasUrl(pnr), {
      seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }], bags: [{ passenger: 1, segment_id: map.segment_id, service_id: bag.id, quantity: 1 }],
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const extrasMinor = minor(seat.price!.amount) + minor(bag.price.amount);
    const staff = await api.as('reservation');
    expect((await staff.get('/api/get-booking-ops-details', { id })).body.data.extras_refund).toEqual({ amount: (extrasMinor / 100).toFixed(2), currency: 'PKR' });

    const before = (await walletBalance(api.db, aid)).balanceMinor;
    const voided = await staff.post('/api/void-booking', { id });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before + totalMinor + extrasMinor);
    const [purchase] = await purchasesOf(id);
    expect([purchase.status, purchase.refundedMinor]).toEqual(['refunded', extrasMinor]);
    const [line] = await ledgerLike(`extras-refund:${purchase.id}`);
    expect([line.type, line.description]).toEqual(['refund', `Refund of seat ${seat.designator} ${map.flight_number}, 1 × 23 kg bag ${map.flight_number} on void of PNR ${pnr}`]);
    const [mail] = await mailsTo(api.db, contact.email);
    expect(mail.subject).toBe(`Booking ${pnr} voided`);
    expect(mail.textBody).toContain(`Seats and bags bought after booking: ${moneyText(extrasMinor, 'PKR')} given back in full.`);

    expect((await staff.post('/api/void-booking', { id })).status).toBe(409);
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, id));
    expect(await api.db.transaction((tx) => refundExtrasOnClose(tx, row, 'voided', null, api.ctx.now()))).toBe(0);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before + totalMinor + extrasMinor);
    expect(await ledgerLike('extras-refund:')).toHaveLength(1);
  }, 60_000); // the first search builds the embedded network

  it('a customer’s card purchase is refunded by the provider on a void, and an unpaid one is released', async () => {
    const customer = await api.as('customer');
    const { offer, pnr, id, totalMinor } = await book(customer, { origin: 'LHE', destination: 'DXB', departure_date: day(31) }, 'hold');
    const [map] = await offerMaps(customer, offer.id);
    const seat = freeSeat(map, 'paid');
    const paid = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] });
    expect((await sandbox(customer, paid.body.data.checkout_url, 'pay')).status).toBe(303);
    await ticketByCard(customer, id, totalMinor);
    const other = freeSeat(map, 'paid', [seat.designator]);
    const unpaid = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 1, segment_id: map.segment_id, designator: other.designator }] });
    expect(unpaid.body.data.extras[0].status).toBe('awaiting_payment');

    expect((await (await api.as('reservation')).post('/api/void-booking', { id })).status).toBe(200);
    const [first, second] = await purchasesOf(id);
    expect([first.status, second.status]).toEqual(['refunded', 'failed']);
    const p = await extrasPaymentOf(first.id);
    expect([p.status, p.refundMinor]).toEqual(['refunded', minor(seat.price!.amount)]);
    expect(p.failureReason).toContain('for seats and bags bought after booking');
    expect(refundsSeen).toContainEqual({ tracker: p.tracker, minor: minor(seat.price!.amount) });
    const lines = await api.db.select().from(bookingExtras).where(and(eq(bookingExtras.bookingId, id), eq(bookingExtras.status, 'awaiting_payment')));
    expect(lines).toEqual([]);
  });

  it('a refund approved after the void window quotes and refunds the card purchase besides the fare', async () => {
    const customer = await api.as('customer');
    const { offer, pnr, id, totalMinor } = await book(customer, { origin: 'ISB', destination: 'DXB', departure_date: day(32) }, 'hold');
    const [map] = await offerMaps(customer, offer.id);
    const seat = freeSeat(map, 'paid');
    const bought = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 1, segment_id: map.segment_id, designator: seat.designator }] });
    expect((await sandbox(customer, bought.body.data.checkout_url, 'pay')).status).toBe(303);
    await ticketByCard(customer, id, totalMinor);
    api.ctx.clock.now = new Date(START.getTime() + 20 * 3_600_000);
    const quote = await customer.get(`/api/bookings/${id}/refund-quote`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.extras_refund).toEqual(seat.price);
    expect((await customer.post(`/api/bookings/${id}/request-refund`, { expected_refund: quote.body.data.refund })).status).toBe(200);
    expect((await (await api.as('reservation')).post(`/api/bookings/${id}/refund`, {})).body.data.status).toBe('refunded');
    const [purchase] = await purchasesOf(id);
    const p = await extrasPaymentOf(purchase.id);
    expect([purchase.status, p.status, p.refundMinor]).toEqual(['refunded', 'refunded', minor(seat.price!.amount)]);
    expect(refundsSeen).toContainEqual({ tracker: p.tracker, minor: minor(seat.price!.amount) });
  });

  it('cancelling a held booking gives back what its agent paid for a seat after booking', async () => {
    const aid = await fundAgent(api, 1_000_000_00, 'xr-cancel');
    const agent = await api.as('agent');
    const { offer, pnr, id } = await book(agent, { origin: 'KHI', destination: 'JED', departure_date: day(33) }, 'hold');
    const [map] = await offerMaps(agent, offer.id);
    const seat = freeSeat(map, 'paid');
    expect((await agent.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] })).status).toBe(201);
    const before = (await walletBalance(api.db, aid)).balanceMinor;
    expect((await agent.post('/api/cancel-pnr', { id })).status).toBe(200);
    expect((await walletBalance(api.db, aid)).balanceMinor).toBe(before + minor(seat.price!.amount));
    const [purchase] = await purchasesOf(id);
    const [line] = await ledgerLike(`extras-refund:${purchase.id}`);
    expect(line.description).toBe(`Refund of seat ${seat.designator} ${map.flight_number} on cancellation of PNR ${pnr}`);
    expect((await mailsTo(api.db, contact.email))[0].textBody).toContain('Seats and bags bought after booking');
  });
});

describe('a seat in place of a paid seat', () => {
  it('charges the difference for a dearer seat and gives back the difference of a cheaper one; a void then gives back the rest', async () => {
    const aid = await fundAgent(api, 1_000_000_00, 'xr-swap');
    const agent = await api.as('agent');
    const { offer, pnr, id, totalMinor } = await book(agent, { origin: 'KHI', destination: 'IST', departure_date: day(34) }, 'wallet');
    const [map] = await offerMaps(agent, offer.id);
    const priced = seatsOf(map).filter((s) => s.available && !s.characteristics.includes('exit_row'));
    const prices = [...new Set(priced.map((s) => minor(s.price!.amount)))].filter((m) => m > 0).sort((a, b) => a - b);
    expect(prices.length, 'the aircraft sells seats at two prices').toBeGreaterThanOrEqual(2);
    const cheap = priced.find((s) => minor(s.price!.amount) === prices[0])!;
    const dear = priced.find((s) => minor(s.price!.amount) === prices[prices.length - 1])!;
    const free = freeSeat(map, 'free');
    const buy = (designator: string) => agent.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator }] });
    const balance = async () => (await walletBalance(api.db, aid)).balanceMinor;

    const start = await balance();
    expect((await buy(cheap.designator)).body.data.charged.amount).toBe(cheap.price!.amount);
    const up = await buy(dear.designator);
    expect(up.body.data.charged).toEqual({ amount: ((prices[prices.length - 1] - prices[0]) / 100).toFixed(2), currency: 'PKR' });
    expect(await balance()).toBe(start - prices[prices.length - 1]);
    const [, upPurchase] = await purchasesOf(id);
    expect((await ledgerLike(`extras:${pnr}:${upPurchase.id}`))[0].description).toContain(`seat ${dear.designator} ${map.flight_number} in place of seat ${cheap.designator} ${map.flight_number}`);

    const down = await buy(free.designator);
    expect(down.body.data.charged.amount).toBe('0.00');
    expect(await balance()).toBe(start);
    const [, , downPurchase] = await purchasesOf(id);
    const [credit] = await ledgerLike(`extras-credit:${downPurchase.id}`);
    expect([credit.type, credit.description]).toEqual(['refund', `Difference of seat ${free.designator} ${map.flight_number} in place of seat ${dear.designator} ${map.flight_number} on PNR ${pnr}`]);

    // Everything paid for seats has come back already: the void gives back the fare alone.
    expect((await (await api.as('reservation')).post('/api/void-booking', { id })).status).toBe(200);
    expect(await balance()).toBe(start + totalMinor);
  });

  it('a customer’s cheaper seat is refunded to the card the old one was paid with', async () => {
    const customer = await api.as('customer');
    const { offer, pnr, id } = await book(customer, { origin: 'LHE', destination: 'IST', departure_date: day(35) }, 'hold');
    const [map] = await offerMaps(customer, offer.id);
    const seat = freeSeat(map, 'paid');
    const bought = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: seat.designator }] });
    expect((await sandbox(customer, bought.body.data.checkout_url, 'pay')).status).toBe(303);
    const swap = await customer.post(extrasUrl(pnr), { seats: [{ passenger: 0, segment_id: map.segment_id, designator: freeSeat(map, 'free').designator }] });
    expect([swap.status, swap.body.data.charged.amount, swap.body.data.checkout_url]).toEqual([201, '0.00', undefined]);
    const [first] = await purchasesOf(id);
    const p = await extrasPaymentOf(first.id);
    expect([p.status, p.refundMinor, first.refundedMinor]).toEqual(['refunded', minor(seat.price!.amount), minor(seat.price!.amount)]);
    expect(refundsSeen).toContainEqual({ tracker: p.tracker, minor: minor(seat.price!.amount) });
  });
});

describe('a date change', () => {
  it('keeps in the total, and out of the fare difference, a seat chosen with the booking on a flight it keeps', async () => {
    await fundAgent(api, 5_000_000_00, 'xr-reissue');
    const agent = await api.as('agent');
    // Non-stop only: a later day's results (one page) then surely hold the same return flight, whatever today is.
    const query = { flightType: 'return', origin: 'KHI', destination: 'DXB', departure_date: day(50), return_date: day(57), stops: 'non-stop' };
    const first = await firstOffer(agent, { adults: 2, ...query });
    const maps = await offerMaps(agent, first.id);
    const back = maps[maps.length - 1];
    const seat = freeSeat(back, 'paid');
    const { id, totalMinor } = await book(agent, query, 'wallet', { seats: [{ passenger: 0, segment_id: back.segment_id, designator: seat.designator }], bags: [] });
    const [row] = await api.db.select().from(bookings).where(eq(bookings.id, id));
    const inbound = (row.itinerary as FlightOfferDetail).journeys[1].segments.map((s) => `${s.flight_number}@${s.departure_at}`).join();
    const later = await agent.get('/api/flights', { adults: 2, ...query, departure_date: day(51) });
    const candidates = expandSearchResponse(later.body).flights.filter((o) => o.journeys[1].segments.map((s) => `${s.flight_number}@${s.departure_at}`).join() === inbound);
    let quoted: { id: string; q: Record<string, { amount: string }> } | null = null;
    for (const o of candidates) {
      const q = await agent.get(`/api/bookings/${id}/reissue-quote`, { flight_id: o.id, supplier: o.supplier });
      if (q.status === 200) { quoted = { id: o.id, q: q.body.data }; break; }
    }
    expect(quoted, 'an offer that keeps the return flight and allows the change').not.toBeNull();
    const seatMinor = minor(seat.price!.amount);
    expect(minor(quoted!.q.old_fare.amount)).toBe(totalMinor - row.agentMarkupMinor - seatMinor);
    const done = await agent.post(`/api/bookings/${id}/reissue`, { flight_id: quoted!.id, supplier: first.supplier, expected_total: quoted!.q.total });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [after] = await api.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after.totalMinor).toBe(totalMinor + minor(quoted!.q.fare_difference.amount));
    expect(after.baseMinor + after.taxesMinor + after.agentMarkupMinor + seatMinor).toBe(after.totalMinor);
    const standing = await api.db.select().from(bookingExtras).where(and(eq(bookingExtras.bookingId, id), eq(bookingExtras.status, 'confirmed')));
    expect(standing.map((e) => e.designator)).toEqual([seat.designator]);
  });
});
