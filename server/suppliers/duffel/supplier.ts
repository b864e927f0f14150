/**
 * Duffel as a flight supplier, through its official client. Search asks an offer request and maps every offer to
 * PKR at staff's rate; book holds the order at Duffel when the offer allows a hold (its payment deadline then ends
 * the booking's hold) and otherwise keeps it until payment, when the order is made and paid at once (so is a booking
 * with seats or bags: Duffel books no services with a hold order; they go with the paid order, its payment including
 * them); ticketing pays
 * a held order from the Duffel balance and keeps the electronic tickets; cancel, void and refund go through Duffel's
 * order cancellation, quoted and then confirmed.
 */
import type { DuffelOrder, Offer } from './types';
import type { FlightSearchQuery } from '../../../contract/flights';
import type {
  BookResult, CancellationQuote, Contact, FlightSupplier, OfferLookup, Order, Passenger, PaymentCheck, PriceResult, SearchContext,
  SupplierSearchResult,
} from '../flight/types';
import { rateFor, supplierAmountText, supplierMinorOf, toPaisa } from '../../pricing';
import { duffelClientLoader, duffelRefusal, isGone, type DuffelClient, type DuffelConfig } from './client';
import { airlinesOf, DUFFEL_CABINS, DUFFEL_CODE, mapOffer } from './offers';
import { orderPassengers } from './passengers';
import { filterOffers } from './filters';
import { parseMinor } from '../../../contract/money';
import { pageKeepingEachCheapest } from '../flight/page-cut';
import { sortOffers } from '../flight/registry';
import type { DuffelSeatMap } from './seat-maps';
import { chosenServices, type ChosenService } from './services';

const CHILD_AGE = 8;

export class DuffelFlightSupplier implements FlightSupplier {
  readonly code = DUFFEL_CODE;
  readonly isSooper = false;
  readonly searchBudgetMs: number;
  private readonly client: () => Promise<DuffelClient>;

  constructor(config: DuffelConfig, private readonly now: () => Date = () => new Date(), client?: () => Promise<DuffelClient>) {
    this.searchBudgetMs = config.searchBudgetMs;
    this.client = client ?? duffelClientLoader(config);
  }

  async search(q: FlightSearchQuery, ctx: SearchContext): Promise<SupplierSearchResult> {
    const duffel = await this.client();
    const passengers = [
      ...Array.from({ length: q.adults }, () => ({ type: 'adult' as const })),
      ...Array.from({ length: q.children }, () => ({ age: CHILD_AGE })),
      ...Array.from({ length: q.infants }, () => ({ type: 'infant_without_seat' as const })),
    ];
    const slices = q.legs.map((l) => ({ origin: l.origin, destination: l.destination, departure_date: l.date, arrival_time: null, departure_time: null }));
    const res = await duffel.offerRequests.create({
      slices, passengers, cabin_class: DUFFEL_CABINS[q.cabin_class] as 'economy', max_connections: q.stops === '0' ? 0 : 1, return_offers: true,
    } as never);
    const offers = (res.data as { offers?: Offer[] }).offers ?? [];
    const mapped = offers.map((o) => mapOffer(o, ctx.pricing));
    // The airline list comes from the offers the other filters keep, so each airline's "from" fare is one answered.
    const matching = filterOffers(mapped, q);
    const airlines = airlinesOf(q.airlines.length ? filterOffers(mapped, { ...q, airlines: [] }) : matching);
    const kept = pageKeepingEachCheapest(sortOffers(matching, q.sort), ctx.limit ?? 50, (o) => o.validating_airline.code, (o) => parseMinor(o.price.amount) ?? 0);
    return { offers: kept.map(({ fare_rules: _r, passengers: _p, ...o }) => o), available_airlines: airlines, total: matching.length };
  }

  private async offer(id: string, withServices = false): Promise<Offer | 'expired' | 'unknown'> {
    try {
      const offer = (await (await this.client()).offers.get(id, withServices ? { return_available_services: true } : undefined)).data;
      return Date.parse(offer.expires_at) <= this.now().getTime() ? 'expired' : offer;
    } catch (err) {
      const r = duffelRefusal(err);
      if (r && /expired/.test(r.codes.join(' '))) return 'expired';
      if (isGone(r)) return 'unknown';
      throw err;
    }
  }

