/** In-memory stores for one process (tests, development). The database-backed ones follow types.ts. */
import type { Order, OrderStatus, OrderStore, OfferStore, SeatKey, SeatStore, StoredOffer } from './types';

const countKey = (k: SeatKey) => `${k.flight_no}|${k.cabin}`;

export class MemorySeatStore implements SeatStore {
  /** Sold counts by date, then `${flight_no}|${cabin}` (the shape soldOnDates answers in). */
  private readonly counts = new Map<string, Map<string, number>>();
  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    return keys.map((k) => this.counts.get(k.date)?.get(countKey(k)) ?? 0);
  }
  async soldOnDates(dates: readonly string[]): Promise<ReadonlyMap<string, ReadonlyMap<string, number>>> {
    const out = new Map<string, ReadonlyMap<string, number>>();
    // Copies: a sale made later must not change counts already handed out.
    for (const d of dates) { const m = this.counts.get(d); if (m) out.set(d, new Map(m)); }
    return out;
  }
  async consume(key: SeatKey, seats: number, capacity: number): Promise<boolean> {
    const now = this.count(key);
    if (now + seats > capacity) return false;
    this.set(key, now + seats);
    return true;
  }
  async release(key: SeatKey, seats: number): Promise<void> {
    this.set(key, Math.max(0, this.count(key) - seats));
  }
  private count(key: SeatKey): number {
    return this.counts.get(key.date)?.get(countKey(key)) ?? 0;
  }
  private set(key: SeatKey, n: number): void {
    let m = this.counts.get(key.date);
    if (!m) this.counts.set(key.date, (m = new Map()));
    m.set(countKey(key), n);
  }
}

/**
 * Live offers, bounded in size (the oldest go first) and dropped once expired: an expired offer is still
 * recognised from its id, which carries its issue time.
 */
export class MemoryOfferStore implements OfferStore {
  private readonly offers = new Map<string, StoredOffer>();
  constructor(private readonly maxEntries = 20_000, private readonly clock: () => number = Date.now) {}
  async put(list: readonly StoredOffer[]): Promise<void> {
    for (const o of list) {
      this.offers.delete(o.id);
      this.offers.set(o.id, o);
    }
    // Insertion order is expiry order (every offer lives 30 minutes), so sweeping stops at the first live one.
    const now = this.clock();
    for (const [id, o] of this.offers) {
      if (o.expires_at > now && this.offers.size <= this.maxEntries) break;
      this.offers.delete(id);
    }
  }
  async get(id: string): Promise<StoredOffer | undefined> {
    const o = this.offers.get(id);
    if (o && o.expires_at <= this.clock()) { this.offers.delete(id); return undefined; }
    return o;
  }
}

export class MemoryOrderStore implements OrderStore {
  private readonly orders = new Map<string, Order>();
  async save(order: Order): Promise<void> { this.orders.set(order.pnr, structuredClone(order)); }
  async create(order: Order): Promise<boolean> {
    if (this.orders.has(order.pnr.toUpperCase())) return false;
    await this.save(order);
    return true;
  }
  async get(pnr: string): Promise<Order | undefined> {
    const o = this.orders.get(pnr.toUpperCase());
    return o && structuredClone(o);
  }
  async update(next: Order, from: readonly OrderStatus[]): Promise<boolean> {
    const o = this.orders.get(next.pnr.toUpperCase());
    if (!o || !from.includes(o.status)) return false;
    await this.save(next);
    return true;
  }
}
