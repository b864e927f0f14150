/**
 * One route builder for every catalogue resource: list (public sees published only), show, create, update
 * (PUT full / PATCH partial, merged over the stored item and validated whole), delete. Writes need
 * catalogue.manage; answers are {data, meta} lists, {data} items and {message, data} saves.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { can } from '../../contract/permissions';
import type { AppEnv } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { ApiError, notFound } from '../http/errors';
import { requirePermission } from '../http/guards';
import { keptAnswer } from '../http/kept-answer';
import { jsonBody, parse, query } from '../http/validate';
import { idFrom, idOf } from '../http/record-id';
import { pageField, perPageField } from '../http/paging';

export const PageQuery = v.object({
  page: pageField,
  per_page: perPageField(100, 20),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search may not be greater than 100 characters.'))),
  status: v.optional(v.picklist(['published', 'all', 'draft'], 'The status must be published, all or draft.')),
  featured: v.optional(v.picklist(['0', '1', 'true', 'false'], 'The featured filter must be 0 or 1.')),
});
export type PageQuery = { page: number; per_page: number; q?: string; status?: 'published' | 'all' | 'draft'; featured?: string } & Record<string, string | number | undefined>;

export const paging = (c: Context) => query(c, PageQuery) as unknown as PageQuery;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = PgTable & { id: PgColumn; [k: string]: any };

export interface ResourceDef<T extends AnyTable, In, Out> {
  /** Path under /api, e.g. "visas". */
  path: string;
  table: T;
  input: v.GenericSchema<unknown, In>;
  /** The stored row → wire shape. */
  toApi(row: T['$inferSelect']): Out;
  /** The wire shape → the input it came from (to merge a PATCH over). */
  toInput(row: T['$inferSelect']): Record<string, unknown>;
  /** Validated input → row values; checks references (images exist, airports known) and sanitises HTML. */
  toRow(db: DbOrTx, input: In, existing: T['$inferSelect'] | null): Promise<Partial<T['$inferInsert']>>;
  saved: string;
  deleted: string;
  notFound: string;
  update: 'put' | 'patch';
  /** Public resources list published rows to anyone; others (aircraft, suppliers) need catalogue.manage to read. */
  publicRead: boolean;
  /** Columns the ?q= search matches. */
  search: PgColumn[];
  order: SQL[] | PgColumn[];
  /** Extra list filters from the query string. */
  filters?: (c: Context<AppEnv>) => SQL[];
  /** Runs in the delete transaction, before the row goes (e.g. refuse when something depends on it). */
  beforeDelete?: (db: DbOrTx, row: T['$inferSelect']) => Promise<void>;
  /** After a create, update or delete has committed (e.g. drop a cache of this resource). */
  afterWrite?: (db: DbOrTx) => void;
  /**
   * The list and record answers follow from the rows alone (no reference data staff edit, kept in memory): kept
   * between requests until the table is written (server/http/kept-answer.ts).
   */
  keepAnswers?: boolean;
}

const isManager = (c: Context<AppEnv>) => can(c.get('user')?.role, 'catalogue.manage');

