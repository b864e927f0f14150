/**
 * Statement CSV: written with a header row of the statement columns, amounts as decimals with two places;
 * read leniently about quoting and line ends (RFC 4180 quotes, CRLF or LF) but strictly about every value.
 */
import { STATEMENT_COLUMNS, TRANSACTION_TYPES, type StatementTransactionType } from '../../contract/reconciliation';
import { parseMinor } from '../../contract/money';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** A text value that a spreadsheet would read as a formula is written with a leading apostrophe. */
const safe = (v: string) => (/^[=+@\t\r]/.test(v) || (/^-/.test(v) && !/^-?\d+(\.\d+)?$/.test(v)) ? `'${v}` : v);
export const decimal = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

export function toCsv(header: readonly string[], rows: (string | number)[][]): string {
  return [header.join(','), ...rows.map((r) => r.map((v) => quote(safe(String(v)))).join(','))].join('\r\n') + '\r\n';
}

/** Splits CSV text into records of fields; the record's 1-based line number is where it starts. */
export function splitCsv(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') out.push({ line: start, fields });
    fields = [];
    field = '';
  };
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else { if (ch === '\n') line++; field += ch; }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') { fields.push(field); field = ''; }
    else if (ch === '\r' && s[i + 1] === '\n') continue;
    else if (ch === '\n' || ch === '\r') { end(); line++; start = line; }
    else field += ch;
  }
  if (field !== '' || fields.length) end();
  return out;
}

/** One document as a statement lists it: the statement's columns. */
export interface StatementDocument {
  documentNumber: string;
  issueDate: string;
  passenger: string;
  route: string;
  fareMinor: number;
  taxesMinor: number;
  commissionMinor: number;
  netMinor: number;
  currency: string;
  type: StatementTransactionType;
}

/** A document read from an imported file, with the line it was on. */
export interface ParsedLine extends StatementDocument { line: number }

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const unformula = (s: string) => s.replace(/^'(?=[=+\-@])/, '');

/** Reads one data record; answers the line or the problems with it (in words, for the row's error list). */
export function parseRecord(line: number, fields: string[]): { ok: ParsedLine } | { problems: string[] } {
  if (fields.length !== STATEMENT_COLUMNS.length) return { problems: [`Line ${line}: expected ${STATEMENT_COLUMNS.length} columns, found ${fields.length}.`] };
  const [doc, day, passenger, route, fare, taxes, commission, net, currency, type] = fields.map((f) => unformula(f.trim()));
  const problems: string[] = [];
  if (!/^[A-Za-z0-9-]{1,40}$/.test(doc)) problems.push(`Line ${line}: the document number is missing or not letters and digits.`);
  if (!isDay(day)) problems.push(`Line ${line}: the issue date must be a date like 2026-05-31.`);
  if (passenger.length > 120) problems.push(`Line ${line}: the passenger name is longer than 120 characters.`);
  if (route.length > 60) problems.push(`Line ${line}: the route is longer than 60 characters.`);
  if (/[\u0000-\u001f\u007f]/.test(passenger + route)) problems.push(`Line ${line}: the passenger or route holds control characters.`);
  const amounts = { fare, taxes, commission, net };
  const minor: Record<string, number> = {};
  for (const [name, value] of Object.entries(amounts)) {
    const m = /^-?\d{1,10}(\.\d{1,2})?$/.test(value) ? parseMinor(value) : null;
    if (m === null) problems.push(`Line ${line}: ${name} must be an amount like 1500.00.`);
    else minor[name] = m;
  }
  if (problems.length === 0 && minor.fare + minor.taxes - minor.commission !== minor.net) problems.push(`Line ${line}: net ${net} is not fare + taxes − commission (${decimal(minor.fare + minor.taxes - minor.commission)}).`);
  if (!/^[A-Z]{3}$/.test(currency)) problems.push(`Line ${line}: the currency must be a three-letter code.`);
  const upper = type.toUpperCase();
  if (!(TRANSACTION_TYPES as readonly string[]).includes(upper)) problems.push(`Line ${line}: the transaction type must be one of ${TRANSACTION_TYPES.join(', ')}.`);
  if (problems.length) return { problems };
  return {
    ok: {
      line, documentNumber: doc.toUpperCase(), issueDate: day, passenger, route, fareMinor: minor.fare, taxesMinor: minor.taxes,
      commissionMinor: minor.commission, netMinor: minor.net, currency, type: upper as StatementTransactionType,
    },
  };
}

/** True when the first record is the header row (column names in any letter case). */
export const isHeader = (fields: string[]) => fields.map((f) => f.trim().toLowerCase()).join(',') === STATEMENT_COLUMNS.join(',');
