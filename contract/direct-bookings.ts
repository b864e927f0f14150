/**
 * A direct (offline or imported) booking as staff enter it: flights, passengers, fares per passenger type and the
 * margin on top. The server passes its airport check; the app's form checks the rest with the same schema.
 */
import * as v from 'valibot';
import { idSchema } from './ids';
import { CABINS } from './flight-choices';
import { MAX_AMOUNT_MINOR, parseMinor } from './money';

const amount = (msg: string) => v.pipe(v.union([v.string(msg), v.number(msg)], msg), v.transform((x) => parseMinor(String(x))), v.check((n): n is number => n !== null && n >= 0 && n <= MAX_AMOUNT_MINOR, msg), v.transform((n) => n as number));
const time = v.pipe(v.string('Enter a time as HH:MM.'), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.'));
const date = v.pipe(v.string('Enter a date as YYYY-MM-DD.'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'));

const segmentSchema = (airport: v.GenericSchema<string, string>) => v.object({
  airline: v.pipe(v.string('Enter the airline code.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{2}$/, 'Enter the two-character airline code.')),
  flight_number: v.pipe(v.string('Enter the flight number.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{2}\d{1,4}$/, 'Enter a flight number such as PK301.')),
  booking_class: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]$/, 'One letter.'))),
  cabin: v.optional(v.picklist(CABINS, 'Choose a cabin.'), 'Y'),
  date,
  origin: airport,
  destination: airport,
  departure_time: time,
  arrival_time: time,
  arrival_day_offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(2)), 0),
});

export const DirectPassengerSchema = v.object({
  type: v.picklist(['ADT', 'CNN', 'INF'], 'Choose adult, child or infant.'),
  // Never assumed: a source that prints no title leaves it to the user.
  title: v.pipe(v.string('Choose a title.'), v.trim(), v.nonEmpty('Choose a title.'), v.maxLength(10)),
  first_name: v.pipe(v.string('Enter the first name.'), v.trim(), v.nonEmpty('Enter the first name.'), v.maxLength(60)),
  last_name: v.pipe(v.string('Enter the last name.'), v.trim(), v.nonEmpty('Enter the last name.'), v.maxLength(60)),
  dob: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date as YYYY-MM-DD.')))),
  gender: v.optional(v.picklist(['M', 'F', ''])),
  nationality: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^([A-Z]{2})?$/, 'A two-letter country code.'))),
  document_no: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30))),
  ticket_number: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(20)))),
});

export const directInputSchema = (isAirport: (code: string) => boolean = () => true) => {
  const airport = v.pipe(v.string('Choose an airport.'), v.trim(), v.toUpperCase(), v.check(isAirport, 'Unknown airport.'));
  return v.object({
  agent_id: v.optional(idSchema('Choose an agent.')),
  source: v.optional(v.picklist(['manual', 'supplier', 'display'], 'Choose how the booking was made.'), 'manual'),
  pnr: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^([A-Z0-9]{5,8})?$/, 'A PNR is 5 to 8 letters and digits.'))),
  supplier: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  airline_pnr: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(12)))),
  segments: v.optional(v.pipe(v.array(segmentSchema(airport), 'Add the flights.'), v.maxLength(8, 'At most 8 flights.')), []),
  passengers: v.optional(v.pipe(v.array(DirectPassengerSchema, 'Add the passengers.'), v.maxLength(18, 'At most 18 passengers.')), []),
  fares: v.optional(v.array(v.object({ type: v.picklist(['ADT', 'CNN', 'INF']), base: amount('Enter the base fare.'), taxes: amount('Enter the taxes.') })), []),
  margin: v.optional(amount('Enter the margin such as 1500.00.'), '0'),
  issue: v.optional(v.boolean(), false),
  raw_display: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20_000)))),
  /** The display had lines that looked like names or flights and were not read, and the user checked them. */
  unread_checked: v.optional(v.boolean(), false),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000)))),
  contact_email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(200, 'Enter a valid email address.'), v.regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'Enter a valid email address.')))),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), 'PKR'),
  });
};
/** Without the airport list (the app's form): the server checks the airports too. */
export const DirectInput = directInputSchema();
export type DirectInput = v.InferOutput<typeof DirectInput>;

/**
 * Who pays an import at once: an agent tickets from its own wallet a PNR it imported from the supplier (the fare is
 * the supplier's, margin none); a pasted display's fares are typed, so staff check and ticket those.
 */
export function agentMayTicket(d: { source: string; entered_by: number | null }, ownerId: number | null): boolean {
  return d.source === 'supplier' && ownerId !== null && d.entered_by === ownerId;
}
