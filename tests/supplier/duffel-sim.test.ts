/**
 * The Duffel simulator (tests/support/duffel-sim.ts), driven through Duffel's official client the way Safar's
 * adapter drives it: if the client accepts what the sim answers (and surfaces its errors as DuffelError with
 * Duffel's errors[]), the adapter's tests against the sim say something about the real API.
 */
import { spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError } from '@duffel/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelSim, type DuffelSim } from '../support/duffel-sim';
import { freePort } from '../support/process';

// The client's resource types, taken from its methods (its type module has no runtime path to import).
type OfferRequest = Awaited<ReturnType<Duffel['offerRequests']['get']>>['data'];
type Offer = Awaited<ReturnType<Duffel['offers']['get']>>['data'];
type Order = Awaited<ReturnType<Duffel['orders']['get']>>['data'];
type Failure = InstanceType<typeof DuffelError>;

let sim: DuffelSim;
let duffel: Duffel;

beforeAll(async () => {
  sim = await startDuffelSim({ token: 'duffel_test_sim' });
  duffel = new Duffel({ token: sim.token, basePath: sim.url });
});
afterAll(() => sim.close());

const day = (inDays: number) => new Date(Date.now() + inDays * 86400_000).toISOString().slice(0, 10);
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The client's typings predate some of the documented request fields (`type: 'hold'`, age-only passengers). */
const search = (body: Record<string, unknown>, returnOffers = true) =>
  duffel.offerRequests.create({ return_offers: returnOffers, ...body } as any) as Promise<{ data: OfferRequest; status: number }>;
const book = (body: Record<string, unknown>) => duffel.orders.create(body as any);
const failure = async (p: Promise<unknown>): Promise<Failure> => {
  const e = await p.then(() => null, (err) => err);
  expect(e).toBeInstanceOf(DuffelError);
  return e as Failure;
};

const person = (id: string, extra: Record<string, unknown> = {}) => ({
  id, title: 'mr', gender: 'm', given_name: 'Imran', family_name: 'Qureshi', born_on: '1986-03-14',
  email: 'imran.qureshi@example.com', phone_number: '+923001234567',
  identity_documents: [{ type: 'passport', unique_identifier: 'AB1234567', issuing_country_code: 'PK', expires_on: '2031-01-01' }],
  ...extra,
});
const passengersFor = (offer: Pick<Offer, 'passengers'>) => offer.passengers.map((p) => person(p.id));
const pay = (offer: { total_amount: string; total_currency: string }) => [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }];

async function oneWay(origin = 'KHI', destination = 'DXB', inDays = 30) {
  const { data } = await search({ slices: [{ origin, destination, departure_date: day(inDays) }], passengers: [{ type: 'adult' }], cabin_class: 'economy' });
  return data;
}
const holdable = (r: OfferRequest) => r.offers.find((o) => !o.payment_requirements.requires_instant_payment)!;
const instantOnly = (r: OfferRequest) => r.offers.find((o) => o.payment_requirements.requires_instant_payment)!;

