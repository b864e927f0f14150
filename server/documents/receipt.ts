/** A payment receipt, for any product: what was bought, how much, how and when it was paid. */
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';
import { valuesIn } from './values';

export interface ReceiptInput {
  reference: { label: string; value: string };
  item: string;
  amount: string;
  /** What the amount is made of, each part on its line (it adds up to `amount`); the item alone when absent. */
  lines?: { item: string; amount: string }[];
  /** How it was paid, in words ("Card", "JazzCash", "Agent wallet"): a customer's receipt names no provider's id. */
  method: string;
  paidAt: Date;
}

export function receiptModel(r: ReceiptInput, lang: DocLang): DocumentModel {
  const w = words(lang);
  const say = valuesIn(lang);
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
          { label: w.paidOn, value: say.moment(r.paidAt) },
          { label: w.paidBy, value: r.method },
        ],
      },
      { kind: 'table', columns: [w.item, w.amount], widths: [3, 1.2], rows: r.lines ? r.lines.map((l) => [l.item, l.amount]) : [[r.item, r.amount]] },
      { kind: 'totals', rows: [{ label: w.paid, value: r.amount, strong: true }] },
      { kind: 'notes', lines: w.receiptNotes },
    ],
  };
}
