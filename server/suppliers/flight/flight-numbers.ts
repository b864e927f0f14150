/**
 * Where each flight number flies ("EK601" → its route and timetable entry), as sorted typed arrays: a Map from
 * 142,000 strings to objects held ~15 MB of a server's heap for a look-up only bookings and schedule changes make;
 * these hold under 2 MB. A number is its carrier's index and the flight's digits packed into one integer, found by
 * binary search.
 */
/** What the index needs of a carrier (network-types' Carrier has it). */
interface Carrier { idx: number; code: string }

export interface FlightPlace { route: number; service: number }

/** One flight number as the network names it: its carrier's index and its digits. */
export interface NumberedFlight extends FlightPlace { carrier: number; flightNo: number }

/** Flight numbers fit 16 bits (the saved network stores them so). */
const NUMBER_SPAN = 0x10000;
/** A packed key times this plus the order it came in: sorting these sorts by key, then by arrival. */
const ORDER_SPAN = 2 ** 22;

export class FlightNumbers {
  private constructor(
    private readonly carriers: readonly Carrier[],
    private readonly codeLengths: readonly number[],
    private readonly carrierIndex: ReadonlyMap<string, number>,
    private readonly keys: Int32Array,
    private readonly routes: Int32Array,
    private readonly services: Uint16Array,
  ) {}

  /** The index of `flights`; a number named twice flies where it was named last (as Map.set would leave it). */
  static from(carriers: readonly Carrier[], flights: readonly NumberedFlight[]): FlightNumbers {
    if (flights.length >= ORDER_SPAN) throw new Error('flight numbers: too many flights');
    const order = new Float64Array(flights.length);
    flights.forEach((f, i) => {
      if (!Number.isInteger(f.flightNo) || f.flightNo < 0 || f.flightNo >= NUMBER_SPAN) throw new Error(`flight numbers: ${f.flightNo} does not fit`);
      order[i] = (f.carrier * NUMBER_SPAN + f.flightNo) * ORDER_SPAN + i;
    });
    order.sort();
    const keep: number[] = [];
    for (let i = 0; i < order.length; i++) {
      const key = Math.floor(order[i] / ORDER_SPAN);
      if (i + 1 < order.length && Math.floor(order[i + 1] / ORDER_SPAN) === key) continue; // a later naming wins
      keep.push(order[i] % ORDER_SPAN);
    }
    const keys = new Int32Array(keep.length), routes = new Int32Array(keep.length), services = new Uint16Array(keep.length);
    keep.forEach((at, i) => {
      const f = flights[at];
      keys[i] = f.carrier * NUMBER_SPAN + f.flightNo; routes[i] = f.route; services[i] = f.service;
    });
    const codeLengths = [...new Set(carriers.map((c) => c.code.length))];
    return new FlightNumbers(carriers, codeLengths, new Map(carriers.map((c) => [c.code, c.idx])), keys, routes, services);
  }

  get size(): number { return this.keys.length; }

  /** Where `flightNo` flies ("EK601"; the digits as the timetable writes them, without leading zeros). */
  get(flightNo: string): FlightPlace | undefined {
    for (const n of this.codeLengths) {
      const carrier = this.carrierIndex.get(flightNo.slice(0, n));
      if (carrier === undefined) continue;
      const digits = flightNo.slice(n);
      const no = Number(digits);
      if (!/^\d+$/.test(digits) || String(no) !== digits || no >= NUMBER_SPAN) continue;
      const at = this.find(carrier * NUMBER_SPAN + no);
      if (at >= 0) return { route: this.routes[at], service: this.services[at] };
    }
    return undefined;
  }

  /** Every number and where it flies, in the order of carriers and then digits. */
  *entries(): IterableIterator<[string, FlightPlace]> {
    for (let i = 0; i < this.keys.length; i++) {
      const key = this.keys[i];
      yield [`${this.carriers[Math.floor(key / NUMBER_SPAN)].code}${key % NUMBER_SPAN}`, { route: this.routes[i], service: this.services[i] }];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, FlightPlace]> { return this.entries(); }

  private find(key: number): number {
    let lo = 0, hi = this.keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid];
      if (k === key) return mid;
      if (k < key) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }
}