describe('searching', () => {
  it('answers an offer request with offers (return_offers=true) in Duffel shape', async () => {
    const { data, status } = await search({
      slices: [{ origin: 'LHE', destination: 'LHR', departure_date: day(40) }, { origin: 'LHR', destination: 'LHE', departure_date: day(54) }],
      passengers: [{ type: 'adult' }, { age: 7 }, { type: 'infant_without_seat' }], cabin_class: 'economy', max_connections: 1,
    });
    expect(status).toBe(201);
    expect(data.id).toMatch(/^orq_0000[A-Za-z0-9]{18}$/);
    expect(data.passengers.map((p) => p.id)).toEqual(expect.arrayContaining([expect.stringMatching(/^pas_/)]));
    expect(data.offers.length).toBeGreaterThan(4);
    const owners = new Set(data.offers.map((o) => o.owner.iata_code));
    expect(owners.size).toBeGreaterThan(2);
    for (const o of data.offers) {
      expect(o.id).toMatch(/^off_/);
      expect(o.total_currency).toBe('USD');
      expect(Number(o.base_amount) + Number(o.tax_amount)).toBeCloseTo(Number(o.total_amount), 2);
      expect(Date.parse(o.expires_at) - Date.parse(o.created_at)).toBe(30 * 60_000);
      expect(o.slices).toHaveLength(2);
      expect(o.passengers.map((p) => p.type)).toEqual(['adult', 'child', 'infant_without_seat']);
      for (const s of o.slices) {
        expect(s.duration).toMatch(/^PT\d+H\d+M$/);
        expect(s.fare_brand_name).toBeTruthy();
        for (const g of s.segments) {
          expect(g.departing_at).toMatch(LOCAL_TIME);
          expect(g.arriving_at).toMatch(LOCAL_TIME);
          expect(g.marketing_carrier.iata_code).toBe(o.owner.iata_code);
          expect(g.marketing_carrier_flight_number).toMatch(/^\d{3}$/);
          expect(g.aircraft.name).toBeTruthy();
          expect(g.passengers[0].baggages.map((b) => b.type).sort()).toEqual(['carry_on', 'checked']);
          expect(g.passengers[0].cabin_class).toBe('economy');
        }
      }
    }
    // Some can be held (with deadlines), some must be paid at once.
    const hold = holdable(data);
    expect(hold.payment_requirements.payment_required_by).toMatch(/Z$/);
    expect(Date.parse(hold.payment_requirements.price_guarantee_expires_at!)).toBeLessThanOrEqual(Date.parse(hold.payment_requirements.payment_required_by!));
    expect(instantOnly(data).payment_requirements).toEqual({ requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null });
    const flexible = data.offers.find((o) => o.conditions.refund_before_departure?.allowed)!;
    expect(flexible.conditions.refund_before_departure).toMatchObject({ penalty_currency: 'USD', penalty_amount: expect.stringMatching(/^\d+\.\d{2}$/) });
  });

  it('gives the same flights and prices for the same search', async () => {
    const [a, b] = [await oneWay('ISB', 'JED', 20), await oneWay('ISB', 'JED', 20)];
    const key = (r: OfferRequest) => r.offers.map((o) => `${o.owner.iata_code}${o.slices[0].segments.map((g) => g.marketing_carrier_flight_number + g.departing_at).join()}=${o.total_amount}`);
    expect(key(a)).toEqual(key(b));
    expect(a.offers[0].id).not.toBe(b.offers[0].id);
  });

  it('works for codes outside its table, and direct-only searches', async () => {
    const { data } = await search({ slices: [{ origin: 'XYZ', destination: 'KHI', departure_date: day(15) }], passengers: [{ type: 'adult' }], max_connections: 0 });
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers.every((o) => o.slices[0].segments.length === 1)).toBe(true);
  });

  it('answers return_offers=false without offers, then pages them through GET /air/offers', async () => {
    const { data } = await search({ slices: [{ origin: 'KHI', destination: 'LHR', departure_date: day(25) }], passengers: [{ type: 'adult' }] }, false);
    expect(data.offers).toEqual([]);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'POST', path: '/air/offer_requests/?return_offers=false' });
    const page = await duffel.offers.list({ offer_request_id: data.id, limit: 2, sort: 'total_amount' });
    expect(page.data).toHaveLength(2);
    expect(Number(page.data[0].total_amount)).toBeLessThanOrEqual(Number(page.data[1].total_amount));
    expect(page.meta).toMatchObject({ limit: 2, after: expect.any(String), before: null });
    const all: Offer[] = [];
    for await (const o of duffel.offers.listWithGenerator({ offer_request_id: data.id, limit: 3 })) all.push(o.data);
    const again = await duffel.offerRequests.get(data.id);
    expect(all.map((o) => o.id).sort()).toEqual(again.data.offers.map((o) => o.id).sort());
  });

  it('refuses an invalid search with a 422 listing every problem', async () => {
    const e = await failure(search({ slices: [{ origin: 'karachi', departure_date: '2020-01-01' }], passengers: [{ type: 'pilot' }] }));
    expect(e.status).toBe(422);
    expect(e.errors.map((x) => x.code).sort()).toEqual(['departure_date_in_past', 'validation_format', 'validation_inclusion', 'validation_required']);
    expect(e.meta).toMatchObject({ status: 422, request_id: expect.any(String) });
  });
});

