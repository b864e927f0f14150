import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightSearchQuery } from '../../contract/flights';
import { DuffelFlightSupplier } from '../../server/suppliers/duffel/supplier';
import { NoRateError } from '../../server/suppliers/duffel/offers';
import { FlightSupplierRegistry } from '../../server/suppliers/flight/registry';
import type { Passenger, PricingContext } from '../../server/suppliers/flight';
import { startDuffelSim, type DuffelSim } from '../support/duffel-sim';

/** Safar's Duffel supplier against the Duffel simulator (which the official client is proven against in duffel-sim.test.ts). */
let sim: DuffelSim;
let duffel: DuffelFlightSupplier;
beforeAll(async () => {
  sim = await startDuffelSim();
  duffel = new DuffelFlightSupplier({ token: sim.token, apiUrl: sim.url, searchBudgetMs: 2000 });
});
afterAll(() => sim.close());

const USD = 280_500_000;
const pricing: PricingContext = { kind: 'public', rates: new Map([['USD', USD]]), customerMargin: { discount_percent: 0, margin_percent: 5, other_charges: 0 } };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const query = (date: string, extra: Partial<FlightSearchQuery> = {}): FlightSearchQuery => ({
  flightType: 'one-way', legs: [{ origin: 'KHI', destination: 'DXB', date }], adults: 2, children: 0, infants: 1, cabin_class: 'Y',
  stops: 'all', airlines: [], time_of_day: [], sort: 'price', flexible_plus_minus_3: false, ...extra,
});
const pax = (type: 'ADT' | 'INF', first: string, gender = 'M'): Passenger => ({
  type, title: type === 'INF' ? 'Mstr' : gender === 'F' ? 'Mrs' : 'Mr', first_name: first, last_name: 'Khan', gender, dob: type === 'INF' ? '2026-01-15' : '1988-04-02',
  nationality: 'PK', document_type: 'passport', document_no: `AB${first.length}123456`, expiry_date: '2032-01-01', issue_country: 'PK',
});
const party = [pax('ADT', 'Imran'), pax('ADT', 'Sara', 'F'), pax('INF', 'Ali')];
const contact = { email: 'khan@example.com', phone: '0300 1234567', country: 'PK' };
const requestsTo = (path: RegExp) => sim.requests.filter((r) => path.test(r.path));
/** Whether Duffel would hold this offer (read straight from the simulator's API). */
async function holdable(id: string): Promise<boolean> {
  const res = await fetch(`${sim.url}/air/offers/${id}`, { headers: { authorization: `Bearer ${sim.token}`, 'duffel-version': 'v2', accept: 'application/json' } });
  return !(await res.json()).data.payment_requirements.requires_instant_payment;
}
async function offerTo(date: string, hold: boolean) {
  for (const o of (await duffel.search(query(date), { pricing })).offers) if ((await holdable(o.id)) === hold) return o;
  throw new Error(`no ${hold ? 'holdable' : 'instant'} offer on ${date}`);
}

