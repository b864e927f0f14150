/**
 * Galileo (*R display): segments numbered with a dot, " 2. ET  921 M  22MAR ADDACC HK1   840A #1120A O*  TH  1",
 * a day change printed before the arrival ("#" next day, "*" two days, "-" the day before).
 */
import type { Dialect } from './dialect';
import { travelportEvidence, travelportLocator } from './travelport';

export const galileo: Dialect = {
  gds: 'galileo',
  evidence(line) {
    if (/^\s*\d{1,2}\.\s+[A-Z0-9]{2}\s*\d{1,4}/.test(line)) return 4;
    if (/\b1G\b/.test(line) && /RLOC|LOCATOR/.test(line)) return 6;
    return travelportEvidence(line) * 0.5;
  },
  recordLocator: travelportLocator,
};
