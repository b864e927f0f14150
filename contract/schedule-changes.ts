/**
 * Airline schedule changes: what the supplier console sends to move, renumber or cancel one dated flight (as the
 * airline would), what a booking's owner reads of a change (the segment before and after, in airport times), and
 * the owner's answers: accept, move to another flight at no cost, or a full refund.
 */
import * as v from 'valibot';
import type { Money } from './money';

const FLIGHT_NO = /^[A-Z0-9]{2}\d{1,4}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const flightNo = (msg: string) => v.pipe(v.string(msg), v.trim(), v.toUpperCase(), v.regex(FLIGHT_NO, msg));
const clock = (msg: string) => v.optional(v.nullable(v.pipe(v.string(msg), v.trim(), v.regex(CLOCK, msg))), null);

export const FLIGHT_CHANGE_ACTIONS = ['retime', 'renumber', 'cancel'] as const;
export type FlightChangeAction = (typeof FLIGHT_CHANGE_ACTIONS)[number];

/**
 * POST /supplier-console/flight-changes. Times are local at the airports (as airlines publish them); the departure
 * stays on the flight's day, and the arrival is the first such time after it (so an overnight flight lands next day).
 */
export const FlightChangeBody = v.pipe(
  v.object({
    flight_number: flightNo('Enter a flight number such as EK601.'),
    date: v.pipe(v.string('Enter the flight date.'), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the flight date.')),
    action: v.picklist(FLIGHT_CHANGE_ACTIONS, 'Choose move, renumber or cancel.'),
    departure_time: clock('Enter the new departure time as HH:MM.'),
    arrival_time: clock('Enter the new arrival time as HH:MM.'),
    new_flight_number: v.optional(v.nullable(flightNo('Enter a flight number such as EK601.')), null),
  }),
  v.forward(v.check((b) => b.action !== 'retime' || !!(b.departure_time && b.arrival_time), 'Enter the new departure time as HH:MM.'), ['departure_time']),
  v.forward(v.check((b) => b.action !== 'renumber' || !!b.new_flight_number, 'Enter a flight number such as EK601.'), ['new_flight_number']),
);
export type FlightChangeInput = v.InferOutput<typeof FlightChangeBody>;

/** What the console answers: the flight as changed and how many bookings got the change. */
export interface FlightChangeResult {
  flight_number: string;
  date: string;
  action: FlightChangeAction;
  bookings: number;
}

export interface ChangedSegmentWire { flight_number: string; departure_at: string; arriving_at: string; origin: string; destination: string }
export type ScheduleChangeAnswer = 'accepted' | 'rebooked' | 'refunded' | 'canceled' | 'superseded';

export interface ScheduleChange {
  id: number;
  booking_id: number;
  pnr: string;
  kind: 'time' | 'number' | 'canceled';
  old_segment: ChangedSegmentWire;
  new_segment: ChangedSegmentWire | null;
  created_at: string;
  answer: ScheduleChangeAnswer | null;
  answered_at: string | null;
  /**
   * What the owner may still do: accept needs a flight that still flies; rebook a held or paid booking; refund a
   * paid (ticketed) one; cancel (drop the hold) a held one, which has nothing to refund.
   */
  can: { accept: boolean; rebook: boolean; refund: boolean; cancel: boolean };
}

/** A worklist row (staff): the change with the booking's owner and route. */
export interface ScheduleChangeRow extends ScheduleChange {
  owner: string;
  channel: string;
  route: string;
  status: string;
}

/** Another flight the owner may move to, at no cost. */
export interface RebookOption {
  offer_id: string;
  journeys: { origin: string; destination: string; departure_at: string; arriving_at: string; segments: ChangedSegmentWire[] }[];
  /** What the fare would cost today: shown struck through, the move itself costs nothing. */
  price: Money;
}

/** POST .../rebook: the offer chosen from the options. */
export const RebookBody = v.object({
  offer_id: v.pipe(v.string('Choose the new flight.'), v.trim(), v.nonEmpty('Choose the new flight.'), v.maxLength(500)),
});

export const WorklistQuery = v.object({
  status: v.optional(v.picklist(['unanswered', 'answered', 'all'], 'Choose unanswered, answered or all.'), 'unanswered'),
});
