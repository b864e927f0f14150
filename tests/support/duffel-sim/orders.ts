/**
 * Orders and hold payments, as Duffel documents them: POST /air/orders (instant or hold) and POST /air/payments
 * (the holding-orders guide, the orders and payments reference). Validation collects every field
 * problem into one 422, like the real API; state problems answer the documented codes (orders guide, payments
 * reference, errors page). Guessed codes are marked where they are raised.
 */
import { E, Problems, SimError, badFormat, fieldError, linkedNotFound, notIncluded, required } from './errors';
import { airlineByIata } from './reference';
import { applyPrice } from './search';
import type { Json, OrderRecord, SimState } from './state';
import { AMOUNT_RE, bookingReference, clone, isCalendarDate, isoNow, isoSeconds, money, rng, toMinor } from './util';

const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'] as const;
const GENDERS = ['m', 'f'] as const;
const ORDER_TYPES = ['instant', 'hold'] as const;
const PAYMENT_TYPES = ['balance', 'arc_bsp_cash'] as const;
const E164 = /^\+[1-9]\d{1,14}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function checkPassengerFields(p: Problems, x: Json, i: number, today: string): void {
  const at = (f: string) => `/passengers/${i}/${f}`;
  for (const f of ['id', 'title', 'gender', 'given_name', 'family_name', 'born_on', 'email', 'phone_number']) {
    if (x?.[f] == null || x[f] === '') p.add(required(at(f)));
  }
  if (x?.title && !(TITLES as readonly string[]).includes(x.title)) p.add(notIncluded(at('title'), TITLES));
  if (x?.gender && !(GENDERS as readonly string[]).includes(x.gender)) p.add(notIncluded(at('gender'), GENDERS));
  if (x?.born_on && (!isCalendarDate(x.born_on) || x.born_on > today)) p.add(badFormat(at('born_on'), 'must be an ISO 8601 date in the past'));
  if (x?.email && (typeof x.email !== 'string' || !EMAIL.test(x.email))) p.add(badFormat(at('email'), 'must be a valid email address'));
  if (x?.phone_number && (typeof x.phone_number !== 'string' || !E164.test(x.phone_number))) {
    p.add(badFormat(at('phone_number'), 'must be a valid phone number in E.164 (international) format, such as +442080160509'));
  }
  (Array.isArray(x?.identity_documents) ? x.identity_documents : []).forEach((d: Json, k: number) => {
    const dat = (f: string) => at(`identity_documents/${k}/${f}`);
    for (const f of ['type', 'unique_identifier', 'issuing_country_code', 'expires_on']) if (d?.[f] == null || d[f] === '') p.add(required(dat(f)));
    if (d?.type && d.type !== 'passport') p.add(notIncluded(dat('type'), ['passport']));
    if (d?.issuing_country_code && !/^[A-Z]{2}$/.test(d.issuing_country_code)) p.add(badFormat(dat('issuing_country_code'), 'must be an ISO 3166-1 alpha-2 country code'));
    if (d?.expires_on && !isCalendarDate(d.expires_on)) p.add(badFormat(dat('expires_on'), 'must be an ISO 8601 date'));
  });
}

function checkPaymentFields(p: Problems, pay: Json, at: string): void {
  if (pay?.type == null) p.add(required(`${at}/type`));
  else if (!(PAYMENT_TYPES as readonly string[]).includes(pay.type)) p.add(notIncluded(`${at}/type`, PAYMENT_TYPES));
  if (pay?.amount == null || pay.amount === '') p.add(required(`${at}/amount`));
  else if (typeof pay.amount !== 'string' || !AMOUNT_RE.test(pay.amount)) p.add(badFormat(`${at}/amount`, 'must be a decimal amount such as "30.20"'));
  if (pay?.currency == null || pay.currency === '') p.add(required(`${at}/currency`));
}

const amountMismatch = (pointer: string, expected: string, currency: string) =>
  fieldError(pointer, 'payment_amount_does_not_match_order_amount', "Amount doesn't match",
    `The payment amount must match the order's total of ${expected} ${currency}, including any services`);

