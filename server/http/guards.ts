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

/** A kind of caller a route admits, with its label: the API document (server/openapi) reads the labels off the routes. */
export type Caller = ((user: SessionUser) => boolean) & { label?: string };
const labelled = (label: string, admits: (user: SessionUser) => boolean): Caller => Object.assign(admits, { label });
export const withPermission = (...perms: Permission[]): Caller => labelled(`permission ${perms.join(' | ')}`, (u) => perms.some((p) => can(u.role, p)));
/** The agent area proper: verified email and approval by staff (the agent area is for approved agents only). */
export const approvedAgent: Caller = labelled('approved agent', (u) => u.role === 'agent' && u.isApproved && !!u.emailVerifiedAt);
/** Any agent, approved or not: a pending agent may still complete its profile. */
export const anyAgent: Caller = labelled('agent (any)', (u) => u.role === 'agent');
export const customer: Caller = labelled('customer', (u) => u.role === 'customer');

/** Who a guard admits, in words: guests too or not, and the labels of the callers it admits. */
export interface Access { guests: boolean; callers: string[] }
/** A guard middleware that says whom it admits. */
export type Guard = MiddlewareHandler<AppEnv> & { access: Access };
const guard = (access: Access, check: MiddlewareHandler<AppEnv>): Guard => Object.assign(check, { access });
const labels = (admitted: Caller[]) => admitted.map((ok) => ok.label ?? 'a caller the route names');

/** 403, saying what an agent still lacks when an approved agent would have been admitted. */
function refuse(user: SessionUser, admitted: Caller[]) {
  if (user.role === 'agent' && admitted.includes(approvedAgent)) {
    if (!user.emailVerifiedAt) return forbidden('Please verify your email address first.');
    if (!user.isApproved) return forbidden('Your agent account is waiting for approval.');
  }
  return forbidden();
}

/** Signed in and one of these kinds of caller. */
export const requireOneOf = (...admitted: Caller[]): Guard => guard({ guests: false, callers: labels(admitted) }, async (c, next) => {
  const user = currentUser(c);
  if (!admitted.some((ok) => ok(user))) throw refuse(user, admitted);
  await next();
});

/** Guests (no session) too; a signed-in caller must be one of these. */
export const requireGuestOrOneOf = (...admitted: Caller[]): Guard => guard({ guests: true, callers: labels(admitted) }, async (c, next) => {
  const user = c.get('user');
  if (user && !admitted.some((ok) => ok(user))) throw refuse(user, admitted);
  await next();
});

export const requireAuth: Guard = requireOneOf(labelled('any signed-in user', () => true));
export const requireRole = (...roles: Role[]): Guard => requireOneOf(labelled(`role ${roles.join(' | ')}`, (u) => roles.includes(u.role)));
/** A back-office permission (contract/permissions.ts: admin has all; accounts, reservation and analyst each a set). */
export const requirePermission = (...perms: Permission[]): Guard => requireOneOf(withPermission(...perms));
export const requireApprovedAgent: Guard = requireOneOf(approvedAgent);
export const requireAgent = requireRole('agent');
