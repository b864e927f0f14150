/**
 * Reads a pasted GDS booking display: which system printed it, the record locator, the travellers (with their
 * passports and tickets), the flights with their statuses, the fare. Every line that looks like a name, flight,
 * ticket or fare line and could not be read is reported with its number and text; nothing is dropped silently.
 * Pure: no database, no clock (`today` dates the flights), airports and airlines checked by functions passed in.
 */
import { amadeus } from './amadeus';
import { apollo } from './apollo';
import { detectDialect } from './dialect';
import { emptyFare, fareOf, looksLikeFare, readFareLine } from './fares';
import { galileo } from './galileo';
import { readNameLine, type NameRead } from './names';
import { resolveRef } from './passengers-ref';
import { readAirlineLocatorLine, readDocs, readInft, readTicket, looksLikeTicket, type DocsRead, type InfantRead, type TicketRead } from './records';
import { sabre } from './sabre';
import { looksLikeSegment, readOperatedBy, readOtherSegment, readSegmentLine } from './segments';
import { linesOf, notABooking, unwrap } from './text';
import { checkReading } from './checks';
import { ISSUES } from './issues';
import type { DisplayPassenger, DisplayReading, DisplaySegment, NotABooking, ReadOptions } from './types';
import { worldspan } from './worldspan';

export const DIALECTS = [amadeus, sabre, galileo, apollo, worldspan];

const LOOKS_LIKE_NAME = /^\s*\d{1,3}\.(?:I\/)?\d{0,2}(?:I\/)?[A-Z]{2}/;

