/**
 * A document as data: every PDF Safar hands out (e-ticket, voucher, receipt, and later policies) is a builder
 * that fills this in, already in the reader's language, and one renderer (render.ts) draws it. Adding a document
 * is writing a builder, never drawing.
 */
export type DocLang = 'en' | 'ar';

export interface DocRow { label: string; value: string }

export type DocBlock =
  /** Label/value pairs laid out in a grid (two pairs a line). */
  | { kind: 'rows'; title?: string; rows: DocRow[] }
  /** A table; `widths` are shares of the line (default equal). */
  | { kind: 'table'; title?: string; columns: string[]; widths?: number[]; rows: string[][] }
  /** Amounts, aligned to the end; the last one is the total when `strong`. */
  | { kind: 'totals'; title?: string; rows: (DocRow & { strong?: boolean })[] }
  /** Small print: one paragraph per line. */
  | { kind: 'notes'; title?: string; lines: string[] };

export interface DocumentModel {
  /** "E-ticket", "Hotel voucher", "Payment receipt". */
  title: string;
  /** The booking reference the reader quotes, large in the head. */
  reference: DocRow;
  /** Who issues it (name, then address or contact lines). */
  issuer: { name: string; lines: string[] };
  /** A status chip beside the reference ("Ticketed", "Confirmed", "Paid"). */
  status?: string;
  blocks: DocBlock[];
  /** A void or canceled document says so across every page ("VOID"), so it is never taken for a valid one. */
  voidMark?: string;
  /** The last line of every page. */
  footer?: string;
  /** PDF metadata. */
  subject?: string;
}

/** A rendered document ready to send or attach. */
export interface RenderedDocument { filename: string; contentType: 'application/pdf'; content: Buffer }
