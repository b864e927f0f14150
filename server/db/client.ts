import { fileURLToPath } from 'node:url';
import { is, getTableName } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { keepWatch, WriteWatch } from './write-watch';

export type Schema = typeof schema;
/** The one database type every service takes, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept Db | Tx so they can join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * PostgreSQL's default 128 MB of shared buffers is all resident in PGlite's wasm memory from the start, and zeroed
 * by WebAssembly at every start (~5 ms a MB); a PGlite database is one process's own and small, and the files under
 * it stay in the OS cache. 32 MB saved ~95 MB RSS; 16 MB saves ~15 MB more and ~70 ms of a start, at the same
 * request rates.
 */
export const PGLITE_SMALL_BUFFERS = ['-c', 'shared_buffers=16MB'];

/** PostgreSQL through node-postgres when a URL is given, else PGlite in a folder (or in memory). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: import('@electric-sql/pglite').PGlite;
  /** PGlite's WebAssembly, already being compiled (server/db/pglite-early.ts); PGlite compiles its own without. */
  pgliteWasm?: Promise<WebAssembly.Module | undefined>;
  onPoolError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { installWriteNotices, listenForWrites, watchStatements } = await import('./pg-watch');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    const onError = opts.onPoolError ?? ((err: Error) => console.error('database connection lost:', err.message));
    // An idle connection the server ends (restart, failover, a forced drop) emits 'error' on the pool; unhandled,
    // that would kill the process. The pool replaces the connection on the next checkout.
    pool.on('error', onError);
    const tables = schemaTables();
    const watch = new WriteWatch(tables, false);
    watch.suspend(); // until it hears other writers
    const own = watchStatements(pool, watch); // before any connection is made, so every one is watched
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    await installWriteNotices(pool, [...tables.keys()]);
    const listener = await listenForWrites(() => new Client({ connectionString: opts.databaseUrl }), watch, own, onError);
    keepWatch(db, watch);
    return { db: db as unknown as Db, driver: 'postgres', close: async () => { await listener.stop(); await pool.end(); } };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { forDrizzle } = await import('./pglite-client');
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SMALL_BUFFERS], pgliteWasmModule: await opts.pgliteWasm };
  const client = opts.pglite ?? (opts.dataDir ? new PGlite(opts.dataDir, options) : new PGlite(options));
  // This process is the folder's one writer, so it can tell its caches what it wrote (server/db/write-watch.ts).
  const watch = new WriteWatch(schemaTables());
  const db = drizzle(await forDrizzle(client, watch), { schema });
  keepWatch(db, watch);
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** Every table of the schema with the tables its foreign keys reference. */
function schemaTables(): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    tables.set(getTableName(value), getTableConfig(value).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable)));
  }
  return tables;
}
