/**
 * Agents, deposits, ledger, charges, margins, travellers and banks: request schemas shared by the app's forms
 * and the server, and the response shapes.
 */
import * as v from 'valibot';
import { idSchema } from './ids';
import { requiredString } from './auth';
import type { Money } from './money';
import { MAX_AMOUNT_MINOR, parseMinor } from './money';
import { TITLES, titleAgreesWithGender } from './titles';

export const M = {
  amountRequired: 'Amount is required.',
  amountFormat: 'Enter an amount such as 45250.00.',
  amountPositive: 'The amount must be greater than zero.',
  amountTooLarge: 'The amount is too large.',
  dateRequired: 'Date is required.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  futureDate: 'The date cannot be in the future.',
  bank: 'Choose a bank.',
  method: 'Choose bank or cash.',
  reference: 'Reference is required.',
  status: 'Choose approve or reject.',
  reason: 'Give a reason for the rejection.',
  agent: 'Choose an agent.',
  chargeType: 'Choose a charge type.',
  description: 'Description is required.',
  percent: 'Enter a percentage between 0 and 100.',
  travellerType: 'Choose adult, child or infant.',
  title: 'Title is required.',
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  gender: 'Choose male or female.',
  titleGender: 'The title does not match the gender.',
  dob: 'Date of birth is required.',
  dobPast: 'The date of birth must be in the past.',
  ageADT: 'An adult must be 12 or older.',
  ageCNN: 'A child must be between 2 and 11.',
  ageINF: 'An infant must be under 2.',
  country: 'Choose a country.',
  documentType: 'Choose passport or national ID.',
  documentNo: 'Document number is required.',
  documentFormat: 'Use letters and digits only (5 to 20).',
  expiry: 'Expiry date is required.',
  expired: 'The document has expired.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  bankName: 'Bank name is required.',
  accountTitle: 'Account title is required.',
  accountNumber: 'Account number is required.',
  companyName: 'Company name is required.',
  role: 'Choose a role.',
  userStatus: 'Choose a status.',
} as const;

export { MAX_AMOUNT_MINOR };

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** "45250.00", "45250", 45250 → minor units; messages of M. */
export const amountField = (required = M.amountRequired) =>
  v.pipe(
    v.optional(v.union([v.string(), v.number()], M.amountFormat), ''),
    v.transform((x) => String(x).trim().replace(/,/g, '')),
    v.nonEmpty(required),
    v.transform((s) => parseMinor(s)),
    v.number(M.amountFormat),
    v.minValue(1, M.amountPositive),
    v.maxValue(MAX_AMOUNT_MINOR, M.amountTooLarge),
  );

/** A number as a form or JSON sends it; with a fallback the key may be left out, without one it must be sent. */
const numberish = (message: string, fallback: string | null) =>
  fallback === null ? v.union([v.string(), v.number()], message) : v.optional(v.union([v.string(), v.number()], message), fallback);

/** Like amountField but zero allowed (margins, fixed charges); an empty value is 0. */
export const nonNegativeAmount = (fallback: string | null = '0') =>
  v.pipe(
    numberish(M.amountFormat, fallback),
    v.transform((x) => (String(x).trim() === '' ? '0' : String(x).trim().replace(/,/g, ''))),
    v.transform((s) => parseMinor(s)),
    v.number(M.amountFormat),
    v.minValue(0, M.amountFormat),
    v.maxValue(MAX_AMOUNT_MINOR, M.amountTooLarge),
  );

/** "12.5" → 1250 basis points; an empty value is 0. */
export const percentField = (fallback: string | null = '0') =>
  v.pipe(
    numberish(M.percent, fallback),
    v.transform((x) => (String(x).trim() === '' ? '0' : String(x).trim())),
    v.regex(/^\d{1,3}(\.\d{1,2})?$/, M.percent),
    v.transform((s) => Math.round(Number(s) * 100)),
    v.maxValue(10_000, M.percent),
  );

export const dateField = (required: string = M.dateRequired) =>
  v.pipe(requiredString(required), v.regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat), v.check(isRealDate, M.dateFormat));

