/**
 * The embedded supplier's own statement of a period, as it would send it: what we sold through it (sold.ts), with
 * the discrepancies its console injected for that period — an ADM (it bills us more) or ACM (it credits us), each
 * a line of its own, or one document billed at another fare. Injected discrepancies are stored, so the statement
 * of a period reads the same every time it is asked for.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { STATEMENT_COLUMNS, type DiscrepancyInput } from '../../contract/reconciliation';
import { DEFAULT_CURRENCY, parseMinor, toMoney } from '../../contract/money';
import type { SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { supplierStatementAdjustments } from '../db/schema';
import { soldDocuments, type Period, type SoldDocument } from './sold';
import { decimal, toCsv } from './csv';

/** The discrepancies whose period falls inside this one (a discrepancy of a wider period would be billed twice). */
async function adjustmentsOf(db: DbOrTx, p: Period) {
  return db.select().from(supplierStatementAdjustments)
    .where(and(gte(supplierStatementAdjustments.periodFrom, p.from), lte(supplierStatementAdjustments.periodTo, p.to)))
    .orderBy(asc(supplierStatementAdjustments.id));
}

/** The statement's documents with the period's discrepancies applied. */
export async function supplierStatementLines(db: DbOrTx, p: Period): Promise<SoldDocument[]> {
  const docs = (await soldDocuments(db, p)).map((d) => ({ ...d }));
  for (const a of await adjustmentsOf(db, p)) {
    if (a.kind === 'ALTER') {
      const doc = docs.find((d) => d.documentNumber === a.documentNumber.toUpperCase() && d.type !== 'REFUND') ?? docs.find((d) => d.documentNumber === a.documentNumber.toUpperCase());
      if (doc) { doc.fareMinor += a.amountMinor; doc.netMinor += a.amountMinor; }
      continue;
    }
    const sign = a.kind === 'ADM' ? 1 : -1;
    docs.push({
      documentNumber: `${a.kind}${String(a.id).padStart(6, '0')}`, issueDate: a.periodTo, passenger: '', route: a.reason.slice(0, 60),
      fareMinor: sign * a.amountMinor, taxesMinor: 0, commissionMinor: 0, netMinor: sign * a.amountMinor, currency: DEFAULT_CURRENCY, type: a.kind,
      bookingId: 0, pnr: '',
    });
  }
  return docs;
}

export async function supplierStatementCsv(db: DbOrTx, p: Period): Promise<string> {
  const lines = await supplierStatementLines(db, p);
  return toCsv(STATEMENT_COLUMNS, lines.map((d) => [
    d.documentNumber, d.issueDate, d.passenger, d.route, decimal(d.fareMinor), decimal(d.taxesMinor), decimal(d.commissionMinor), decimal(d.netMinor), d.currency, d.type,
  ]));
}

export async function addDiscrepancy(db: DbOrTx, user: SessionUser, input: DiscrepancyInput) {
  const amountMinor = parseMinor(input.amount)!;
  const [row] = await db.insert(supplierStatementAdjustments).values({
    periodFrom: input.from, periodTo: input.to, kind: input.kind, documentNumber: input.kind === 'ALTER' ? input.document_number.toUpperCase() : '',
    amountMinor, reason: input.reason, createdBy: user.id,
  }).returning();
  return toDiscrepancy(row);
}

export async function listDiscrepancies(db: DbOrTx, p: Period) {
  return (await adjustmentsOf(db, p)).map(toDiscrepancy);
}

export async function removeDiscrepancy(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(supplierStatementAdjustments).where(eq(supplierStatementAdjustments.id, id)).returning({ id: supplierStatementAdjustments.id });
  return rows.length > 0;
}

const toDiscrepancy = (a: typeof supplierStatementAdjustments.$inferSelect) => ({
  id: a.id, period: { from: a.periodFrom, to: a.periodTo }, kind: a.kind, document_number: a.documentNumber || null,
  amount: toMoney(a.amountMinor, DEFAULT_CURRENCY), reason: a.reason, created_at: a.createdAt.toISOString(),
});
