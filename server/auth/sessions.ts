import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { accessTokens, sessions, users } from '../db/schema';
import { preparedPerDb } from '../db/prepared';
import { randomToken, safeEqual, sha256 } from './crypto';

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

export async function resolveBearer(ctx: AppContext, bearer: string): Promise<Resolved | null> {
  const [idPart, secret] = bearer.split('|');
  const id = Number(idPart);
  if (!Number.isInteger(id) || !secret) return null;
  const [row] = await tokenWithUser(ctx.db).execute({ id, now: ctx.now().toISOString() });
  if (!row || !safeEqual(row.token.tokenHash, sha256(secret))) return null;
  return row.user.status === 'active' ? { user: row.user, sessionId: null, accessTokenId: row.token.id } : null;
}

export async function resolveSession(ctx: AppContext, cookie: string): Promise<Resolved | null> {
  const [row] = await sessionWithUser(ctx.db).execute({ id: sha256(cookie), now: ctx.now().toISOString() });
  return row && row.user.status === 'active' ? { user: row.user, sessionId: row.session.id, accessTokenId: row.session.accessTokenId } : null;
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
