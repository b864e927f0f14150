/**
 * The elements after the names and flights that Safar reads: passports (SSR DOCS), ticket numbers (Amadeus FA/FH,
 * Sabre TE lines, SSR TKNE, TKT/ and T- lines) and airline locators on lines of their own (Travelport VLOC).
 */
import { readBirthDate, readExpiry } from './times';
import { readRef, type PassengerRef } from './passengers-ref';
import { splitTitle } from './names';
import type { TravelDocument } from './types';

export interface DocsRead { ref: PassengerRef | null; document: TravelDocument; dob: string | null; gender: 'M' | 'F' | null; infant: boolean; last: string; first: string }

/** SSR DOCS: "SSR DOCS PK HK1 P/PAK/AB1234567/PAK/12JAN85/M/15MAR30/KHAN/IMRAN/P1" and its Sabre and Travelport forms. */
export function readDocs(line: string, today: string): DocsRead | null {
  const m = /(?:\b|SSR)DOCS\s*(?:[A-Z0-9]{2}\s*)?(?:[A-Z]{2}\d{1,2})?\s*\/?\s*([A-Z]{1,2}\/.*)$/.exec(line);
  if (!m) return null;
  let body = m[1].trim();
  const ref = readRef(body);
  body = body.replace(/(?:\/P\d{1,3}|\/N\d{1,3}(?:\.\d{1,2})?|-\d{1,3}(?:\.\d{1,2})?.*)\s*$/, '');
  const f = body.split('/').map((x) => x.trim());
  const [type, issuing, number, nationality, dobText, genderText, expiryText, last, first] = f;
  if (!number || !last) return null;
  const gender = genderText?.startsWith('M') ? 'M' : genderText?.startsWith('F') ? 'F' : null;
  return {
    ref, dob: dobText ? readBirthDate(dobText, today) : null, gender, infant: /^[MF]I$/.test(genderText ?? ''),
    last: last ?? '', first: (first ?? '').split(' ')[0],
    document: { type, number, issuing_country: issuing || null, nationality: nationality || null, expiry: expiryText ? readExpiry(expiryText) : null },
  };
}

export interface TicketRead { number: string; ref: PassengerRef | null; infant: boolean; amount: { currency: string; amount: string } | null }

const TICKET_NO = String.raw`(\d{3})[- ]?(\d{4})[ ]?(\d{6})(?:-\d{2})?`;

/** A ticket number line, or null. */
export function readTicket(line: string): TicketRead | null {
  // Amadeus FA/FH: "FA PAX 214-1234567890/ETPK/PKR105000/15MAR26/KHIPK2100/12345678/S3-4/P1".
  const fa = new RegExp(String.raw`\bF[AH][EM]?\s+(PAX|INF)\s+` + TICKET_NO + String.raw`\/(.*)$`).exec(line);
  if (fa) {
    const money = /\/ET[A-Z0-9]{2}\/([A-Z]{3})(\d+(?:\.\d{1,2})?)\//.exec(`/${fa[5]}`);
    return { number: fa[2] + fa[3] + fa[4], ref: readRef(fa[5]), infant: fa[1] === 'INF', amount: money ? { currency: money[1], amount: money[2] } : null };
  }
  // SSR TKNE: "SSR TKNE PK HK1 KHIDXB 301Y15MAR/2141234567890C1/P1", Galileo "TKNE HK 1  2142400777101C1"; an
  // infant's ticket starts INF.
  const tkne = new RegExp(String.raw`TKNE\s*[A-Z0-9]{0,2}\s.*?(INF)?(\d{3})(\d{4})(\d{6})C\d(.*)$`).exec(line);
  if (tkne) return { number: tkne[2] + tkne[3] + tkne[4], ref: readRef(tkne[5]) ?? readRef(line.slice(0, tkne.index)), infant: !!tkne[1], amount: null };
  // Travelport's ticket list (*HTE): ">*TE001;         SIDDIQI/FAISAL MR     1572409900111".
  const hte = /^\s*>?\*TE\d{3};?\s+([A-Z][A-Z' -]*)\/([A-Z]+)(?:\s+[A-Z]+)?\s+(\d{13})\b/.exec(line);
  if (hte) return { number: hte[3], ref: { last: hte[1].trim(), first: splitTitle(hte[2]).first }, infant: false, amount: null };
  // Sabre: " 1.TE 2141234567890-AT KHAN/I 1234567*AGT"; Travelport and others: "TKT/ 2141234567890 KHAN/IMRAN", "T-...".
  const te = new RegExp(String.raw`^\s*(?:\d{1,3}\.)?\s*(?:TE|TKT|TKTN|TKT NBR|ETKT|TICKET|T)\s*[-\/:.]?\s*(?:\d{1,2}\.\d{1,2}\s+)?` + TICKET_NO + String.raw`(.*)$`).exec(line);
  if (te) {
    const rest = te[4].replace(/^-[A-Z]{2}\b/, ''); // Sabre's "-AT": the ticket's kind
    const name = /\b([A-Z][A-Z' -]*)\/([A-Z]+)\b/.exec(rest);
    const nRef = readRef(line);
    return { number: te[1] + te[2] + te[3], ref: nRef ?? (name ? { last: name[1].trim(), first: name[2] } : null), infant: /\bINF\b|\*I\s*$/.test(rest), amount: null };
  }
  return null;
}

/** Lines that speak of tickets and carry a long number: read, or reported as unread. */
export const looksLikeTicket = (line: string) => /\b(FA|FHE|FHM|FH|TKT|TE|ETKT|TICKET)\b|TKNE/.test(line) && /\d{3}[- ]?\d{10}/.test(line);

export interface InfantRead { adult: PassengerRef | null; last: string; first: string; dob: string | null }

/**
 * SSR INFT, which names the adult an infant travels with: Sabre and Travelport "...-1.1KHAN/SARA MRS.KHAN/ALI 12JAN25",
 * Apollo "-1KHAN/SARA MRS.KHAN/ALI 12JAN25", Amadeus "SSR INFT PK HK1 KHAN/ALI 12JAN25/S4/P2", Galileo's block
 * "P 2. KHAN/SARA MRS     INFT HK 1  KHAN/ALI 12JAN25".
 */
export function readInft(line: string, today: string): InfantRead | null {
  const at = line.search(/INFT/);
  if (at < 0) return null;
  const names = [...line.slice(at).matchAll(/([A-Z][A-Z' -]*)\/([A-Z]+)(?:\s+[A-Z]+)?[\s/]*(\d{1,2}[A-Z]{3}\d{2})/g)];
  const inf = names[names.length - 1];
  if (!inf) return null;
  const last = inf[1].replace(/^.*[.\s]/, '').trim();
  const block = /^\s*P\s*\d{1,2}\.\s+([A-Z][A-Z' -]*)\/([A-Z]+)/.exec(line);
  return { adult: readRef(line) ?? (block ? { last: block[1].trim(), first: block[2] } : null), last, first: inf[2], dob: readBirthDate(inf[3], today) };
}

/** An airline's locator on a line of its own: Travelport "VLOC-PK*ABC123/15MAR 1230", "PK - ABC123 (AIRLINE LOCATOR)". */
export function readAirlineLocatorLine(line: string): { airline: string; locator: string } | null {
  const v = /\b(?:VLOC|VL|ACKN?|AIRLINE LOCATOR|CONF(?:IRMATION)?)\s*[-:]?\s*([A-Z0-9]{2})\s*(?:[*/-]\s*|\s+)([A-Z0-9]{5,8})\b/.exec(line);
  return v ? { airline: v[1], locator: v[2] } : null;
}
