/** A payment receipt, for any product: what was bought, how much, how and when it was paid. */
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';

export interface ReceiptInput {
  reference: { label: string; value: string };
  item: string;
  amount: string;
  method: string;
  paidAt: Date;
  paymentRef?: string | null;
}

export function receiptModel(r: ReceiptInput, lang: DocLang): DocumentModel {
  const w = words(lang);
  return {
    title: w.receipt,
    subject: `${w.receipt} ${r.reference.value}`,
    reference: r.reference,
    issuer: w.issuer,
    status: w.status.paid ?? undefined,
    footer: w.footer,
    blocks: [
      {
        kind: 'rows', rows: [
          { label: w.paidOn, value: `${r.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` },
          { label: w.paidBy, value: r.paymentRef ? `${r.method} · ${r.paymentRef}` : r.method },
        ],
      },
      { kind: 'table', columns: [w.item, w.amount], widths: [3, 1.2], rows: [[r.item, r.amount]] },
      { kind: 'totals', rows: [{ label: w.paid, value: r.amount, strong: true }] },
      { kind: 'notes', lines: w.receiptNotes },
    ],
  };
}
