/**
 * Each glyph of a PDF reads back as the letters it was drawn for (what copying, searching, screen readers and text
 * extraction get). pdfkit writes a glyph's text from the glyph object fontkit hands it, and fontkit keeps one object
 * per glyph, holding the letters it was first asked for. Noto Sans Arabic draws a dotted letter as a dotless body
 * shared with other letters plus a dot mark (ب ت ث ن ي share one body, ج ح خ another, ر ز another), so every body
 * read as the letter it first drew ("الكبير" came back as "الكنيز") and the dots, which add no letter, as stray
 * control characters.
 *
 * So a glyph fontkit hands out carries the letters it is asked for this time (keepShapedLetters, once per font: the
 * shared glyph behind it is unchanged), and a body drawn for two letters is embedded twice, each copy reading as its
 * letter (encodeWithLetters, once per document). A mark that adds no letter reads as a word joiner: invisible, no
 * break in a word, and dropped by text extraction (pdf.js skips format characters).
 */
import type { Font } from 'fontkit';

const WORD_JOINER = 0x2060;

interface Glyph { id: number; codePoints: number[]; advanceWidth: number }

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** fontkit's getGlyph(id, letters), which the shaper calls for every glyph it reads and writes, answers with those letters. */
export function keepShapedLetters(font: Font): void {
  const shaping = font as unknown as { getGlyph(id: number, letters?: number[]): Glyph | null };
  const cached = shaping.getGlyph.bind(font);
  shaping.getGlyph = (id, letters = []) => {
    const g = cached(id, letters);
    return !g || !letters.length || same(g.codePoints, letters) ? g : Object.create(g, { codePoints: { value: [...letters] } }) as Glyph;
  };
}

/** pdfkit's font in a document: its subset of glyphs and, per subset glyph, its text and width. */
interface EmbeddedFont {
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  encode(text: string, features?: unknown): [string[], unknown[]];
}

/** The document's font writes each glyph under a subset glyph that reads as its letters (pdfkit's encode, so changed). */
export function encodeWithLetters(pdfFont: unknown): void {
  const font = pdfFont as EmbeddedFont;
  if (typeof font.encode !== 'function' || !font.subset) return; // one of pdfkit's built-in fonts: nothing shaped
  const subsetGlyph = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const codes = glyphs.map((g) => {
      const letters = g.codePoints.length ? g.codePoints : [WORD_JOINER];
      const key = `${g.id}|${letters.join(',')}`;
      let gid = subsetGlyph.get(key);
      if (gid === undefined) {
        gid = font.subset.includeGlyph(g.id);
        // Already embedded for other letters: a copy reads as these.
        if (font.unicode[gid] !== undefined) { font.subset.glyphs.push(g.id); gid = font.subset.glyphs.length - 1; }
        font.unicode[gid] = letters;
        font.widths[gid] = g.advanceWidth * font.scale;
        subsetGlyph.set(key, gid);
      }
      return `0000${gid.toString(16)}`.slice(-4);
    });
    return [codes, positions];
  };
}
