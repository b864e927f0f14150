import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadArabicNames } from './names';
import { applyToDocument, loadDictionary, STORAGE_KEY, type Dictionary as Translations, type Language } from './languages';

export { LANGUAGES, storedLanguage, type Language } from './languages';

/**
 * i18next over the dictionaries of languages.ts. Keys are `area.screen.element` (auth.login.title); `server` maps
 * known server texts (English, possibly with {{placeholders}}) to their translation.
 */

// Languages whose dictionary is in: a feature's section (addSection) may already be there in both languages.
const loaded = new Set<Language>();
async function loadLanguage(lng: Language) {
  if (loaded.has(lng)) return;
  i18n.addResourceBundle(lng, 'translation', await loadDictionary(lng), true, true);
  loaded.add(lng);
}

/** i18next in the reader's language, with its dictionary (main.tsx fetched it beside the first screen). */
export async function initI18n(lng: Language, dictionary: Translations) {
  applyToDocument(lng);
  if (lng === 'ar') await loadArabicNames(); // in already when the dictionary came through loadDictionary
  i18n.on('languageChanged', applyToDocument);
  await i18n.use(initReactI18next).init({
    resources: { [lng]: { translation: dictionary } },
    lng,
    fallbackLng: false,
    supportedLngs: ['en', 'ar'],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    // A feature's strings arrive with its screens (src/features/hotels/strings.ts): what is on screen then (the
    // page title, a heading) renders again with them.
    react: { bindI18nStore: 'added' },
  });
  loaded.add(lng);
  waiting.splice(0).forEach(([name, byLanguage]) => addSection(name, byLanguage));
  void loadPlaces(lng);
  return i18n;
}

/**
 * Airport cities in the reader's language (GeoNames' Arabic names by airport code, locales/places/): a section
 * of its own, fetched after the first screen, since the screens that name places render the code's city in
 * English until it is in (src/i18n/places.ts).
 */
async function loadPlaces(lng: Language) {
  if (lng !== 'ar' || i18n.exists('places.KHI', { lng })) return;
  const places = (await import('../../locales/places/ar.json')).default as Record<string, string>;
  i18n.addResourceBundle(lng, 'translation', { places }, true, true);
}

export async function setLanguage(lng: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    /* not persisted; still switch */
  }
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  void loadPlaces(lng);
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

/**
 * Exact match first, then patterns such as "Welcome back, {{name}}." A pattern's value that is itself a word of the
 * dictionary (a field's label, a status: "The title field is required.", "this one is ticketed") is said in the
 * reader's language too; anything else (a name, a reference) stays as sent.
 */
export function lookupServerText(dict: Dictionary, text: string): string {
  if (dict[text]) return dict[text];
  for (const { re, names, to } of patterns(dict)) {
    const m = re.exec(text);
    if (m) return names.reduce((out, name, i) => out.replaceAll(`{{${name}}}`, wordOf(dict, m[i + 1])), to);
  }
  return text;
}
const wordOf = (dict: Dictionary, value: string) => (/^[\p{L}][\p{L} _-]*$/u.test(value) && dict[value]) || value;

/**
 * A feature's own section of the dictionaries, in both languages, registered when its screens' code loads (their
 * strings do not ship with every first visit: vite/dictionary.ts). Kept when the reader switches language.
 */
export function addSection(name: string, byLanguage: Record<string, Record<string, unknown>>) {
  // The first screen's code may arrive before i18next has started (main.tsx loads both at once): kept until then.
  if (!i18n.isInitialized) { waiting.push([name, byLanguage]); return; }
  for (const [lng, strings] of Object.entries(byLanguage)) i18n.addResourceBundle(lng, 'translation', { [name]: strings }, true, true);
}
const waiting: [string, Record<string, Record<string, unknown>>][] = [];

/** Several sections at once, by language (the agent and back-office areas' strings). */
export function addSections(byLanguage: Record<string, Record<string, unknown>>) {
  for (const name of Object.keys(byLanguage.en ?? {})) addSection(name, Object.fromEntries(Object.entries(byLanguage).map(([lng, s]) => [lng, s[name] as Record<string, unknown>])));
}

export { i18n };
