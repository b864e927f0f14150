/**
 * Values as every text the server writes says them (mails, PDFs, calendar files, notices), through the shared
 * formatters (contract/format): money, days, flight times, moments with their zone, deadlines with the rule's zone.
 * In Arabic, what reads left to right (an amount, a reference, a flight number) is isolated, so it keeps its order
 * inside a right-to-left sentence; names and addresses are isolated by their own first letter.
 */
import { isolate, isolateLtr, moneyText } from '../../contract/format/money';
import { flightNumberText } from '../../contract/format/flight-number';
import { formatDay, formatDayAt, formatDeadline, formatLocal, formatMoment, RULE_ZONE } from '../../contract/format/time';
import type { DocLang } from './model';

export const docLang = (locale: string | null | undefined): DocLang => (locale === 'ar' ? 'ar' : 'en');

export function valuesIn(lang: DocLang) {
  const ar = lang === 'ar';
  const ltr = (s: string) => (ar ? isolateLtr(s) : s);
  return {
    /** A code, reference, email or number that reads left to right. */
    ltr,
    /** A name or address in whichever direction its letters take. */
    name: (s: string) => (ar ? isolate(s) : s),
    money: (minor: number, currency: string) => ltr(moneyText(minor, currency)),
    /** A calendar day ("Sun 3 Jan 2027"). */
    day: (day: string, opts?: { weekday?: boolean }) => formatDay(day, lang, opts),
    /** The day a moment fell on in the rule's zone ("Sun 29 Nov 2026"): an issue date, a booking date. */
    dayOf: (at: Date, zone: string = RULE_ZONE) => formatDayAt(at, lang, { zone }),
    /** A flight's local time at its airport, with the year ("Sun 3 Jan 2027, 09:55"). */
    local: (local: string) => formatLocal(local, lang, { year: true }),
    /** A moment, naming its zone (the rule's unless given). */
    moment: (at: Date | string, zone: string = RULE_ZONE) => formatMoment(at, lang, zone),
    /** A deadline in the rule's zone with the time left, as a mail sent now says it. */
    deadline: (at: Date | string, now: Date, zone: string = RULE_ZONE) => formatDeadline(at, { lang, now, zone }),
    flight: (airlineCode: string, flightNumber: string) => ltr(flightNumberText(airlineCode, flightNumber)),
  };
}
export type Values = ReturnType<typeof valuesIn>;