/** POST /air/orders. */
export function createOrder(state: SimState, data: Json): Json {
  const now = state.now();
  const today = isoNow(now).slice(0, 10);
  const p = new Problems();
  if (data.type == null) p.add(required('/type'));
  // Duffel's docs and guides say `hold`; the JS client's typings still say `pay_later`, which the sim refuses.
  else if (!(ORDER_TYPES as readonly string[]).includes(data.type)) p.add(notIncluded('/type', ORDER_TYPES));
  if (!Array.isArray(data.selected_offers) || data.selected_offers.length === 0) p.add(required('/selected_offers'));
  else if (data.selected_offers.length > 1) p.add(fieldError('/selected_offers', 'validation_length', 'Invalid length', "Field 'selected_offers' must contain exactly one offer"));
  if (!Array.isArray(data.passengers) || data.passengers.length === 0) p.add(required('/passengers'));
  else data.passengers.forEach((x: Json, i: number) => checkPassengerFields(p, x, i, today));
  const payments: Json[] = Array.isArray(data.payments) ? data.payments : [];
  if (data.type === 'instant') {
    if (payments.length === 0) p.add(required('/payments'));
    payments.forEach((pay, i) => checkPaymentFields(p, pay, `/payments/${i}`));
  }
  // Guessed code: the hold guide says to omit `payments`, without naming the error for sending them.
  if (data.type === 'hold' && payments.length > 0) p.add(fieldError('/payments', 'payments_not_allowed', 'Field not allowed', "Field 'payments' must be omitted for a hold order"));
  // Guessed code: the hold guide says services cannot be booked with a hold order, without naming the error.
  if (data.type === 'hold' && Array.isArray(data.services) && data.services.length > 0) {
    p.add(fieldError('/services', 'services_not_allowed', 'Field not allowed', "Field 'services' must be omitted for a hold order: services can't be booked with hold orders"));
  }
  p.throwIfAny();

  const offerId: string = data.selected_offers[0];
  const rec = state.offers.get(offerId);
  if (!rec) throw new SimError(422, [linkedNotFound('/selected_offers/0')]);
  if (rec.unavailable || now > rec.expiresAt) throw E.offerGone('invalid_state_error');
  const offer = rec.offer;

  const q = new Problems();
  const offerPassengers: Json[] = offer.passengers;
  const typeOf = new Map(offerPassengers.map((x) => [x.id, x.type as string]));
  data.passengers.forEach((x: Json, i: number) => {
    if (!typeOf.has(x.id)) q.add(linkedNotFound(`/passengers/${i}/id`));
    if (offer.passenger_identity_documents_required && !(Array.isArray(x.identity_documents) && x.identity_documents.length > 0)) {
      q.add(required(`/passengers/${i}/identity_documents`));
    }
    if (x.infant_passenger_id != null) {
      if (typeOf.get(x.infant_passenger_id) !== 'infant_without_seat') q.add(linkedNotFound(`/passengers/${i}/infant_passenger_id`));
      // Guessed code: only an adult can have an infant on their lap.
      else if (typeOf.get(x.id) !== 'adult') q.add(fieldError(`/passengers/${i}/infant_passenger_id`, 'infant_not_allowed', 'Invalid infant assignment', 'Only an adult passenger can be responsible for an infant'));
    }
  });
  const given = new Set(data.passengers.map((x: Json) => x.id));
  if (offerPassengers.some((x) => !given.has(x.id))) {
    q.add(fieldError('/passengers', 'validation_length', 'Invalid length', `Field 'passengers' must list all ${offerPassengers.length} passengers of the selected offer`));
  }
  offerPassengers.filter((x) => x.type === 'infant_without_seat').forEach((infant) => {
    const carers = data.passengers.filter((x: Json) => x.infant_passenger_id === infant.id).length;
    const i = data.passengers.findIndex((x: Json) => x.id === infant.id);
    // Guessed code: the docs say an infant is booked by naming it on one adult, without naming this error.
    if (carers !== 1) q.add(fieldError(`/passengers/${Math.max(i, 0)}/id`, 'infant_without_adult', 'Infant without an adult',
      `Passenger '${infant.id}' is an infant_without_seat and must be named as infant_passenger_id by exactly one adult passenger`));
  });
  const chosen = resolveServices(state, q, data.services, offerId, rec.services);
  q.throwIfAny();

  // Guessed code: the docs say only offers with requires_instant_payment false can be held, not what refusing says.
  if (data.type === 'hold' && offer.payment_requirements.requires_instant_payment) {
    throw new SimError(422, [fieldError('/type', 'instant_payment_required', 'Instant payment required',
      "This offer requires instant payment (payment_requirements.requires_instant_payment is true) and can't be held")]);
  }
  // A changePrice() the client never read: the airline refuses at booking, as it does when a fare moves.
  const unseenChange = rec.pendingMinor != null;
  if (unseenChange) applyPrice(rec, rec.pendingMinor!, now);
  const servicesMinor = chosen.reduce((n, s) => n + toMinor(s.total_amount), 0);
  const totalMinor = rec.totalMinor + servicesMinor;
  if (data.type === 'instant') {
    const pay = payments[0];
    if (pay.currency !== offer.total_currency) {
      throw new SimError(422, [fieldError('/payments/0/currency', 'no_match', "Value doesn't match our records", `Field 'currency' didn't match ${offer.total_currency}`)]);
    }
    if (toMinor(pay.amount) !== totalMinor) {
      if (unseenChange) throw E.priceChanged();
      throw new SimError(422, [amountMismatch('/payments/0/amount', money(totalMinor), offer.total_currency)]);
    }
  }
  return bookOrder(state, data, rec.offer, offerId, chosen, totalMinor, payments[0]);
}

