import type { Pool, PoolClient, Client, Notification } from 'pg';
import type { Moved, WriteWatch } from './write-watch';

/**
 * The write watch on PostgreSQL, where other servers, jobs and psql write too: every table carries a statement
 * trigger that sends the table's name on the `safar_writes` channel when its transaction commits, and one
 * connection of this process listens. This process's own statements are seen as they are sent, as on PGlite, so
 * it reads its own writes at once; another writer's are seen when their notice arrives, within milliseconds of
 * the commit. While the listening connection is down the watch is off (no cache answers) and everything read
 * before counts as changed.
 */
const CHANNEL = 'safar_writes';

/** The trigger function and a trigger on every table of the schema that lacks one; serialised between servers. */
export async function installWriteNotices(pool: Pool, tables: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('safar_write_notice'))`);
    await client.query(`create or replace function safar_write_notice() returns trigger language plpgsql as $$
      begin perform pg_notify('${CHANNEL}', tg_table_name); return null; end $$`);
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname = 'safar_write_notice' and c.relnamespace = 'public'::regnamespace`,
    );
    const have = new Set(rows.map((r) => r.name));
    for (const t of tables.filter((t) => !have.has(t))) {
      await client.query(`create trigger safar_write_notice after insert or update or delete or truncate on "${t}"
        for each statement execute function safar_write_notice()`);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Shows the watch every statement this process sends: pool queries where they are asked (the caller's context,
 * for the tables a cached read touched), a transaction's on its client, with the end of the transaction.
 */
export function watchStatements(pool: Pool, watch: WriteWatch): Set<number> {
  /** The server processes of this pool's connections: their notices tell the watch nothing it has not seen. */
  const own = new Set<number>();
  pool.on('remove', (client: PoolClient) => { own.delete((client as unknown as { processID: number }).processID); });
  const textOf = (q: unknown) => (typeof q === 'string' ? q : (q as { text?: string } | null)?.text ?? '');
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const m = watch.see(textOf(args[0]));
    const result = poolQuery(...args);
    // A write seen as it was sent is seen again once it has committed: another connection's read that ran in
    // between may have read the row before it.
    if (m.tables.length) settled(result, () => watch.ended([m]));
    return result;
  };
  pool.on('connect', (client: PoolClient) => {
    own.add((client as unknown as { processID: number }).processID);
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    let moved: Moved[] | null = null;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0]);
      if (/^\s*begin\b/i.test(text)) moved = [];
      if (moved) {
        const m = watch.see(text);
        if (m.tables.length) moved.push(m);
        if (/^\s*(?:commit|rollback)\b/i.test(text)) {
          const done = moved;
          moved = null;
          const result = clientQuery(...args);
          // The versions move again once the commit has landed, so nothing read before it is kept after it.
          settled(result, () => watch.ended(done));
          return result;
        }
      }
      return clientQuery(...args);
    };
  });
  return own;
}

function settled(result: unknown, then: () => void): void {
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(then, then);
  else then();
}

/**
 * Listens for other writers' notices on a connection of its own, reconnecting after a loss; `own` are this
 * process's connections, whose writes the watch saw as they were sent. Resolves once listening (the watch is
 * on), or once the first try failed (it stays off and tries again); `stop` ends it.
 */
export async function listenForWrites(connect: () => Client, watch: WriteWatch, own: Set<number>, onError: (err: Error) => void): Promise<{ stop(): Promise<void> }> {
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const open = async () => {
    const c = connect();
    c.on('notification', (n: Notification) => { if (n.channel === CHANNEL && n.payload && !own.has(n.processId)) watch.noticed(n.payload); });
    c.on('error', (err) => { onError(err); lost(c); });
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
    watch.resume();
  };
  const lost = (c: Client) => {
    if (client !== c) return;
    client = null;
    watch.suspend();
    c.end().catch(() => {});
    if (!stopped) retry = setTimeout(again, 500);
  };
  const again = () => {
    retry = null;
    if (stopped) return;
    open().catch((err: Error) => { onError(err); if (!stopped) retry = setTimeout(again, 1000); });
  };

  // Without a listening connection the server still starts, with its caches off until one is made.
  await open().catch((err: Error) => { onError(err); retry = setTimeout(again, 1000); });
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      watch.suspend();
      await c?.end().catch(() => {});
    },
  };
}