describe('offers and seat maps', () => {
  let request: OfferRequest;
  beforeAll(async () => { request = await oneWay('DXB', 'LHR', 35); });

  it('gets an offer without and with its available services', async () => {
    const offer = request.offers[0];
    const plain = await duffel.offers.get(offer.id);
    expect(plain.data.id).toBe(offer.id);
    expect(plain.data.available_services).toBeNull();
    const rich = await duffel.offers.get(offer.id, { return_available_services: true });
    const bag = rich.data.available_services[0];
    expect(bag).toMatchObject({ type: 'baggage', total_currency: 'USD', maximum_quantity: expect.any(Number), metadata: { type: 'checked' } });
    expect(bag.id).toMatch(/^ase_/);
    expect(bag.passenger_ids).toEqual([offer.passengers[0].id]);
    expect(bag.segment_ids).toEqual(offer.slices[0].segments.map((s) => s.id));
  });

  it('answers seat maps per segment, with priced seats and cabin furniture', async () => {
    const offer = request.offers[0];
    const { data } = await duffel.seatMaps.get({ offer_id: offer.id });
    expect(data.map((m) => m.segment_id)).toEqual(offer.slices.flatMap((s) => s.segments.map((g) => g.id)));
    const elements = data[0].cabins[0].rows.flatMap((r) => r.sections.flatMap((s) => s.elements));
    expect(new Set(elements.map((e) => e.type))).toEqual(new Set(['seat', 'exit_row', 'lavatory', 'galley']));
    const seats = elements.filter((e) => e.type === 'seat') as any[];
    expect(seats[0].designator).toMatch(/^\d+[A-K]$/);
    const forSale = seats.find((s) => s.available_services.length > 0);
    expect(forSale.available_services[0]).toMatchObject({ id: expect.stringMatching(/^ase_/), passenger_id: offer.passengers[0].id, total_currency: 'USD' });
    expect(seats.some((s) => s.available_services.length === 0)).toBe(true);
    expect(data[0].cabins[0].aisles).toBeGreaterThanOrEqual(1);
  });

  it('answers a gone offer with 422 offer_no_longer_available once it has expired', async () => {
    const fresh = await oneWay('MUX', 'DOH', 33);
    sim.advanceClock(31 * 60_000);
    try {
      const e = await failure(duffel.offers.get(fresh.offers[0].id));
      expect(e.status).toBe(422);
      expect(e.errors[0].code).toBe('offer_no_longer_available');
    } finally {
      sim.advanceClock(-31 * 60_000);
    }
    expect((await failure(duffel.offers.get('off_0000doesnotexist0000'))).errors[0]).toMatchObject({ code: 'not_found', type: 'invalid_request_error' });
  });
});

