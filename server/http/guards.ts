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

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  currentUser(c);
  await next();
};

export const requireRole = (...roles: Role[]): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!roles.includes(currentUser(c).role)) throw forbidden();
  await next();
};

/** Back-office permission of brief §2 (admin has all). */
export const requirePermission = (...perms: Permission[]): MiddlewareHandler<AppEnv> => async (c, next) => {
  const user = currentUser(c);
  if (!perms.some((p) => can(user.role, p))) throw forbidden();
  await next();
};

/** The agent area proper: verified email and approval by staff (brief §2 enforces spec's "status 1"). */
export const requireApprovedAgent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = currentUser(c);
  if (user.role !== 'agent') throw forbidden();
  if (!user.emailVerifiedAt) throw forbidden('Please verify your email address first.');
  if (!user.isApproved) throw forbidden('Your agent account is waiting for approval.');
  await next();
};

export const requireAgent = requireRole('agent');
