import type { Query } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/**
 * A query built once per database handle instead of on every call: drizzle's SQL building costs about as much
 * as PGlite running a primary-key lookup, and on PostgreSQL the name makes it a server-side prepared statement.
 * For the hot paths only (every authenticated request); pass values through sql.placeholder().
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let q = built.get(db);
    if (q === undefined) built.set(db, (q = build(db)));
    return q;
  };
}

/**
 * A statement rendered once and run through the handle it is given, a database or a transaction: on a
 * transaction it is that transaction's (one prepared on the pool would run outside it). `read` turns the answer's
 * rows, each an array of its columns in order, into results. Pass values through sql.placeholder().
 */
export function renderedOnce<R>(name: string, build: (h: DbOrTx) => { toSQL(): Query }, read: (row: unknown[]) => R) {
  let query: Query | undefined;
  return async (h: DbOrTx, values: Record<string, unknown>): Promise<R[]> => {
    query ??= build(h).toSQL();
    return (await h._.session.prepareQuery(query, undefined, name, true, (rows) => rows.map(read)).execute(values)) as R[];
  };
}
