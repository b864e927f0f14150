/**
 * A cache of at most `limit` entries that keeps what is in use. Entries live in a young and an old generation:
 * a hit in the old one moves the entry to the young one, and when the young one is full the old one is dropped
 * and the young one becomes old. Clearing everything at the limit, as before, threw the busy routes out with the
 * rest, so the limit had to be high enough to hold a whole day of searches, and its memory stayed in the heap.
 */
export class TwoGenerations<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(limit: number) {
    this.half = Math.max(1, Math.floor(limit / 2));
  }

  get size(): number { return this.young.size + this.old.size; }

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.set(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.half && !this.young.has(key)) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }
}
