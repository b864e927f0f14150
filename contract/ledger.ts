/** The agent's wallet ledger: other charges, transactions, the statement and accounts' manual adjustments. */
import * as v from 'valibot';
import { requiredString } from './auth';
import type { Money } from './money';
import { amountField, dateField, idField, M, optionalText } from './fields';
import type { AgentSummary } from './deposits';

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
  /** hotel_ar, city_ar: the Arabic names where known (null: read the English). */
  | { kind: 'hotel'; reference: string; hotel: string; hotel_ar: string | null; city: string; city_ar: string | null; check_in: string; check_out: string }
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
