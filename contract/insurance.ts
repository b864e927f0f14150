/**
 * Travel insurance bought online: the purchase request (plan, region, cover dates, travellers, contact, how to
 * pay), the policy as the API answers it, and the server's messages (locales/*.json `server` holds their Arabic).
 * Shared by the purchase form (which checks it before sending) and the server.
 */
import * as v from 'valibot';
import { REGIONS, type Region } from './catalogue';
import type { Money } from './money';

export const ISM = {
  noDocumentYet: 'The policy document is issued once the policy is paid.',
  plan: 'Choose a plan.',
  region: 'Choose a destination region.',
  date: 'Enter a date as YYYY-MM-DD.',
  startPast: 'The cover cannot start in the past.',
  startTooFar: 'The cover must start within a year.',
  endBeforeStart: 'The cover must end on or after its first day.',
  title: 'Choose a title.',
  firstName: 'Enter the first name as in the passport.',
  lastName: 'Enter the last name as in the passport.',
  dob: 'Enter the date of birth.',
  dobFuture: 'The date of birth must be in the past.',
  passport: 'Enter the passport number (5 to 20 letters or digits).',
  nationality: 'Choose the nationality.',
  travellers: 'Add at least one traveller.',
  tooMany: 'At most 10 travellers per policy.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  paymentMethod: 'Choose card or wallet.',
  planNotFound: 'This plan is not available. Please choose another.',
  notCovered: 'This plan does not cover the destination region.',
  tooLong: 'This plan does not cover a trip this long.',
  tooOld: 'This plan does not cover a traveller of this age.',
  priceChanged: 'The price of this policy has changed. Please review the new total.',
  walletAgentsOnly: 'Only approved agents can pay from the wallet.',
  staffBuy: 'Staff cannot buy insurance for themselves.',
  pendingAgent: 'Your agent account is waiting for approval.',
  idempotencyReuse: 'This Idempotency-Key was used for another policy.',
  idempotencyFormat: 'The Idempotency-Key must be 8 to 100 letters, digits or -_.:',
  notFound: 'Insurance policy not found.',
  lookup: 'Enter the policy number and email.',
  lookupFailed: 'No policy matches this number and email.',
  created: 'Insurance policy created. Please pay to issue it.',
  issued: 'Insurance policy issued.',
  paidAlready: 'This policy is already paid.',
  notPayable: 'This policy is no longer waiting for payment.',
  holdExpired: 'The time to pay for this policy has run out.',
} as const;

export const POLICY_STATUSES = ['pending_payment', 'issued', 'canceled', 'expired'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const POLICY_PAYMENT_METHODS = ['card', 'wallet'] as const;
export const POLICY_TITLES = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'] as const;
export const POLICY_LIMITS = { maxTravellers: 10 } as const;

const date = (message: string = ISM.date) => v.pipe(v.string(message), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, message));
// The pattern refuses an empty name too: one message, not two.
const name = (message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(60, message), v.regex(/^[\p{L}][\p{L} '.-]*$/u, message));

export const PolicyTravellerInput = v.object({
  title: v.picklist(POLICY_TITLES, ISM.title),
  first_name: name(ISM.firstName),
  last_name: name(ISM.lastName),
  date_of_birth: date(ISM.dob),
  passport_number: v.pipe(v.string(ISM.passport), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/, ISM.passport)),
  nationality: v.pipe(v.string(ISM.nationality), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, ISM.nationality)),
});
export type PolicyTravellerInput = v.InferOutput<typeof PolicyTravellerInput>;

export const InsurancePolicyInput = v.object({
  plan_id: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))], ISM.plan), v.integer(ISM.plan), v.minValue(1, ISM.plan)),
  region: v.picklist(REGIONS, ISM.region),
  start_date: date(),
  end_date: date(),
  travellers: v.pipe(v.array(PolicyTravellerInput, ISM.travellers), v.minLength(1, ISM.travellers), v.maxLength(POLICY_LIMITS.maxTravellers, ISM.tooMany)),
  contact: v.object({
    email: v.pipe(v.string(ISM.email), v.trim(), v.toLowerCase(), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ISM.email), v.maxLength(200, ISM.email)),
    phone: v.pipe(v.string(ISM.phone), v.trim(), v.regex(/^\+?[0-9 ()-]{7,20}$/, ISM.phone)),
  }),
  payment_method: v.picklist(POLICY_PAYMENT_METHODS, ISM.paymentMethod),
  /** The total the client showed; a different server price answers 409 with the new one. */
  expected_total: v.optional(v.nullable(v.string())),
  locale: v.optional(v.picklist(['en', 'ar'])),
});
export type InsurancePolicyInput = v.InferOutput<typeof InsurancePolicyInput>;

/** Days of cover, both ends included (a policy from the 1st to the 7th covers 7 days). */
export function coverDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOnDay(dob: string, day: string): number {
  const [y1, m1, d1] = dob.split('-').map(Number);
  const [y2, m2, d2] = day.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

/** The date rules that need today: the form shows them before sending, the server answers them as 422. */
export function policyDateErrors(input: { start_date: string; end_date: string; travellers: { date_of_birth: string }[] }, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const maxStart = new Date(Date.parse(`${today}T00:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
  if (input.start_date < today) errors.start_date = ISM.startPast;
  else if (input.start_date > maxStart) errors.start_date = ISM.startTooFar;
  if (input.end_date < input.start_date) errors.end_date = ISM.endBeforeStart;
  input.travellers.forEach((t, i) => { if (t.date_of_birth >= today) errors[`travellers.${i}.date_of_birth`] = ISM.dobFuture; });
  return errors;
}

export interface PolicyTraveller extends PolicyTravellerInput { age: number; premium: Money }

export interface InsurancePolicy {
  id: number;
  /** e.g. "SI-26-000123" */
  policy_number: string;
  status: PolicyStatus;
  plan: { id: number; name: string; name_ar: string | null; coverage: Money; benefits: string[]; benefits_ar?: string[] };
  region: Region;
  start_date: string;
  end_date: string;
  days: number;
  travellers: PolicyTraveller[];
  contact: { email: string; phone: string };
  total: Money;
  payment: { method: 'card' | 'wallet'; status: 'pending' | 'paid'; checkout_url?: string | null };
  /** An unpaid policy is kept until then; after it the job expires it. */
  pay_by: string | null;
  agent_id: number | null;
  locale: string;
  created_at: string;
  issued_at: string | null;
}

/** A row of the lists: the policy, with who bought it for the back office. */
export interface InsurancePolicyListRow extends InsurancePolicy {
  buyer: { id: number; name: string; role: string } | null;
}

/** A plan's benefits in the reader's language: the Arabic lines where staff wrote them, else the English ones. */
export const benefitsIn = (p: { benefits: string[]; benefits_ar?: string[] }, lang: string): string[] => (lang === 'ar' && p.benefits_ar?.length ? p.benefits_ar : p.benefits);
