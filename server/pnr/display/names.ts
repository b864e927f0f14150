/**
 * Passenger name elements as terminals print them, several to a line:
 *
 *   Amadeus   1.KHAN/IMRAN MR   2.KHAN/SARA MRS(INFKHAN/ALI/12JAN25)   3.KHAN/ZARA MISS(CHD/05MAY18)   4.IVANOV/OLEG(INS)
 *   Sabre     1.2KHAN/IMRAN MR/SARA MRS  2.1KHAN/ZARA*C09  3.1I/KHAN/ALI*12JAN25  4.2LARIOZA/FLORIAN/EXST
 *   Travelport 1.1KHAN/IMRANMR  2.1KHAN/AARIV*P-C05  3.I/1KHAN/ALI*12JAN25
 *
 * "1.2" is one surname with two given names (two travellers); "I/" an infant; "*C09", "(CHD/05MAY18)" a passenger
 * type with an age or birth date; "EXST" an extra seat. A title is read only where the display prints one, spaced
 * or glued (IMRANMR); none is ever assumed.
 */
import type { PaxType } from '../../../contract/flight-choices';
import { readBirthDate } from './times';

export interface NameRead {
  last_name: string;
  first_name: string;
  title: string;
  type: PaxType;
  ptc: string;
  dob: string | null;
  infant: boolean;
  /** An infant named inside its adult's element (Amadeus): the adult is that element's first traveller. */
  carried_by_element: boolean;
  extra_seat: boolean;
  /** The element's number (the 1 of "1.KHAN" and of "1.2KHAN") and the traveller's place in it, from 1. */
  element: number;
  order: number;
}

const TITLES = ['MR', 'MRS', 'MS', 'MISS', 'MSTR', 'MASTER', 'DR', 'PROF', 'CAPT', 'SIR', 'ENGR', 'HAJI', 'MADAM', 'LADY', 'REV', 'CHD', 'INF'];
/** Titles read when glued to the given name (IMRANMR); MS and DR are not, as given names end in them (WILLIAMS, ALEXANDR). */
const GLUED_TITLES = ['MRS', 'MSTR', 'MISS', 'MR'];
const NAME_PART = /^[A-Z][A-Z' -]*$/;

/** Where an element starts: "1.", "1.2", "3.I/1", "3.1I/" followed by a surname. */
const ELEMENT_START = /(?:^|\s)(\d{1,3})\.(?:I\/(\d{0,2})|(\d{1,2})(I\/)?)?(?=[A-Z])/g;

export function childType(ptc: string): PaxType {
  if (/^(INF|INS|INT)$/.test(ptc)) return 'INF';
  if (/^(CHD|CNN|CH|C\d{1,2}|UNN|UM\d*|INN)$/.test(ptc)) return 'CNN';
  return 'ADT';
}

/** "IMRAN MR" / "IMRANMR" / "KATHERINE LOUISE MRS" → given names and title. */
export function splitTitle(given: string): { first: string; title: string } {
  const g = given.trim().replace(/\s+/g, ' ');
  const spaced = /^(.*\S)\s+([A-Z]+)$/.exec(g);
  if (spaced && TITLES.includes(spaced[2])) return { first: spaced[1], title: spaced[2] };
  for (const t of GLUED_TITLES) {
    if (g.length >= t.length + 2 && g.endsWith(t) && !g.includes(' ')) return { first: g.slice(0, -t.length), title: t };
  }
  return { first: g, title: '' };
}

/** A passenger-type token (Sabre/Travelport "*C09", "*P-C05", "*ADT", Amadeus "CHD", "C05", "INS"). */
function typeOf(token: string): { ptc: string; age: number | null } | null {
  const t = token.replace(/^P-/, '').replace(/^C-(\d)/, 'C$1');
  if (/^(ADT|YTH|YCD|SRC|STU|MIL|SEA|LBR|CHD|CNN|INF|INS|INT|UNN)$/.test(t)) return { ptc: t, age: null };
  const c = /^C(\d{1,2})$/.exec(t);
  if (c) return { ptc: `C${c[1].padStart(2, '0')}`, age: Number(c[1]) };
  return null;
}

/** Reads one element's text (after its number). Null when it is no name (no surname/given pair of letters). */
function readElement(body: string, element: number, infantElement: boolean, today: string, namelessInfants: number[], extraSeats: string[]): NameRead[] | null {
  let rest = body.trim();
  const groups: string[] = [];
  rest = rest.replace(/\(([^)]*)\)/g, (_, g: string) => { groups.push(g.trim()); return ' '; }).trim();
  let star: string | null = null;
  rest = rest.replace(/\*([A-Z0-9/-]+)\s*$/, (_, s: string) => { star = s; return ''; }).trim();
  const slash = rest.indexOf('/');
  if (slash < 1) return null;
  const last = rest.slice(0, slash).trim();
  const givenParts = rest.slice(slash + 1).split('/').map((p) => p.trim()).filter(Boolean);
  if (!NAME_PART.test(last) || !givenParts.length || !givenParts.every((p) => NAME_PART.test(p))) return null;

  let ptc = 'ADT';
  let dob: string | null = null;
  let infant = infantElement;
  const out: NameRead[] = [];
  const extraSeat = givenParts.some((p) => p === 'EXST') || groups.some((g) => /^(ID)?EXST$/.test(g));
  // "2.MALIK/EXST": the seat of an element before it, not a traveller.
  if (givenParts.every((p) => p === 'EXST')) { extraSeats.push(last); return []; }
  const readType = (token: string) => {
    const d = readBirthDate(token, today);
    if (d) { dob = d; return true; }
    const t = typeOf(token);
    if (t) { ptc = t.ptc; if (t.ptc === 'INF') infant = true; return true; } // INS: an infant in a seat of its own
    return false;
  };
  if (star) {
    const s: string = star;
    if (!readType(s)) { const [a, b] = s.split('/'); if (a) readType(a); if (b) readType(b); }
  }
  const infants: NameRead[] = [];
  for (const g of groups) {
    const inf = /^INF(.*)$/.exec(g);
    if (inf && !/^(INF|INS)$/.test(g)) {
      const carried = carriedInfant(inf[1], last, element, today);
      if (!carried.length) namelessInfants.push(element);
      infants.push(...carried);
      continue;
    }
    for (const token of g.split('/')) readType(token.trim());
  }
  for (const part of givenParts) {
    if (part === 'EXST') continue;
    const { first, title } = splitTitle(part);
    if (!first) return null;
    const type: PaxType = childType(ptc);
    out.push({
      last_name: last, first_name: first, title: title === 'CHD' || title === 'INF' ? '' : title, type: infant ? 'INF' : type,
      ptc: infant && ptc === 'ADT' ? 'INF' : ptc, dob, infant, carried_by_element: false, extra_seat: extraSeat, element, order: out.length + 1,
    });
  }
  return [...out, ...infants];
}

