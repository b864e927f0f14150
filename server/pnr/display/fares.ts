/**
 * Fare lines, where a display shows them: "FARE PKR 90000", "TAX PKR 15000XT" (several add up), "TOTAL PKR 105000"
 * ("TTL", "GRAND TOTAL"), and Sabre's price-quote summary, a row per passenger type and a total row:
 *
 *        BASE FARE            TAXES/FEES/CHARGES    TOTAL
 *   2-   PKR90000                 15000XT        PKR210000ADT     (base and taxes each, total for both)
 *        PKR180000                30000          PKR210000TTL
 */
import type { DisplayFare } from './types';

const AMOUNT = String.raw`([\d,]+(?:\.\d{1,2})?)`;

/** Amounts in minor units by part, with the currency. */
export interface FareParts { currency: string | null; base: number | null; taxes: number | null; total: number | null; rows: { count: number; base: number; taxes: number; total: number }[] }

export const emptyFare = (): FareParts => ({ currency: null, base: null, taxes: null, total: null, rows: [] });
const minor = (a: string) => Math.round(Number(a.replace(/,/g, '')) * 100);

/** Reads a fare line into `fare`; false when the line is none. */
export function readFareLine(line: string, fare: FareParts): boolean {
  const row = new RegExp(String.raw`^\s*(\d{1,2})-\s*([A-Z]{3})\s*` + AMOUNT + String.raw`\s+` + AMOUNT + String.raw`[A-Z]{0,2}\s+([A-Z]{3})\s*` + AMOUNT + String.raw`([A-Z]{3}|C\d\d)\b`).exec(line);
  if (row) {
    fare.currency ??= row[2];
    fare.rows.push({ count: Number(row[1]), base: minor(row[3]), taxes: minor(row[4]), total: minor(row[6]) });
    return true;
  }
  const ttl = new RegExp(String.raw`^\s*([A-Z]{3})?\s*` + AMOUNT + String.raw`\s+` + AMOUNT + String.raw`[A-Z]{0,2}\s+([A-Z]{3})?\s*` + AMOUNT + String.raw`TTL\b`).exec(line);
  if (ttl) {
    if (ttl[1]) fare.currency ??= ttl[1];
    fare.base = minor(ttl[2]); fare.taxes = minor(ttl[3]); fare.total = minor(ttl[5]);
    return true;
  }
  // Worldspan's fare quote: "FQG 1          PKR 198000      71240     269240 ADULT".
  const fqg = new RegExp(String.raw`^\s*FQG\s+\d+\s+([A-Z]{3})\s*` + AMOUNT + String.raw`\s+` + AMOUNT + String.raw`\s+` + AMOUNT + String.raw`\s+[A-Z]`).exec(line);
  if (fqg) {
    fare.currency ??= fqg[1];
    fare.rows.push({ count: 1, base: minor(fqg[2]), taxes: minor(fqg[3]), total: minor(fqg[4]) });
    return true;
  }
  // Amadeus's fare block: "TX001 X PKR      42350YQ    TX002 X PKR       5320PK", several to a line.
  const taxes = [...line.matchAll(new RegExp(String.raw`\bTX\d{3}\s+(?:[A-Z]\s+)?([A-Z]{3})\s*` + AMOUNT + String.raw`[A-Z0-9]{2}\b`, 'g'))];
  if (taxes.length && /^\s*TX\d{3}/.test(line)) {
    fare.currency ??= taxes[0][1];
    fare.taxes = (fare.taxes ?? 0) + taxes.reduce((s, t) => s + minor(t[2]), 0);
    return true;
  }
  const part = new RegExp(String.raw`^\s*(?:\d{1,3}\s+)?(BASE FARE|FARE|TAX(?:ES)?|TOTAL|TTL|GRAND TOTAL(?: INCLUDING TAXES)?)\s*[:.*]*\s*(?:[A-Z]\s+)?(?:([A-Z]{3})\s*)?` + AMOUNT + String.raw`([A-Z]{2})?\b`).exec(line);
  if (!part) return false;
  const [, what, currency, amount] = part;
  if (currency) fare.currency ??= currency;
  const value = minor(amount);
  if (/TOTAL|TTL/.test(what)) fare.total = value;
  else if (/FARE/.test(what)) {
    fare.base = (fare.base ?? 0) + value;
    // "FARE USD 1180.00 TAX 5.60AY TAX 22.40US TAX 421.77XT": the taxes on the fare's own line.
    const taxes = [...line.slice(part.index + part[0].length).matchAll(new RegExp(String.raw`\bTAX\s+(?:[A-Z]{3}\s*)?` + AMOUNT + String.raw`[A-Z0-9]{2}\b`, 'g'))];
    if (taxes.length) fare.taxes = (fare.taxes ?? 0) + taxes.reduce((s, t) => s + minor(t[1]), 0);
  }
  else fare.taxes = (fare.taxes ?? 0) + value;
  return true;
}

export const looksLikeFare = (line: string) => /^\s*(?:\d{1,3}\s+)?(BASE FARE|FARE|TAX(?:ES)?|TOTAL|TTL|GRAND TOTAL)\b/.test(line) && /\d/.test(line);

const major = (n: number | null) => (n === null ? null : (n / 100).toFixed(2));

/** The booking's fare: the total row or lines where printed, the sum of the rows for the rest (tickets' amounts are no fare). */
export function fareOf(fare: FareParts): DisplayFare | null {
  if (fare.rows.length) {
    fare.base ??= fare.rows.reduce((s, r) => s + r.count * r.base, 0);
    fare.taxes ??= fare.rows.reduce((s, r) => s + r.count * r.taxes, 0);
    fare.total ??= fare.rows.reduce((s, r) => s + r.total, 0); // the total column is already the row's passengers'
  }
  if (fare.base === null && fare.taxes === null && fare.total === null) return null;
  if (fare.total === null && fare.base !== null) fare.total = fare.base + (fare.taxes ?? 0);
  return { currency: fare.currency ?? 'PKR', base: major(fare.base), taxes: major(fare.taxes), total: major(fare.total) };
}
