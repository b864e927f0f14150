import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { accessTokens, sessions, users } from '../db/schema';
import { preparedPerDb } from '../db/prepared';
import { randomToken, safeEqual, sha256 } from './crypto';
import { writeWatchOf } from '../db/write-watch';

export const SESSION_COOKIE = 'safar_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const DAY = 86_400_000;

export async function createAccessToken(ctx: AppContext, userId: number) {
  const secret = randomToken();
  const [row] = await ctx.db
    .insert(accessTokens)
    .values({ userId, tokenHash: sha256(secret), createdAt: ctx.now(), expiresAt: new Date(ctx.now().getTime() + ctx.config.sessionDays * DAY) })
    .returning({ id: accessTokens.id });
  return { id: row.id, token: `${row.id}|${secret}` };
}

/** A new session (cookie value returned once; only its hash is stored). */
export async function createSession(ctx: AppContext, userId: number, meta: { ip?: string; userAgent?: string; accessTokenId?: number }) {
  const cookie = randomToken();
  const now = ctx.now();
  await ctx.db.insert(sessions).values({
    id: sha256(cookie),
    userId,
    accessTokenId: meta.accessTokenId ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.sessionDays * DAY),
  });
  return cookie;
}

export interface Resolved { user: SessionUser; sessionId: string | null; accessTokenId: number | null }

// Every authenticated request runs one of these two: the credential and its user in one query, built once.
const tokenWithUser = preparedPerDb((db) => db
  .select({ token: accessTokens, user: users })
  .from(accessTokens)
  .innerJoin(users, eq(users.id, accessTokens.userId))
  .where(and(eq(accessTokens.id, sql.placeholder('id')), gt(accessTokens.expiresAt, sql.placeholder('now'))))
  .limit(1)
  .prepare('auth_token_user'));

const sessionWithUser = preparedPerDb((db) => db
  .select({ session: sessions, user: users })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
  .limit(1)
  .prepare('auth_session_user'));

/**
 * Who a credential belongs to, remembered between requests where this process is the database's one writer
 * (PGlite; server/db/write-watch.ts): the lookup is a third of a simple read's database time. Anything this
 * process writes to users, sessions or access_tokens (sign-in, logout, password change or reset, role, approval,
 * suspension, deletion, a test's own update) forgets it all; an entry also ends with its credential's expiry
 * by the app's clock, and after a minute whatever happens. Only credentials of active users are kept.
 */
interface Remembered { version: number; at: number; tokenHash: string | null; expiresAt: Date; resolved: Resolved }
const REMEMBER_MS = 60_000;
const REMEMBER_MAX = 5_000;
const remembered = new WeakMap<object, { counter: { readonly version: number }; entries: Map<string, Remembered> } | null>();

function memoryOf(ctx: AppContext) {
  // Only where this process is the one writer: a sign-out or suspension on another server must hold at once.
  if (!writeWatchOf(ctx.db)?.soleWriter) return null;
  let m = remembered.get(ctx.db);
  if (m === undefined) {
    const watch = writeWatchOf(ctx.db);
    m = watch ? { counter: watch.counter(['users', 'sessions', 'access_tokens']), entries: new Map() } : null;
    remembered.set(ctx.db, m);
  }
  return m;
}

function recall(ctx: AppContext, key: string): Remembered | null {
  const m = memoryOf(ctx);
  const e = m?.entries.get(key);
  if (!m || !e) return null;
  if (e.version === m.counter.version && e.expiresAt > ctx.now() && performance.now() - e.at < REMEMBER_MS) return e;
  m.entries.delete(key);
  return null;
}

function remember(ctx: AppContext, key: string, version: number | undefined, e: Omit<Remembered, 'version' | 'at'>) {
  const m = memoryOf(ctx);
  // A write between the read and now moved the counter: the row read may be the old one, so it is not kept.
  if (!m || version === undefined || version !== m.counter.version) return;
  if (m.entries.size >= REMEMBER_MAX) m.entries.clear();
  m.entries.set(key, { ...e, version, at: performance.now() });
}

export async function resolveBearer(ctx: AppContext, bearer: string): Promise<Resolved | null> {
  const [idPart, secret] = bearer.split('|');
  const id = Number(idPart);
  if (!Number.isInteger(id) || !secret) return null;
  const key = `t${id}`;
  const hit = recall(ctx, key);
  if (hit) return safeEqual(hit.tokenHash!, sha256(secret)) ? hit.resolved : null;
  const version = memoryOf(ctx)?.counter.version;
  const [row] = await tokenWithUser(ctx.db).execute({ id, now: ctx.now().toISOString() });
  if (!row || !safeEqual(row.token.tokenHash, sha256(secret))) return null;
  if (row.user.status !== 'active') return null;
  const resolved = { user: row.user, sessionId: null, accessTokenId: row.token.id };
  remember(ctx, key, version, { tokenHash: row.token.tokenHash, expiresAt: row.token.expiresAt, resolved });
  return resolved;
}

export async function resolveSession(ctx: AppContext, cookie: string): Promise<Resolved | null> {
  const id = sha256(cookie);
  const key = `s${id}`;
  const hit = recall(ctx, key);
  if (hit) return hit.resolved;
  const version = memoryOf(ctx)?.counter.version;
  const [row] = await sessionWithUser(ctx.db).execute({ id, now: ctx.now().toISOString() });
  if (!row || row.user.status !== 'active') return null;
  const resolved = { user: row.user, sessionId: row.session.id, accessTokenId: row.session.accessTokenId };
  remember(ctx, key, version, { tokenHash: null, expiresAt: row.session.expiresAt, resolved });
  return resolved;
}

/** Logout: the session and the token handed out with it stop working together. */
export async function destroy(ctx: AppContext, sessionId: string | null, accessTokenId: number | null) {
  if (sessionId) await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
  if (accessTokenId) {
    await ctx.db.delete(accessTokens).where(eq(accessTokens.id, accessTokenId));
    await ctx.db.delete(sessions).where(eq(sessions.accessTokenId, accessTokenId));
  }
}

/** After a password reset every existing session and token of the user ends. */
export async function destroyAllFor(ctx: AppContext, userId: number) {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
  await ctx.db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}
