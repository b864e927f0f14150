import { getTableColumns, is, SQL, type Query } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * A statement rendered once and run through the handle it is given, a database or a transaction: on a
 * transaction it is that transaction's (one prepared on the pool would run outside it). `build` gives a query
 * builder or an SQL; `read` turns the answer's rows, each an array of its columns in order, into results. Pass
 * values through sql.placeholder().
 */
export function renderedOnce<R>(name: string, build: (h: DbOrTx) => { toSQL(): Query } | SQL, read: (row: unknown[]) => R) {
  let query: Query | undefined;
  const mapRows = (rows: unknown[][]) => rows.map(read);
  // A database's session lives as long as it does; a transaction's, one transaction.
  const bySession = new WeakMap<object, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  return async (h: DbOrTx, values: Record<string, unknown>): Promise<R[]> => {
    const session = h._.session;
    let prepared = bySession.get(session);
    if (!prepared) {
      if (!query) {
        const built = build(h);
        query = is(built, SQL) ? dialect.sqlToQuery(built) : built.toSQL();
      }
      bySession.set(session, (prepared = session.prepareQuery(query, undefined, name, true, mapRows)));
    }
    return (await prepared.execute(values)) as R[];
  };
}

/** A row of `table`'s columns in their order (a `select *` or `returning *` read by renderedOnce), as drizzle reads it. */
export function tableRow<T extends PgTable>(table: T): (row: unknown[]) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (row) => Object.fromEntries(columns.map(([k, c], i) => [k, row[i] === null ? null : c.mapFromDriverValue(row[i])])) as T['$inferSelect'];
}
