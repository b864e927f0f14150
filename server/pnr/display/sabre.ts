/**
 * Sabre (*A display): names "1.1KHAN/IMRAN MR  2.1KHAN/SARA MRS" (element and traveller numbers), segments
 * " 1 EK 601Y 15MAR S KHIDXB*HK2  0445  0630  /DCEK*LKJH12 /E" (a day-of-week letter M T W Q F J S), sections
 * TKT/TIME LIMIT, PHONES, GENERAL FACTS, RECEIVED FROM, and the record locator on the last line
 * ("6IIF.L3II*AWS 0912/10JAN26 QWE123 H") or alone on the first.
 */
import { isLocator, type Dialect } from './dialect';

export const sabre: Dialect = {
  gds: 'sabre',
  evidence(line) {
    if (/^\s*[A-Z0-9]{4}\.[A-Z0-9]{4}\*A[A-Z0-9]{2}\s+\d{4}\/\d{1,2}[A-Z]{3}\d{2}/.test(line)) return 10;
    if (/^\s*(TKT\/TIME LIMIT|PHONES|GENERAL FACTS|RECEIVED FROM|PRICE QUOTE RECORD|PASSENGER EMAIL|SECURITY INFO|REMARKS|ACCOUNTING DATA)\b/.test(line)) return 4;
    if (/\/DC[A-Z0-9]{2}\*[A-Z0-9]{5,8}/.test(line)) return 3;
    if (/^\s*\d{1,2}\s+[A-Z0-9]{2}\s*\d{1,4}[A-Z]?\s*[A-Z]?\s*\d{1,2}[A-Z]{3}\s+[MTWQFJS]\s/.test(line)) return 3;
    if (/^\s*\d{1,2}\.TE\s+\d{13}/.test(line)) return 3;
    return 0;
  },
  recordLocator(line) {
    const received = /^\s*[A-Z0-9]{4}\.[A-Z0-9]{4}\*A[A-Z0-9]{2}\s+\d{4}\/\d{1,2}[A-Z]{3}\d{2}\s+([A-Z0-9]{6})\b/.exec(line);
    if (received && isLocator(received[1])) return received[1];
    const alone = /^\s*(?:\*A\s+)?([A-Z0-9]{6})\s*$/.exec(line);
    return alone && isLocator(alone[1]) ? alone[1] : null;
  },
};
