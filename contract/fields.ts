/**
 * The field rules the agent, wallet and traveller forms share (amounts, percentages, dates, ids, free text) and
 * their messages, used by the app's forms and the server alike.
 */
import * as v from 'valibot';
import { idSchema } from './ids';
import { requiredString } from './auth';
import { MAX_AMOUNT_MINOR, parseMinor } from './money';

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


export const idField = idSchema;
export const optionalText = (max = 500) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`))));
