/**
 * Worldspan (*R display): the record locator after the system code ("1P-4XKQ2B"), names with glued titles
 * ("1.1HORN/SAMMR"), segments " 1 PK 785Y 15APR WE ISBLHR HK2  1000A  215P/O $ E" (a two-letter day of week,
 * "#" after the arrival for the next day), the fare quote (4P) and its grand total.
 */
import { isLocator, type Dialect } from './dialect';
import { travelportEvidence, travelportLocator } from './travelport';

export const worldspan: Dialect = {
  gds: 'worldspan',
  evidence(line) {
    if (/^\s*1P-[A-Z0-9]{6}\s*$/.test(line)) return 20;
    if (/^\s*(P|T|SSR|R|W|G)-/.test(line)) return 1;
    if (/\b1P\b/.test(line) && /RLOC|LOCATOR|WORLDSPAN/.test(line)) return 8;
    if (/WORLDSPAN/.test(line)) return 6;
    if (/^\s*\d{1,2}\s+[A-Z0-9]{2}\s*\d{1,4}[A-Z]?\s+\d{1,2}[A-Z]{3}\s+[A-Z]{6}\s+[A-Z]{2}\d*\s+\d{1,4}[APNM]\s*\d{1,4}[APNM]#/.test(line)) return 4;
    return travelportEvidence(line) * 0.4;
  },
  recordLocator(line) {
    const own = /^\s*1P-([A-Z0-9]{6})\s*$/.exec(line);
    return own && isLocator(own[1]) ? own[1] : travelportLocator(line);
  },
};
