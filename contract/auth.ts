import * as v from 'valibot';
import { idSchema } from './ids';
import type { StatusMessage } from './http';

export { isStaff, ROLES, STAFF_ROLES, type Role, type StaffRole } from './roles';
import type { Role } from './roles';

/** The user as the API returns it. */
export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  is_approved: '0' | '1';
  email_verified: boolean;
  /** When the address was verified (null until then), as the specification's client reads it. */
  email_verified_at: string | null;
  status: 'active' | 'suspended' | 'deleted';
  agent_code?: string | null;
  /** Only on an agency's branch users: its agency and its role there (the agency's own account has neither). */
  agency_id?: number;
  agency_role?: 'agency_admin' | 'booker';
  created_at: string;
}

export const PASSWORD_MIN = 8;
/** A string field whose absence reads like an empty one: "X is required." rather than a schema message. */
export const requiredString = (message: string, trim = true) =>
  trim ? v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message)) : v.pipe(v.optional(v.string(message), ''), v.nonEmpty(message));

const email = v.pipe(requiredString('Email is required.'), v.email('Enter a valid email address.'), v.maxLength(190, 'Email is too long.'));
const password = v.pipe(requiredString('Password is required.', false), v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`), v.maxLength(200, 'Password is too long.'));
const name = v.pipe(requiredString('Name is required.'), v.maxLength(120, 'Name is too long.'));
const MISMATCH = 'The passwords do not match.';
const matches = (i: { password: string; password_confirmation: string }) => i.password === i.password_confirmation;

export const LoginInput = v.object({
  email,
  password: requiredString('Password is required.', false),
});
export type LoginInput = v.InferOutput<typeof LoginInput>;

export const RegisterInput = v.pipe(
  v.object({ name, email, password, password_confirmation: requiredString('Confirm the password.', false) }),
  v.forward(v.partialCheck([['password'], ['password_confirmation']], matches, MISMATCH), ['password_confirmation']),
);
export type RegisterInput = v.InferOutput<typeof RegisterInput>;

/** Agent registration (POST /agents): a customer registration plus company fields. */
export const AgentRegisterInput = v.pipe(
  v.object({
    name,
    email,
    password,
    password_confirmation: requiredString('Confirm the password.', false),
    company_name: v.pipe(requiredString('Company name is required.'), v.maxLength(160, 'Company name is too long.')),
    phone: v.pipe(requiredString('Phone is required.'), v.regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number.')),
  }),
  v.forward(v.partialCheck([['password'], ['password_confirmation']], matches, MISMATCH), ['password_confirmation']),
);
export type AgentRegisterInput = v.InferOutput<typeof AgentRegisterInput>;

export const ForgotPasswordInput = v.object({ email });
export const ResetPasswordInput = v.pipe(
  v.object({ token: requiredString('The reset link is invalid.'), email, password, password_confirmation: requiredString('Confirm the password.', false) }),
  v.forward(v.partialCheck([['password'], ['password_confirmation']], matches, MISMATCH), ['password_confirmation']),
);
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordInput>;

export interface LoginResponse {
  success: boolean;
  data: { user: User; access_token: string };
  message: StatusMessage;
}
export interface UserResponse { data: User | null }

/** The signed link a verification mail carries (POST /email/verify). */
export const VerifyEmailInput = v.object({
  id: idSchema('The verification link is invalid.'),
  expires: v.pipe(v.union([v.string(), v.number()], 'The verification link is invalid.'), v.transform(Number), v.integer('The verification link is invalid.')),
  signature: v.pipe(v.string('The verification link is invalid.'), v.nonEmpty('The verification link is invalid.')),
});
