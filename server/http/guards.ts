/**
 * Who may call a route, checked as route middleware before the handler reads any input or looks anything up:
 * 401 for no session, 403 for the wrong role or permission. Whether a record is the caller's own is the
 * handler's business after that (404 for someone else's).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../contract/auth';
import { can, type Permission } from '../../contract/permissions';
import type { AppEnv, SessionUser } from '../context';
import { forbidden, unauthenticated } from './errors';

export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** A kind of caller a route admits. */
export type Caller = (user: SessionUser) => boolean;
export const withPermission = (...perms: Permission[]): Caller => (u) => perms.some((p) => can(u.role, p));
/** The agent area proper: verified email and approval by staff (the agent area is for approved agents only). */
export const approvedAgent: Caller = (u) => u.role === 'agent' && u.isApproved && !!u.emailVerifiedAt;
/** Any agent, approved or not: a pending agent may still complete its profile. */
export const anyAgent: Caller = (u) => u.role === 'agent';
export const customer: Caller = (u) => u.role === 'customer';

/** 403, saying what an agent still lacks when an approved agent would have been admitted. */
function refuse(user: SessionUser, admitted: Caller[]) {
  if (user.role === 'agent' && admitted.includes(approvedAgent)) {
    if (!user.emailVerifiedAt) return forbidden('Please verify your email address first.');
    if (!user.isApproved) return forbidden('Your agent account is waiting for approval.');
  }
  return forbidden();
}

/** Signed in and one of these kinds of caller. */
export const requireOneOf = (...admitted: Caller[]): MiddlewareHandler<AppEnv> => async (c, next) => {
  const user = currentUser(c);
  if (!admitted.some((ok) => ok(user))) throw refuse(user, admitted);
  await next();
};

/** Guests (no session) too; a signed-in caller must be one of these. */
export const requireGuestOrOneOf = (...admitted: Caller[]): MiddlewareHandler<AppEnv> => async (c, next) => {
  const user = c.get('user');
  if (user && !admitted.some((ok) => ok(user))) throw refuse(user, admitted);
  await next();
};

export const requireAuth: MiddlewareHandler<AppEnv> = requireOneOf(() => true);
export const requireRole = (...roles: Role[]): MiddlewareHandler<AppEnv> => requireOneOf((u) => roles.includes(u.role));
/** A back-office permission (contract/permissions.ts: admin has all; accounts, reservation and analyst each a set). */
export const requirePermission = (...perms: Permission[]): MiddlewareHandler<AppEnv> => requireOneOf(withPermission(...perms));
export const requireApprovedAgent: MiddlewareHandler<AppEnv> = requireOneOf(approvedAgent);
export const requireAgent = requireRole('agent');
