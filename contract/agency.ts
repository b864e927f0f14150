/** An agency's branch users (agency admins and bookers under one agent account) and its audit list. */
import * as v from 'valibot';
import { requiredString } from './auth';

export const AGENCY_ROLES = ['agency_admin', 'booker'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

export const AGENCY_M = {
  role: 'Choose agency admin or booker.',
  status: 'Choose active or deactivated.',
  taken: 'This email is already in use.',
  notAdmin: 'Only an agency admin manages the agency’s users.',
  self: 'You cannot deactivate your own account.',
  notFound: 'Agency not found.',
  userNotFound: 'User not found.',
} as const;

/** POST /api/agents/{id}/users: the new branch user; a temporary password is mailed to it. */
export const AgencyUserInput = v.object({
  name: v.pipe(requiredString('Name is required.'), v.maxLength(120, 'Name is too long.')),
  email: v.pipe(requiredString('Email is required.'), v.email('Enter a valid email address.'), v.maxLength(190, 'Email is too long.')),
  agency_role: v.picklist(AGENCY_ROLES, AGENCY_M.role),
  locale: v.optional(v.picklist(['en', 'ar']), 'en'),
});
export type AgencyUserInput = v.InferOutput<typeof AgencyUserInput>;

/** PATCH /api/agents/{id}/users/{userId}: deactivate (history stays) or reactivate a branch user. */
export const AgencyUserStatusInput = v.object({
  status: v.picklist(['active', 'suspended'], AGENCY_M.status),
});
export type AgencyUserStatusInput = v.InferOutput<typeof AgencyUserStatusInput>;

export interface AgencyUser {
  id: number;
  name: string;
  email: string;
  /** The agency's own account is its first admin (`owner`); branch users are agency admins or bookers. */
  agency_role: AgencyRole | 'owner';
  status: 'active' | 'suspended' | 'deleted';
  created_at: string;
}

export interface AgencyUsers {
  agency: { id: number; name: string; company_name: string | null; agent_code: string | null };
  data: AgencyUser[];
}

export const AUDIT_ACTIONS = ['booking', 'void_request', 'payment', 'user_added', 'user_deactivated', 'user_reactivated'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AgencyAuditEntry {
  id: number;
  action: AuditAction;
  /** A PNR, or a branch user's email. */
  subject: string;
  detail: Record<string, string | number | null> | null;
  at: string;
  actor: { id: number; name: string; email: string } | null;
}
