/** In-memory stores for one process (tests, development). The database-backed ones follow types.ts. */
import type { Order, OrderStatus, OrderStore, OfferStore, SeatKey, SeatStore, StoredOffer } from './types';

const seatKey = (k: SeatKey) => `${k.flight_no}|${k.date}|${k.cabin}`;

export class MemorySeatStore implements SeatStore {
  private readonly counts = new Map<string, number>();
  async sold(keys: readonly SeatKey[]): Promise<number[]> {
    return keys.map((k) => this.counts.get(seatKey(k)) ?? 0);
  }
  async consume(key: SeatKey, seats: number, capacity: number): Promise<boolean> {
    const k = seatKey(key);
    const now = this.counts.get(k) ?? 0;
    if (now + seats > capacity) return false;
    this.counts.set(k, now + seats);
    return true;
  }
  async release(key: SeatKey, seats: number): Promise<void> {
    const k = seatKey(key);
    this.counts.set(k, Math.max(0, (this.counts.get(k) ?? 0) - seats));
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
