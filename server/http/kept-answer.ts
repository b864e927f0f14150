import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { writeWatchOf, type WriteWatch } from '../db/write-watch';
import { EncodedText } from './compress';

/**
 * A read's JSON answer kept per caller and URL until one of the tables it was built from is written
 * (server/db/write-watch.ts: on PGlite every write this process sends, on PostgreSQL also other writers' commits
 * as their notices arrive; while the watch is off every request is answered afresh). The tables are those its
 * statements and its kept settings read, collected while it runs (with those of other reads meanwhile); an
 * answer built while anything was written is not kept, as it may mix two states of the database.
 *
 * Only for reads whose answer follows from the database, the caller and the URL alone: not the clock, not the
 * language asked for, not a file. The caller's guards still run first on every request.
 */
interface Kept { versions: Array<[string, number]>; answer: EncodedText; size: number }
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 32 * 1024 * 1024;
const stores = new WeakMap<WriteWatch, { entries: Map<string, Kept>; bytes: number }>();

export const keptAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const watch = writeWatchOf(c.get('ctx').db);
  if (!watch || c.req.method !== 'GET') return next();
  let store = stores.get(watch);
  if (!store) stores.set(watch, (store = { entries: new Map(), bytes: 0 }));
  const user = c.get('user');
  const key = `${user ? `${user.id}:${user.role}` : '-'} ${c.req.path}${new URL(c.req.url).search}`;
  const hit = store.entries.get(key);
  if (hit && watch.unchanged(hit.versions)) return hit.answer.respond(c);

  const epoch = watch.epoch;
  const read = new Set<string>();
  await watch.reading(read, next);
  const res = c.res;
  if (res.status !== 200 || !/^application\/json\b/.test(res.headers.get('content-type') ?? '') || res.headers.has('content-encoding')) return;
  const text = await res.text();
  const answer = new EncodedText(text);
  c.res = answer.respond(c);
  // Nothing read from the database (an answer from memory this watch knows nothing of), or a write meanwhile.
  if (watch.epoch !== epoch || !read.size) return;
  if (hit) store.bytes -= hit.size;
  if (store.entries.size >= MAX_ENTRIES || store.bytes + text.length > MAX_BYTES) {
    store.entries.clear();
    store.bytes = 0;
  }
  store.entries.set(key, { versions: watch.versionsOf(read), answer, size: text.length * 2 });
  store.bytes += text.length * 2;
};
