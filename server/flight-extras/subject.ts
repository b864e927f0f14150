/** The payment subject under which a card pays for extras bought after booking (its id: the purchase's). */
export const EXTRAS_SUBJECT = 'flight_extras';