/** Amadeus "(INFKHAN/ALI/12JAN25)", "(INF/ALI/12JAN25)", "(INFALI)": an infant on the element's first traveller. */
function carriedInfant(text: string, adultLast: string, element: number, today: string): NameRead[] {
  const parts = text.split('/').map((p) => p.trim());
  let dob: string | null = null;
  const names = parts.filter((p) => { const d = readBirthDate(p, today); if (d) dob = d; return !d; });
  const [last, given] = names.length >= 2 ? [names[0] || adultLast, names[1]] : [adultLast, names[0] ?? ''];
  const { first, title } = splitTitle(given);
  if (!first || !NAME_PART.test(first) || !NAME_PART.test(last)) return [];
  return [{ last_name: last, first_name: first, title, type: 'INF', ptc: 'INF', dob, infant: true, carried_by_element: true, extra_seat: false, element, order: 1 }];
}

/**
 * A name line → its travellers, or null when the line is no name line (as a Sabre ticketing or phone line
 * "1.TAW15MAR/" is not). `unread` lists the elements on the line that look like names but could not be read.
 */
export function readNameLine(line: string, today: string): { names: NameRead[]; unread: string[]; namelessInfants: number[]; extraSeats: string[] } | null {
  const starts = [...line.matchAll(ELEMENT_START)];
  if (!starts.length || line.slice(0, starts[0].index).trim()) return null;
  const names: NameRead[] = [];
  const unread: string[] = [];
  const namelessInfants: number[] = [];
  const extraSeats: string[] = [];
  starts.forEach((m, i) => {
    const from = m.index + m[0].length;
    const to = i + 1 < starts.length ? starts[i + 1].index : line.length;
    const infantElement = m[2] !== undefined || !!m[4];
    const read = readElement(line.slice(from, to), Number(m[1]), infantElement, today, namelessInfants, extraSeats);
    if (read) names.push(...read);
    else unread.push(line.slice(m.index, to).trim());
  });
  return { names, unread, namelessInfants, extraSeats };
}
