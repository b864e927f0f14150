/**
 * Everything the reader says about a display, in one place: each issue has a code and its values (the app words
 * it in the reader's language from them) and an English message (for the API's other clients).
 */
import type { DisplayIssue, IssueKind } from './types';

type Params = Record<string, string | number>;
const issue = (line: number, kind: IssueKind, code: string, params: Params, message: string): DisplayIssue => ({ line, kind, code, params, message });

const CHANGE_WORDS: Record<string, string> = {
  time_change: 'the airline changed its time: check the new times with the traveller',
  waitlisted: 'it is waitlisted and holds no seat; it will not be imported',
  unconfirmed: 'the airline could not confirm it; it will not be imported',
  canceled: 'the airline canceled it; it will not be imported',
  no_action: 'the airline has not acted on it; it will not be imported',
  schedule_change: 'the airline replaced it in a schedule change; it will not be imported',
};

export const ISSUES = {
  unread: (line: number, looksLike: 'flight' | 'name' | 'ticket' | 'fare', text: string): DisplayIssue =>
    ({ ...issue(line, 'unread', `unread_${looksLike}`, {}, `This ${looksLike} line was not read: check it by hand.`), looks_like: looksLike, text: text.trim() }),
  status: (line: number, route: string, status: string, change: string) =>
    issue(line, 'status', `status_${change}`, { route, status }, `${route} is ${status}: ${CHANGE_WORDS[change]}.`),
  unknownAirport: (line: number, route: string, code: string) =>
    issue(line, 'airport', 'unknown_airport', { route, code }, `${route}: Safar does not know the airport ${code}; choose it before saving.`),
  sameAirport: (line: number, route: string) => issue(line, 'airport', 'same_airport', { route }, `${route}: a flight cannot land where it took off.`),
  unknownAirline: (line: number, route: string, code: string) => issue(line, 'airline', 'unknown_airline', { route, code }, `${route}: Safar does not know the airline ${code}.`),
  seats: (line: number, route: string, seats: number, seated: number) =>
    issue(line, 'seats', 'seats', { route, seats, seated }, `${route} holds ${seats} seat(s) for ${seated} seated passenger(s).`),
  order: (line: number, route: string) => issue(line, 'order', 'order', { route }, `${route} departs before the flight before it.`),
  duplicate: (line: number, n: number) => issue(line, 'passenger', 'duplicate_passenger', { n }, `Passenger ${n} appears twice; the second was left out.`),
  namelessInfant: (line: number, n: number) => issue(line, 'passenger', 'nameless_infant', { n }, `The infant of passenger ${n} has no name.`),
  noAdult: (line: number, name: string) => issue(line, 'passenger', 'infant_without_adult', { name }, `No adult was found to carry the infant ${name}.`),
  passportUnmatched: (line: number) => issue(line, 'passenger', 'passport_unmatched', {}, 'This passport matches no passenger.'),
  ticketUnmatched: (line: number, number: string) => issue(line, 'ticket', 'ticket_unmatched', { number }, `Ticket ${number} matches no passenger.`),
  noPassengers: () => issue(0, 'passenger', 'no_passengers', {}, 'No passenger names were found (lines such as 1.KHAN/AHMED MR).'),
  noSegments: () => issue(0, 'status', 'no_segments', {}, 'No confirmed flight segments were found (lines such as 1 PK 301 Y 15MAR 1 KHIDXB HK2 0930 1130).'),
};