describe('booking', () => {
  it('books an instant order paid from the balance, with tickets', async () => {
    const request = await oneWay('KHI', 'JED', 45);
    const offer = request.offers[1];
    const { data: order, status } = await book({ type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer), payments: pay(offer) });
    expect(status).toBe(201);
    expect(order.id).toMatch(/^ord_/);
    expect(order.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.total_amount).toBe(offer.total_amount);
    expect(order.payment_status).toMatchObject({ awaiting_payment: false, paid_at: expect.any(String) });
    expect(order.documents).toEqual([{ type: 'electronic_ticket', unique_identifier: expect.stringMatching(/^\d{13}$/), passenger_ids: [offer.passengers[0].id] }]);
    expect(order.slices[0].segments[0].departing_at).toBe(offer.slices[0].segments[0].departing_at);
    expect(order.passengers[0]).toMatchObject({ given_name: 'Imran', born_on: '1986-03-14', phone_number: '+923001234567' });
    expect(order).toMatchObject({ cancelled_at: null, owner: offer.owner, conditions: offer.conditions, synced_at: expect.any(String), created_at: expect.any(String) });
    expect(sim.orders.get(order.id)).toBeTruthy();
    expect(sim.payments.at(-1)).toMatchObject({ order_id: order.id, amount: offer.total_amount, type: 'balance' });
    expect((await duffel.orders.get(order.id)).data.id).toBe(order.id);
    const listed = await duffel.orders.list({ booking_reference: order.booking_reference } as any);
    expect(listed.data.map((o: Order) => o.id)).toEqual([order.id]);
  });

  it('holds an order, refuses wrong payments, then pays it from the balance', async () => {
    const offer = holdable(await oneWay('LHE', 'IST', 50));
    const { data: held } = await book({ type: 'hold', selected_offers: [offer.id], passengers: passengersFor(offer) });
    expect(held.payment_status).toEqual({
      awaiting_payment: true, paid_at: null,
      payment_required_by: offer.payment_requirements.payment_required_by, price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at,
    });
    expect(held.documents).toEqual([]);

    const wrong = await failure(duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: '1.00', currency: 'USD' } }));
    expect(wrong.errors[0]).toMatchObject({ code: 'payment_amount_does_not_match_order_amount', type: 'validation_error', source: { field: 'amount' } });
    const { data: payment, status } = await duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency } });
    expect(status).toBe(201);
    expect(payment).toMatchObject({ id: expect.stringMatching(/^pay_/), amount: held.total_amount, type: 'balance' });
    const paid = (await duffel.orders.get(held.id)).data;
    expect(paid.payment_status.awaiting_payment).toBe(false);
    expect(paid.documents![0].type).toBe('electronic_ticket');
    expect((await failure(duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: held.total_amount, currency: 'USD' } }))).errors[0].code).toBe('already_paid');
  });

  it('refuses to hold an offer that requires instant payment, and to pay an instant order', async () => {
    const request = await oneWay('PEW', 'DXB', 60);
    const offer = instantOnly(request);
    const e = await failure(book({ type: 'hold', selected_offers: [offer.id], passengers: passengersFor(offer) }));
    expect(e.errors[0]).toMatchObject({ type: 'validation_error', source: { field: 'type' } });
    const { data: order } = await book({ type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer), payments: pay(offer) });
    const notHold = await failure(duffel.payments.create({ order_id: order.id, payment: { type: 'balance', amount: order.total_amount, currency: 'USD' } }));
    expect(notHold.errors[0].code).toBe('order_type_not_eligible_for_payment');
  });

  it('refuses a hold paid after its payment_required_by', async () => {
    const offer = holdable(await oneWay('SKT', 'DOH', 40));
    const { data: held } = await book({ type: 'hold', selected_offers: [offer.id], passengers: passengersFor(offer) });
    sim.advanceClock(80 * 3600_000);
    try {
      const late = await failure(duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: held.total_amount, currency: 'USD' } }));
      expect(late.errors[0]).toMatchObject({ code: 'past_payment_required_by_date', type: 'invalid_state_error' });
      expect((await duffel.orders.get(held.id)).data.payment_status.awaiting_payment).toBe(false);
    } finally {
      sim.advanceClock(-80 * 3600_000);
    }
  });

  it('answers a missing born_on as a 422 validation error in errors[]', async () => {
    const offer = (await oneWay('KHI', 'MCT', 21)).offers[0];
    const { born_on: _b, ...noBirth } = person(offer.passengers[0].id);
    const e = await failure(book({ type: 'instant', selected_offers: [offer.id], passengers: [{ ...noBirth, phone_number: '03001234567', title: 'sir' }], payments: pay(offer) }));
    expect(e.status).toBe(422);
    expect(e.errors).toEqual(expect.arrayContaining([
      { type: 'validation_error', code: 'validation_required', title: 'Required field', message: "Field 'born_on' can't be blank", documentation_url: expect.any(String), source: { field: 'born_on', pointer: '/passengers/0/born_on' } },
      expect.objectContaining({ code: 'validation_format', source: { field: 'phone_number', pointer: '/passengers/0/phone_number' } }),
      expect.objectContaining({ code: 'validation_inclusion', source: { field: 'title', pointer: '/passengers/0/title' } }),
    ]));
  });

  it('needs an adult to carry each infant', async () => {
    const { data } = await search({ slices: [{ origin: 'LHE', destination: 'DXB', departure_date: day(44) }], passengers: [{ type: 'adult' }, { age: 1 }] });
    const offer = data.offers[0];
    const [adult, infant] = offer.passengers;
    const e = await failure(book({ type: 'instant', selected_offers: [offer.id], passengers: [person(adult.id), person(infant.id, { born_on: day(-200) })], payments: pay(offer) }));
    expect(e.errors[0].code).toBe('infant_without_adult');
    const ok = await book({ type: 'instant', selected_offers: [offer.id], passengers: [person(adult.id, { infant_passenger_id: infant.id }), person(infant.id, { born_on: day(-200) })], payments: pay(offer) });
    expect(ok.data.passengers[0].infant_passenger_id).toBe(infant.id);
    expect(ok.data.documents).toHaveLength(2);
  });

  it('books a seat and a bag with the order, for the offer price plus the services', async () => {
    const offer = (await oneWay('KHI', 'IST', 70)).offers[0];
    const withServices = (await duffel.offers.get(offer.id, { return_available_services: true })).data;
    const bag = withServices.available_services[0];
    const [map] = (await duffel.seatMaps.get({ offer_id: offer.id })).data;
    const seat = map.cabins[0].rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find((e: any) => e.type === 'seat' && e.available_services.length) as any;
    const total = (Number(offer.total_amount) + Number(bag.total_amount) + Number(seat.available_services[0].total_amount)).toFixed(2);
    const { data: order } = await book({
      type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer),
      services: [{ id: bag.id, quantity: 1 }, { id: seat.available_services[0].id, quantity: 1 }],
      payments: [{ type: 'balance', amount: total, currency: 'USD' }],
    });
    expect(order.total_amount).toBe(total);
    expect(order.services.map((s) => s.type).sort()).toEqual(['baggage', 'seat']);
    expect(order.slices[0].segments.find((g) => g.id === map.segment_id)!.passengers[0].seat!.designator).toBe(seat.designator);
  });
});