function resolveServices(state: SimState, q: Problems, services: unknown, offerId: string, bags: Json[]): Json[] {
  if (services == null) return [];
  if (!Array.isArray(services)) {
    q.add(badFormat('/services', 'must be a list'));
    return [];
  }
  const seatsTaken = new Set<string>();
  return services.flatMap((s: Json, i: number) => {
    const quantity = s?.quantity ?? 1;
    const bag = bags.find((b) => b.id === s?.id);
    if (bag) {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > bag.maximum_quantity) {
        q.add(badFormat(`/services/${i}/quantity`, `must be between 1 and ${bag.maximum_quantity}`));
        return [];
      }
      return [{ id: bag.id, type: 'baggage', quantity, passenger_ids: bag.passenger_ids, segment_ids: bag.segment_ids,
        total_amount: money(toMinor(bag.total_amount) * quantity), total_currency: bag.total_currency, metadata: bag.metadata }];
    }
    const seat = state.seatServices.get(s?.id);
    if (!seat || seat.offerId !== offerId) {
      q.add(linkedNotFound(`/services/${i}/id`));
      return [];
    }
    const key = `${seat.segmentId}:${seat.passengerId}`;
    if (quantity !== 1 || seatsTaken.has(key)) {
      q.add(badFormat(`/services/${i}/quantity`, 'must be 1, one seat per passenger per segment'));
      return [];
    }
    seatsTaken.add(key);
    return [{ id: s.id, type: 'seat', quantity: 1, passenger_ids: [seat.passengerId], segment_ids: [seat.segmentId],
      total_amount: seat.amount, total_currency: state.currency,
      metadata: { designator: seat.designator, name: seat.exit ? 'Exit row seat' : null, disclosures: seat.exit ? ['Do not seat children in exit row seats'] : [] } }];
  });
}

function bookOrder(state: SimState, data: Json, offer: Json, offerId: string, services: Json[], totalMinor: number, pay: Json | undefined): Json {
  const now = state.now();
  const id = state.newId('ord');
  const servicesMinor = services.reduce((n, s) => n + toMinor(s.total_amount), 0);
  const seatFor = (segmentId: string, passengerId: string) => services.find((s) => s.type === 'seat' && s.segment_ids[0] === segmentId && s.passenger_ids[0] === passengerId);
  const slices = clone(offer.slices).map((slice: Json) => {
    const { ngs_shelf: _n, comparison_key: _c, conditions, ...rest } = slice;
    return {
      ...rest,
      conditions: { change_before_departure: conditions.change_before_departure },
      segments: slice.segments.map((seg: Json) => ({
        ...seg,
        passengers: seg.passengers.map((sp: Json) => {
          const seat = seatFor(seg.id, sp.passenger_id);
          return seat ? { ...sp, seat: seat.metadata } : sp;
        }),
      })),
    };
  });
  const byId = new Map(data.passengers.map((x: Json) => [x.id, x]));
  const hold = data.type === 'hold';
  const order: Json = {
    id, type: data.type, live_mode: false, offer_id: offerId,
    booking_reference: bookingReference(id),
    owner: clone(offer.owner),
    slices,
    passengers: offer.passengers.map((op: Json) => {
      const x = byId.get(op.id) as Json;
      return {
        id: op.id, type: op.type, title: x.title, gender: x.gender, given_name: x.given_name, family_name: x.family_name,
        born_on: x.born_on, email: x.email, phone_number: x.phone_number, infant_passenger_id: x.infant_passenger_id ?? null,
        loyalty_programme_accounts: x.loyalty_programme_accounts ?? [],
        ...(x.identity_documents ? { identity_documents: clone(x.identity_documents) } : {}),
      };
    }),
    services,
    total_amount: money(totalMinor), total_currency: offer.total_currency,
    base_amount: money(toMinor(offer.base_amount) + servicesMinor), base_currency: offer.base_currency,
    tax_amount: offer.tax_amount, tax_currency: offer.tax_currency,
    conditions: clone(offer.conditions),
    payment_status: hold
      ? { awaiting_payment: true, payment_required_by: offer.payment_requirements.payment_required_by, price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at, paid_at: null }
      : { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: isoNow(now) },
    documents: [],
    available_actions: ['cancel', 'change', 'update'],
    airline_initiated_changes: [],
    changes: [],
    cancellation: null, cancelled_at: null,
    content: 'managed', metadata: data.metadata ?? {}, users: data.users ?? [],
    void_window_ends_at: null,
    created_at: isoNow(now), synced_at: isoSeconds(now),
  };
  if (!hold) {
    issueTickets(order);
    state.payments.push({ id: state.newId('pay'), order_id: id, type: pay!.type, amount: pay!.amount, currency: pay!.currency, created_at: isoNow(now), live_mode: false, status: 'succeeded' });
  }
  state.orderRecords.set(id, { order, offerId, previousTotal: null });
  state.orders.set(id, order);
  return order;
}

