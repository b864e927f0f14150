import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { passwordResets, users } from '../db/schema';
import { hashPassword, randomToken, sha256 } from './crypto';
import { destroyAllFor } from './sessions';
import { findUserByEmail, findUserById, toApiUser } from './users';
import { checkVerification } from './verification';
import { enqueueMail } from '../mail/outbox';
import { agentVerified } from '../notifications/events';
import { resetPasswordMail } from '../mail/templates';
import { ApiError, validationError } from '../http/errors';

/** How long an emailed reset link works. */
const RESET_MINUTES = 60;

/** Mails a single-use reset link to an active account; says nothing about accounts that do not exist. */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  const token = randomToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000) });
    const url = `${ctx.config.appUrl}/auth/password-reset/${token}?email=${encodeURIComponent(user.email)}`;
    await enqueueMail(tx, user.email, resetPasswordMail(user.locale, user.name, url));
  });
}

/** Sets a new password from an emailed link; the link works once, and every session of the account ends. */
export async function resetPassword(ctx: AppContext, input: { email: string; token: string; password: string }) {
  const user = await findUserByEmail(ctx.db, input.email);
  const invalid = () => validationError({ email: ['This password reset link is invalid or has expired.'] });
  if (!user) throw invalid();
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    // Claim the token in the same statement that checks it: single use even under a double submit.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now())))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) return false;
    // Opening the emailed link proves the address, so it also verifies the email.
    await tx.update(users).set({ passwordHash, updatedAt: ctx.now(), emailVerifiedAt: user.emailVerifiedAt ?? ctx.now() }).where(eq(users.id, user.id));
    return true;
  });
  if (!done) throw invalid();
  await destroyAllFor(ctx, user.id);
}

/** Marks the address verified from a signed, unexpired link; the user as it now is. */
export async function verifyEmail(ctx: AppContext, input: { id: number; expires: number; signature: string }) {
  const user = await findUserById(ctx.db, input.id);
  const check = user ? checkVerification(ctx, user, input.expires, input.signature) : 'invalid';
  if (!user || check === 'invalid') throw new ApiError(403, 'This verification link is invalid.');
  if (check === 'expired') throw new ApiError(403, 'This verification link has expired. Ask for a new one.');
  if (!user.emailVerifiedAt) {
    // Conditional, so a link opened twice at once tells staff once.
    await ctx.db.transaction(async (tx) => {
      const [done] = await tx.update(users).set({ emailVerifiedAt: ctx.now(), updatedAt: ctx.now() }).where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt))).returning();
      if (done?.role === 'agent') await agentVerified(tx, ctx, done);
    });
  }
  return toApiUser((await findUserById(ctx.db, user.id))!);
}
