/**
 * The fonts every document embeds: Noto Sans Arabic from its npm package (OFL), whose Arabic and Latin files are
 * one design, so an Arabic label beside a Latin PNR or amount reads as one type. Read from node_modules at render
 * time; nothing is fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { woffToSfnt } from './woff';
import { keepShapedLetters } from './glyph-text';

const require = createRequire(import.meta.url);
const fonts = new Map<string, Font>();
/** The font engine, imported with the first document (loadFonts) rather than at start-up (it is 0.1-0.3 s of it). */
let fontkit: typeof import('fontkit') | null = null;
export async function loadFonts(): Promise<void> {
  fontkit ??= await import('fontkit');
}
/**
 * Read and parsed once per process (about 190 KB of files): pdfkit takes the parsed font, so a document does not
 * parse the Arabic font's shaping tables again (most of a document's time before).
 */
function file(subset: 'arabic' | 'latin', weight: 400 | 700): Font {
  const path = require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-${weight}-normal.woff`);
  let font = fonts.get(path);
  if (!font) {
    if (!fontkit) throw new Error('loadFonts() first');
    fonts.set(path, (font = fontkit.create(woffToSfnt(readFileSync(path)))));
    keepShapedLetters(font);
  }
  return font;
}

export const FONTS = {
  latin: () => file('latin', 400),
  latinBold: () => file('latin', 700),
  arabic: () => file('arabic', 400),
  arabicBold: () => file('arabic', 700),
};
