/**
 * The fonts every document embeds: Noto Sans Arabic from its npm package (OFL), whose Arabic and Latin files are
 * one design, so an Arabic label beside a Latin PNR or amount reads as one type. Read from node_modules at render
 * time; nothing is fetched.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const file = (subset: 'arabic' | 'latin', weight: 400 | 700) => require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-${weight}-normal.woff`);

export const FONTS = {
  latin: () => file('latin', 400),
  latinBold: () => file('latin', 700),
  arabic: () => file('arabic', 400),
  arabicBold: () => file('arabic', 700),
};
