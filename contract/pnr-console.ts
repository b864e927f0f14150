/**
 * The supplier console: PNRs booked in the embedded flight supplier through another channel (as an agency books
 * in its own GDS terminal), so that "import by record locator" has something real to find. Staff list them and
 * create one: a route and a day (and a return), a cabin, the passengers and the agent or agency it is for.
 * The server checks the airports and the days again; the app's form checks the rest with the same schema.
 */
import * as v from 'valibot';
import { CABINS } from './flight-choices';
import { idSchema } from './ids';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (msg: string) => v.pipe(v.string(msg), v.trim(), v.regex(DAY, msg));
const name = (msg: string) => v.pipe(v.string(msg), v.trim(), v.nonEmpty(msg), v.maxLength(40, 'At most 40 letters.'), v.regex(/^([A-Za-z][A-Za-z' -]*)?$/, 'Latin letters as in the passport.'));

export const EXTERNAL_TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr'] as const;

export const ExternalPassengerSchema = v.object({
  type: v.picklist(['ADT', 'CNN', 'INF'], 'Choose adult, child or infant.'),
  title: v.picklist(EXTERNAL_TITLES, 'Choose a title.'),
  first_name: name('Enter the first name.'),
  last_name: name('Enter the last name.'),
  dob: day('Enter the date of birth.'),
  nationality: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'A two-letter country code.')), 'PK'),
  passport: v.pipe(v.string('Enter the passport number.'), v.trim(), v.toUpperCase(), v.nonEmpty('Enter the passport number.'), v.regex(/^([A-Z0-9]{5,15})?$/, 'A passport number is 5 to 15 letters and digits.')),
});
export type ExternalPassenger = v.InferOutput<typeof ExternalPassengerSchema>;

export const externalPnrSchema = (isAirport: (code: string) => boolean = () => true) => {
  const airport = v.pipe(v.string('Choose an airport.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'Choose an airport.'), v.check(isAirport, 'Unknown airport.'));
  return v.pipe(
    v.object({
      origin: airport,
      destination: airport,
      date: day('Enter the departure date.'),
      return_date: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter the return date.'))), null),
      cabin: v.optional(v.picklist(CABINS, 'Choose a cabin.'), 'Y'),
      passengers: v.pipe(v.array(ExternalPassengerSchema, 'Add the passengers.'), v.minLength(1, 'Add the passengers.'), v.maxLength(9, 'At most 9 passengers.')),
      agent_id: v.optional(v.nullable(idSchema('Choose an agent.')), null),
      agency: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'At most 80 characters.')), ''),
    }),
    v.forward(v.check((x) => x.origin !== x.destination, 'Origin and destination must be different.'), ['destination']),
    v.forward(v.check((x) => !x.return_date || x.return_date >= x.date, 'The return is on or after the departure.'), ['return_date']),
    v.forward(v.check((x) => x.agent_id != null || x.agency !== '', 'Choose the agent or enter the agency it was booked for.'), ['agent_id']),
    v.forward(v.check((x) => !x.passengers.length || x.passengers.some((p) => p.type === 'ADT'), 'At least one adult must travel.'), ['passengers']),
    v.forward(v.check((x) => x.passengers.filter((p) => p.type === 'INF').length <= x.passengers.filter((p) => p.type === 'ADT').length, 'Each infant must travel with an adult.'), ['passengers']),
  );
};
/** Without the airport list (the app's form): the server checks the airports too. */
export const ExternalPnrInput = externalPnrSchema();
export type ExternalPnrInput = v.InferOutput<typeof ExternalPnrInput>;

/** Who an order booked through another channel is for: an agent of ours, or only an agency's name. */
export interface ExternalOffice { channel: 'external'; agency: string; agent_id: number | null; created_by: number; request_key: string | null }

/** A row of the console's list. */
export interface ExternalPnrRow {
  pnr: string;
  origin: string;
  destination: string;
  departure_date: string;
  return_date: string | null;
  cabin: string;
  passengers: { type: string; name: string }[];
  status: string;
  agency: string;
  agent: { id: number; name: string; email: string } | null;
  price: { amount: string; currency: string };
  created_at: string;
  /** The Safar booking this PNR was imported as, if any. */
  booking_id: number | null;
}
