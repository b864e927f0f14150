/**
 * Right-to-left lines for the PDF: pdfkit draws runs of text left to right and its font engine (fontkit) joins
 * Arabic letters and lays an Arabic run out right to left, but it does not reorder a line that mixes Arabic with
 * Latin text and digits (a PNR, a flight number, an amount). This splits a line into runs by the Unicode
 * bidirectional algorithm (bidi-js) and orders them as they are seen, left to right.
 */
import type bidiFactory from 'bidi-js';

type Bidi = ReturnType<typeof bidiFactory>;
export interface VisualRun { text: string; rtl: boolean; arabic: boolean }

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Marks that steer the algorithm but have no glyph (Intl puts U+200F in Arabic amounts). */
const CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

export const hasArabic = (s: string) => ARABIC.test(s);
export const stripControls = (s: string) => s.replace(CONTROLS, '');

/**
 * A line takes the direction of its first strong letter, as `dir="auto"` does in the app: an English address or
 * request in an Arabic document reads left to right (its comma stays at its end). An Arabic amount from Intl opens
 * with a right-to-left mark and so stays as the screens show it. A line with no letter takes the document's.
 */
export function lineIsRtl(line: string, rtlDocument: boolean): boolean {
  const first = /[A-Za-z\u00C0-\u024F\u200E]|[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF\u200F\u061C]/.exec(line);
  return first ? !/[A-Za-z\u00C0-\u024F\u200E]/.test(first[0]) : rtlDocument;
}

/**
 * Numbers with separators (dates, times, ticket numbers) read left to right as a whole. The algorithm alone turns
 * digits after Arabic letters into Arabic numbers, whose hyphens then order "2026-12-17" as "17-12-2026"; an
 * isolate keeps them together, as a dir="ltr" span does on the screens.
 */
const NUMBER_WITH_SEPARATORS = /\d[\d\-/:.,]*\d/g;
const isControl = (ch: string) => /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/.test(ch);

export function visualRuns(bidi: Bidi, line: string, rtlDocument: boolean): VisualRun[] {
  const rtl = rtlDocument && lineIsRtl(line, rtlDocument);
  const text = rtl ? line.replace(NUMBER_WITH_SEPARATORS, (m) => `\u2066${m}\u2069`) : line;
  if (!stripControls(text)) return [];
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  // Runs of one level, in reading order.
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    if (isControl(text[i])) continue;
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i] });
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i].level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1].level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs.map((r) => {
    let s = '';
    for (let i = r.start; i < r.end; i++) if (!isControl(text[i])) s += mirrored.get(i) ?? text[i];
    // Text stays in reading order: the renderer reverses what the font engine does not (see render.ts).
    return { text: s, rtl: r.level % 2 === 1, arabic: hasArabic(s) };
  }).filter((r) => r.text.length > 0);
}
