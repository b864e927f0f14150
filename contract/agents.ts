/** Agents and users: the agent's profile and settings, and staff's status changes. */
import * as v from 'valibot';
import { requiredString } from './auth';
import type { Money } from './money';
import { idField, M, nonNegativeAmount, optionalText } from './fields';

const phone = v.pipe(requiredString('Phone is required.'), v.regex(/^\+?[0-9 ()-]{7,20}$/, M.phone));

/** add-agent-details / update-agent-data (POST /update-agents-data); staff add user_id. */
export const AgentProfileInput = v.object({
  user_id: v.optional(idField(M.agent)),
  company_name: v.pipe(requiredString(M.companyName), v.maxLength(160, 'At most 160 characters.')),
  phone,
  licence_no: optionalText(60),
  address: optionalText(300),
  city: optionalText(80),
  country: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^$|^[A-Z]{2}$/, M.country)))),
  contact_person: optionalText(120),
  logo_file: optionalText(200),
  website: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(300, 'At most 300 characters.'), v.regex(/^$|^https?:\/\/\S+$/i, 'Enter a web address starting with http:// or https://.')))),
});
export type AgentProfileInput = v.InferOutput<typeof AgentProfileInput>;

export interface AgentProfile {
  user_id: number;
  name: string;
  email: string;
  agent_code: string | null;
  is_approved: '0' | '1';
  email_verified: boolean;
  status: string;
  company_name: string;
  phone: string;
  licence_no: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  logo_file: string | null;
  website: string | null;
  rejection_reason: string | null;
  own_markup: Money;
  complete: boolean;
}

/** Settings (POST agent-profile): name, phone, own markup; password change when new_password is given. */
export const AgentSettingsInput = v.pipe(
  v.object({
    name: v.pipe(requiredString('Name is required.'), v.maxLength(120, 'Name is too long.')),
    phone: v.optional(phone),
    own_markup: nonNegativeAmount(),
    /** The agency's logo, an uploaded image's name; absent keeps the stored one, "" removes it. */
    logo_file: v.optional(v.pipe(v.string('The logo must be an uploaded image.'), v.trim(), v.maxLength(200, 'The logo must be an uploaded image.'))),
    current_password: v.optional(v.pipe(v.string(), v.maxLength(200, 'Password is too long.')), ''),
    new_password: v.optional(v.pipe(v.string(), v.check((s) => s === '' || s.length >= 8, 'Password must be at least 8 characters.'), v.maxLength(200, 'Password is too long.')), ''),
    new_password_confirmation: v.optional(v.string(), ''),
  }),
  v.forward(v.partialCheck([['new_password'], ['current_password']], (i) => !i.new_password || !!i.current_password, 'Enter your current password.'), ['current_password']),
  v.forward(v.partialCheck([['new_password'], ['new_password_confirmation']], (i) => i.new_password === i.new_password_confirmation, 'The passwords do not match.'), ['new_password_confirmation']),
);
export type AgentSettingsInput = v.InferOutput<typeof AgentSettingsInput>;

export const StatusUpdateInput = v.object({
  is_approved: v.optional(v.picklist(['0', '1'], 'Choose approved or not approved.')),
  status: v.optional(v.picklist(['active', 'suspended', 'deleted'], M.userStatus)),
  reason: optionalText(500),
});
export type StatusUpdateInput = v.InferOutput<typeof StatusUpdateInput>;

/**
 * How staff who read bookings reach the agency behind a booking: the agency's name, contact person, email and
 * phone (from its profile), and the branch user who booked when that is not the agency itself.
 */
export interface AgentContact {
  id: number;
  name: string;
  company_name: string | null;
  agent_code: string | null;
  contact_person: string | null;
  email: string;
  phone: string | null;
  booked_by: { name: string; email: string } | null;
}
