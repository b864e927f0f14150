/**
 * Airline, airport, city and aircraft names in the reader's language, the same on screens, documents and mails.
 * In Arabic: the name the data holds (GeoNames for cities, the tables in known-ar.ts), else the naming rule of
 * each kind over the English name, with the Latin parts written in Arabic letters (transliterate.ts).
 */
import { AIRLINES_AR, AIRPORTS_AR } from './known-ar';
import { transliterate } from './transliterate';

export { isArabicText, transliterate } from './transliterate';
export { AIRLINES_AR, AIRPORTS_AR } from './known-ar';

const arabic = (lang: string) => lang === 'ar';
const kept = new Map<string, string>();
/** Names repeat on every results card: each is worked out once. */
function once(key: string, make: () => string): string {
  let name = kept.get(key);
  if (name === undefined) {
    if (kept.size >= 20_000) kept.clear(); // bounded: a crawl over every airport cannot make it grow without end
    kept.set(key, (name = make()));
  }
  return name;
}

const AIRLINE_WORDS = /\b(air ?lines?|airways|aviation|aviacion|aerolineas|lineas aereas|air|aero)\b/gi;

/** "Pakistan International Airlines" stays as the airline writes it in English; in Arabic its own name, else "طيران …". */
export function airlineName(code: string, english: string, lang: string): string {
  if (!arabic(lang)) return english;
  return AIRLINES_AR[code.toUpperCase()] ?? once(`al|${english}`, () => {
    const rest = english.replace(AIRLINE_WORDS, ' ').trim();
    const name = transliterate(rest || english);
    return rest && rest !== english.trim() ? `طيران ${name}` : name;
  });
}

/** The city an airport serves: GeoNames' Arabic name where there is one (`known`), else the English one in Arabic letters. */
export function cityName(english: string, known: string | null | undefined, lang: string): string {
  if (!arabic(lang)) return english;
  return known || once(`c|${english}`, () => transliterate(english) || english);
}

const KIND = /\b(international|intl|regional|domestic|municipal|county|airport|airfield|aerodrome|airstrip|air base|heliport|field)\b/gi;
const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * An airport's name. In Arabic: the airport's own where the table has it, else "مطار", its city, the rest of its
 * English name in Arabic letters and what kind it is ("Gatwick Airport", London → "مطار لندن غاتويك").
 */
export function airportName(code: string, english: string, city: { english: string; arabic: string | null | undefined }, lang: string): string {
  if (!arabic(lang)) return english;
  return AIRPORTS_AR[code.toUpperCase()] ?? once(`ap|${code}|${english}|${city.english}`, () => {
    const town = fold(city.english);
    const words = fold(english).replace(KIND, ' ').split(/\s+/).filter((w) => w && !town.split(/\s+/).includes(w));
    // An article left alone once its city is taken out ("El Arish", city "Arish") goes with it.
    const rest = words.filter((w, i) => !((w === 'al' || w === 'el') && i === words.length - 1)).join(' ');
    const kind = /\binternational\b/i.test(english) ? 'الدولي' : /\bregional\b/i.test(english) ? 'الإقليمي' : /\bdomestic\b/i.test(english) ? 'المحلي' : '';
    return ['مطار', cityName(city.english, city.arabic, 'ar'), transliterate(rest), kind].filter(Boolean).join(' ');
  });
}

const MAKERS: [RegExp, string][] = [
  [/\bAirbus\b/i, 'إيرباص'], [/\bBoeing\b/i, 'بوينغ'], [/\bEmbraer\b/i, 'إمبراير'], [/\bATR\b/, 'إيه تي آر'], [/\bBombardier\b/i, 'بومباردييه'],
  [/\bDe Havilland( Canada)?\b/i, 'دي هافيلاند'], [/\bFokker\b/i, 'فوكر'], [/\bSukhoi\b/i, 'سوخوي'], [/\bComac\b/i, 'كوماك'], [/\bCanadair\b/i, 'كنادير'],
];

/** "Airbus A320neo" → "إيرباص A320neo": the maker in Arabic, the model as the maker writes it. */
export function aircraftName(english: string, lang: string): string {
  if (!arabic(lang)) return english;
  return MAKERS.reduce((s, [re, ar]) => s.replace(re, ar), english);
}
