import { useTranslation } from 'react-i18next';
import { namesIn } from './names';

/**
 * The city an airport serves, in the reader's language: Arabic from GeoNames where it has a name for that
 * city (about 1,700 airports, every city our travellers book most), else what the server sent in English.
 */
export function usePlaceName(): (code: string, fallback: string) => string {
  const { t, i18n } = useTranslation();
  // In Arabic, once the places are in, a city GeoNames does not name is written in Arabic letters (contract/names);
  // before they are in, it stays as the server sent it rather than change spelling when they arrive.
  const spell = i18n.language === 'ar' && i18n.exists('places.KHI');
  // A fallback that is the code itself stays the code.
  const names = namesIn(i18n.language);
  return (code, fallback) => t(`places.${code}`, { defaultValue: spell && names && fallback !== code ? names.cityName(fallback, null, 'ar') : fallback });
}

/** An airline's name in the reader's language: the airline's own Arabic name, else the naming rule (contract/names). */
export function useAirlineName(): (airline: { code: string; name: string }) => string {
  const { i18n } = useTranslation();
  const names = namesIn(i18n.language);
  return (a) => (names ? names.airlineName(a.code, a.name, 'ar') : a.name);
}

/** An airport's name in the reader's language: "مطار" and its city in Arabic, where the airport's own is not known. */
export function useAirportName(): (a: { code: string; name: string; city?: string | null }) => string {
  const { t, i18n } = useTranslation();
  const names = namesIn(i18n.language);
  return (a) => (names ? names.airportName(a.code, a.name, { english: a.city || a.name, arabic: t(`places.${a.code}`, { defaultValue: '' }) || null }, 'ar') : a.name);
}

/** An aircraft type in the reader's language: its maker's name in Arabic, its model as the maker writes it. */
export function useAircraftName(): (english: string) => string {
  const { i18n } = useTranslation();
  const names = namesIn(i18n.language);
  return (english) => (names ? names.aircraftName(english, 'ar') : english);
}

/** "A → B" as the reader reads it: in Arabic the first place is on the right and the arrow points left. */
export function useRouteText(): (from: string, to: string, both?: boolean) => string {
  const { i18n } = useTranslation();
  return (from, to, both = false) => {
    const rtl = i18n.dir() === 'rtl';
    return `${from} ${both ? '⇄' : rtl ? '←' : '→'} ${to}`;
  };
}

// One Intl.DisplayNames per language: building one loads the language's region names, which on a phone (4x
// slower CPU) took ~100 ms of the home page's first render when each visa card built its own.
const regionNames = new Map<string, Intl.DisplayNames | null>();
function regionNamesIn(lang: string): Intl.DisplayNames | null {
  let names = regionNames.get(lang);
  if (names === undefined) {
    try { names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }); } catch { names = null; }
    regionNames.set(lang, names);
  }
  return names;
}

/** A country code's name in the reader's language (Unicode CLDR through Intl), else `fallback` (the code). */
export function countryName(code: string, lang: string, fallback = code): string {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return fallback;
  try { return regionNamesIn(lang)?.of(upper) ?? fallback; } catch { return fallback; }
}

/** "Karachi (KHI)" as the search form labelled it, or in Arabic "كراتشي (KHI)" where the city has a name. */
export function useAirportLabel(): (code: string, label?: string) => string {
  const { t, i18n } = useTranslation();
  return (code, label) => (i18n.exists(`places.${code}`) ? `${t(`places.${code}`)} (${code})` : label ?? code);
}
