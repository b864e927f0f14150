import { addDays } from './flight-choices';

/**
 * The hotel search's rules that compare fields (the stay against today and itself, the rooms and their guests),
 * without valibot, so the search form checks a stay with the server's own rules and messages on the first load.
 */

export const HOTEL_LIMITS = {
  maxRooms: 9,
  maxNights: 30,
  /** Adults plus children in one room; the largest room type (quad, family suite) takes four. */
  maxGuestsPerRoom: 4,
  maxChildrenPerRoom: 3,
  maxChildAge: 17,
  /** How far ahead a stay can start, as for flights. */
  maxDaysAhead: 330,
} as const;

export const HOTEL_MESSAGES = {
  destinationRequired: 'Choose a city or hotel from the list.',
  unknownDestination: 'Unknown city or hotel. Choose one from the list.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  checkInPast: 'Check-in cannot be in the past.',
  tooFar: `Stays can be searched up to ${HOTEL_LIMITS.maxDaysAhead} days ahead.`,
  checkOutAfter: 'Check-out must be after check-in.',
  tooLong: `A stay can be at most ${HOTEL_LIMITS.maxNights} nights.`,
  roomsCount: `Choose between 1 and ${HOTEL_LIMITS.maxRooms} rooms.`,
  roomsFormat: 'Describe the rooms as a list of adults and children ages.',
  adultsMin: 'Each room needs at least one adult.',
  roomGuests: `A room takes at most ${HOTEL_LIMITS.maxGuestsPerRoom} guests.`,
  childrenMax: `A room takes at most ${HOTEL_LIMITS.maxChildrenPerRoom} children.`,
  childAge: `A child's age must be between 0 and ${HOTEL_LIMITS.maxChildAge}.`,
  stars: 'Stars are 1 to 5.',
  board: 'Choose room only, breakfast, half board or full board.',
  amenities: 'Unknown amenity.',
  sort: 'Sort by price, stars, distance or rating.',
  price: 'Enter a price.',
  distance: 'Enter a distance in kilometres.',
  checkInRequired: 'Choose a check-in date.',
  checkOutRequired: 'Choose a check-out date.',
  roomsRequired: 'Choose the rooms and who stays in them.',
  page: 'Enter a page number of 1 or more.',
  perPage: 'Enter a page size between 1 and 100.',
} as const;

export interface RoomFields { adults?: number; children_ages?: number[] }
export interface StayFields { destination?: string; check_in?: string; check_out?: string; rooms?: RoomFields[] }

/** Whole nights between two YYYY-MM-DD dates. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

/**
 * The first broken rule per field ("check_out", "rooms.1.children_ages.0"); `today` is YYYY-MM-DD in the
 * product's zone; `isDestination` is left out where destinations are not known (the app checks the choice).
 */
export function stayRuleErrors(q: StayFields, opts: { today: string; isDestination?: (id: string) => boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const fail = (field: string, message: string) => { errors[field] ??= message; };
  const M = HOTEL_MESSAGES;
  if (!q.destination) fail('destination', M.destinationRequired);
  else if (opts.isDestination && !opts.isDestination(q.destination)) fail('destination', M.unknownDestination);
  if (!q.check_in) fail('check_in', M.dateFormat);
  else if (q.check_in < opts.today) fail('check_in', M.checkInPast);
  else if (q.check_in > addDays(opts.today, HOTEL_LIMITS.maxDaysAhead)) fail('check_in', M.tooFar);
  if (!q.check_out) fail('check_out', M.dateFormat);
  else if (q.check_in && q.check_out <= q.check_in) fail('check_out', M.checkOutAfter);
  else if (q.check_in && nightsBetween(q.check_in, q.check_out) > HOTEL_LIMITS.maxNights) fail('check_out', M.tooLong);
  const rooms = Array.isArray(q.rooms) ? q.rooms : [];
  if (rooms.length < 1 || rooms.length > HOTEL_LIMITS.maxRooms) fail('rooms', M.roomsCount);
  rooms.forEach((r, i) => {
    const ages = r?.children_ages ?? [];
    if (!r?.adults || r.adults < 1) fail(`rooms.${i}.adults`, M.adultsMin);
    else if (r.adults + ages.length > HOTEL_LIMITS.maxGuestsPerRoom) fail(`rooms.${i}.adults`, M.roomGuests);
    if (ages.length > HOTEL_LIMITS.maxChildrenPerRoom) fail(`rooms.${i}.children_ages`, M.childrenMax);
    ages.forEach((age, j) => {
      if (!Number.isInteger(age) || age < 0 || age > HOTEL_LIMITS.maxChildAge) fail(`rooms.${i}.children_ages.${j}`, M.childAge);
    });
  });
  return errors;
}
