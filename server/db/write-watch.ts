/**
 * Which tables this process may have written, for in-process caches of rows that change only by writes. Sound
 * only where this process is the database's one writer: PGlite (one process owns its folder). On PostgreSQL other
 * servers, jobs elsewhere and psql write too, so no watch is kept there and such caches stay off.
 *
 * Every statement other than a plain SELECT is scanned for the watched table names (any mention counts, so a
 * cascade or raw SQL errs on the side of forgetting). In a transaction the counters move at the statement and
 * again when it ends, so nothing read before the commit outlives it.
 */
interface Counter { names: RegExp; version: number }

export class WriteWatch {
  private readonly counters: Counter[] = [];

  /** A counter that moves whenever a statement may have written one of `tables`. */
  counter(tables: string[]): { readonly version: number } {
    const c = { names: new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i'), version: 0 };
    this.counters.push(c);
    return c;
  }

  /** Called with every statement sent; returns the counters it moved (for the end of its transaction). */
  see(sql: string): Counter[] {
    if (/^\s*select\b/i.test(sql)) return NONE;
    const hit = this.counters.filter((c) => c.names.test(sql));
    for (const c of hit) c.version++;
    return hit;
  }

  /** The end of a transaction whose statements moved `counters`. */
  ended(counters: Iterable<Counter>): void {
    for (const c of counters) c.version++;
  }
}

const NONE: Counter[] = [];
const watches = new WeakMap<object, WriteWatch>();

export function keepWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The watch of a database handle, if this process is its one writer. */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

/**
 * A read kept until this process writes one of `tables`, per key: for rows read on every request and written by
 * staff now and then (settings, margins). Only on a watched database handle; on PostgreSQL, and inside a
 * transaction (whose handle is not the watched one, and whose reads must see its own writes), it reads each time.
 * A write that lands while the read runs moves the counter, and the value read is then not kept.
 */
export function watchedRead<K, T>(tables: string[], load: (db: object, key: K) => Promise<T>): (db: object, key: K) => Promise<T> {
  const kept = new WeakMap<object, { counter: { readonly version: number }; values: Map<K, { version: number; value: T }> }>();
  return async (db, key) => {
    const watch = writeWatchOf(db);
    if (!watch) return load(db, key);
    let k = kept.get(db);
    if (!k) kept.set(db, (k = { counter: watch.counter(tables), values: new Map() }));
    const hit = k.values.get(key);
    if (hit && hit.version === k.counter.version) return hit.value;
    const version = k.counter.version;
    const value = await load(db, key);
    if (version === k.counter.version) {
      if (k.values.size >= 10_000) k.values.clear();
      k.values.set(key, { version, value });
    }
    return value;
  };
}