  /** The offer with its available services and its seat maps (none when the airline sells no seats through Duffel). */
  async offerExtras(id: string): Promise<{ offer: Offer; seatMaps: DuffelSeatMap[] } | 'expired' | 'unknown'> {
    const offer = await this.offer(id, true);
    if (typeof offer === 'string') return offer;
    try {
      return { offer, seatMaps: (await (await this.client()).seatMaps.get({ offer_id: id })).data };
    } catch (err) {
      if (duffelRefusal(err)) return { offer, seatMaps: [] };
      throw err;
    }
  }

  async getOffer(id: string, ctx: SearchContext): Promise<OfferLookup> {
    const o = await this.offer(id);
    return typeof o === 'string' ? { status: o } : { status: 'ok', offer: mapOffer(o, ctx.pricing) };
  }

  /** The offer at Duffel's price now; the booking service compares it with the price the buyer saw. */
  async price(id: string, ctx: SearchContext): Promise<PriceResult> {
    const o = await this.offer(id);
    return typeof o === 'string' ? { status: o } : { status: 'confirmed', offer: mapOffer(o, ctx.pricing), price_changed: false };
  }

  async book(id: string, passengers: Passenger[], contact: Contact, ctx: SearchContext): Promise<BookResult> {
    const o = await this.offer(id);
    if (typeof o === 'string') return { status: o };
    const detail = ctx.priced ?? mapOffer(o, ctx.pricing);
    const rate = rateFor(ctx.pricing.rates, o.total_currency)!;
    const now = this.now().toISOString();
    const services = chosenServices(ctx.priced);
    const amount = services.length ? withServices(o.total_amount, services, o.total_currency) : o.total_amount;
    const base: Order = {
      pnr: '', supplier: this.code, offer_id: id, status: 'booked', offer: detail, passengers, contact, tickets: [], created_at: now, updated_at: now,
      remote: {
        order_id: null, mode: 'instant', amount, currency: o.total_currency, rate_micros: rate, payment_required_by: null, booking_reference: null,
        ...(services.length ? { services } : {}),
      },
    };
    // An offer Duffel will not hold, or one with seats or bags, is ordered when it is paid; until then the booking
    // waits under a reference of ours.
    if (o.payment_requirements.requires_instant_payment || services.length) return { status: 'booked', order: { ...base, pnr: localReference(id) } };
    try {
      const order = (await (await this.client()).orders.create({ type: 'hold', selected_offers: [id], passengers: orderPassengers(o, passengers, contact) } as never)).data;
      return { status: 'booked', order: this.withRemote({ ...base, remote: { ...base.remote!, mode: 'hold' } }, order) };
    } catch (err) {
      if (isGone(duffelRefusal(err))) return { status: 'unavailable', reason: duffelRefusal(err)!.message };
      throw err;
    }
  }

  /** Our order as Duffel now holds it: its id and reference, amount, payment deadline and electronic tickets. */
  private withRemote(order: Order, d: DuffelOrder): Order {
    const ids = d.passengers.map((p) => p.id);
    const tickets = (d.documents ?? []).filter((x) => x.type === 'electronic_ticket')
      .flatMap((doc) => doc.passenger_ids.map((pid) => ({ passenger: ids.indexOf(pid), number: doc.unique_identifier })))
      .filter((t) => t.passenger >= 0);
    return {
      ...order, pnr: order.pnr || d.booking_reference, tickets: tickets.length ? tickets : order.tickets, updated_at: this.now().toISOString(),
      status: d.cancelled_at ? (order.status === 'ticketed' ? 'voided' : 'canceled') : tickets.length ? 'ticketed' : order.status,
      remote: {
        ...order.remote!, order_id: d.id, amount: d.total_amount, currency: d.total_currency, booking_reference: d.booking_reference,
        payment_required_by: d.payment_status?.payment_required_by ?? null,
      },
    };
  }

  async checkBeforePayment(order: Order, ctx: SearchContext): Promise<PaymentCheck> {
    const r = order.remote;
    if (!r) return { status: 'ok' };
    if (r.order_id) {
      const d = (await (await this.client()).orders.get(r.order_id)).data;
      if (d.cancelled_at) return { status: 'unavailable', reason: 'The airline no longer holds this booking.' };
      if (d.total_amount !== r.amount || d.total_currency !== r.currency) return { status: 'price_changed', offer: order.offer };
      return { status: 'ok' };
    }
    const o = await this.offer(order.offer_id);
    if (typeof o === 'string') return { status: 'unavailable', reason: 'This fare is no longer offered.' };
    const expected = r.services?.length ? withServices(o.total_amount, r.services, o.total_currency) : o.total_amount;
    if (expected !== r.amount || o.total_currency !== r.currency) return { status: 'price_changed', offer: mapOffer(o, ctx.pricing) };
    return { status: 'ok' };
  }

