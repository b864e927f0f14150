/**
 * Users, agents and staff as the back office creates and edits them: the request shapes the app's forms check
 * before saving and the server parses.
 */
import * as v from 'valibot';
import { requiredString, type User } from './auth';
import { M } from './fields';
import { idSchema } from './ids';
import { STAFF_ROLES } from './roles';

const email = v.pipe(requiredString('Email is required.'), v.email('Enter a valid email address.'), v.maxLength(190, 'Email is too long.'));
const name = v.pipe(requiredString('Name is required.'), v.maxLength(120, 'Name is too long.'));
const password = v.pipe(requiredString('Password is required.', false), v.minLength(8, 'Password must be at least 8 characters.'), v.maxLength(200, 'Password is too long.'));
const phone = v.pipe(requiredString('Phone is required.'), v.regex(/^\+?[0-9 ()-]{7,20}$/, M.phone));

/** A user made by staff (POST /users): a customer, or an agent with its company and phone (checked by the server for agents). */
export const NewUserInput = v.object({
  name,
  email,
  password,
  role: v.optional(v.picklist(['agent', 'customer'], M.role), 'customer'),
  company_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(160, 'At most 160 characters.'))),
  phone: v.optional(v.pipe(v.string(), v.trim())),
});
export type NewUserInput = v.InferOutput<typeof NewUserInput>;

/** An agent made by staff (POST /save-admin-agent), approved and verified at once. */
export const NewAgentInput = v.object({ name, email, password, company_name: v.pipe(requiredString(M.companyName), v.maxLength(160, 'At most 160 characters.')), phone });
export type NewAgentInput = v.InferOutput<typeof NewAgentInput>;

/** A staff member (POST /add-staff). */
export const StaffInput = v.object({ name, email, password, role: v.picklist(STAFF_ROLES, M.role) });
export type StaffInput = v.InferOutput<typeof StaffInput>;

/** A staff member's changes (POST /update-staff); an empty password keeps the old one. */
export const StaffUpdateInput = v.object({
  id: idSchema('Choose a staff member.'),
  name,
  email,
  role: v.picklist(STAFF_ROLES, M.role),
  password: v.optional(v.pipe(v.string(), v.check((s) => s === '' || s.length >= 8, 'Password must be at least 8 characters.'), v.maxLength(200, 'Password is too long.')), ''),
});
export type StaffUpdateInput = v.InferOutput<typeof StaffUpdateInput>;

/** A user as the back office lists it: the user plus, for agents, the company and phone. */
export type BackOfficeUser = User & { company_name: string | null; phone: string | null };

/** GET /users-summary: who is on the platform and what waits for a decision (deleted users not counted). */
export interface UsersSummary { agents: number; pending_agents: number; customers: number; staff: number; pending_deposits: number }
