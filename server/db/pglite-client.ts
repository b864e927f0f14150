import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { Moved, WriteWatch } from './write-watch';
import { execInTransaction, inTransaction, preparedStatements } from './pglite-statements';

/** drizzle-orm/pglite's own parsers: dates, times and intervals stay text, for drizzle's column mapping to read. */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]),
);

const withoutParsers = (o?: QueryOptions): QueryOptions | undefined => {
  if (!o?.parsers) return o;
  const { parsers: _same, ...rest } = o;
  return rest;
};

/** A view of `target` whose query() drops the per-call parsers; everything else is the target's own. */
function stripping<T extends object>(target: T, wrap: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(t, key) {
      if (key in wrap) return wrap[key as keyof T];
      const value = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/**
 * PGlite for drizzle without the per-query parser map. drizzle passes its parsers with every query and PGlite
 * spreads them over its own map of a hundred-odd types each time (`parseResults`: a tenth of the server's CPU on
 * an agent's reads). The same parsers are set once on the instance instead, which nothing else queries.
 * With a `watch`, every statement sent through it is shown to the watch (server/db/write-watch.ts). Queries run
 * as statements kept prepared (pglite-statements.ts).
 */
export async function forDrizzle(pg: PGlite, watch?: WriteWatch): Promise<PGlite> {
  await pg.waitReady; // PGlite adds its array parsers while it starts; ours must win over those
  pg.parsers = { ...pg.parsers, ...DRIZZLE_PARSERS };
  const prepared = preparedStatements(pg);
  const query = (q: string, params?: unknown[], o?: QueryOptions) => {
    watch?.see(q);
    return prepared(q, params, withoutParsers(o));
  };
  const exec = (q: string, o?: QueryOptions) => {
    watch?.see(q);
    return pg.exec(q, o);
  };
  const transaction = async <R>(fn: (tx: Transaction) => Promise<R>) => {
    const moved: Moved[] = [];
    const see = (q: string) => {
      const m = watch?.see(q);
      if (m?.tables.length) moved.push(m);
    };
    let closed = false;
    // What drizzle's transaction uses: query (its statements, savepoints included) and exec.
    const tx: Transaction = {
      query: (q, params, o) => { see(q); return prepared(q, params, withoutParsers(o), tx); },
      exec: (q, o) => { see(q); return execInTransaction(pg, q, withoutParsers(o)); },
      sql: () => Promise.reject(new Error('tx.sql is not offered here')),
      listen: () => Promise.reject(new Error('tx.listen is not offered here')),
      rollback: () => Promise.reject(new Error('tx.rollback is not offered here: throw instead')),
      get closed() { return closed; },
    };
    try {
      return await inTransaction(pg, () => fn(tx));
    } finally {
      closed = true;
      watch?.ended(moved);
    }
  };
  return stripping(pg, { query, exec, transaction });
}
