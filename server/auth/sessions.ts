import { and, eq, gt } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { accessTokens, sessions, users } from '../db/schema';
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

async function activeUser(ctx: AppContext, userId: number) {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return u && u.status === 'active' ? u : null;
}

export async function resolveBearer(ctx: AppContext, bearer: string): Promise<Resolved | null> {
  const [idPart, secret] = bearer.split('|');
  const id = Number(idPart);
  if (!Number.isInteger(id) || !secret) return null;
  const [t] = await ctx.db.select().from(accessTokens).where(and(eq(accessTokens.id, id), gt(accessTokens.expiresAt, ctx.now()))).limit(1);
  if (!t || !safeEqual(t.tokenHash, sha256(secret))) return null;
  const user = await activeUser(ctx, t.userId);
  return user ? { user, sessionId: null, accessTokenId: t.id } : null;
}

export async function resolveSession(ctx: AppContext, cookie: string): Promise<Resolved | null> {
  const id = sha256(cookie);
  const [s] = await ctx.db.select().from(sessions).where(and(eq(sessions.id, id), gt(sessions.expiresAt, ctx.now()))).limit(1);
  if (!s) return null;
  const user = await activeUser(ctx, s.userId);
  return user ? { user, sessionId: s.id, accessTokenId: s.accessTokenId } : null;
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
