import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { openDatabase, PGLITE_SMALL_BUFFERS, type Database } from '../../server/db/client';
import { compilePgliteWasm } from '../../server/db/pglite-early';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, pgUrl } from './template';

/** PGlite's WebAssembly, compiled once for all the test files a worker runs. */
let pgliteWasm: ReturnType<typeof compilePgliteWasm> | undefined;
/** The template's folder as a tar, read once for all the test files a worker runs. */
let templateTar: TarBlob | undefined;

/**
 * The tar as PGlite reads it (it asks a Blob for its arrayBuffer() and only reads what it gets). Node 20's own Blob
 * copies its bytes out in small chunks and joins them, about half a second per file for this one; this hands over
 * the bytes read once.
 */
class TarBlob extends Blob {
  constructor(private readonly tar: ArrayBuffer) {
    super([]);
  }
  override get type() {
    return 'application/x-tar';
  }
  override async arrayBuffer() {
    return this.tar;
  }
}

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
    loadDataDir: (templateTar ??= new TarBlob(new Uint8Array(readFileSync(TEMPLATE_FILE)).buffer)),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SMALL_BUFFERS], pgliteWasmModule: await pgliteWasm,
  });
  return openDatabase({ pglite: client });
}
