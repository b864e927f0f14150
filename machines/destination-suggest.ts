import type { HotelDestination } from '../contract/hotels';
import { suggestMachine } from './suggest';

/** The suggestions under the hotel search's destination field (cities and hotels): the look-up chart of suggest.ts. */
export const destinationSuggestMachine = suggestMachine<HotelDestination>('destinationSuggest');
