/**
 * Suppliers by code. Routes search through the registry and address one supplier by the `supplier` path
 * segment of GET /flight/{flight_id}/{supplier}/{isSooperFlight}; adding a GDS or the group-ticket
 * inventory is one `register` call at startup.
 */
import type { FlightOffer, FlightSearchQuery, FlightSearchResponse, AvailableAirline, FlexibleDay } from '../../../contract/flights';
import { compactOffers, expandOffers, wireAnswer, type FlightSearchWire } from '../../../contract/flight-wire';
import { parseMinor } from '../../../contract/money';
import { pageKeepingEachCheapest } from './page-cut';
import type { FlightSupplier, SearchContext, SupplierSearchResult, SupplierWireResult } from './types';

export class FlightSupplierRegistry {
  private readonly byCode = new Map<string, FlightSupplier>();

  constructor(
    suppliers: FlightSupplier[] = [],
    private readonly onError: (supplier: string, err: unknown) => void = () => {},
    /** The codes searched; all when absent. */
    private readonly selling?: readonly string[],
  ) {
    for (const s of suppliers) this.register(s);
  }

  register(s: FlightSupplier): void {
    if (this.byCode.has(s.code)) throw new Error(`Supplier ${s.code} is already registered.`);
    this.byCode.set(s.code, s);
  }

  get(code: string): FlightSupplier | undefined { return this.byCode.get(code); }
  all(): FlightSupplier[] { return [...this.byCode.values()]; }

  /**
   * Searches every supplier at once and merges their offers. A supplier that fails, or is still searching when
   * its time budget runs out (its call is then aborted), is reported and left out, and the answer names it:
   * one slow or broken supplier never holds back or breaks the others' offers.
   */
  async search(query: FlightSearchQuery, ctx: SearchContext): Promise<FlightSearchResponse> {
    const { answers, rest } = await this.gather(query, ctx, (s, c) => s.search(query, c));
    return { flights: this.page(answers.flatMap((r) => r.offers), query, ctx), ...rest };
  }

  /**
   * search() as GET /flights sends it. A supplier that writes its page as rows (searchWire) is asked so; when its
   * offers are the only ones, its page is the answer's as it is (the sort and cut below leave one supplier's page
   * as it was), and otherwise its rows are read back into offers and merged with the others'.
   */
  async searchWire(query: FlightSearchQuery, ctx: SearchContext): Promise<FlightSearchWire> {
    const { answers, rest } = await this.gather<SupplierSearchResult | SupplierWireResult>(query, ctx, (s, c) => (s.searchWire ? s.searchWire(query, c) : s.search(query, c)));
    const withOffers = answers.filter((r) => ('wire' in r ? r.wire.flights : r.offers).length > 0);
    const only = withOffers.length === 1 ? withOffers[0] : undefined;
    if (only && 'wire' in only) return wireAnswer(rest, only.wire);
    const offers = withOffers.flatMap((r) => ('wire' in r ? expandOffers(r.wire) : r.offers));
    return wireAnswer(rest, compactOffers(this.page(offers, query, ctx)));
  }

  private page(offers: FlightOffer[], query: FlightSearchQuery, ctx: SearchContext): FlightOffer[] {
    return pageKeepingEachCheapest(sortOffers(offers, query.sort), ctx.limit ?? 50, (o) => o.validating_airline.code, minor);
  }

