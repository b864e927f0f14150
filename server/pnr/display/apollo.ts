/**
 * Apollo (*R display): segments without a dot and with 12-hour times, " 1 UA1704S 19DEC LASEWR HK1   605A  157P *
 * SA   E  1": a day change after the arrival ("|" or "+" next day, "-" the day before, a digit), "*" when the airline
 * has confirmed, the days of week, E for an e-ticket, the married-segment group.
 */
import type { Dialect } from './dialect';
import { travelportEvidence, travelportLocator } from './travelport';

export const apollo: Dialect = {
  gds: 'apollo',
  evidence(line) {
    if (/^\s*\d{1,2}\s+[A-Z0-9]{2}\s*\d{1,4}[A-Z]?\s+\d{1,2}[A-Z]{3}\s+[A-Z]{6}\s+[A-Z]{2}\d*\s+\d{1,4}[APNM]\s*\d{1,4}[APNM][|+-]?\s*\*?\s+(MO|TU|WE|TH|FR|SA|SU)\b/.test(line)) return 4;
    if (/\b1V\b/.test(line) && /RLOC|LOCATOR/.test(line)) return 6;
    return travelportEvidence(line) * 0.5;
  },
  recordLocator: travelportLocator,
};
