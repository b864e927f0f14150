/**
 * What Galileo, Apollo and Worldspan (Travelport's three systems) share: a header that starts with the record
 * locator ("QWE123/WS QSBYC DPBVWS  AG 05578602 01JAN"), names "1.1KHAN/IMRANMR", the vendor-locator line
 * ("VLOC-PK*ABC123"), fields FONE-, TKTG-, RMKS-.
 */
import { isLocator } from './dialect';

export const HEADER = /^\s*([A-Z0-9]{6})\/[A-Z0-9]{2,4}\s+[A-Z0-9]{3,}\s+[A-Z0-9]+\s+AG\b/;

export function travelportLocator(line: string): string | null {
  const header = HEADER.exec(line);
  if (header && isLocator(header[1])) return header[1];
  const rloc = /^\s*(?:RLOC|REC LOC|RECORD LOCATOR)\s*[:-]?\s*(?:1[GVP]\s+)?([A-Z0-9]{6})\b/.exec(line);
  return rloc && isLocator(rloc[1]) ? rloc[1] : null;
}

/** Lines every Travelport system prints. */
export function travelportEvidence(line: string): number {
  if (HEADER.test(line)) return 6;
  if (/^\s*(FONE|TKTG|RMKS|ADRS|DLVR|FOP|ATFQ|FQ|NOTE|VLOC)-/.test(line)) return 2;
  return 0;
}
