/**
 * A small, fully controllable flight supplier for tests: offers are added by hand (route, date,
 * fare, seats), can be expired or re-priced, and seats go through the real SeatStore so races are real.
 */
import { randomInt } from 'node:crypto';
import type { Cabin, FlightOfferDetail, Journey, PaxFareDetail, PaxType, Segment } from '../../contract/flights';
import { toMoney } from '../../contract/money';
import type {
  BookResult, Contact, FlightSupplier, OfferLookup, Order, Passenger, PriceResult, SearchContext, SeatKey, SeatStore,
  SupplierSearchResult,
} from '../../server/suppliers/flight/types';
import type { FlightSearchQuery } from '../../contract/flights';

export interface FakeLeg { origin: string; destination: string; date: string; flight_no: string; dep?: string; minutes?: number }
export interface FakeOfferSpec {
  id?: string;
  legs: FakeLeg[];
  party?: { adults: number; children: number; infants: number };
  /** Adult base fare, minor units; children 75 %, infants 10 %. */
  adultBase?: number;
  /** Taxes per seated passenger, minor units (infants pay a tenth). */
  taxes?: number;
  cabin?: Cabin;
  /** Seats the supplier may sell per flight (default 9). */
  capacity?: number;
  airline?: { code: string; name: string };
}

interface FakeOffer { spec: Required<Omit<FakeOfferSpec, 'id'>> & { id: string }; expiresAt: number; factor: number }

const SHARE: Record<PaxType, number> = { ADT: 1, CNN: 0.75, INF: 0.1 };
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newPnr = () => Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');

export class FakeFlightSupplier implements FlightSupplier {
  readonly isSooper = false;
  private readonly offers = new Map<string, FakeOffer>();
  private readonly orders = new Map<string, Order>();
  private seq = 0;

  constructor(private readonly seats: SeatStore, private readonly now: () => Date, readonly code = 'fake') {}

  addOffer(spec: FakeOfferSpec, ttlMs = 30 * 60_000): string {
    const id = spec.id ?? `FK${++this.seq}-${spec.legs.map((l) => `${l.flight_no}-${l.date}`).join('_')}`;
    this.offers.set(id, {
      spec: {
        id, legs: spec.legs, party: spec.party ?? { adults: 1, children: 0, infants: 0 }, adultBase: spec.adultBase ?? 40_000_00,
        taxes: spec.taxes ?? 5_000_00, cabin: spec.cabin ?? 'Y', capacity: spec.capacity ?? 9, airline: spec.airline ?? { code: 'PK', name: 'Pakistan International Airlines' },
      },
      expiresAt: this.now().getTime() + ttlMs,
      factor: 1,
    });
    return id;
  }
  expire(id: string) { const o = this.offers.get(id); if (o) o.expiresAt = this.now().getTime() - 1; }
  /** The next price() of this offer answers another fare (e.g. 1.1 = 10 % dearer). */
  reprice(id: string, factor: number) { const o = this.offers.get(id); if (o) o.factor = factor; }

  private keys(o: FakeOffer): SeatKey[] {
    return o.spec.legs.map((l) => ({ flight_no: l.flight_no, date: l.date, cabin: o.spec.cabin }));
  }

  private detail(o: FakeOffer, factor = o.factor): FlightOfferDetail {
    const s = o.spec;
    const party = s.party;
    const counts: [PaxType, number][] = [['ADT', party.adults], ['CNN', party.children], ['INF', party.infants]];
    const fares: PaxFareDetail[] = counts.filter(([, n]) => n > 0).map(([type, count]) => {
      const base = Math.round(s.adultBase * factor * SHARE[type]);
      const taxes = type === 'INF' ? Math.round(s.taxes / 10) : s.taxes;
      return {
        type, count, base: toMoney(base), taxes: toMoney(taxes), total_per_person: toMoney(base + taxes), total: toMoney((base + taxes) * count),
        taxes_breakdown: [{ code: 'YQ', name: 'Fuel surcharge', amount: toMoney(taxes) }],
        bags: { carry_on: '1 × 7 kg', checked: '1 × 30 kg', carry_on_kg: 7, checked_pieces: 1, checked_kg: 30 },
      };
    });
    const total = fares.reduce((sum, f) => sum + Math.round(Number(f.total.amount) * 100), 0);
    const journeys: Journey[] = s.legs.map((l) => {
      const dep = `${l.date}T${l.dep ?? '09:00'}:00+05:00`;
      const minutes = l.minutes ?? 180;
      const arr = new Date(new Date(dep).getTime() + minutes * 60_000);
      const arriving = new Date(arr.getTime() + 5 * 3_600_000).toISOString().slice(0, 19) + '+05:00';
      const seg: Segment = {
        airline: s.airline, flight_number: l.flight_no, aircraft: { code: '320', name: 'Airbus A320' },
        origin: { code: l.origin, name: l.origin, city: l.origin, country: 'PK', terminal: '1' },
        destination: { code: l.destination, name: l.destination, city: l.destination, country: 'AE', terminal: '1' },
        departure_at: dep, arriving_at: arriving, duration_minutes: minutes, cabin: s.cabin, booking_class: 'Y', seats_left: s.capacity,
        bags: { carry_on: '1 × 7 kg', checked: '1 × 30 kg', carry_on_kg: 7, checked_pieces: 1, checked_kg: 30 },
      };
      return { origin: l.origin, destination: l.destination, departure_at: dep, arriving_at: arriving, duration_minutes: minutes, stops: 0, layovers: [], segments: [seg] };
    });
    return {
      id: s.id, supplier: this.code, is_sooper_flight: false, expires_at: new Date(o.expiresAt).toISOString(),
      validating_airline: s.airline, airlines: [s.airline.code], cabin_class: s.cabin, fare_family: 'Value', refundable: true,
      journeys, stops: 0, duration_minutes: journeys.reduce((m, j) => m + j.duration_minutes, 0), seats_left: s.capacity,
      price: toMoney(total), price_per_adult: fares[0].total_per_person, fares,
      fare_rules: { refundable: true, cancellation_fee: toMoney(5_000_00), change_fee: toMoney(3_000_00), no_show_fee: toMoney(10_000_00), notes: [] },
      passengers: { ...party },
    };
  }

