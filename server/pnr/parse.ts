/**
 * A GDS itinerary display (Amadeus or Sabre style, as agents copy it from their terminal) read into passengers
 * and segments. Pure: no database, no clock (the caller passes today to infer the year of "15MAR"), airport
 * codes checked by a function the caller passes.
 *
 *   RP/KHIPK2100/KHIPK2100            AA/SU  10JAN26/0912Z   X7K2QM
 *     1.KHAN/AHMED MR   2.KHAN/SARA MRS(INFKHAN/ALI/12JAN25)
 *     3.KHAN/ZARA MISS(CHD/05MAY18)
 *     4  PK 301 Y 15MAR 7 KHIDXB HK3  0930 1130  15MAR  E  PK/X7K2QM
 *     5  PK 302 Y 22MAR 7 DXBKHI HK3  1330 1715+1 ...
 *
 * Sabre: names "1.1KHAN/AHMED MR 2.1KHAN/SARA MRS", segments " 1 EK 601Y 15MAR S KHIDXB HK2  0445  0630  /E".
 */
import type { PaxType } from '../../contract/flights';

export interface ParsedPassenger {
  type: PaxType;
  title: string;
  first_name: string;
  last_name: string;
  /** Infants travel on an adult's lap: the position of that adult. */
  with_adult?: number;
  /** Birth date when the display gives one (children, infants). */
  dob?: string;
}

export interface ParsedSegment {
  line: number;
  airline: string;
  flight_number: string;
  booking_class: string;
  cabin: 'Y' | 'S' | 'C' | 'F';
  /** Local departure day, YYYY-MM-DD. */
  date: string;
  origin: string;
  destination: string;
  status: string;
  seats: number;
  /** Local times HH:MM. */
  departure_time: string;
  arrival_time: string;
  /** Days after `date` on which it arrives (the "+1" of "1715+1"). */
  arrival_day_offset: number;
}

export interface ParseIssue { line: number; message: string }

export interface ParsedItinerary {
  record_locator: string | null;
  passengers: ParsedPassenger[];
  segments: ParsedSegment[];
  total: { currency: string; amount: string } | null;
  warnings: ParseIssue[];
  errors: ParseIssue[];
}

