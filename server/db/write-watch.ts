/**
 * Which tables may have been written, for in-process caches of rows that change only by writes. On PGlite this
 * process is the one writer (it owns the folder) and sees every statement it sends. On PostgreSQL other servers,
 * jobs and psql write too: their commits reach the watch as notices (server/db/pg-watch.ts), and while those
 * cannot be heard the watch is off and such caches read each time.
 *
 * Every statement other than a plain SELECT is scanned for the watched table names (any mention counts, so raw
 * SQL errs on the side of forgetting), and a delete (or any statement other than an insert or an update) counts
 * as a write to every table whose foreign keys reach the tables it names, for the cascades. In a transaction the
 * versions move at the statement and again when it ends, so nothing read before the commit outlives it.
 */
/** What one statement moved, for the end of its transaction. */
export interface Moved { tables: string[] }

export class WriteWatch {
  private readonly versions = new Map<string, number>();
  private readonly tableNames: RegExp;
  private readonly reaching = new Map<string, string[]>();
  /** Moves with every write: a read that finished with it where it started saw one state of the database. */
  epoch = 0;
  /** Whether every write reaches this watch (on PostgreSQL, only while it listens for other writers' notices). */
  private on = true;
  /** The reads under way whose tables are collected (see `reading`). */
  private readonly recorders = new Set<Set<string>>();

  /**
   * `tables`: every table's name with the tables its foreign keys reference (the versions are kept per table).
   * `soleWriter`: this process is the database's one writer (PGlite), so it knows of every write before anyone
   * can ask what it changed; elsewhere another server's write is known a few milliseconds after its commit.
   */
  constructor(tables: Map<string, string[]>, readonly soleWriter = true) {
    this.tableNames = new RegExp(`\\b(${[...tables.keys()].sort((a, b) => b.length - a.length).join('|')})\\b`, 'gi');
    // Who reaches each table, transitively: a write to a table may change the rows of all of them.
    const referencedBy = new Map<string, string[]>();
    for (const [t, refs] of tables) for (const r of refs) referencedBy.set(r, [...(referencedBy.get(r) ?? []), t]);
    for (const t of tables.keys()) {
      const seen = new Set([t]);
      const todo = [t];
      while (todo.length) for (const r of referencedBy.get(todo.pop()!) ?? []) if (!seen.has(r)) { seen.add(r); todo.push(r); }
      this.reaching.set(t, [...seen]);
    }
  }

  /** A version that moves whenever one of `tables` may have been written (the sum of theirs: each only grows). */
  counter(tables: string[]): { readonly version: number } {
    const unknown = tables.filter((t) => !this.reaching.has(t));
    if (unknown.length) throw new Error(`not tables of the schema: ${unknown.join(', ')}`);
    const versions = this.versions;
    return { get version() { let sum = 0; for (const t of tables) sum += versions.get(t) ?? 0; return sum; } };
  }

  /** Called with every statement sent; returns what it moved (for the end of its transaction). */
  see(sql: string): Moved {
    if (/^\s*select\b/i.test(sql)) {
      if (this.recorders.size) this.noteRead(this.namesIn(sql));
      return NONE;
    }
    this.epoch++;
    // Inserts and updates change only the rows they name (keys are never updated); anything else may cascade.
    const named = this.namesIn(sql);
    const tables = /^\s*(?:insert|update)\b/i.test(sql) ? [...new Set(named)] : [...new Set(named.flatMap((t) => this.reaching.get(t) ?? [t]))];
    for (const t of tables) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
    return { tables };
  }

  /** The end of a transaction whose statements moved these. */
  ended(moved: Moved[]): void {
    this.epoch++;
    const tables = new Set<string>();
    for (const m of moved) for (const t of m.tables) tables.add(t);
    for (const t of tables) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
  }

  /** Another writer's committed write to `table` (PostgreSQL's notice); its cascades send their own. */
  noticed(table: string): void {
    this.epoch++;
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /** Writes may go unseen from now on (the notices stopped): no cache may answer, and nothing kept is current. */
  suspend(): void {
    this.on = false;
    this.moveAll();
  }

  /** Every write reaches the watch again; what was read while it was off counts as changed. */
  resume(): void {
    this.moveAll();
    this.on = true;
  }

  get watching(): boolean {
    return this.on;
  }

  private moveAll(): void {
    this.epoch++;
    for (const t of new Set([...this.reaching.keys(), ...this.versions.keys()])) this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
  }

  /**
   * Runs `fn`, collecting into `read` the tables its statements name (and those of `watchedRead` values it asks
   * for), for a cache of what it computes: the caller keeps the result only while none of them is written.
   * Statements are not told apart by who sent them, so `read` also gets the tables of reads that ran meanwhile:
   * more than `fn` read, never less (an AsyncLocalStorage would tell them apart, but on Node 20 it hooks every
   * promise the process makes, searches' included, for the sake of a few cached reads).
   */
  async reading<T>(read: Set<string>, fn: () => Promise<T>): Promise<T> {
    this.recorders.add(read);
    try {
      return await fn();
    } finally {
      this.recorders.delete(read);
    }
  }

  /** A read of `tables` that sent no statement (a kept value), for the reads under way. */
  noteRead(tables: readonly string[]): void {
    for (const r of this.recorders) for (const t of tables) r.add(t);
  }

  /** The versions of `tables` now, to tell later whether any of them was written since. */
  versionsOf(tables: Iterable<string>): Array<[string, number]> {
    return [...tables].map((t) => [t, this.versions.get(t) ?? 0]);
  }

  /** Whether none of these tables was written since their versions were taken. */
  unchanged(versions: Array<[string, number]>): boolean {
    return versions.every(([t, v]) => (this.versions.get(t) ?? 0) === v);
  }

  private namesIn(sql: string): string[] {
    return [...sql.matchAll(this.tableNames)].map((m) => m[1].toLowerCase());
  }
}

const NONE: Moved = { tables: [] };

const watches = new WeakMap<object, WriteWatch>();

export function keepWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The watch of a database handle, while every write to it reaches the watch. */
export function writeWatchOf(db: object): WriteWatch | undefined {
  const w = watches.get(db);
  return w?.watching ? w : undefined;
}

/**
 * A read kept until this process writes one of `tables`, per key: for rows read on every request and written by
 * staff now and then (settings, margins). Only on a watched database handle; without a watch, and inside a
 * transaction (whose handle is not the watched one, and whose reads must see its own writes), it reads each time.
 * A write that lands while the read runs moves the counter, and the value read is then not kept.
 */
export function watchedRead<K, T>(tables: string[], load: (db: object, key: K) => Promise<T>): (db: object, key: K) => Promise<T> {
  const kept = new WeakMap<object, { counter: { readonly version: number }; values: Map<K, { version: number; value: T }> }>();
  return async (db, key) => {
    const watch = writeWatchOf(db);
    if (!watch) return load(db, key);
    // A cache of answers built on this value depends on its tables even when no statement is sent for it.
    watch.noteRead(tables);
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
