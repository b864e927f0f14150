/**
 * Amadeus (RT display): a header "RP/KHIPK2100/KHIPK2100  AA/SU  10JAN26/0912Z   X7K2QM" ending in the record
 * locator; names "1.KHAN/IMRAN MR" numbered with the other elements; segments "  4  PK 301 Y 15MAR 7 KHIDXB HK2 ...
 * E  PK/X7K2QM" (a day-of-week digit, the airline's locator at the end); elements AP, TK, FA, FM, FV, SSR.
 */
import { isLocator, type Dialect } from './dialect';

export const amadeus: Dialect = {
  gds: 'amadeus',
  evidence(line) {
    if (/^\s*RP\/[A-Z0-9]+\//.test(line)) return 10;
    if (/^\s*\/\$?-+ .*RLR/.test(line)) return 5;
    if (/^\s*\d{1,3}\.[A-Z][A-Z' -]*\/[A-Z]/.test(line)) return 2; // "1.KHAN/" (Sabre and Travelport write "1.1KHAN/")
    if (/^\s*\d{1,3}\s+(AP|APE|APM|TK|FA|FHE|FHM|FM|FV|FP|FE|RM|OSI|SSR|OPW|OPC)\b/.test(line)) return 2;
    if (/\s[1-7]\*?[A-Z]{6}\s+[A-Z]{2}\d/.test(line) && /\b[A-Z0-9]{2}\/[A-Z0-9]{6}\s*$/.test(line)) return 3;
    return 0;
  },
  recordLocator(line) {
    const rp = /^\s*RP\/\S+.*\s([A-Z0-9]{6})\s*$/.exec(line);
    return rp && isLocator(rp[1]) ? rp[1] : null;
  },
};
