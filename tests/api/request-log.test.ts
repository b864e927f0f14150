import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createApp } from '../../server/app';
import { cloneTestDb } from '../support/db';
import { testContext } from '../support/template';

/** Request lines: an access log at info in production; debug in development, so the start-up banner stays readable. */
const database = await cloneTestDb();
afterAll(() => database.close());

async function linesFor(env: 'development' | 'production', level: 'info' | 'debug') {
  const lines: { level: number; msg: string; path?: string }[] = [];
  const log = pino({ level }, { write: (s: string) => { lines.push(JSON.parse(s)); } });
  const app = createApp({ ...testContext(database.db, { env }), log });
  await app.request('/api/user');
  return lines.filter((l) => l.msg === 'request');
}

describe('request lines', () => {
  it('development writes none at info and each at debug', async () => {
    expect(await linesFor('development', 'info')).toEqual([]);
    expect((await linesFor('development', 'debug')).map((l) => [l.level, l.path])).toEqual([[20, '/api/user']]);
  });

  it('production writes each at info', async () => {
    expect((await linesFor('production', 'info')).map((l) => [l.level, l.path])).toEqual([[30, '/api/user']]);
  });
});