const idField = idSchema;
const optionalText = (max = 500) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`))));

// ---- deposits --------------------------------------------------------------------------------------------

export const DepositInput = v.pipe(
  v.object({
    method: v.optional(v.picklist(['bank', 'cash'], M.method), 'bank'),
    bank_id: v.optional(v.nullable(v.union([idField(M.bank), v.literal('')]))),
    amount: amountField(),
    deposit_date: dateField(),
    reference: v.pipe(requiredString(M.reference), v.maxLength(100, 'At most 100 characters.')),
    receipt_file: optionalText(200),
    note: optionalText(500),
  }),
  v.forward(
    v.partialCheck([['method'], ['bank_id']], (i) => i.method === 'cash' || (typeof i.bank_id === 'number' && i.bank_id > 0), M.bank),
    ['bank_id'],
  ),
);
export type DepositInput = v.InferOutput<typeof DepositInput>;

export const DepositStatusInput = v.pipe(
  v.object({
    status: v.picklist(['approved', 'rejected'], M.status),
    reason: optionalText(500),
  }),
  v.forward(v.partialCheck([['status'], ['reason']], (i) => i.status !== 'rejected' || !!i.reason?.trim(), M.reason), ['reason']),
);
export type DepositStatusInput = v.InferOutput<typeof DepositStatusInput>;

export type DepositStatus = 'pending' | 'approved' | 'rejected';
export interface AgentSummary { id: number; name: string; email: string; agent_code: string | null; company_name: string | null }
export interface Deposit {
  id: number;
  agent_id: number;
  agent?: AgentSummary;
  method: 'bank' | 'cash';
  bank_id: number | null;
  bank_name: string | null;
  amount: Money;
  deposit_date: string;
  reference: string;
  receipt_file: string | null;
  note: string | null;
  status: DepositStatus;
  rejection_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_at: string;
}

// ---- banks ----------------------------------------------------------------------------------------------

export const BankInput = v.object({
  name: v.pipe(requiredString(M.bankName), v.maxLength(120, 'At most 120 characters.')),
  account_title: v.pipe(requiredString(M.accountTitle), v.maxLength(120, 'At most 120 characters.')),
  account_number: v.pipe(requiredString(M.accountNumber), v.regex(/^[0-9A-Za-z -]{4,34}$/, 'Use 4 to 34 letters, digits, spaces or dashes.')),
  iban: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^$|^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,30}$/, 'Enter a valid IBAN.')))),
  branch: optionalText(120),
  is_active: v.optional(v.boolean('Choose yes or no.'), true),
});
export type BankInput = v.InferOutput<typeof BankInput>;
export interface Bank { id: number; name: string; account_title: string; account_number: string; iban: string | null; branch: string | null; is_active: boolean }

// ---- ledger and charges ---------------------------------------------------------------------------------

export const CHARGE_TYPES = ['charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CREDIT_CHARGES: readonly ChargeType[] = ['refund', 'void'];

export const ChargeInput = v.object({
  agent_id: idField(M.agent),
  type: v.picklist(CHARGE_TYPES, M.chargeType),
  amount: amountField(),
  description: v.pipe(requiredString(M.description), v.maxLength(300, 'At most 300 characters.')),
  booking_reference: optionalText(40),
});
export type ChargeInput = v.InferOutput<typeof ChargeInput>;

export interface Charge {
  id: number;
  agent_id: number;
  agent?: AgentSummary;
  type: ChargeType;
  direction: 'debit' | 'credit';
  amount: Money;
  description: string;
  booking_reference: string | null;
  transaction_id: number | null;
  /** A charge the system posted (a date change): its parts, which the app words; null for one staff typed. */
  parts: { fare_difference: Money; change_fee: Money; service_charge: Money } | null;
  created_by: number | null;
  created_at: string;
}

export const LEDGER_TYPES = ['deposit', 'booking', 'direct_booking', 'charge', 'ok_to_board', 're_issue', 'umrah', 'visa', 'refund', 'void', 'adjustment'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** A ledger transaction as accounts staff list it: the wallet side says whether the agent was credited or debited. */
export interface LedgerTransaction {
  id: number;
  agent_id: number;
  agent?: AgentSummary;
  type: LedgerType;
  reference: string;
  /** As posted, in English; the app words a known subject itself. */
  description: string;
  subject: LedgerSubject | null;
  direction: 'credit' | 'debit';
  amount: Money;
  created_by: number | null;
  created_at: string;
}

export const StatementQuery = v.object({
  from: v.optional(v.union([v.literal(''), dateField()])),
  to: v.optional(v.union([v.literal(''), dateField()])),
  agent_id: v.optional(idField(M.agent)),
});

/** What a ledger transaction is about, for words in the reader's language (null: only its description says). */
export type LedgerSubject =
  /** multi_city_route: a multi-city trip's airports in order (absent or null for one-way and return trips). */
  | { kind: 'flight'; pnr: string; origin: string; destination: string; date: string; multi_city_route?: string[] | null }
  | { kind: 'hotel'; reference: string; hotel: string; city: string; check_in: string; check_out: string }
  | { kind: 'deposit'; reference: string; bank: string | null; method: 'bank' | 'cash' }
  | { kind: 'charge'; charge_type: string; booking_reference: string | null }
  /** A package, a visa application or an insurance policy: its title in both languages and its first day. */
  | { kind: 'package' | 'visa' | 'insurance'; reference: string; title: string; title_ar: string | null; date: string }
  | { kind: 'opening' };

export interface StatementRow {
  id: number;
  transaction_id: number;
  date: string;
  type: LedgerType;
  reference: string;
  /** As posted, in English: the words of a staff adjustment or charge; the app words known subjects itself. */
  description: string;
  subject: LedgerSubject | null;
  debit: Money;
  credit: Money;
  balance: Money;
}
export interface Statement {
  agent: AgentSummary;
  from: string | null;
  to: string | null;
  opening_balance: Money;
  closing_balance: Money;
  total_debit: Money;
  total_credit: Money;
  rows: StatementRow[];
}

/** Manual adjustment by accounts (POST /transactions): a credit or debit with a reason. */
export const TransactionInput = v.object({
  agent_id: idField(M.agent),
  direction: v.picklist(['credit', 'debit'], 'Choose credit or debit.'),
  amount: amountField(),
  description: v.pipe(requiredString(M.description), v.maxLength(300, 'At most 300 characters.')),
});
export type TransactionInput = v.InferOutput<typeof TransactionInput>;
export const TransactionUpdateInput = v.object({
  description: v.pipe(requiredString(M.description), v.maxLength(300, 'At most 300 characters.')),
});

// ---- margins --------------------------------------------------------------------------------------------

export const CustomerMarginInput = v.object({
  // All three must be sent (the screen always does): a body naming none of them is not an order to zero them.
  discount_percent: percentField(null),
  margin_percent: percentField(null),
  other_charges: nonNegativeAmount(null),
});
export type CustomerMarginInput = v.InferOutput<typeof CustomerMarginInput>;
export interface CustomerMargin { discount_percent: string; margin_percent: string; other_charges: Money; updated_at: string | null }

export const AgentMarginInput = v.object({
  agent_id: idField(M.agent),
  markup_per_pax: nonNegativeAmount(),
  discount_per_pax: nonNegativeAmount(),
});
export type AgentMarginInput = v.InferOutput<typeof AgentMarginInput>;
export interface AgentMargin { agent_id: number; markup_per_pax: Money; discount_per_pax: Money; own_markup: Money }

/** Basis points → "12.5" */
export const bpToPercent = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

// ---- travellers -----------------------------------------------------------------------------------------

export const TRAVELLER_TYPES = ['ADT', 'CNN', 'INF'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];
// The title rules live in titles.ts; the traveller schemas below use them.
export { agreeTitleAndGender, genderOfTitle, titleAgreesWithGender, titleChoices, TITLES, type Title } from './titles';

const countryCode = v.pipe(requiredString(M.country), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, M.country));

/** The fields of a saved traveller; a passenger is the same without email and phone. */
export const travellerEntries = {
  type: v.picklist(TRAVELLER_TYPES, M.travellerType),
  title: v.pipe(requiredString(M.title), v.picklist(TITLES, M.title)),
  first_name: v.pipe(requiredString(M.firstName), v.maxLength(60, 'At most 60 characters.'), v.regex(/^[\p{L} '.-]+$/u, 'Use letters only.')),
  last_name: v.pipe(requiredString(M.lastName), v.maxLength(60, 'At most 60 characters.'), v.regex(/^[\p{L} '.-]+$/u, 'Use letters only.')),
  gender: v.picklist(['M', 'F'], M.gender),
  dob: dateField(M.dob),
  nationality: countryCode,
  document_type: v.optional(v.picklist(['passport', 'national_id'], M.documentType), 'passport'),
  document_no: v.pipe(requiredString(M.documentNo), v.toUpperCase(), v.regex(/^[A-Z0-9]{5,20}$/, M.documentFormat)),
  expiry_date: dateField(M.expiry),
  issue_country: countryCode,
  email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(190, 'At most 190 characters.'), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), M.email)))),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^\+?[0-9 ()-]{7,20}$/.test(s), M.phone)))),
};

export const TravellerInput = v.pipe(v.object(travellerEntries), v.forward(v.check((i) => titleAgreesWithGender(i), M.titleGender), ['title']));
export type TravellerInput = v.InferOutput<typeof TravellerInput>;
export interface Traveller extends Omit<TravellerInput, 'email' | 'phone'> { id: number; number: string; email: string | null; phone: string | null; created_at: string }

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dob: string, day: string): number {
  const [y1, m1, d1] = dob.split('-').map(Number);
  const [y2, m2, d2] = day.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

/** Rules that need today: age fits the type, birth in the past, document valid. Field → message. */
export function travellerDateErrors(t: Pick<TravellerInput, 'type' | 'dob' | 'expiry_date'>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (t.dob >= today) errors.dob = M.dobPast;
  else {
    const age = ageOn(t.dob, today);
    if (t.type === 'ADT' && age < 12) errors.dob = M.ageADT;
    if (t.type === 'CNN' && (age < 2 || age > 11)) errors.dob = M.ageCNN;
    if (t.type === 'INF' && age >= 2) errors.dob = M.ageINF;
  }
  if (t.expiry_date <= today) errors.expiry_date = M.expired;
  return errors;
}

// ---- agents and users -----------------------------------------------------------------------------------

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
