import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Languages (spec §1, §9): en and ar, default from the stored preference, English fallback.
 * Keys are `area.screen.element` (auth.login.title); `server` maps known server texts (English,
 * possibly with {{placeholders}}) to their translation.
 */

export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'locale';

export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.some((l) => l.code === v) ? (v as Language) : 'en';
  } catch {
    return 'en';
  }
}

function applyToDocument(lng: string) {
  const lang = LANGUAGES.find((l) => l.code === lng) ?? LANGUAGES[0];
  document.documentElement.lang = lang.code;
  document.documentElement.dir = lang.dir;
}

/**
 * Each language is its own chunk (en 17 KB, ar 21 KB gzip): a reader downloads the one they read. Both locales
 * have the same keys (tests/app/locales.test.ts), so no fallback language needs loading beside it.
 */
const DICTIONARIES: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('../../locales/en.json'),
  ar: () => import('../../locales/ar.json'),
};
async function loadLanguage(lng: Language) {
  if (!i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', (await DICTIONARIES[lng]()).default);
}

/** Starts the stored language's download at once; resolves when the app can render in it. */
export async function initI18n() {
  const lng = storedLanguage();
  applyToDocument(lng);
  // A chunk that cannot be fetched (offline, an old deploy) leaves keys on screen rather than no app at all.
  const dictionary = await DICTIONARIES[lng]().catch(() => ({ default: {} }));
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources: { [lng]: { translation: dictionary.default } },
    lng,
    fallbackLng: false,
    supportedLngs: ['en', 'ar'],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18n;
}

export async function setLanguage(lng: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    /* not persisted; still switch */
  }
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
}

type Dictionary = Record<string, string>;
const compiled = new WeakMap<Dictionary, { re: RegExp; names: string[]; to: string }[]>();

function patterns(dict: Dictionary) {
  let list = compiled.get(dict);
  if (!list) {
    list = Object.entries(dict)
      .filter(([from]) => from.includes('{{'))
      .map(([from, to]) => {
        const names: string[] = [];
        const source = from
          .split(/\{\{(\w+)\}\}/)
          .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return { re: new RegExp(`^${source}$`), names, to };
      });
    compiled.set(dict, list);
  }
  return list;
}

/** A server text in the current language when we know it; otherwise as the server sent it. */
export function translateServer(text: string, lng = i18n.language): string {
  const bundle = (i18n.getResourceBundle(lng, 'translation') ?? {}) as { server?: Dictionary };
  return lookupServerText(bundle.server ?? {}, text);
}

/** Exact match first, then patterns such as "Welcome back, {{name}}." */
export function lookupServerText(dict: Dictionary, text: string): string {
  if (dict[text]) return dict[text];
  for (const { re, names, to } of patterns(dict)) {
    const m = re.exec(text);
    if (m) return names.reduce((out, name, i) => out.replaceAll(`{{${name}}}`, m[i + 1]), to);
  }
  return text;
}

export { i18n };