export function readDisplay(text: string, opts: ReadOptions): DisplayReading | { refused: NotABooking } {
  const raw = linesOf(text);
  const lines = unwrap(raw, (t) => looksLikeSegment(t));
  const dialect = detectDialect(lines.map((l) => l.text), DIALECTS);
  const out: DisplayReading = { gds: dialect?.gds ?? null, record_locator: null, airline_locators: [], passengers: [], segments: [], other_segments: [], fare: null, warnings: [], errors: [] };
  const names: (NameRead & { line: number })[] = [];
  const docs: (DocsRead & { line: number })[] = [];
  const tickets: (TicketRead & { line: number })[] = [];
  const inft: InfantRead[] = [];
  // Galileo's SSR block names a traveller once ("P 2. KHAN/SARA MRS  INFT ...") for the indented lines under it.
  let blockRef: { last: string; first: string } | null = null;
  const fare = emptyFare();
  const unread = (line: number, text: string, looksLike: 'flight' | 'name' | 'ticket' | 'fare') => out.warnings.push(ISSUES.unread(line, looksLike, text));

  for (const { no, text: line } of lines) {
    if (!line.trim()) continue;
    const locator = (dialect ? [dialect, ...DIALECTS.filter((d) => d !== dialect)] : DIALECTS).map((d) => d.recordLocator(line)).find(Boolean);
    if (locator && !out.segments.length && !names.length) { out.record_locator ??= locator; continue; }
    if (locator && /^\s*[A-Z0-9]{4}\.[A-Z0-9]{4}\*A/.test(line)) { out.record_locator ??= locator; continue; }

    const other = readOtherSegment(line, no);
    if (other) { out.other_segments.push(other); continue; }
    const seg = readSegmentLine(line, no, opts.today);
    if (seg && 'segment' in seg) { out.segments.push(seg.segment); continue; }
    if (seg) { unread(no, line, 'flight'); continue; }
    const operator = readOperatedBy(line);
    if (operator) { const last = out.segments[out.segments.length - 1]; if (last && !last.operating_airline) last.operating_airline = operator; continue; }

    if (!out.segments.length) {
      const nameLine = readNameLine(line, opts.today);
      if (nameLine) {
        for (const n of nameLine.names) {
          if (!n.infant && names.some((x) => !x.infant && x.element === n.element && x.order === n.order)) out.warnings.push(ISSUES.duplicate(no, n.element));
          else names.push({ ...n, line: no });
        }
        for (const last of nameLine.extraSeats) {
          const owner = [...names].reverse().find((n) => n.last_name === last && !n.infant);
          if (owner) owner.extra_seat = true;
        }
        for (const element of nameLine.namelessInfants) out.warnings.push(ISSUES.namelessInfant(no, element));
        if (nameLine.unread.length) unread(no, line, 'name');
        continue;
      }
    }
    const block = /^\s*P\s*\d{1,2}\.\s+([A-Z][A-Z' -]*)\/([A-Z]+)/.exec(line);
    if (block) blockRef = { last: block[1].trim(), first: block[2] };
    else if (!/^\s{8,}\S/.test(line)) blockRef = null;
    const infant = readInft(line, opts.today);
    if (infant) { inft.push(infant.adult || !blockRef ? infant : { ...infant, adult: blockRef }); continue; }
    const doc = readDocs(line, opts.today);
    if (doc) { docs.push({ ...doc, line: no }); continue; }
    const ticket = readTicket(line);
    if (ticket) { tickets.push({ ...ticket, ref: ticket.ref ?? blockRef, line: no }); continue; }
    const pair = readAirlineLocatorLine(line);
    if (pair) { addLocator(out, pair.airline, pair.locator); continue; }
    if (readFareLine(line, fare)) continue;

    if (looksLikeSegment(line)) unread(no, line, 'flight');
    else if (looksLikeTicket(line)) unread(no, line, 'ticket');
    else if (looksLikeFare(line)) unread(no, line, 'fare');
    else if (!out.segments.length && LOOKS_LIKE_NAME.test(line)) unread(no, line, 'name');
  }

  if (!names.length && !out.segments.length) return { refused: notABooking(text, raw) };
  for (const s of out.segments) if (s.airline_locator) addLocator(out, s.airline, s.airline_locator);
  out.passengers = passengersOf(names, docs, tickets, inft, out);
  out.fare = fareOf(fare);
  checkReading(out, opts);
  return out;
}

function addLocator(out: DisplayReading, airline: string, locator: string) {
  if (!out.airline_locators.some((x) => x.airline === airline && x.locator === locator)) out.airline_locators.push({ airline, locator });
}

/** Travellers in display order, infants after them in their adults' order, with passports and tickets matched. */
function passengersOf(names: (NameRead & { line: number })[], docs: (DocsRead & { line: number })[], tickets: (TicketRead & { line: number })[], inft: InfantRead[], out: DisplayReading): DisplayPassenger[] {
  const seated = names.filter((n) => !n.infant);
  const infants = names.filter((n) => n.infant);
  // An infant rides with the adult of its own element (Amadeus), or the one its SSR INFT names, else with the
  // first adult still without one, one of its surname first.
  const carrier = new Map<(typeof infants)[number], number>();
  const taken = new Set<number>();
  const seatedRefs = seated.map((n) => ({ element: n.element, order: n.order, last_name: n.last_name, first_name: n.first_name, infant: false }));
  for (const inf of infants) {
    const named = inft.find((x) => x.last === inf.last_name && inf.first_name.startsWith(x.first) && x.adult);
    const i = inf.carried_by_element ? seated.findIndex((a) => a.element === inf.element) : named ? resolveRef(seatedRefs, { ...named.adult!, infant: false }) : -1;
    if (i >= 0 && !taken.has(i)) { carrier.set(inf, i); taken.add(i); }
  }
  for (const inf of infants.filter((i) => !carrier.has(i))) {
    const free = (sameName: boolean) => seated.findIndex((a, i) => a.type === 'ADT' && !taken.has(i) && (!sameName || a.last_name === inf.last_name));
    const i = free(true) >= 0 ? free(true) : free(false);
    if (i >= 0) { carrier.set(inf, i); taken.add(i); } else out.warnings.push(ISSUES.noAdult(inf.line, `${inf.last_name}/${inf.first_name}`));
  }
  const ordered = [...infants].sort((a, b) => (carrier.get(a) ?? 99) - (carrier.get(b) ?? 99));
  const all = [...seated, ...ordered];
  const people: DisplayPassenger[] = all.map((n) => ({
    line: n.line, last_name: n.last_name, first_name: n.first_name, title: n.title, gender: null, type: n.type, ptc: n.ptc, dob: n.dob,
    infant_of: n.infant && carrier.has(n) ? carrier.get(n)! + 1 : null, extra_seat: n.extra_seat, ticket_number: null, document: null,
  }));
  const refs = all.map((n) => ({ element: n.element, order: n.order, last_name: n.last_name, first_name: n.first_name, infant: n.infant }));
  /** The traveller a reference names; for an infant's element, also the infant its adult (so named) carries. */
  const pick = (ref: TicketRead['ref'], infant: boolean) => {
    if (!ref) return -1;
    if (!infant) return resolveRef(refs, { ...ref, infant: ref.last ? undefined : false });
    const own = resolveRef(refs, { ...ref, infant: true });
    if (own >= 0) return own;
    const adult = resolveRef(refs, { ...ref, infant: false });
    return adult < 0 ? -1 : all.findIndex((n) => n.infant && carrier.get(n) === adult);
  };
  for (const d of docs) {
    let i = pick(d.ref, d.infant);
    if (i < 0) i = resolveRef(refs, { last: d.last, first: d.first });
    if (i < 0) { out.warnings.push(ISSUES.passportUnmatched(d.line)); continue; }
    people[i].document = d.document;
    people[i].dob ??= d.dob;
    people[i].gender = d.gender;
  }
  const unmatched: typeof tickets = [];
  for (const t of tickets) {
    const i = pick(t.ref, t.infant);
    if (i >= 0 && !people[i].ticket_number) people[i].ticket_number = t.number;
    else unmatched.push(t);
  }
  // Tickets that name nobody go to the travellers still without one, in order, when they are as many.
  const without = people.map((p, i) => ({ p, i })).filter(({ p }) => !p.ticket_number);
  if (unmatched.length && unmatched.length === without.length && unmatched.every((t) => !t.ref)) unmatched.forEach((t, k) => { people[without[k].i].ticket_number = t.number; });
  else for (const t of unmatched) out.warnings.push(ISSUES.ticketUnmatched(t.line, t.number));
  for (const p of people) p.gender ??= genderOfTitle(p.title);
  return people;
}

function genderOfTitle(title: string): 'M' | 'F' | null {
  if (['MR', 'MSTR', 'MASTER', 'SIR'].includes(title)) return 'M';
  if (['MRS', 'MS', 'MISS', 'MADAM', 'LADY'].includes(title)) return 'F';
  return null;
}

export type { DisplaySegment };
