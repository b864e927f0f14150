/**
 * The fonts every document embeds: Noto Sans Arabic from its npm package (OFL), whose Arabic and Latin files are
 * one design, so an Arabic label beside a Latin PNR or amount reads as one type. Read from node_modules at render
 * time; nothing is fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const files = new Map<string, Buffer>();
/** Read once per process (about 190 KB for the four); every document parses them from memory. */
function file(subset: 'arabic' | 'latin', weight: 400 | 700): Buffer {
  const path = require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-${weight}-normal.woff`);
  let bytes = files.get(path);
  if (!bytes) files.set(path, (bytes = readFileSync(path)));
  return bytes;
}

export const FONTS = {
  latin: () => file('latin', 400),
  latinBold: () => file('latin', 700),
  arabic: () => file('arabic', 400),
  arabicBold: () => file('arabic', 700),
};