export function crudRoutes<T extends AnyTable, In, Out>(def: ResourceDef<T, In, Out>) {
  const r = new Hono<AppEnv>();
  const t = def.table;
  const manage = requirePermission('catalogue.manage');
  const readGuard: MiddlewareHandler<AppEnv> = def.publicRead ? async (_c, next) => { await next(); } : manage;
  const hasPublished = 'isPublished' in t;
  const keep: MiddlewareHandler<AppEnv> = def.keepAnswers ? keptAnswer : async (_c, next) => { await next(); };

  async function find(db: DbOrTx, id: number) {
    const [row] = await db.select().from(t as PgTable).where(eq(t.id, id)).limit(1);
    return (row as T['$inferSelect'] | undefined) ?? null;
  }

  r.get(`/${def.path}`, readGuard, keep, async (c) => {
    const db = c.get('ctx').db as Db;
    const q = paging(c);
    const conds: SQL[] = [];
    // Unpublished rows only for managers who ask for them (the admin lists pass status=all).
    const status = isManager(c) ? (q.status ?? 'published') : 'published';
    if (q.status && q.status !== 'published' && !isManager(c)) throw new ApiError(403, 'You are not allowed to see unpublished items.');
    if (hasPublished && status !== 'all') conds.push(eq(t.isPublished, status === 'published'));
    if (q.featured && 'isFeatured' in t) conds.push(eq(t.isFeatured, q.featured === '1' || q.featured === 'true'));
    if (q.q && def.search.length) {
      const like = `%${q.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
      conds.push(or(...def.search.map((col) => ilike(col, like)))!);
    }
    if (def.filters) conds.push(...def.filters(c));
    const where = conds.length ? and(...conds) : undefined;
    // The total rides along with the page (a window count) instead of a second query; only a page past the end,
    // which has no row to carry it, counts separately.
    const rows = await db.select({ row: t as PgTable, total: sql<number>`count(*) over()`.mapWith(Number) }).from(t as PgTable).where(where)
      .orderBy(...(def.order as SQL[])).limit(q.per_page).offset((q.page - 1) * q.per_page);
    const n = rows.length ? rows[0].total : q.page > 1 ? (await db.select({ n: count() }).from(t as PgTable).where(where))[0].n : 0;
    return c.json({ data: rows.map((r) => def.toApi(r.row as T['$inferSelect'])), meta: { page: q.page, per_page: q.per_page, total: n } });
  });

  r.get(`/${def.path}/:id`, readGuard, keep, async (c) => {
    const row = await find(c.get('ctx').db, idFrom(c.req.param('id')));
    if (!row || (hasPublished && !row.isPublished && !isManager(c))) throw notFound(def.notFound);
    return c.json({ data: def.toApi(row) });
  });

  r.post(`/${def.path}`, manage, async (c) => {
    const db = c.get('ctx').db;
    const input = parse(def.input, await jsonBody(c));
    const values = await def.toRow(db, input, null);
    const [row] = await db.insert(t).values(values as T['$inferInsert']).returning();
    def.afterWrite?.(db);
    return c.json({ message: def.saved, data: def.toApi(row as T['$inferSelect']) }, 201);
  });

  const update = async (c: Context<AppEnv>, partial: boolean) => {
    const db = c.get('ctx').db;
    const id = await idOf(c, def.notFound);
    const existing = await find(db, id);
    if (!existing) throw notFound(def.notFound);
    const raw = await jsonBody(c);
    const merged = partial ? { ...def.toInput(existing), ...raw } : raw;
    const input = parse(def.input, merged);
    const values = await def.toRow(db, input, existing);
    const [row] = (await db.update(t).set({ ...values, ...('updatedAt' in t ? { updatedAt: new Date() } : {}) } as never).where(eq(t.id, id)).returning()) as unknown as T['$inferSelect'][];
    def.afterWrite?.(db);
    return c.json({ message: def.saved, data: def.toApi(row as T['$inferSelect']) });
  };
  // The resource's documented verb, plus the other one (PUT replaces, PATCH merges) so either client works.
  // Each also without the id in its path, for clients that send it in the body or the query.
  for (const at of [`/${def.path}/:id`, `/${def.path}`]) {
    r.put(at, manage, (c) => update(c, def.update === 'patch'));
    r.patch(at, manage, (c) => update(c, true));
    r.delete(at, manage, remove);
  }

  async function remove(c: Context<AppEnv>) {
    const db = c.get('ctx').db;
    const id = await idOf(c, def.notFound);
    await db.transaction(async (tx) => {
      const existing = await find(tx, id);
      if (!existing) throw notFound(def.notFound);
      await def.beforeDelete?.(tx, existing);
      await tx.delete(t).where(eq(t.id, id));
    });
    def.afterWrite?.(db);
    return c.json({ message: def.deleted });
  }

  return r;
}

export { asc, desc };