  /** Pays the order from the Duffel balance (a held one), or makes and pays it at once; keeps the tickets. */
  async ticket(order: Order): Promise<Order> {
    const r = order.remote;
    if (!r) throw new Error('A Duffel order without its Duffel reference.');
    const duffel = await this.client();
    const payment = { type: 'balance' as const, amount: r.amount, currency: r.currency };
    if (r.order_id) {
      await duffel.payments.create({ order_id: r.order_id, payment });
      return this.withRemote({ ...order, status: 'ticketed' }, (await duffel.orders.get(r.order_id)).data);
    }
    const o = await this.offer(order.offer_id);
    if (typeof o === 'string') throw new Error(`Duffel offer ${order.offer_id} is ${o}; the order could not be made.`);
    const services = (r.services ?? []).map(({ id, quantity }) => ({ id, quantity }));
    const made = (await duffel.orders.create({
      type: 'instant', selected_offers: [order.offer_id], passengers: orderPassengers(o, order.passengers, order.contact), payments: [payment],
      ...(services.length ? { services } : {}),
    })).data;
    return this.withRemote({ ...order, status: 'ticketed' }, made);
  }

  /** Duffel's quote to cancel the order now: its refund, in Duffel's currency and in PKR at the rate it was sold. */
  async cancellationQuote(order: Order): Promise<CancellationQuote> {
    const r = order.remote;
    if (!r?.order_id) return { id: '', refund: { amount: '0.00', currency: r?.currency ?? 'PKR' }, refund_minor_pkr: 0, expires_at: null };
    const q = (await (await this.client()).orderCancellations.create({ order_id: r.order_id })).data;
    const amount = q.refund_amount ?? '0';
    return {
      id: q.id, refund: { amount, currency: q.refund_currency ?? r.currency }, expires_at: q.expires_at ?? null,
      refund_minor_pkr: toPaisa(Math.round(Number(amount) * 100), q.refund_currency ?? r.currency, r.rate_micros),
    };
  }

  /** Cancels at Duffel (quote, then confirm); an order never made at Duffel has nothing to cancel there. */
  private async closeAtDuffel(order: Order, status: 'canceled' | 'voided'): Promise<Order> {
    const r = order.remote;
    if (!r?.order_id || order.status === 'canceled' || order.status === 'voided') return { ...order, status, updated_at: this.now().toISOString() };
    const duffel = await this.client();
    const d = (await duffel.orders.get(r.order_id)).data;
    if (!d.cancelled_at) {
      // The quote the customer was shown, if it still stands; else a fresh one (a quote lasts minutes).
      const shown = r.cancellation_id ? await duffel.orderCancellations.confirm(r.cancellation_id).then(() => true, () => false) : false;
      if (!shown) {
        const q = (await duffel.orderCancellations.create({ order_id: r.order_id })).data;
        await duffel.orderCancellations.confirm(q.id);
      }
    }
    return { ...this.withRemote(order, (await duffel.orders.get(r.order_id)).data), status };
  }

  cancel(order: Order): Promise<Order> { return this.closeAtDuffel(order, 'canceled'); }
  void(order: Order): Promise<Order> { return this.closeAtDuffel(order, 'voided'); }

  /**
   * A booking made at Duffel outside Safar is not imported by its reference: Duffel's order carries no fare per
   * passenger to price it here. Staff enter it as a direct booking instead.
   */
  async retrieve(): Promise<Order | undefined> {
    return undefined;
  }
}

/** The offer's total with its chosen services, as Duffel wants the payment: "120.00" + a 15.50 seat → "135.50". */
function withServices(total: string, services: readonly ChosenService[], currency: string): string {
  const minor = [total, ...services.map((s) => s.amount)].reduce((n, a) => n + (supplierMinorOf(a, currency) ?? Number.NaN), 0);
  if (!Number.isFinite(minor)) throw new Error(`A Duffel amount in ${currency} could not be read.`);
  return supplierAmountText(minor, currency);
}

/** The reference a booking waits under until Duffel makes its order: stable per offer, six letters and digits. */
function localReference(offerId: string): string {
  let h = 2166136261;
  for (const c of offerId) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = 'D';
  for (let i = 0; i < 5; i++) { out += alphabet[h % alphabet.length]; h = Math.floor(h / alphabet.length) + i * 7919; }
  return out;
}
