/**
 * Reading statements, moving memos through their dispute, exporting lines and closing the period.
 *
 * Closing posts the settlement: every document line and every memo still owed (open or accepted; a disputed or
 * rejected memo is not paid) is a cost, by transaction type, against one amount owed to the supplier. The entries
 * sum to zero in minor units or nothing is posted. A period closes once: a second close, or a close of a
 * statement whose period overlaps a closed one, is 409.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { MEMO_MOVES, type ExportKind, type MemoInput, type MemoState, type NotBilledDocument, type StatementDetail, type StatementLine, type StatementSummary } from '../../contract/reconciliation';
import { toMoney } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { reconciliationLines, reconciliationStatements, settlementEntries } from '../db/schema';
import { conflict, notFound, validationError } from '../http/errors';
import { decimal, toCsv } from './csv';
import { closedOverlapping } from './import';
import { documentKey, soldDocuments, STATEMENT_SUPPLIER } from './sold';

type StatementRow = typeof reconciliationStatements.$inferSelect;
type LineRow = typeof reconciliationLines.$inferSelect;

const OWED_MEMO: readonly (MemoState | null)[] = ['open', 'accepted'];
/** Lines the settlement pays: every document, and the memos not disputed or rejected. */
const isOwed = (l: LineRow) => l.matchStatus !== 'memo' || OWED_MEMO.includes(l.memoState);

export const RECONCILIATION = {
  notFound: 'Statement not found.',
  lineNotFound: 'Statement line not found.',
  closed: 'This period is closed; its statement cannot change.',
  alreadyClosed: 'This statement is already closed.',
  notMemo: 'Only an ADM or ACM line has a dispute state.',
};

function summary(s: StatementRow, lines: LineRow[]): StatementSummary {
  const count = (st: LineRow['matchStatus']) => lines.filter((l) => l.matchStatus === st).length;
  return {
    id: s.id, period: { from: s.periodFrom, to: s.periodTo }, currency: s.currency, file_name: s.fileName, lines: lines.length,
    matched: count('matched'), variances: count('variance'), unmatched: count('unmatched'), memos: count('memo'),
    total_net: toMoney(lines.filter(isOwed).reduce((t, l) => t + l.netMinor, 0), s.currency),
    created_at: s.createdAt.toISOString(), closed_at: s.closedAt?.toISOString() ?? null,
  };
}

function toLine(l: LineRow, currency: string, closed: boolean): StatementLine {
  const m = (minor: number) => toMoney(minor, currency);
  return {
    id: l.id, line: l.lineNo, document_number: l.documentNumber, issue_date: l.issueDate, passenger: l.passenger, route: l.route,
    fare: m(l.fareMinor), taxes: m(l.taxesMinor), commission: m(l.commissionMinor), net: m(l.netMinor), transaction_type: l.transactionType,
    match_status: l.matchStatus, booking: l.bookingId && l.pnr ? { id: l.bookingId, pnr: l.pnr } : null,
    expected_net: l.expectedNetMinor === null ? null : m(l.expectedNetMinor), difference: m(l.differenceMinor),
    memo: l.memoState ? { state: l.memoState, note: l.memoNote, moves: closed ? [] : [...MEMO_MOVES[l.memoState]] } : null,
  };
}

async function statementOf(db: DbOrTx, id: number, lock = false): Promise<StatementRow> {
  const q = db.select().from(reconciliationStatements).where(eq(reconciliationStatements.id, id)).limit(1);
  const [s] = lock ? await q.for('update') : await q;
  if (!s) throw notFound(RECONCILIATION.notFound);
  return s;
}

const linesOf = (db: DbOrTx, id: number) => db.select().from(reconciliationLines).where(eq(reconciliationLines.statementId, id)).orderBy(asc(reconciliationLines.lineNo));

export async function listStatements(db: DbOrTx): Promise<StatementSummary[]> {
  const rows = await db.select().from(reconciliationStatements).orderBy(desc(reconciliationStatements.periodFrom), desc(reconciliationStatements.id)).limit(200);
  if (!rows.length) return [];
  const lines = await db.select().from(reconciliationLines).where(inArray(reconciliationLines.statementId, rows.map((r) => r.id)));
  return rows.map((s) => summary(s, lines.filter((l) => l.statementId === s.id)));
}

/** What we sold in the statement's period that none of its lines bills (read now: a late ticket shows too). */
async function notBilled(db: DbOrTx, s: StatementRow, lines: LineRow[]): Promise<NotBilledDocument[]> {
  const billed = new Set(lines.filter((l) => l.bookingId !== null).map((l) => documentKey(l.documentNumber, l.transactionType)));
  return (await soldDocuments(db, { from: s.periodFrom, to: s.periodTo }))
    .filter((d) => !billed.has(documentKey(d.documentNumber, d.type)))
    .map((d) => ({
      document_number: d.documentNumber, issue_date: d.issueDate, passenger: d.passenger, route: d.route, transaction_type: d.type,
      net: toMoney(d.netMinor, s.currency), booking: { id: d.bookingId, pnr: d.pnr },
    }));
}

