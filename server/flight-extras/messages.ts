import { SEAT_REFUSALS } from '../../contract/flight-extras';

/** What the extras endpoints answer people; each sentence has its Arabic in locales/ar.json under `server`. */
export const XM = {
  noPassenger: 'This booking has no such passenger.',
  noSegment: 'This booking has no such flight.',
  notOnAircraft: SEAT_REFUSALS.seat,
  taken: SEAT_REFUSALS.taken,
  exitRow: SEAT_REFUSALS.exitRow,
  infantSeat: SEAT_REFUSALS.infantSeat,
  infantBag: SEAT_REFUSALS.infantBag,
  twoSeats: 'Choose one seat per passenger and flight.',
  sameSeat: SEAT_REFUSALS.shared,
  bagNotSold: SEAT_REFUSALS.bag,
  tooManyBags: SEAT_REFUSALS.quantity,
  nothing: SEAT_REFUSALS.nothing,
  notSold: 'Seats and bags cannot be chosen on this flight.',
  onlyAtBooking: 'This airline sells seats and bags only with the booking, not after it.',
  notForPassenger: 'This seat cannot be chosen for this passenger.',
  closed: 'Seats and bags can be added only to a booked or ticketed booking.',
  badKey: 'The Idempotency-Key must be 8 to 100 letters, digits or -_.:',
  notFound: 'Booking not found.',
  guestEmail: 'Enter the booking reference and email.',
  added: 'Seats and bags added.',
  awaitingPayment: 'Pay by card to confirm these seats and bags.',
} as const;
