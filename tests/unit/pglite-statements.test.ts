import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execInTransaction, inTransaction, preparedStatements } from '../../server/db/pglite-statements';

/** Kept statements answer as PGlite's own query() does, in and out of transactions, after errors and DDL. */
describe('PGlite statements kept prepared', () => {
  let pg: PGlite;
  let query: ReturnType<typeof preparedStatements>;
  beforeAll(async () => {
    pg = new PGlite();
    await pg.exec(`create table t (id serial primary key, name text not null unique, doc jsonb, at timestamptz)`);
    query = preparedStatements(pg, 4);
  });
  afterAll(() => pg.close());

  it('answers rows, fields and affected rows like query(), the first time and every time after', async () => {
    const insert = `insert into t (name, doc, at) values ($1, $2, $3) returning id, name, doc`;
    for (const name of ['a', 'b']) {
      const mine = await query(insert, [name, { n: name }, new Date('2026-01-01T00:00:00Z')]);
      expect(mine.rows).toEqual([{ id: name === 'a' ? 1 : 2, name, doc: { n: name } }]);
      expect(mine.affectedRows).toBe(1);
      expect(mine.fields.map((f) => f.name)).toEqual(['id', 'name', 'doc']);
    }
    const select = `select id, name, doc from t where name = any($1) order by id`;
    expect(await query(select, [['a', 'b']], { rowMode: 'array' })).toMatchObject((await pg.query(select, [['a', 'b']], { rowMode: 'array' })));
    expect((await query(`update t set doc = null where name = $1`, ['a'])).affectedRows).toBe(1);
    expect((await query(`select id from t where false`, [])).rows).toEqual([]);
  });

  it('throws the database error with its code and the query, and goes on working after it', async () => {
    const err = await query(`insert into t (name) values ($1)`, ['b']).catch((e: unknown) => e as { code?: string; query?: string });
    expect(err).toMatchObject({ code: '23505', query: `insert into t (name) values ($1)` });
    await expect(query(`select nonsense from t`, [])).rejects.toMatchObject({ code: '42703' });
    expect((await query(`select count(*)::int n from t`, [])).rows).toEqual([{ n: 2 }]);
  });

  it('runs inside a transaction, whose rollback undoes what it ran', async () => {
    await pg.transaction(async (tx) => {
      await query(`insert into t (name) values ($1)`, ['in-tx'], undefined, tx);
      expect((await query(`select count(*)::int n from t where name = $1`, ['in-tx'], undefined, tx)).rows).toEqual([{ n: 1 }]);
      await tx.rollback();
    });
    expect((await query(`select count(*)::int n from t where name = $1`, ['in-tx'])).rows).toEqual([{ n: 0 }]);
  });

  it('keeps only the statements last run (past its limit the oldest is closed) and still answers the others', async () => {
    for (let i = 0; i < 10; i++) expect((await query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    const names = (await pg.query<{ name: string }>(`select name from pg_prepared_statements`)).rows;
    expect(names.length).toBeLessThanOrEqual(5);
    expect((await query(`select $1::int + 0 as n`, [2])).rows).toEqual([{ n: 2 }]);
  });

  it('parses a statement again when a DDL changed the columns it answers', async () => {
    const text = `select * from t where name = $1`;
    expect(Object.keys((await query(text, ['b'])).rows[0] as object)).toEqual(['id', 'name', 'doc', 'at']);
    await pg.exec(`alter table t add column extra int`);
    expect(Object.keys((await query(text, ['b'])).rows[0] as object)).toEqual(['id', 'name', 'doc', 'at', 'extra']);
  });

  it('commits a transaction of inTransaction in one message each way, and rolls it back when its work throws', async () => {
    const count = async (name: string) => (await query(`select count(*)::int n from t where name = $1`, [name])).rows;
    const tx = {} as never;
    let calls = 0;
    const own = pg.execProtocolStream.bind(pg);
    pg.execProtocolStream = ((...a: Parameters<typeof own>) => { calls++; return own(...a); }) as typeof pg.execProtocolStream;
    try {
      await inTransaction(pg, () => query(`insert into t (name) values ($1)`, ['prepared'], undefined, tx));
      const before = calls;
      expect(await inTransaction(pg, async () => { await query(`insert into t (name) values ($1)`, ['committed'], undefined, tx); return 'done'; })).toBe('done');
      // BEGIN, the insert (prepared by the one before) and COMMIT: a crossing each.
      expect(calls - before).toBe(3);
    } finally {
      pg.execProtocolStream = own;
    }
    expect(await count('committed')).toEqual([{ n: 1 }]);
    await expect(inTransaction(pg, async () => {
      await query(`insert into t (name) values ($1)`, ['undone'], undefined, tx);
      throw new Error('the booking failed');
    })).rejects.toThrow('the booking failed');
    expect(await count('undone')).toEqual([{ n: 0 }]);
    // A savepoint rolled back inside keeps the rest; exec runs inside too.
    await inTransaction(pg, async () => {
      await query(`insert into t (name) values ($1)`, ['kept'], undefined, tx);
      await query('savepoint sp1', [], undefined, tx);
      await expect(query(`insert into t (name) values ($1)`, ['kept'], undefined, tx)).rejects.toMatchObject({ code: '23505' });
      await query('rollback to savepoint sp1', [], undefined, tx);
      expect((await execInTransaction(pg, `select count(*)::int n from t where name = 'kept'`))[0].rows).toEqual([{ n: 1 }]);
    });
    expect(await count('kept')).toEqual([{ n: 1 }]);
    // A failed statement whose error the work swallowed aborted the transaction: COMMIT rolls back, and says so.
    await expect(inTransaction(pg, async () => {
      await query(`insert into t (name) values ($1)`, ['aborted'], undefined, tx);
      await query(`insert into t (name) values ($1)`, ['kept'], undefined, tx).catch(() => undefined);
    })).rejects.toThrow('rolled back');
    expect(await count('aborted')).toEqual([{ n: 0 }]);
    expect((await query(`select 1 as n`, [])).rows).toEqual([{ n: 1 }]);
  });

  it('holds PGlite\'s transaction lock: a statement from outside waits for the commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const tx = {} as never;
    const inside = inTransaction(pg, async () => { await query(`insert into t (name) values ($1)`, ['locked'], undefined, tx); await held; });
    await new Promise((r) => setTimeout(r, 20));
    let answered = false;
    const outside = query(`select count(*)::int n from t where name = $1`, ['locked']).then((r) => { answered = true; return r; });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await inside;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });
});
