import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bookings } from './bookings';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const STATEMENT_TRANSACTION_TYPES = ['ISSUE', 'REFUND', 'EXCHANGE', 'ADM', 'ACM'] as const;
export const MATCH_STATUSES = ['matched', 'variance', 'unmatched', 'memo'] as const;
export const MEMO_STATES = ['open', 'disputed', 'accepted', 'rejected'] as const;
/** The house accounts a settlement posts to: what the supplier's documents cost us, and what we owe it. */
export const SETTLEMENT_ACCOUNTS = ['supplier_costs', 'supplier_payable'] as const;

/**
 * A supplier statement imported for a period [from, to] (days inclusive). It is stored only once every row is
 * valid; `closed_at` is set when the period's settlement is posted, and a closed period takes no other statement.
 */
export const reconciliationStatements = pgTable(
  'reconciliation_statements',
  {
    id: serial('id').primaryKey(),
    supplier: text('supplier').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    fileName: text('file_name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('reconciliation_statements_period_idx').on(t.supplier, t.periodFrom, t.periodTo)],
);

/** One line of a statement as the supplier billed it, with what we expected for its document and the difference. */
export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id').notNull().references(() => reconciliationStatements.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    documentNumber: text('document_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    passenger: text('passenger').notNull(),
    route: text('route').notNull(),
    fareMinor: bigint('fare_minor', { mode: 'number' }).notNull(),
    taxesMinor: bigint('taxes_minor', { mode: 'number' }).notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    transactionType: text('transaction_type', { enum: STATEMENT_TRANSACTION_TYPES }).notNull(),
    matchStatus: text('match_status', { enum: MATCH_STATUSES }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    pnr: text('pnr'),
    /** Our own net for the document (null when we have none): the variance is net − expected. */
    expectedNetMinor: bigint('expected_net_minor', { mode: 'number' }),
    differenceMinor: bigint('difference_minor', { mode: 'number' }).notNull().default(0),
    /** ADM/ACM lines only: the memo's dispute state. */
    memoState: text('memo_state', { enum: MEMO_STATES }),
    memoNote: text('memo_note'),
  },
  (t) => [uniqueIndex('reconciliation_lines_line_uq').on(t.statementId, t.lineNo), index('reconciliation_lines_status_idx').on(t.statementId, t.matchStatus)],
);

/**
 * The settlement posted when a period is closed: double entry over the house accounts, every statement's
 * entries summing to zero in minor units (a check at close refuses anything else).
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id').notNull().references(() => reconciliationStatements.id, { onDelete: 'restrict' }),
    account: text('account', { enum: SETTLEMENT_ACCOUNTS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('settlement_entries_statement_idx').on(t.statementId)],
);

/**
 * Discrepancies the embedded supplier's console injects into its own statement for a period: an extra ADM/ACM,
 * or a document billed at another net amount. They let the reconciliation flow be tried end to end.
 */
export const supplierStatementAdjustments = pgTable(
  'supplier_statement_adjustments',
  {
    id: serial('id').primaryKey(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['ADM', 'ACM', 'ALTER'] }).notNull(),
    /** ALTER: the document whose net changes; ADM/ACM: the memo's own number. */
    documentNumber: text('document_number').notNull(),
    /** ALTER: added to the line's fare (signed); ADM/ACM: the memo's positive amount. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('supplier_statement_adjustments_amount_ck', sql`${t.kind} = 'ALTER' or ${t.amountMinor} > 0`)],
);
