import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openDatabase, PGLITE_SMALL_BUFFERS, type Database } from '../../server/db/client';
import { compilePgliteWasm } from '../../server/db/pglite-early';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, pgUrl } from './template';

/** PGlite's WebAssembly, compiled once for all the test files a worker runs. */
let pgliteWasm: ReturnType<typeof compilePgliteWasm> | undefined;

/** A private copy of the seeded template database for one test file. */
export async function cloneTestDb(): Promise<Database> {
  if (process.env.TEST_DB === 'pg') {
    const { default: pg } = await import('pg');
    const name = `safar_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    // Dropping the file's database ends its connections on purpose (57P01); nothing to report then.
    const database = await openDatabase({ databaseUrl: pgUrl(name), onPoolError: () => {} });
    return {
      ...database,
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  pgliteWasm ??= compilePgliteWasm();
  const client = new PGlite({
    loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SMALL_BUFFERS], pgliteWasmModule: await pgliteWasm,
  });
  return openDatabase({ pglite: client });
}
