import type { Db } from './client';

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
