/**
 * An invoice, for any product: who is billed, what for (one line per charge), the total and what is still due.
 * Unlike the receipt it exists from the moment of booking, so an agent can bill its client before paying.
 */
import type { DocLang, DocumentModel } from './model';
import { words } from './strings';
import { valuesIn } from './values';

export interface InvoiceInput {
  number: string;
  booking: { label: string; value: string };
  billedTo: string;
  issuedOn: Date;
  lines: { item: string; amount: string }[];
  total: string;
  /** What was given back of the total (a void, refund or cancel) and what stays paid, after the total. */
  refunds?: { label: string; value: string }[];
  /** Paid: the method in words (and, on staff's copy only, the provider's payment reference); unpaid: nothing, and the total is due. */
  paid: { method: string; ref?: string | null } | null;
  /** Canceled or voided bookings say so on their invoice. */
  status?: string;
  /** Staff's copy only: what the supplier charged in its own currency, the rate it was sold at, the supplier's order. */
  supplier?: { price: string; rate: string; order: string | null };
}

export function invoiceModel(r: InvoiceInput, lang: DocLang): DocumentModel {
  const w = words(lang);
  const say = valuesIn(lang);
  return {
    title: w.invoice,
    subject: `${w.invoice} ${r.number}`,
    reference: { label: w.invoiceNo, value: r.number },
    issuer: w.issuer,
    status: r.status ?? (r.paid ? w.status.paid : w.unpaid),
    footer: w.footer,
    blocks: [
      {
        kind: 'rows', rows: [
          { label: w.billedTo, value: r.billedTo },
          { label: w.issuedOn, value: say.dayOf(r.issuedOn) },
          { label: r.booking.label, value: say.ltr(r.booking.value) },
          { label: w.paidBy, value: r.paid ? (r.paid.ref ? `${r.paid.method} · ${say.ltr(r.paid.ref)}` : r.paid.method) : w.method.hold },
          ...(r.supplier ? [{ label: w.supplierPrice, value: r.supplier.price }, { label: w.soldAtRate, value: r.supplier.rate }] : []),
          ...(r.supplier?.order ? [{ label: w.supplierOrder, value: r.supplier.order }] : []),
        ],
      },
      { kind: 'table', columns: [w.item, w.amount], widths: [3, 1.2], rows: r.lines.map((l) => [l.item, l.amount]) },
      { kind: 'totals', rows: [{ label: w.total, value: r.total, strong: true }, { label: r.paid ? w.paid : w.due, value: r.total }, ...(r.refunds ?? [])] },
      { kind: 'notes', lines: w.invoiceNotes },
    ],
  };
}
