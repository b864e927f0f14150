/** Deposits (an agent's top-ups and their review) and the banks they are paid into. */
import * as v from 'valibot';
import { requiredString } from './auth';
import type { Money } from './money';
import { amountField, dateField, idField, M, optionalText } from './fields';

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
  /** An uploaded image's name; absent keeps the stored logo, null or "" removes it. */
  logo_file: v.optional(v.pipe(v.nullable(v.string('The logo must be an uploaded image.')), v.transform((s) => (s ? s.trim() : null)),
    v.check((s) => s === null || /^[a-f0-9]{32}\.(jpg|png|webp|gif)$/.test(s), 'The logo must be an uploaded image.'))),
  is_active: v.optional(v.boolean('Choose yes or no.'), true),
});
export type BankInput = v.InferOutput<typeof BankInput>;
export interface Bank { id: number; name: string; account_title: string; account_number: string; iban: string | null; branch: string | null; logo_file: string | null; logo_url: string | null; is_active: boolean }
