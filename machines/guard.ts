import type { User } from '../contract/auth';
import { isStaff, type Role } from '../contract/roles';
import { can, type Permission } from '../contract/permissions';

/**
 * The navigation guard, as a pure function:
 * (user, route access) → allow | redirect. The app runs it before rendering every screen;
 * the same table drives the side menus.
 */

/** Where an agent stands in onboarding. */
export type AgentStage = 'unverified' | 'pending' | 'approved';

export interface Access {
  /** Only visitors: login and register screens; signed-in users are sent to their landing. */
  guest?: boolean;
  /** Must be signed in (any role unless `roles` says otherwise). */
  auth?: boolean;
  roles?: readonly Role[];
  /** Back-office screens carry a permission (or several: any one opens it); missing it sends staff to the admin dashboard. */
  permission?: Permission | readonly Permission[];
  /** Agent routes: stages that may open it. Default: approved agents only. */
  stages?: readonly AgentStage[];
  /** Only for users whose email is not verified yet (verify-message). */
  unverified?: boolean;
  /** Agency management: the agency's own account and its agency admins, not its bookers. */
  agencyAdmin?: boolean;
}

/** `forbidden`: a signed-in user whose role may not open the page (said where they land), not just sent on. */
export type GuardResult = { allow: true } | { allow: false; redirect: string; forbidden?: true };

export const PATHS = {
  home: '/',
  adminDashboard: '/admin/dashboard',
  agentDashboard: '/agent/dashboard',
  verifyMessage: '/verify-message',
  pendingApproval: '/agent/pending-approval',
  addAgentDetails: '/agent/add-agent-details',
  emailSuccess: '/email-success-message',
} as const;

export function agentStage(user: User): AgentStage {
  if (!user.email_verified) return 'unverified';
  return user.is_approved === '1' ? 'approved' : 'pending';
}

/** Where a signed-in user belongs: the answer to "take me to my dashboard". */
export function landing(user: User | null): string {
  if (!user) return PATHS.home;
  if (isStaff(user.role)) return PATHS.adminDashboard;
  if (user.role === 'agent') return agentLanding(agentStage(user));
  return PATHS.home;
}

function agentLanding(stage: AgentStage): string {
  if (stage === 'unverified') return PATHS.verifyMessage;
  return stage === 'pending' ? PATHS.pendingApproval : PATHS.agentDashboard;
}

/** A page of another role's area: staff go to their dashboard, agents to theirs, everyone else home. */
function roleHome(user: User): string {
  if (isStaff(user.role)) return PATHS.adminDashboard;
  return user.role === 'agent' ? PATHS.agentDashboard : PATHS.home;
}

const allow: GuardResult = { allow: true };
const to = (redirect: string): GuardResult => ({ allow: false, redirect });
const refuse = (redirect: string): GuardResult => ({ allow: false, redirect, forbidden: true });

export function guard(user: User | null, access: Access | undefined): GuardResult {
  if (!access) return allow;
  if (access.guest) {
    if (!user) return allow;
    // An unverified agent goes to verify-message, not to its dashboard.
    if (user.role === 'agent' && !user.email_verified) return to(PATHS.verifyMessage);
    return to(roleHome(user));
  }
  const needsUser = access.auth || access.roles || access.permission || access.unverified;
  if (!needsUser) return allow;
  if (!user) return to(PATHS.home);
  if (access.roles && !access.roles.includes(user.role)) return refuse(roleHome(user));
  if (access.permission && ![access.permission].flat().some((p) => can(user.role, p))) {
    return refuse(isStaff(user.role) ? PATHS.adminDashboard : roleHome(user));
  }
  if (access.unverified && user.email_verified) return to(landing(user));
  if (user.role === 'agent' && access.roles?.includes('agent')) {
    const stage = agentStage(user);
    const stages = access.stages ?? ['approved'];
    if (!stages.includes(stage)) return to(agentLanding(stage));
    if (access.agencyAdmin && user.agency_role === 'booker') return refuse(PATHS.agentDashboard);
  }
  return allow;
}

/** After login: staff → Dashboard, agent → AgentDashboard (the guard then places it), others → Home. */
export function afterLogin(user: User): string {
  if (isStaff(user.role)) return PATHS.adminDashboard;
  return user.role === 'agent' ? PATHS.agentDashboard : PATHS.home;
}

/** After registering: an agent completes the profile; a customer goes home with a verify notice. */
export function afterRegister(user: User): string {
  return user.role === 'agent' ? PATHS.addAgentDetails : PATHS.home;
}
