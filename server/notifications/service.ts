/**
 * Notices: written in the transaction of the event they report (callers pass their `tx`), with a mail queued
 * through the outbox for the same recipients in that same transaction, so a crash leaves both or neither.
 * Staff are chosen by permission from the one table in contract/permissions (active users only).
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../contract/auth';
import { ROLE_PERMISSIONS, type Permission } from '../../contract/permissions';
import type { Notice, NoticeKind, NoticeParams } from '../../contract/notifications';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { renderedOnce } from '../db/prepared';
import { watchedRead } from '../db/write-watch';
import { notifications, users } from '../db/schema';
import { notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { noticeMail } from './mails';

export interface Recipient { id: number; email: string; name: string; locale: string }
export interface NoticeInput {
  kind: NoticeKind;
  subject: { type: Notice['subject_type']; id: number };
  link: string;
  params: NoticeParams;
  /** Written once per recipient with this key: a job that runs twice (or on two servers) adds nothing. */
  dedupeKey?: string;
  /** An address the event already mails itself (the agent's approval mail, a booking's contact): no second mail. */
  alreadyMailed?: string | null;
}

const rolesWith = (p: Permission) => (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((r) => ROLE_PERMISSIONS[r].includes(p));
const recipientCols = { id: users.id, email: users.email, name: users.name, locale: users.locale };

/** Active staff whose role holds the permission. */
export function staffWith(db: DbOrTx, permission: Permission): Promise<Recipient[]> {
  return db.select(recipientCols).from(users).where(and(inArray(users.role, rolesWith(permission)), eq(users.status, 'active')));
}

/** One active agent (or nobody: a deleted or suspended account, or not an agent). */
export function activeAgent(db: DbOrTx, id: number | null): Promise<Recipient[]> {
  if (id === null) return Promise.resolve([]);
  return db.select(recipientCols).from(users).where(and(eq(users.id, id), eq(users.role, 'agent'), eq(users.status, 'active')));
}

/** Writes the notice for each recipient and queues its mail; returns the recipients actually written to. */
export async function notify(tx: DbOrTx, ctx: Pick<AppContext, 'config' | 'now'>, to: Recipient[], n: NoticeInput): Promise<number[]> {
  if (!to.length) return [];
  const now = ctx.now();
  const rows = await tx.insert(notifications).values(to.map((r) => ({
    userId: r.id, kind: n.kind, subjectType: n.subject.type, subjectId: n.subject.id, link: n.link, params: n.params,
    dedupeKey: n.dedupeKey ?? null, createdAt: now,
  }))).onConflictDoNothing().returning({ userId: notifications.userId });
  const written = new Set(rows.map((r) => r.userId));
  const skip = n.alreadyMailed?.toLowerCase();
  for (const r of to) {
    if (!written.has(r.id) || r.email.toLowerCase() === skip) continue;
    await enqueueMail(tx, r.email, noticeMail(r.locale, r.name, n.kind, n.params, `${ctx.config.appUrl}${n.link}`, now));
  }
  return [...written];
}

export const notifyStaff = async (tx: DbOrTx, ctx: Pick<AppContext, 'config' | 'now'>, permission: Permission, n: NoticeInput) =>
  notify(tx, ctx, await staffWith(tx, permission), n);

export const notifyAgent = async (tx: DbOrTx, ctx: Pick<AppContext, 'config' | 'now'>, agentId: number | null, n: NoticeInput) =>
  notify(tx, ctx, await activeAgent(tx, agentId), n);

// ---- the reader's own notices ----------------------------------------------------------------------------

type Row = typeof notifications.$inferSelect;
const toNotice = (r: Row): Notice => ({
  id: r.id, kind: r.kind as NoticeKind, subject_type: r.subjectType as Notice['subject_type'], subject_id: r.subjectId,
  link: r.link, params: r.params, created_at: r.createdAt.toISOString(), read_at: r.readAt?.toISOString() ?? null,
});

const countUnread = renderedOnce('notifications_unread', (h) => h.select({ n: count() }).from(notifications)
  .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt))), ([n]) => Number(n));
/**
 * The reader's unread notices, kept until a notice is written or read here (or, on PostgreSQL, anywhere): every
 * signed-in screen's bell asks for it every 30 seconds, and it changes far less often.
 */
const keptUnread = watchedRead(['notifications'], async (db, userId: number) => (await countUnread(db as DbOrTx, { userId }))[0]);

export function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  return keptUnread(db, userId);
}

export async function listNotices(db: DbOrTx, userId: number, q: { page: number; per_page: number }) {
  const mine = eq(notifications.userId, userId);
  const rows = await db.select().from(notifications).where(mine).orderBy(desc(notifications.id)).limit(q.per_page).offset((q.page - 1) * q.per_page);
  const [{ n }] = await db.select({ n: count() }).from(notifications).where(mine);
  return { data: rows.map(toNotice), total: n, unread: await unreadCount(db, userId) };
}

/** Marks one of the reader's notices read (the first reading time stays); another user's is "not found". */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<Notice> {
  const [row] = await db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).limit(1);
  if (!row) throw notFound('Notification not found.');
  if (row.readAt) return toNotice(row);
  const [done] = await db.update(notifications).set({ readAt: now }).where(eq(notifications.id, id)).returning();
  return toNotice(done);
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const done = await db.update(notifications).set({ readAt: now }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))).returning({ id: notifications.id });
  return done.length;
}