describe('an offer that changes under the adapter', () => {
  it('fails orders with offer_no_longer_available once the offer is gone', async () => {
    const offer = (await oneWay('ISB', 'DXB', 26)).offers[0];
    sim.makeUnavailable(offer.id);
    const e = await failure(book({ type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer), payments: pay(offer) }));
    expect(e.status).toBe(422);
    expect(e.errors[0]).toMatchObject({ code: 'offer_no_longer_available', title: expect.any(String), message: expect.any(String) });
    expect(e.meta.status).toBe(422);
  });

  it('moves a price: unseen it fails the order as price_changed, seen and ignored it is an amount mismatch', async () => {
    const request = await oneWay('DXB', 'KHI', 27);
    const [first, second] = request.offers;
    sim.changePrice(first.id, '999.99');
    expect((await failure(book({ type: 'instant', selected_offers: [first.id], passengers: passengersFor(first), payments: pay(first) }))).errors[0].code).toBe('price_changed');
    const reread = (await duffel.offers.get(first.id)).data;
    expect(reread.total_amount).toBe('999.99');

    sim.changePrice(second.id, '1234.50');
    expect((await duffel.offers.get(second.id)).data.total_amount).toBe('1234.50');
    const stale = await failure(book({ type: 'instant', selected_offers: [second.id], passengers: passengersFor(second), payments: pay(second) }));
    expect(stale.errors[0].code).toBe('payment_amount_does_not_match_order_amount');
    const { data: order } = await book({ type: 'instant', selected_offers: [second.id], passengers: passengersFor(second), payments: [{ type: 'balance', amount: '1234.50', currency: 'USD' }] });
    expect(order.total_amount).toBe('1234.50');
  });

  it('re-prices a held order: paying the old total is price_changed', async () => {
    const offer = holdable(await oneWay('LHR', 'DXB', 48));
    const { data: held } = await book({ type: 'hold', selected_offers: [offer.id], passengers: passengersFor(offer) });
    sim.changePrice(offer.id, '777.00');
    const e = await failure(duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: held.total_amount, currency: 'USD' } }));
    expect(e.errors[0]).toMatchObject({ code: 'price_changed', source: { field: 'amount' } });
    const now = (await duffel.orders.get(held.id)).data;
    expect(now.total_amount).toBe('777.00');
    expect((await duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: '777.00', currency: 'USD' } })).status).toBe(201);
  });
});