export interface ParseOptions {
  /** YYYY-MM-DD: a "15MAR" before this day is next year's. */
  today: string;
  isAirport?: (code: string) => boolean;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const CHILD_TITLES = ['MSTR', 'CHD'];
const TITLE_RE = /\s+(MR|MRS|MS|MISS|MSTR|DR|PROF|ENGR|HAJI|CHD|INF)$/;
/** Segment statuses that hold a seat; others (UN, UC, NO, XX, HX) are reported and left out. */
const CONFIRMED = ['HK', 'KK', 'TK', 'RR', 'SS', 'HS', 'GK'];
const WAITLISTED = ['HL', 'KL', 'LL', 'PN'];

export function cabinOf(bookingClass: string): ParsedSegment['cabin'] {
  if ('FAP'.includes(bookingClass)) return 'F';
  if ('JCDIZR'.includes(bookingClass)) return 'C';
  if ('WE'.includes(bookingClass)) return 'S';
  return 'Y';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "15MAR" (year inferred from today) or "15MAR26" → YYYY-MM-DD; null when not a real day. */
export function ddmmm(text: string, today: string): string | null {
  const m = /^(\d{1,2})([A-Z]{3})(\d{2})?$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  const day = Number(m[1]);
  if (month < 0 || day < 1) return null;
  const real = (y: number) => {
    const d = new Date(Date.UTC(y, month, day));
    return d.getUTCMonth() === month && d.getUTCDate() === day ? `${y}-${pad(month + 1)}-${pad(day)}` : null;
  };
  if (m[3]) return real(2000 + Number(m[3]));
  const year = Number(today.slice(0, 4));
  const thisYear = real(year);
  // 29FEB: the next year that has one.
  if (!thisYear) { for (let y = year + 1; y <= year + 4; y++) { const r = real(y); if (r && r >= today) return r; } return null; }
  return thisYear >= today ? thisYear : real(year + 1);
}

const hhmm = (t: string): string | null => {
  const h = Number(t.slice(0, 2)), mi = Number(t.slice(2));
  return t.length === 4 && h < 24 && mi < 60 ? `${t.slice(0, 2)}:${t.slice(2)}` : null;
};

// 1 PK 301 Y 15MAR 1 KHIDXB HK2 0930 1130 | 1 EK 601Y 15MAR S KHIDXB HK2 0445 0630 | 2 PK301Y 15MAR KHI DXB HK1 0930 1130+1
const SEGMENT_RE = /^\s*(\d{1,2})\s*\.?\s+([A-Z0-9]{2})\s*(\d{1,4})\s*([A-Z])\s+(\d{1,2}[A-Z]{3}(?:\d{2})?)\s+(?:(?:[1-7]|[A-Z]{1,2})\s+)?([A-Z]{3})\s?([A-Z]{3})\*?\s+([A-Z]{2})(\d{1,2})\s+(\d{4})\s+(\d{4})(\+\d|\s+\d{1,2}[A-Z]{3}(?:\d{2})?)?/;
const NAME_RE = /(\d{1,2})\.(?:\d{1,2})?([A-Z][A-Z' -]*?)\/([A-Z][A-Z -]*?)(?:\(([^)]*)\))?(?=\s+\d{1,2}\.|\s*$)/g;
const RP_RE = /^\s*RP\/\S+.*?\s([A-Z0-9]{6})\s*$/;
const LOCATOR_RE = /^\s*(?:(?:RLOC|PNR|RECORD LOCATOR|BOOKING REF(?:ERENCE)?)\s*[:=-]?\s*)?([A-Z0-9]{6})\s*$/;
const TOTAL_RE = /\b(?:TOTAL|TTL|GRAND TOTAL)\s*:?\s*([A-Z]{3})\s*([\d,]+(?:\.\d{1,2})?)\b/;
const ARNK_RE = /^\s*\d{1,2}\s+ARNK\s*$/;

function splitName(first: string): { first: string; title: string } {
  const m = TITLE_RE.exec(first.trim());
  if (!m) return { first: first.trim(), title: '' };
  return { first: first.trim().slice(0, m.index).trim(), title: m[1] };
}

const titleCase = (t: string) => (t ? t[0] + t.slice(1).toLowerCase() : t);

export function parseItineraryDisplay(text: string, opts: ParseOptions): ParsedItinerary {
  const out: ParsedItinerary = { record_locator: null, passengers: [], segments: [], total: null, warnings: [], errors: [] };
  const lines = text.replace(/\r/g, '').split('\n');
  const seenPositions = new Set<number>();
  const infants: { adult: number; last: string; first: string; dob?: string; line: number }[] = [];
  const raw = (s: string) => s.toUpperCase().replace(/\t/g, ' ');

  lines.forEach((original, index) => {
    const lineNo = index + 1;
    const line = raw(original).replace(/\s+$/, '');
    if (!line.trim()) return;

    const rp = RP_RE.exec(line);
    if (rp) { out.record_locator ??= rp[1]; return; }
    if (ARNK_RE.test(line)) return;

    const seg = SEGMENT_RE.exec(line);
    if (seg) {
      const [, , airline, flightNo, cls, dateText, origin, destination, status, seats, dep, arr, arrExtra] = seg;
      const date = ddmmm(dateText, opts.today);
      if (!date) { out.errors.push({ line: lineNo, message: `"${dateText}" is not a date.` }); return; }
      const depT = hhmm(dep), arrT = hhmm(arr);
      if (!depT || !arrT) { out.errors.push({ line: lineNo, message: `"${dep} ${arr}" are not times.` }); return; }
      for (const code of [origin, destination]) {
        if (opts.isAirport && !opts.isAirport(code)) out.errors.push({ line: lineNo, message: `Unknown airport ${code}.` });
      }
      if (origin === destination) { out.errors.push({ line: lineNo, message: 'A flight cannot land where it took off.' }); return; }
      let offset = 0;
      if (arrExtra?.startsWith('+')) offset = Number(arrExtra.slice(1));
      else if (arrExtra) {
        const arrDate = ddmmm(arrExtra.trim(), date);
        if (arrDate) offset = Math.round((Date.parse(arrDate) - Date.parse(date)) / 86_400_000);
      }
      if (!CONFIRMED.includes(status)) {
        out.warnings.push({ line: lineNo, message: WAITLISTED.includes(status) ? `${airline}${flightNo} is waitlisted (${status}); it was left out.` : `${airline}${flightNo} is not confirmed (${status}); it was left out.` });
        return;
      }
      out.segments.push({
        line: lineNo, airline, flight_number: `${airline}${flightNo}`, booking_class: cls, cabin: cabinOf(cls), date, origin, destination,
        status, seats: Number(seats), departure_time: depT, arrival_time: arrT, arrival_day_offset: offset,
      });
      return;
    }

    NAME_RE.lastIndex = 0;
    const names = [...line.matchAll(NAME_RE)];
    if (names.length && /^\s*\d{1,2}\.\d{0,2}[A-Z]/.test(line)) {
      for (const n of names) {
        const position = Number(n[1]);
        if (seenPositions.has(position)) { out.warnings.push({ line: lineNo, message: `Passenger ${position} appears twice.` }); continue; }
        seenPositions.add(position);
        const last = n[2].trim();
        const { first, title } = splitName(n[3]);
        const extra = (n[4] ?? '').trim();
        let type: PaxType = CHILD_TITLES.includes(title) ? 'CNN' : 'ADT';
        let dob: string | undefined;
        if (/^CHD/.test(extra)) {
          type = 'CNN';
          const d = /(\d{1,2}[A-Z]{3}\d{2})/.exec(extra);
          if (d) dob = birthDay(d[1], opts.today) ?? undefined;
        } else if (/^INF/.test(extra)) {
          // (INFKHAN/ALI/12JAN25), (INF/ALI/12JAN25) or (INFALI): an infant on this adult's lap.
          const parts = extra.slice(3).trim().split('/');
          const dobPart = parts.find((p) => /^\d{1,2}[A-Z]{3}\d{2}$/.test(p.trim()));
          const nameParts = parts.filter((p) => p !== dobPart);
          const infLast = nameParts.length >= 2 ? nameParts[0].trim() || last : last;
          const infFirst = (nameParts.length >= 2 ? nameParts[1] : nameParts[0] ?? '').trim();
          const d = dobPart ? dobPart.trim() : null;
          if (!infFirst) out.errors.push({ line: lineNo, message: `The infant of passenger ${position} has no name.` });
          else infants.push({ adult: position, last: infLast.trim(), first: splitName(infFirst).first, dob: d ? birthDay(d, opts.today) ?? undefined : undefined, line: lineNo });
        }
        if (!first) { out.errors.push({ line: lineNo, message: `Passenger ${position} has no first name.` }); continue; }
        out.passengers.push({ type, title: titleCase(title || (type === 'CNN' ? 'MSTR' : 'MR')), first_name: first, last_name: last, ...(dob ? { dob } : {}) });
      }
      return;
    }

    const total = TOTAL_RE.exec(line);
    if (total) { out.total = { currency: total[1], amount: normaliseAmount(total[2]) }; return; }

    const loc = LOCATOR_RE.exec(line);
    if (loc && /\d/.test(loc[1]) && /[A-Z]/.test(loc[1])) { out.record_locator ??= loc[1]; return; }
    // Other lines (phones, tickets, remarks, queue headers) are ignored: they carry nothing we book.
  });

  // Infants after their adults; an infant needs an adult.
  for (const inf of infants) {
    const adultIndex = out.passengers.findIndex((_, i) => i === inf.adult - 1);
    out.passengers.push({ type: 'INF', title: 'Inf', first_name: inf.first, last_name: inf.last, with_adult: adultIndex >= 0 ? adultIndex + 1 : inf.adult, ...(inf.dob ? { dob: inf.dob } : {}) });
  }

  if (!out.passengers.length) out.errors.push({ line: 0, message: 'No passenger names were found (lines such as 1.KHAN/AHMED MR).' });
  if (!out.segments.length) out.errors.push({ line: 0, message: 'No confirmed flight segments were found (lines such as 1 PK 301 Y 15MAR 1 KHIDXB HK2 0930 1130).' });

  const seated = out.passengers.filter((p) => p.type !== 'INF').length;
  for (const s of out.segments) {
    if (seated && s.seats !== seated) out.warnings.push({ line: s.line, message: `${s.flight_number} holds ${s.seats} seat(s) for ${seated} seated passenger(s).` });
  }
  for (let i = 1; i < out.segments.length; i++) {
    const a = out.segments[i - 1], b = out.segments[i];
    if (b.date < a.date) out.errors.push({ line: b.line, message: `${b.flight_number} departs before the previous flight.` });
  }
  return out;
}

/** Birth dates are in the past: "12JAN25" as given, two-digit years of the future belong to the last century. */
function birthDay(text: string, today: string): string | null {
  const d = ddmmm(text, today);
  if (!d) return null;
  return d > today ? `${Number(d.slice(0, 4)) - 100}${d.slice(4)}` : d;
}

function normaliseAmount(a: string): string {
  const n = a.replace(/,/g, '');
  const [whole, frac = ''] = n.split('.');
  return `${whole}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
