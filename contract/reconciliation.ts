/** Reconciliation of supplier statements: the statement's CSV columns, the import, its lines and memos. */
import * as v from 'valibot';
import { dateField } from './fields';
import type { Money } from './money';

/** The columns of a supplier statement CSV, in order, as a BSP or supplier statement names them. */
export const STATEMENT_COLUMNS = ['document_number', 'issue_date', 'passenger', 'route', 'fare', 'taxes', 'commission', 'net', 'currency', 'transaction_type'] as const;
export const TRANSACTION_TYPES = ['ISSUE', 'REFUND', 'EXCHANGE', 'ADM', 'ACM'] as const;
export type StatementTransactionType = (typeof TRANSACTION_TYPES)[number];
export const MATCH_STATUSES = ['matched', 'variance', 'unmatched', 'memo'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MEMO_STATES = ['open', 'disputed', 'accepted', 'rejected'] as const;
export type MemoState = (typeof MEMO_STATES)[number];
/** Where a memo may go from each state: a dispute is answered by accepting or rejecting it. */
export const MEMO_MOVES: Record<MemoState, readonly MemoState[]> = { open: ['disputed', 'accepted'], disputed: ['accepted', 'rejected'], accepted: [], rejected: [] };
/** The longest period one statement may cover (a settlement period is at most a month or so). */
export const MAX_PERIOD_DAYS = 92;

export const PeriodQuery = v.pipe(
  v.object({ from: dateField('Choose the first day of the period.'), to: dateField('Choose the last day of the period.') }),
  v.forward(v.check((p) => p.from <= p.to, 'The period ends before it starts.'), ['to']),
  v.forward(v.check((p) => Date.parse(p.to) - Date.parse(p.from) <= MAX_PERIOD_DAYS * 86_400_000, `A period is at most ${MAX_PERIOD_DAYS} days.`), ['to']),
);
export type PeriodQuery = v.InferOutput<typeof PeriodQuery>;

const reason = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'At most 200 characters.')), '');
const DiscrepancyFields = v.object({
  from: dateField('Choose the first day of the period.'),
  to: dateField('Choose the last day of the period.'),
  kind: v.picklist(['ADM', 'ACM', 'ALTER'], 'Choose ADM, ACM or ALTER.'),
  /** ADM/ACM: the memo's amount; ALTER: added to the document's fare (negative bills less). */
  amount: v.pipe(v.string('Enter an amount.'), v.trim(), v.regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'Enter an amount like 1500 or -250.50.')),
  document_number: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'At most 40 characters.')), ''),
  reason,
});

/** A discrepancy the supplier console adds to its own statement of a period: an ADM/ACM, or a document's amount altered. */
export const DiscrepancyInput = v.pipe(
  DiscrepancyFields,
  v.forward(v.check((p) => p.from <= p.to, 'The period ends before it starts.'), ['to']),
  v.forward(v.check((p) => p.kind === 'ALTER' ? Number(p.amount) !== 0 : Number(p.amount) > 0, 'Enter an amount above zero (ALTER: any but zero).'), ['amount']),
  v.forward(v.check((p) => p.kind !== 'ALTER' || p.document_number !== '', 'Enter the document number to alter.'), ['document_number']),
);
export type DiscrepancyInput = v.InferOutput<typeof DiscrepancyInput>;

export const MemoInput = v.object({
  state: v.picklist(MEMO_STATES, 'Choose open, disputed, accepted or rejected.'),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300, 'At most 300 characters.')), ''),
});
export type MemoInput = v.InferOutput<typeof MemoInput>;

export const EXPORT_KINDS = ['matched', 'unmatched', 'variances', 'not_billed'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface StatementLine {
  id: number;
  line: number;
  document_number: string;
  issue_date: string;
  passenger: string;
  route: string;
  fare: Money;
  taxes: Money;
  commission: Money;
  net: Money;
  transaction_type: StatementTransactionType;
  match_status: MatchStatus;
  booking: { id: number; pnr: string } | null;
  expected_net: Money | null;
  /** What the supplier billed less what we expected (positive: billed more). */
  difference: Money;
  memo: { state: MemoState; note: string | null; moves: MemoState[] } | null;
}

export interface StatementSummary {
  id: number;
  period: { from: string; to: string };
  currency: string;
  file_name: string;
  lines: number;
  matched: number;
  variances: number;
  unmatched: number;
  memos: number;
  /** The net the supplier billed (documents and accepted or open memos). */
  total_net: Money;
  created_at: string;
  closed_at: string | null;
}

/** A document we sold in the period that no line of the statement bills: a ticket the supplier left out. */
export interface NotBilledDocument {
  document_number: string;
  issue_date: string;
  passenger: string;
  route: string;
  transaction_type: StatementTransactionType;
  net: Money;
  booking: { id: number; pnr: string };
}

export interface StatementDetail extends StatementSummary {
  items: StatementLine[];
  not_billed: NotBilledDocument[];
  /** The settlement entries, once closed: they sum to zero. */
  settlement: { account: string; amount: Money; description: string }[];
}

/** The answer to an import: `lines` read, `matched` automatically, `variances` found. */
export interface ImportResult { id: number; lines: number; matched: number; variances: number; unmatched: number; memos: number }
