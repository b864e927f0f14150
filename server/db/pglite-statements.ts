import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
interface Statement { name: string; paramTypes: number[]; description: Message[] }

/** PostgreSQL refuses a kept statement whose result columns a DDL changed; it is parsed again (outside a transaction). */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

const { serialize } = protocol;
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};

/**
 * Runs parameterised queries on PGlite as named prepared statements, kept by their text. PGlite's own query()
 * parses, plans and describes every statement again and crosses into WebAssembly six times (parse, describe,
 * bind, describe, execute, sync); a kept statement is one bind + execute + sync, planned once (PostgreSQL's plan
 * cache). That was a third of an agent's flight hold: its write is one large statement of ninety-odd parameters.
 * `tx`: the query is that transaction's (which already holds PGlite's transaction lock). `limit`: statements kept;
 * past it the one least recently run is closed.
 */
export function preparedStatements(pg: PGlite, limit = 256) {
  const kept = new Map<string, Statement>();
  const closing: string[] = [];
  let seq = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `s${++seq}`;
    const closes = closing.splice(0).map((n) => serialize.close({ type: 'S', name: n }));
    const messages = await pg.execProtocolStream(concat([...closes, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const statement: Statement = {
      name, paramTypes: parse.parseDescribeStatementResults(messages),
      description: messages.filter((m) => m.name === 'rowDescription'),
    };
    kept.set(text, statement);
    if (kept.size > limit) {
      const [oldest] = kept.keys();
      closing.push(kept.get(oldest)!.name);
      kept.delete(oldest);
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let s = kept.get(text);
    if (s) { kept.delete(text); kept.set(text, s); } else s = await prepare(text);
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const serializer = pg.serializers[s.paramTypes[i]];
      return serializer ? serializer(p) : String(p);
    });
    const messages = await pg.execProtocolStream(concat([serialize.bind({ statement: s.name, values }), serialize.execute({}), serialize.sync()]), { syncToFs: false });
    return parse.parseResults([...s.description, ...messages], pg.parsers, options)[0] as Results<T>;
  }

  /** The statement `text` with `params`, as PGlite's query() would answer it; errors carry the query as its do. */
  return async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: Transaction): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) {
      // Never asked for by drizzle; PGlite's own query would wait for the transaction lock a transaction holds.
      if (tx) throw new Error('blob and paramTypes are not offered in a transaction');
      return pg.query<T>(text, params, options);
    }
    const inTransaction = tx !== undefined;
    const once = () => pg._runExclusiveQuery(async () => {
      try {
        return await run<T>(text, params, options);
      } catch (err) {
        if (err instanceof Error) Object.assign(err, { query: text, params, queryOptions: options });
        throw err;
      }
    });
    const attempt = async () => {
      try {
        return await once();
      } catch (err) {
        if (inTransaction || !RESULT_TYPE_CHANGED.test(String((err as Error)?.message))) throw err;
        const stale = kept.get(text);
        if (stale) { kept.delete(text); closing.push(stale.name); }
        return once();
      }
    };
    if (inTransaction) return attempt();
    await pg._checkReady();
    return pg._runExclusiveTransaction(async () => {
      const out = await attempt();
      await pg.syncToFs();
      return out;
    });
  };
}

/** Statements without parameters sent as one message (query and sync together), inside a transaction of `inTransaction`. */
const simpleMessages = (pg: PGlite, text: string) => pg._runExclusiveQuery(() => pg.execProtocolStream(concat([serialize.query(text), serialize.sync()]), { syncToFs: false }));

/** `exec` in a transaction of `inTransaction`: as PGlite's, a result per statement. */
export async function execInTransaction(pg: PGlite, text: string, options?: QueryOptions): Promise<Results[]> {
  return parse.parseResults(await simpleMessages(pg, text), pg.parsers, options);
}

/** A statement without parameters, its command tag. */
async function simple(pg: PGlite, text: string): Promise<string | undefined> {
  return ((await simpleMessages(pg, text)).find((m) => m.name === 'commandComplete') as { text?: string } | undefined)?.text;
}

/**
 * Runs `fn` in a transaction, under PGlite's transaction lock as its own transaction() does, with BEGIN and COMMIT
 * (or ROLLBACK) one message each: PGlite's sends each as a query and then a sync, two crossings into WebAssembly,
 * and a pair cost 96–103 µs of CPU against 28 µs so. `fn`'s statements run through `query` with a transaction.
 */
export async function inTransaction<R>(pg: PGlite, fn: () => Promise<R>): Promise<R> {
  await pg._checkReady();
  return pg._runExclusiveTransaction(async () => {
    await simple(pg, 'BEGIN');
    let result: R;
    try {
      result = await fn();
    } catch (err) {
      await simple(pg, 'ROLLBACK');
      throw err;
    }
    // PostgreSQL answers COMMIT with ROLLBACK when a statement of the transaction failed and it was aborted.
    if ((await simple(pg, 'COMMIT')) === 'ROLLBACK') throw new Error('The transaction was rolled back: one of its statements failed.');
    await pg.syncToFs();
    return result;
  });
}