describe('cancelling', () => {
  it('quotes and confirms a cancellation; a second confirmation is already_cancelled', async () => {
    const offer = (await oneWay('LHE', 'KUL', 80)).offers.find((o) => o.conditions.refund_before_departure?.allowed)!;
    const { data: order } = await book({ type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer), payments: pay(offer) });
    const { data: quote, status } = await duffel.orderCancellations.create({ order_id: order.id });
    expect(status).toBe(201);
    const penalty = Number(offer.conditions.refund_before_departure!.penalty_amount);
    expect(quote).toMatchObject({ id: expect.stringMatching(/^ore_/), order_id: order.id, confirmed_at: null, refund_to: 'balance', refund_currency: 'USD', refund_amount: (Number(order.total_amount) - penalty).toFixed(2) });
    expect(Date.parse(quote.expires_at)).toBeGreaterThan(Date.now());
    const { data: confirmed } = await duffel.orderCancellations.confirm(quote.id);
    expect(confirmed.confirmed_at).toEqual(expect.any(String));
    expect((await duffel.orderCancellations.get(quote.id)).data.confirmed_at).toBe(confirmed.confirmed_at);
    const cancelled = (await duffel.orders.get(order.id)).data;
    expect(cancelled.cancelled_at).toBe(confirmed.confirmed_at);
    expect(cancelled.available_actions).toEqual(['update']);
    expect(sim.cancellations.get(quote.id)).toBeTruthy();
    const again = await failure(duffel.orderCancellations.confirm(quote.id));
    expect(again.errors[0]).toMatchObject({ code: 'already_cancelled', type: 'invalid_state_error' });
  });

  it('refunds nothing for an unpaid hold, and refuses an expired quote', async () => {
    const offer = holdable(await oneWay('KHI', 'LHR', 66));
    const { data: held } = await book({ type: 'hold', selected_offers: [offer.id], passengers: passengersFor(offer) });
    const { data: quote } = await duffel.orderCancellations.create({ order_id: held.id });
    expect(quote).toMatchObject({ refund_amount: '0.00', refund_to: 'awaiting_payment' });
    sim.advanceClock(20 * 60_000);
    try {
      expect((await failure(duffel.orderCancellations.confirm(quote.id))).errors[0].code).toBe('order_cancellation_stale');
    } finally {
      sim.advanceClock(-20 * 60_000);
    }
    const { data: fresh } = await duffel.orderCancellations.create({ order_id: held.id });
    expect((await duffel.orderCancellations.confirm(fresh.id)).data.confirmed_at).toBeTruthy();
  });
});