export async function statementDetail(db: DbOrTx, id: number): Promise<StatementDetail> {
  const s = await statementOf(db, id);
  const lines = await linesOf(db, id);
  const entries = await db.select().from(settlementEntries).where(eq(settlementEntries.statementId, id)).orderBy(asc(settlementEntries.id));
  return {
    ...summary(s, lines),
    items: lines.map((l) => toLine(l, s.currency, !!s.closedAt)),
    not_billed: await notBilled(db, s, lines),
    settlement: entries.map((e) => ({ account: e.account, amount: toMoney(e.amountMinor, e.currency), description: e.description })),
  };
}

export async function setMemoState(ctx: AppContext, statementId: number, lineId: number, input: MemoInput): Promise<StatementLine> {
  return ctx.db.transaction(async (tx) => {
    const s = await statementOf(tx, statementId, true);
    const [l] = await tx.select().from(reconciliationLines).where(and(eq(reconciliationLines.id, lineId), eq(reconciliationLines.statementId, statementId))).limit(1);
    if (!l) throw notFound(RECONCILIATION.lineNotFound);
    if (!l.memoState) throw validationError({ state: [RECONCILIATION.notMemo] });
    if (s.closedAt) throw conflict(RECONCILIATION.closed);
    if (!MEMO_MOVES[l.memoState].includes(input.state)) {
      throw validationError({ state: [`A memo that is ${l.memoState} cannot become ${input.state}.`] });
    }
    const [row] = await tx.update(reconciliationLines).set({ memoState: input.state, memoNote: input.note || l.memoNote }).where(eq(reconciliationLines.id, l.id)).returning();
    return toLine(row, s.currency, false);
  });
}

const EXPORT_STATUS: Record<Exclude<ExportKind, 'not_billed'>, LineRow['matchStatus'][]> = { matched: ['matched'], unmatched: ['unmatched'], variances: ['variance'] };
const NOT_BILLED_COLUMNS = ['document_number', 'issue_date', 'passenger', 'route', 'transaction_type', 'net', 'currency', 'pnr'] as const;
const EXPORT_COLUMNS = ['line', 'document_number', 'issue_date', 'passenger', 'route', 'transaction_type', 'net', 'expected_net', 'difference', 'currency', 'pnr', 'match_status'] as const;

export async function exportLines(db: DbOrTx, id: number, kind: ExportKind): Promise<{ csv: string; fileName: string }> {
  const s = await statementOf(db, id);
  const fileName = `statement-${s.id}-${s.periodFrom}-${s.periodTo}-${kind}.csv`;
  if (kind === 'not_billed') {
    const docs = await notBilled(db, s, await linesOf(db, id));
    return { fileName, csv: toCsv(NOT_BILLED_COLUMNS, docs.map((d) => [d.document_number, d.issue_date, d.passenger, d.route, d.transaction_type, d.net.amount, s.currency, d.booking.pnr])) };
  }
  const lines = (await linesOf(db, id)).filter((l) => EXPORT_STATUS[kind].includes(l.matchStatus));
  const csv = toCsv(EXPORT_COLUMNS, lines.map((l) => [
    l.lineNo, l.documentNumber, l.issueDate, l.passenger, l.route, l.transactionType, decimal(l.netMinor),
    l.expectedNetMinor === null ? '' : decimal(l.expectedNetMinor), decimal(l.differenceMinor), s.currency, l.pnr ?? '', l.matchStatus,
  ]));
  return { csv, fileName };
}

/** The settlement entries of a statement: a cost per transaction type and the total owed, summing to zero. */
export function settlementOf(lines: LineRow[]): { account: 'supplier_costs' | 'supplier_payable'; amountMinor: number; description: string }[] {
  const byType = new Map<string, number>();
  for (const l of lines.filter(isOwed)) byType.set(l.transactionType, (byType.get(l.transactionType) ?? 0) + l.netMinor);
  const costs = [...byType].filter(([, n]) => n !== 0).map(([type, n]) => ({ account: 'supplier_costs' as const, amountMinor: n, description: `${type} documents` }));
  const owed = costs.reduce((t, c) => t + c.amountMinor, 0);
  return owed === 0 && costs.length === 0 ? [] : [...costs, { account: 'supplier_payable' as const, amountMinor: -owed, description: 'Owed to the supplier for the period' }];
}

export async function closeStatement(ctx: AppContext, user: SessionUser, id: number): Promise<StatementDetail> {
  await ctx.db.transaction(async (tx) => {
    // The same lock an import takes: a close and an import of an overlapping period never interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reconciliation:${STATEMENT_SUPPLIER}`}))`);
    const s = await statementOf(tx, id, true);
    if (s.closedAt) throw conflict(RECONCILIATION.alreadyClosed);
    const other = await closedOverlapping(tx, { from: s.periodFrom, to: s.periodTo });
    if (other.length) throw conflict(`The period ${other[0].from} to ${other[0].to} is already closed by statement ${other[0].id}.`);
    const entries = settlementOf(await linesOf(tx, id));
    if (entries.reduce((t, e) => t + e.amountMinor, 0) !== 0) throw new Error(`settlement of statement ${id} does not balance`);
    const now = ctx.now();
    if (entries.length) {
      await tx.insert(settlementEntries).values(entries.map((e) => ({ statementId: id, account: e.account, amountMinor: e.amountMinor, currency: s.currency, description: e.description, createdBy: user.id, createdAt: now })));
    }
    await tx.update(reconciliationStatements).set({ closedAt: now, closedBy: user.id }).where(eq(reconciliationStatements.id, id));
  });
  return statementDetail(ctx.db, id);
}
