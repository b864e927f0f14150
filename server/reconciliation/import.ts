/**
 * Importing a supplier statement: every row is read and checked first (columns, values, net = fare + taxes −
 * commission, one currency, each document once per type, inside the period, the period not closed); any problem
 * answers 422 with each row's problems under its line number and stores nothing. A valid statement is stored with
 * each line matched to what we sold (sold.ts) by document number and type:
 *  - matched: we sold that document for the same net;
 *  - variance: we sold it for another net (the difference is what was billed less what we expected);
 *  - unmatched: we have no such document, in the period or any other;
 *  - memo: ADM/ACM lines, debit and credit memos, open for dispute.
 */
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { ImportResult, MatchStatus } from '../../contract/reconciliation';
import { DEFAULT_CURRENCY } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { reconciliationLines, reconciliationStatements } from '../db/schema';
import { validationError } from '../http/errors';
import { isHeader, parseRecord, splitCsv, type ParsedLine } from './csv';
import { documentKey, soldDocuments, STATEMENT_SUPPLIER, type Period, type SoldDocument } from './sold';

/** The most rows one statement may have (a month of a busy agency is far below it). */
export const MAX_STATEMENT_LINES = 20_000;

/** Closed statements whose period overlaps this one. */
export async function closedOverlapping(db: DbOrTx, p: Period) {
  return db.select({ id: reconciliationStatements.id, from: reconciliationStatements.periodFrom, to: reconciliationStatements.periodTo })
    .from(reconciliationStatements)
    .where(and(eq(reconciliationStatements.supplier, STATEMENT_SUPPLIER), isNotNull(reconciliationStatements.closedAt), lte(reconciliationStatements.periodFrom, p.to), gte(reconciliationStatements.periodTo, p.from)));
}

/** Reads and checks every row; throws 422 listing each row's problems. */
export async function readStatement(db: DbOrTx, text: string, p: Period): Promise<ParsedLine[]> {
  const errors: Record<string, string[]> = {};
  const closed = await closedOverlapping(db, p);
  if (closed.length) errors.from = [`The period ${closed[0].from} to ${closed[0].to} is already closed; a statement for it cannot be imported.`];
  const records = splitCsv(text);
  if (records.length && isHeader(records[0].fields)) records.shift();
  if (records.length === 0) errors.file = ['The file has no statement lines.'];
  if (records.length > MAX_STATEMENT_LINES) errors.file = [`A statement has at most ${MAX_STATEMENT_LINES} lines.`];
  const lines: ParsedLine[] = [];
  const seen = new Map<string, number>();
  for (const r of records.slice(0, MAX_STATEMENT_LINES)) {
    const parsed = parseRecord(r.line, r.fields);
    if ('problems' in parsed) { errors[`line_${r.line}`] = parsed.problems; continue; }
    const l = parsed.ok;
    const problems: string[] = [];
    if (l.currency !== DEFAULT_CURRENCY) problems.push(`Line ${l.line}: the currency ${l.currency} is not the statement's ${DEFAULT_CURRENCY}.`);
    if (l.issueDate < p.from || l.issueDate > p.to) problems.push(`Line ${l.line}: the issue date ${l.issueDate} is outside the period ${p.from} to ${p.to}.`);
    const key = documentKey(l.documentNumber, l.type);
    const first = seen.get(key);
    if (first !== undefined) problems.push(`Line ${l.line}: document ${l.documentNumber} (${l.type}) is already on line ${first}.`);
    else seen.set(key, l.line);
    for (const [closedFrom, closedTo] of closed.map((c) => [c.from, c.to])) {
      if (l.issueDate >= closedFrom && l.issueDate <= closedTo) { problems.push(`Line ${l.line}: ${l.issueDate} falls in the closed period ${closedFrom} to ${closedTo}.`); break; }
    }
    if (problems.length) errors[`line_${l.line}`] = problems;
    else lines.push(l);
  }
  if (Object.keys(errors).length) {
    const rows = Object.keys(errors).filter((k) => k.startsWith('line_')).length;
    const message = rows === 1 ? 'One line of the statement cannot be read; nothing was imported.' : rows ? `${rows} lines of the statement cannot be read; nothing was imported.` : undefined;
    throw validationError(errors, message);
  }
  return lines;
}

interface Match { status: MatchStatus; doc: SoldDocument | null; difference: number }

/** Matches each line to a document we sold; each of our documents answers one line at most. */
export async function matchLines(db: DbOrTx, lines: ParsedLine[], p: Period): Promise<Match[]> {
  const byKey = (docs: SoldDocument[]) => new Map(docs.map((d) => [documentKey(d.documentNumber, d.type), d]));
  const inPeriod = byKey(await soldDocuments(db, p));
  let anyPeriod: Map<string, SoldDocument> | null = null;
  const taken = new Set<string>();
  const out: Match[] = [];
  for (const l of lines) {
    if (l.type === 'ADM' || l.type === 'ACM') { out.push({ status: 'memo', doc: null, difference: 0 }); continue; }
    const key = documentKey(l.documentNumber, l.type);
    let doc = inPeriod.get(key) ?? null;
    if (!doc) {
      // Billed in this period for a document we recorded in another (a late or early posting).
      anyPeriod ??= byKey(await soldDocuments(db, null));
      doc = anyPeriod.get(key) ?? null;
    }
    if (!doc || taken.has(key)) { out.push({ status: 'unmatched', doc: null, difference: l.netMinor }); continue; }
    taken.add(key);
    const difference = l.netMinor - doc.netMinor;
    out.push({ status: difference === 0 ? 'matched' : 'variance', doc, difference });
  }
  return out;
}

export async function importStatement(ctx: AppContext, user: SessionUser, text: string, fileName: string, p: Period): Promise<ImportResult> {
  const lines = await readStatement(ctx.db, text, p);
  const matches = await matchLines(ctx.db, lines, p);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reconciliation:${STATEMENT_SUPPLIER}`}))`);
    // A close may have won meanwhile: the period is read again under the lock that close takes.
    const closed = await closedOverlapping(tx, p);
    if (closed.length) throw validationError({ from: [`The period ${closed[0].from} to ${closed[0].to} is already closed; a statement for it cannot be imported.`] });
    const [s] = await tx.insert(reconciliationStatements).values({
      supplier: STATEMENT_SUPPLIER, periodFrom: p.from, periodTo: p.to, currency: DEFAULT_CURRENCY, fileName: fileName.slice(0, 200), createdBy: user.id, createdAt: ctx.now(),
    }).returning({ id: reconciliationStatements.id });
    const rows = lines.map((l, i) => ({
      statementId: s.id, lineNo: l.line, documentNumber: l.documentNumber, issueDate: l.issueDate, passenger: l.passenger, route: l.route,
      fareMinor: l.fareMinor, taxesMinor: l.taxesMinor, commissionMinor: l.commissionMinor, netMinor: l.netMinor, transactionType: l.type,
      matchStatus: matches[i].status, bookingId: matches[i].doc?.bookingId ?? null, pnr: matches[i].doc?.pnr ?? null,
      expectedNetMinor: matches[i].doc?.netMinor ?? null, differenceMinor: matches[i].difference, memoState: matches[i].status === 'memo' ? ('open' as const) : null,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(reconciliationLines).values(rows.slice(i, i + 500));
    const count = (st: MatchStatus) => matches.filter((m) => m.status === st).length;
    return { id: s.id, lines: lines.length, matched: count('matched'), variances: count('variance'), unmatched: count('unmatched'), memos: count('memo') };
  });
}
