import { suggestMachine } from './suggest';

/** The suggestions under an airport field of the flight search form: the look-up chart of suggest.ts, asking for airports. */

export { MIN_LETTERS, type SuggestEvent as AirportSuggestEvent } from './suggest';
export interface AirportSuggestion { code: string; name: string; city: string; country: string }
export interface AirportSuggestContext { text: string; suggestions: AirportSuggestion[] }

export const airportSuggestMachine = suggestMachine<AirportSuggestion>('airportSuggest');