/** Paid orders carry one e-ticket per passenger: the airline's three-digit prefix and ten digits. */
function issueTickets(order: Json): void {
  const prefix = airlineByIata(order.owner.iata_code)?.ticketPrefix ?? '999';
  const r = rng(order.id);
  order.documents = order.passengers.map((x: Json) => ({
    type: 'electronic_ticket', passenger_ids: [x.id],
    unique_identifier: prefix + String(Math.floor(r() * 1e10)).padStart(10, '0'),
  }));
}

/** An unpaid hold past its payment deadline: the airline released the space and Duffel stops awaiting payment. */
export function refreshOrder(state: SimState, rec: OrderRecord): Json {
  const ps = rec.order.payment_status;
  if (ps.awaiting_payment && ps.payment_required_by && state.now() > Date.parse(ps.payment_required_by)) {
    ps.awaiting_payment = false;
    rec.order.available_actions = [];
  }
  return rec.order;
}

export function findOrder(state: SimState, id: string): OrderRecord {
  const rec = state.orderRecords.get(id);
  if (!rec) throw E.notFound();
  refreshOrder(state, rec);
  return rec;
}

/** POST /air/payments: pays a held order from the balance, then tickets it. */
export function createPayment(state: SimState, data: Json): Json {
  const p = new Problems();
  if (data.order_id == null || data.order_id === '') p.add(required('/order_id'));
  if (data.payment == null || typeof data.payment !== 'object') p.add(required('/payment'));
  else checkPaymentFields(p, data.payment, '/payment');
  p.throwIfAny();
  const rec = state.orderRecords.get(data.order_id);
  if (!rec) throw new SimError(422, [linkedNotFound('/order_id')]);
  const order = refreshOrder(state, rec);
  if (order.type !== 'hold') {
    throw new SimError(422, [fieldError('/order_id', 'order_type_not_eligible_for_payment', 'Order not eligible for payment', "This order can't be paid for because it isn't a hold order.")]);
  }
  if (order.cancelled_at) throw E.alreadyCancelled();
  if (order.payment_status.paid_at) throw E.alreadyPaid();
  if (!order.payment_status.awaiting_payment) throw E.pastPaymentRequiredBy();
  if (order.airline_initiated_changes.some((c: Json) => c.action_taken == null)) throw E.scheduleChanged();
  const pay = data.payment;
  if (pay.currency !== order.total_currency) {
    throw new SimError(422, [fieldError('/payment/currency', 'payment_currency_does_not_match_order_currency', "Currency doesn't match",
      `The payment currency must be the order's currency, ${order.total_currency}`)]);
  }
  if (rec.previousTotal && toMinor(pay.amount) === toMinor(rec.previousTotal)) {
    throw new SimError(422, [fieldError('/payment/amount', 'price_changed', 'Price changed',
      `The price of this order has changed since it was booked; retrieve the order and pay its current total_amount (${order.total_amount} ${order.total_currency})`)]);
  }
  if (toMinor(pay.amount) !== toMinor(order.total_amount)) throw new SimError(422, [amountMismatch('/payment/amount', order.total_amount, order.total_currency)]);

  const now = state.now();
  const payment = { id: state.newId('pay'), type: pay.type, amount: pay.amount, currency: pay.currency, created_at: isoNow(now), live_mode: false, status: 'succeeded' };
  state.payments.push({ ...payment, order_id: order.id });
  order.payment_status = { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: isoNow(now) };
  order.synced_at = isoSeconds(now);
  rec.previousTotal = null;
  issueTickets(order);
  return payment;
}

/** changePrice() reaching a held, unpaid order booked on the offer: its price is no longer guaranteed. */
export function repriceHeldOrders(state: SimState, offerId: string, totalMinor: number): void {
  for (const rec of state.orderRecords.values()) {
    const o = rec.order;
    if (rec.offerId !== offerId || !o.payment_status.awaiting_payment || o.cancelled_at) continue;
    const services = o.services.reduce((n: number, s: Json) => n + toMinor(s.total_amount), 0);
    rec.previousTotal ??= o.total_amount;
    o.total_amount = money(totalMinor + services);
    o.payment_status.price_guarantee_expires_at = null;
  }
}
