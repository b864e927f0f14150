/**
 * A plain number (a rating, a distance, a count, a percentage, a chart's axis), written as money and dates are: Latin
 * digits and Latin separators in both languages ("8.5", "12,345", "1.2M" / "1.2 مليون"). Money itself goes through
 * money.ts, which knows its currency's minor units.
 */
const localeOf = (lang: string) => (lang === 'ar' ? 'ar-u-nu-latn' : 'en-US');

// A list formats hundreds of numbers; building an Intl formatter costs far more than using one.
const cache = new Map<string, Intl.NumberFormat>();

export function formatNumber(n: number, lang: string, opts: { min?: number; max?: number; compact?: boolean } = {}): string {
  const { min = 0, max = Math.max(min, 2), compact = false } = opts;
  const key = `${lang}:${min}:${max}:${compact}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: min, maximumFractionDigits: max, ...(compact ? { notation: 'compact' } : {}) })));
  return f.format(n);
}