  private lookup(id: string): FakeOffer | 'expired' | undefined {
    const o = this.offers.get(id);
    if (!o) return undefined;
    return o.expiresAt <= this.now().getTime() ? 'expired' : o;
  }

  async search(q: FlightSearchQuery, _ctx: SearchContext): Promise<SupplierSearchResult> {
    const now = this.now().getTime();
    const offers = [...this.offers.values()].filter((o) => o.expiresAt > now && o.spec.legs.length === q.legs.length
      && o.spec.legs.every((l, i) => l.origin === q.legs[i].origin && l.destination === q.legs[i].destination && l.date === q.legs[i].date));
    return { offers: offers.map((o) => { const { fare_rules: _r, passengers: _p, ...rest } = this.detail(o); return { ...rest, fares: rest.fares }; }), available_airlines: [] };
  }
  async getOffer(id: string): Promise<OfferLookup> {
    const o = this.lookup(id);
    if (!o) return { status: 'unknown' };
    if (o === 'expired') return { status: 'expired' };
    return { status: 'ok', offer: this.detail(o, 1) };
  }
  async price(id: string): Promise<PriceResult> {
    const o = this.lookup(id);
    if (!o) return { status: 'unknown' };
    if (o === 'expired') return { status: 'expired' };
    return { status: 'confirmed', offer: this.detail(o), price_changed: o.factor !== 1 };
  }
  async book(id: string, passengers: Passenger[], contact: Contact): Promise<BookResult> {
    const o = this.lookup(id);
    if (!o) return { status: 'unknown' };
    if (o === 'expired') return { status: 'expired' };
    const seated = passengers.filter((p) => p.type !== 'INF').length;
    const done: SeatKey[] = [];
    for (const k of this.keys(o)) {
      if (!(await this.seats.consume(k, seated, o.spec.capacity))) {
        for (const d of done) await this.seats.release(d, seated);
        return { status: 'unavailable', reason: 'No seats left on this flight.' };
      }
      done.push(k);
    }
    const at = this.now().toISOString();
    const order: Order = { pnr: newPnr(), supplier: this.code, offer_id: id, status: 'booked', offer: this.detail(o), passengers, contact, tickets: [], seat_keys: done, created_at: at, updated_at: at };
    this.orders.set(order.pnr, structuredClone(order));
    return { status: 'booked', order };
  }
  async ticket(order: Order): Promise<Order> {
    const tickets = order.passengers.map((_, i) => ({ passenger: i, number: `214${String(randomInt(1e9)).padStart(10, '0')}` }));
    return this.save({ ...order, status: 'ticketed', tickets });
  }
  async cancel(order: Order): Promise<Order> {
    if (order.status !== 'canceled') {
      const seated = order.passengers.filter((p) => p.type !== 'INF').length;
      for (const j of order.offer.journeys) for (const s of j.segments) {
        await this.seats.release({ flight_no: s.flight_number, date: s.departure_at.slice(0, 10), cabin: s.cabin }, seated);
      }
    }
    return this.save({ ...order, status: 'canceled' });
  }
  async void(order: Order): Promise<Order> { return this.cancel(order).then((o) => this.save({ ...o, status: 'voided' })); }
  async retrieve(pnr: string): Promise<Order | undefined> { const o = this.orders.get(pnr); return o && structuredClone(o); }
  private save(o: Order): Order { const c = { ...o, updated_at: this.now().toISOString() }; this.orders.set(c.pnr, structuredClone(c)); return c; }
}
