/**
 * Languages: en and ar, default from the stored preference, English fallback. No i18next here:
 * the entry reads the reader's language and starts their dictionary's download before the app itself arrives.
 */

import { loadArabicNames } from './names';

export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export const STORAGE_KEY = 'locale';

export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.some((l) => l.code === v) ? (v as Language) : 'en';
  } catch {
    return 'en';
  }
}

export function applyToDocument(lng: string) {
  const lang = LANGUAGES.find((l) => l.code === lng) ?? LANGUAGES[0];
  document.documentElement.lang = lang.code;
  document.documentElement.dir = lang.dir;
}

export type Dictionary = Record<string, unknown>;

/**
 * Each language is its own chunk (en 17 KB, ar 21 KB gzip): a reader downloads the one they read. Both locales
 * have the same keys (tests/app/locales.test.ts), so no fallback language needs loading beside it.
 */
const DICTIONARIES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  en: () => import('../../locales/en.json'),
  // Arabic's naming rules come with its words: a screen naming an airline or an airport renders once, in Arabic.
  ar: () => Promise.all([import('../../locales/ar.json'), loadArabicNames()]).then(([m]) => m),
};
const loading = new Map<Language, Promise<Dictionary>>();

/** The dictionary of a language, fetched once; a chunk that cannot be fetched (offline, an old deploy) gives {}. */
export function loadDictionary(lng: Language): Promise<Dictionary> {
  let d = loading.get(lng);
  if (!d) {
    loading.set(lng, (d = DICTIONARIES[lng]().then((m) => m.default, () => { loading.delete(lng); return {}; })));
  }
  return d;
}
