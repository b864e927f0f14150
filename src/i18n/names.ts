import type { aircraftName, airlineName, airportName, cityName } from '../../contract/names';

/**
 * The Arabic naming rules and their tables (contract/names: airlines' and airports' own Arabic names,
 * transliteration) come with the Arabic dictionary rather than in every first load: in English a name is written
 * as the data holds it.
 */
export interface ArabicNames { airlineName: typeof airlineName; airportName: typeof airportName; cityName: typeof cityName; aircraftName: typeof aircraftName }

let names: ArabicNames | null = null;
let loading: Promise<void> | null = null;

/** Fetched once; a chunk that cannot be fetched leaves names as the data holds them, and is asked for again next time. */
export function loadArabicNames(): Promise<void> {
  loading ??= import('../../contract/names').then((m) => { names = m; }, () => { loading = null; });
  return loading;
}

/** The rules for `lang`: Arabic's once they are in, else none (the name stays as written). */
export const namesIn = (lang: string): ArabicNames | null => (lang === 'ar' ? names : null);
