import type { TestProject } from 'vitest/node';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { ensureAirlines } from '../../server/flights/airlines';
import { PG_TEMPLATE_DB, TEMPLATE_FILE, pgUrl, testContext } from './template';

/**
 * Migrates and seeds one template database per run; every test file clones it (PGlite from a dump, PostgreSQL
 * with CREATE DATABASE ... TEMPLATE), which is far cheaper than migrating per file.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'pg') {
    process.env.TEST_DATABASE_URL ??= project.config.env.TEST_DATABASE_URL;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: pgUrl(PG_TEMPLATE_DB) });
    await seedDemo(testContext(database.db));
    await ensureAirlines(testContext(database.db));
    await database.close();
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite();
  const database = await openDatabase({ pglite: client });
  await seedDemo(testContext(database.db));
  await ensureAirlines(testContext(database.db));
  // Each file unpacks the whole folder into PGlite's memory: it holds only the app's database (PostgreSQL's two
  // templates are a third of it), unpacked as it is (a gzipped one is unzipped again by every file).
  for (const template of ['template0', 'template1']) {
    await client.exec(`alter database ${template} is_template false`);
    await client.exec(`drop database ${template}`); // not in a transaction block: one statement per call
  }
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  mkdirSync(dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
