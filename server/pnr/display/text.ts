/**
 * A paste as lines the readers take, and the pastes that are no booking display at all (nothing, bytes that are
 * no text, or another screen of the terminal: availability, a fare display, a queue list).
 */
import type { NotABooking } from './types';

export interface Line { no: number; text: string }

/** Upper case, tabs as spaces, no trailing spaces; every line keeps its number in the paste. */
export function linesOf(text: string): Line[] {
  return text.replace(/\r\n?/g, '\n').split('\n').map((t, i) => ({ no: i + 1, text: t.toUpperCase().replace(/\t/g, '    ').replace(/\s+$/, '') }));
}

/**
 * Joins what a terminal wrapped onto the next line (indented four spaces or more) to the line it continues:
 * a flight's trailing fields, or an SSR or ticket element (indented three spaces or more) cut at the screen's edge (joined without a space when
 * the line ran to the edge, as the cut fell inside a word).
 */
export function unwrap(lines: Line[], isSegment: (text: string) => boolean): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    const prev = out[out.length - 1];
    const indented = /^\s{4,}\S/.test(l.text) && !/^\s*OPERATED BY\b/.test(l.text);
    if (prev && indented && isSegment(prev.text) && !isSegment(l.text)) { prev.text = `${prev.text} ${l.text.trim()}`; continue; }
    if (prev && /^\s{3,}(?!\d{1,3}[.\s])\S/.test(l.text) && /SSR|DOCS|TKNE|INFT|\bF[AH][EM]?\s+(PAX|INF)\b/.test(prev.text) && !/^\s*(P\s*\d|TKNE|INFT)/.test(l.text.trim())) {
      prev.text = prev.text.length >= 63 ? `${prev.text}${l.text.trim()}` : `${prev.text} ${l.text.trim()}`;
      continue;
    }
    out.push({ ...l });
  }
  return out;
}

const PRINTABLE = /[\x20-\x7E\u00A0-\u00FF‡¥¤§]/u;

/** Why a paste with no name and no flight read is no booking display, from what it looks like. */
export function notABooking(text: string, lines: Line[]): NotABooking {
  if (!text.trim()) return 'empty';
  const chars = [...text].filter((c) => !/\s/.test(c));
  const odd = chars.filter((c) => !PRINTABLE.test(c)).length;
  if (text.includes('\0') || odd > chars.length * 0.1) return 'binary';
  const all = lines.map((l) => l.text);
  const count = (re: RegExp) => all.filter((l) => re.test(l)).length;
  if (count(/AVAILABILITY|^\s*\*\*.*AVAIL/) || count(/^\s*\d{1,2}\s*[A-Z0-9]{2}\s*\d{1,4}\s+(?:[A-Z][0-9L]\s+){3,}/) >= 2) return 'availability';
  if (count(/\bFARE BASIS\b|\bFQD\b|^\s*FQ[A-Z]|^\s*FD[A-Z]{6}|\bTARIFF\b|\bFARES? (?:LAST )?UPDATED\b|\bROUTING\b.*\bMPM\b/) || count(/^\s*\d{1,3}\s+[A-Z0-9]{2}\s+[A-Z0-9]{3,8}\s+[\d.]+\s+[\d.]*\s*[A-Z]?\s+\d{1,2}[A-Z]{3}/) >= 2) return 'fare_display';
  if (count(/\bQUEUE\b|^\s*QT\b|^\s*Q\/?\d+\b|QUEUE COUNT|^\s*QC\b/) || count(/^\s*\d{1,3}\s+[A-Z0-9]{6}\s+[A-Z][A-Z' -]*\/[A-Z]/) >= 2) return 'queue_list';
  return 'no_booking';
}

export const REFUSALS: Record<NotABooking, string> = {
  empty: 'Paste the itinerary.',
  binary: 'This is not text a GDS terminal prints. Copy the booking display (RT, *A or *R) and paste it as text.',
  availability: 'This is an availability display, not a booking. Paste the booking display (RT, *A or *R).',
  fare_display: 'This is a fare display, not a booking. Paste the booking display (RT, *A or *R).',
  queue_list: 'This is a queue list, not a booking. Open one booking and paste its display (RT, *A or *R).',
  no_booking: 'No booking was found in this text: no passenger names and no flights. Paste the booking display (RT, *A or *R).',
};