  /** Every supplier's answer, and what the merged answer says besides its offers. */
  private async gather<R extends SupplierSearchResult | SupplierWireResult>(
    query: FlightSearchQuery, ctx: SearchContext, ask: (s: FlightSupplier, ctx: SearchContext) => Promise<R>,
  ): Promise<{ answers: R[]; rest: Omit<FlightSearchResponse, 'flights'> }> {
    const suppliers = this.selling ? this.all().filter((s) => this.selling!.includes(s.code)) : this.all();
    const results = await Promise.allSettled(suppliers.map((s) => withinBudget(s, ctx, ask)));
    const answers: R[] = [];
    const airlines = new Map<string, AvailableAirline>();
    const leftOut: NonNullable<FlightSearchResponse['left_out']> = [];
    let flexible: FlexibleDay[] | undefined;
    let total = 0;
    results.forEach((r, i) => {
      if (r.status === 'rejected') {
        const timeout = r.reason instanceof SupplierTimeout;
        leftOut.push({ supplier: suppliers[i].code, reason: timeout ? 'timeout' : 'error' });
        this.onError(suppliers[i].code, r.reason);
        return;
      }
      answers.push(r.value);
      total += r.value.total ?? ('wire' in r.value ? r.value.wire.flights : r.value.offers).length;
      for (const a of r.value.available_airlines) {
        const prev = airlines.get(a.code);
        if (!prev) airlines.set(a.code, { ...a });
        else {
          prev.count += a.count;
          if ((parseMinor(a.min_price.amount) ?? 0) < (parseMinor(prev.min_price.amount) ?? 0)) prev.min_price = a.min_price;
        }
      }
      if (r.value.flexible_dates) flexible = mergeFlexible(flexible, r.value.flexible_dates);
    });
    return {
      answers,
      rest: {
        total,
        available_airlines: [...airlines.values()].sort((a, b) => (parseMinor(a.min_price.amount) ?? 0) - (parseMinor(b.min_price.amount) ?? 0)),
        previous_search: query,
        ...(flexible ? { flexible_dates: flexible } : {}),
        ...(leftOut.length ? { left_out: leftOut } : {}),
      },
    };
  }
}

export class SupplierTimeout extends Error {
  constructor(readonly supplier: string, readonly ms: number) { super(`Supplier ${supplier} did not answer within ${ms} ms.`); }
}

/** A supplier's search, given up (and its call aborted) once its time budget has run out. */
function withinBudget<R>(s: FlightSupplier, ctx: SearchContext, ask: (s: FlightSupplier, ctx: SearchContext) => Promise<R>): Promise<R> {
  const budget = s.searchBudgetMs;
  if (!budget) return ask(s, ctx);
  const abort = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, abort.signal]) : abort.signal;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => { abort.abort(); reject(new SupplierTimeout(s.code, budget)); }, budget); });
  return Promise.race([ask(s, { ...ctx, signal }), late]).finally(() => clearTimeout(timer));
}

const minor = (o: FlightOffer) => parseMinor(o.price.amount) ?? 0;

/**
 * The offers in compareOffers' order, each offer's price and departure read once rather than in every comparison
 * (a search sorts its answer here, and parsing both sides of each comparison was ~2 % of a search).
 */
export function sortOffers<T extends FlightOffer>(offers: T[], sort: FlightSearchQuery['sort']): T[] {
  const keyed = offers.map((o) => ({ o, price: minor(o), minutes: o.duration_minutes, dep: Date.parse(o.journeys[0].departure_at) }));
  keyed.sort((a, b) =>
    (sort === 'price' ? a.price - b.price : sort === 'duration' ? a.minutes - b.minutes : a.dep - b.dep) || a.price - b.price || a.dep - b.dep);
  return keyed.map((k) => k.o);
}

export function compareOffers(sort: FlightSearchQuery['sort']) {
  const dep = (o: FlightOffer) => Date.parse(o.journeys[0].departure_at);
  return (a: FlightOffer, b: FlightOffer) =>
    (sort === 'price' ? minor(a) - minor(b) : sort === 'duration' ? a.duration_minutes - b.duration_minutes : dep(a) - dep(b))
    || minor(a) - minor(b) || dep(a) - dep(b);
}

function mergeFlexible(a: FlexibleDay[] | undefined, b: FlexibleDay[]): FlexibleDay[] {
  if (!a) return b.map((d) => ({ ...d }));
  return a.map((d, i) => {
    const other = b[i]?.price;
    if (!other) return d;
    if (!d.price || (parseMinor(other.amount) ?? 0) < (parseMinor(d.price.amount) ?? 0)) return { ...d, price: other };
    return d;
  });
}