describe('the HTTP edges', () => {
  it('answers 401 for a wrong or missing token, in Duffel\'s error shape', async () => {
    const stranger = new Duffel({ token: 'duffel_test_wrong', basePath: sim.url });
    const e = await failure(stranger.offers.get('off_x'));
    expect(e.status).toBe(401);
    expect(e.errors[0]).toMatchObject({ type: 'authentication_error', code: 'access_token_not_found' });
    const res = await fetch(`${sim.url}/air/orders`, { headers: { 'Duffel-Version': 'v2', Accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect((await res.json()).errors[0].code).toBe('missing_authorization_header');
  });

  it('answers a missing Duffel-Version header with Duffel\'s 400', async () => {
    const res = await fetch(`${sim.url}/air/orders`, { headers: { Authorization: `Bearer ${sim.token}`, Accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const body = await res.json();
    expect(body).toEqual({ errors: [expect.objectContaining({ type: 'invalid_request_error', code: 'missing_version_header' })], meta: { status: 400, request_id: res.headers.get('x-request-id') } });
  });

  it('fails every call with 500 when told to, and waits when told to', async () => {
    sim.setFailing(true);
    try {
      const e = await failure(duffel.orders.list());
      expect(e.status).toBe(500);
      expect(e.errors[0]).toMatchObject({ type: 'api_error', code: 'internal_server_error' });
    } finally {
      sim.setFailing(false);
    }
    sim.setDelay(150);
    const t = Date.now();
    await duffel.orders.list();
    sim.setDelay(0);
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });
});

describe('webhooks', () => {
  it('signs an airline-initiated change as Duffel documents it, and the receiver can check it', async () => {
    const offer = (await oneWay('LHE', 'JED', 90)).offers[0];
    const { data: order } = await book({ type: 'instant', selected_offers: [offer.id], passengers: passengersFor(offer), payments: pay(offer) });
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => { received.push({ headers: req.headers, body }); res.writeHead(200).end('ok'); });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const secret = 'whsec_sim_test';
    try {
      const event = sim.airlineChange(order.id);
      const answer = await sim.sendWebhook(event, { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/duffel`, secret });
      expect(answer.status).toBe(200);
      const [{ headers, body }] = received;
      // X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 over "t.rawBody">, computed here independently.
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-duffel-signature']))!;
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
      expect(timingSafeEqual(Buffer.from(v1), Buffer.from(expected))).toBe(true);
      expect(createHmac('sha256', secret).update(`${t}.${body.replace('airline_initiated', 'tampered')}`).digest('hex')).not.toBe(v1);

      const envelope = JSON.parse(body);
      expect(envelope).toMatchObject({ id: expect.stringMatching(/^wev_/), type: 'order.airline_initiated_change_detected', api_version: 'v2', live_mode: false, created_at: expect.any(String) });
      expect(envelope.data.object).toMatchObject({ id: order.id, aic_id: expect.stringMatching(/^aic_/) });
      expect(envelope.idempotency_key).toBe(envelope.data.object.aic_id);
      const changes = await duffel.airlineInitiatedChanges.list(order.id);
      expect(changes.data.map((c) => c.id)).toEqual([envelope.data.object.aic_id]);
      const moved = (await duffel.orders.get(order.id)).data.slices[0].segments[0].departing_at;
      expect(Date.parse(`${moved}Z`) - Date.parse(`${offer.slices[0].segments[0].departing_at}Z`)).toBe(3600_000);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});

describe('running on its own', () => {
  it('serves the API and the /_sim/ control endpoints from the command line', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/duffel-sim.ts', '--port', String(port), '--token', 'duffel_test_cli'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no banner in 20 s')), 20_000);
        child.stdout!.on('data', (c: Buffer) => { clearTimeout(timer); resolve(String(c)); });
      });
      expect(line.trim()).toBe(`Duffel simulator at http://127.0.0.1:${port}`);
      const cli = new Duffel({ token: 'duffel_test_cli', basePath: `http://127.0.0.1:${port}` });
      const { data } = (await cli.offerRequests.create({ slices: [{ origin: 'KHI', destination: 'LHE', departure_date: day(9) }], passengers: [{ type: 'adult' }], return_offers: true } as any)) as { data: OfferRequest };
      const control = (path: string, body?: unknown) => fetch(`http://127.0.0.1:${port}/_sim/${path}`, body ? { method: 'POST', body: JSON.stringify(body) } : {}).then((r) => r.json());
      await control('unavailable', { offer_id: data.offers[0].id });
      const gone = await failure(cli.orders.create({ type: 'instant', selected_offers: [data.offers[0].id], passengers: passengersFor(data.offers[0]), payments: pay(data.offers[0]) } as any));
      expect(gone.errors[0].code).toBe('offer_no_longer_available');
      await control('failing', { on: true });
      expect((await failure(cli.offers.get(data.offers[1].id))).status).toBe(500);
      await control('failing', { on: false });
      expect((await control('state')).requests).toBe(3);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