describe('Duffel as a flight supplier', () => {
  it('searches through the official client and sells Duffel’s offers in PKR at staff’s rate, with our margins', async () => {
    const r = await duffel.search(query(day(30)), { pricing });
    expect(r.offers.length).toBeGreaterThan(0);
    const o = r.offers[0];
    expect(o).toMatchObject({ supplier: 'duffel', price: { currency: 'PKR' }, journeys: [{ origin: 'KHI', destination: 'DXB' }] });
    expect(o.fares.map((f) => [f.type, f.count])).toEqual([['ADT', 2], ['INF', 1]]);
    expect(o.journeys[0].departure_at).toMatch(/\+05:00$/); // Karachi's local time with its offset
    const sent = requestsTo(/offer_requests/)[0].body as { data: { passengers: unknown[]; slices: unknown[]; cabin_class: string } };
    expect(sent.data).toMatchObject({ cabin_class: 'economy', passengers: [{ type: 'adult' }, { type: 'adult' }, { type: 'infant_without_seat' }] });
    // The price is Duffel's converted: more than the converted fare alone by the 5 % customer margin on the base.
    const offer = await duffel.getOffer(o.id, { pricing: { kind: 'public', rates: pricing.rates } });
    if (offer.status !== 'ok') throw new Error(offer.status);
    expect(Number(o.price.amount)).toBeGreaterThan(Number(offer.offer.price.amount));
  });

  it('has nothing to sell in a currency without a rate: the search fails and the merged answer names Duffel', async () => {
    await expect(duffel.search(query(day(31)), { pricing: { kind: 'public' } })).rejects.toBeInstanceOf(NoRateError);
    const merged = await new FlightSupplierRegistry([duffel]).search(query(day(31)), { pricing: { kind: 'public' } });
    expect(merged.left_out).toEqual([{ supplier: 'duffel', reason: 'error' }]);
  });

  it('holds an offer Duffel will hold (its payment deadline kept), then pays it from the balance and keeps the tickets', async () => {
    const offer = await offerTo(day(40), true);
    const booked = await duffel.book(offer.id, party, contact, { pricing });
    if (booked.status !== 'booked') throw new Error(booked.status);
    const o = booked.order;
    expect(o.remote).toMatchObject({ mode: 'hold', currency: 'USD', rate_micros: USD, booking_reference: o.pnr });
    expect(o.remote!.order_id).toMatch(/^ord_/);
    expect(Date.parse(o.remote!.payment_required_by!)).toBeGreaterThan(Date.now());
    const created = requestsTo(/^\/air\/orders$/).at(-1)!.body as { data: { type: string; payments?: unknown; passengers: { phone_number: string; infant_passenger_id?: string }[] } };
    expect(created.data.type).toBe('hold');
    expect(created.data.payments).toBeUndefined();
    expect(created.data.passengers[0]).toMatchObject({ phone_number: '+923001234567', infant_passenger_id: expect.stringMatching(/^pas_/) });
    expect(await duffel.checkBeforePayment(o, { pricing })).toEqual({ status: 'ok' });
    const ticketed = await duffel.ticket(o);
    expect(ticketed.status).toBe('ticketed');
    expect(ticketed.tickets.map((t) => t.passenger).sort()).toEqual([0, 1, 2]);
    expect(sim.payments.at(-1)).toMatchObject({ amount: o.remote!.amount, currency: 'USD' });
  });

  it('keeps an offer that must be paid at once under a reference of ours, and makes and pays the order when it is paid', async () => {
    const offer = await offerTo(day(1), false);
    const booked = await duffel.book(offer.id, party, contact, { pricing });
    if (booked.status !== 'booked') throw new Error(booked.status);
    expect(booked.order.remote).toMatchObject({ mode: 'instant', order_id: null });
    expect(booked.order.pnr).toMatch(/^D[A-Z0-9]{5}$/);
    const ticketed = await duffel.ticket(booked.order);
    expect(ticketed).toMatchObject({ status: 'ticketed', pnr: booked.order.pnr, remote: { order_id: expect.stringMatching(/^ord_/) } });
    const made = requestsTo(/^\/air\/orders$/).at(-1)!.body as { data: { type: string; payments: { amount: string; type: string }[] } };
    expect(made.data).toMatchObject({ type: 'instant', payments: [{ type: 'balance', amount: booked.order.remote!.amount }] });
  });

  it('says so before money moves when Duffel’s price changed or the fare is gone', async () => {
    const a = await offerTo(day(2), false);
    const held = await duffel.book(a.id, party, contact, { pricing });
    if (held.status !== 'booked') throw new Error(held.status);
    sim.changePrice(a.id, '9999.00');
    expect((await duffel.checkBeforePayment(held.order, { pricing })).status).toBe('price_changed');
    const b = await offerTo(day(50), true);
    sim.makeUnavailable(b.id);
    expect((await duffel.book(b.id, party, contact, { pricing })).status).toBe('unavailable');
  });

  it('cancels through Duffel’s two steps: the quote’s refund in PKR at the sold rate, then the confirmation', async () => {
    const offer = await offerTo(day(45), true);
    const booked = await duffel.book(offer.id, party, contact, { pricing });
    if (booked.status !== 'booked') throw new Error(booked.status);
    const ticketed = await duffel.ticket(booked.order);
    const quote = await duffel.cancellationQuote(ticketed);
    expect(quote.id).toMatch(/^ore_/);
    expect(quote.refund_minor_pkr).toBe(Math.round(Math.round(Number(quote.refund.amount) * 100) * USD * 100 / 100 / 1_000_000));
    const voided = await duffel.void(ticketed);
    expect(voided.status).toBe('voided');
    expect(requestsTo(/order_cancellations\/.+\/actions\/confirm/)).not.toHaveLength(0);
    // An unpaid hold is cancelled the same way and refunds nothing.
    const other = await offerTo(day(46), true);
    const hold = await duffel.book(other.id, party, contact, { pricing });
    if (hold.status !== 'booked') throw new Error(hold.status);
    expect((await duffel.cancellationQuote(hold.order)).refund.amount).toBe('0.00');
    expect((await duffel.cancel(hold.order)).status).toBe('canceled');
  });
});
