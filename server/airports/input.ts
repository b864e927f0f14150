import * as v from 'valibot';
import { countryByCode } from '../reference';

export const AIRPORT_MESSAGES = {
  saved: 'Airport saved successfully',
  deleted: 'Airport deleted successfully',
  restored: 'Airport restored to the reference data',
  notFound: 'This airport was not found.',
  exists: 'An airport with this code already exists.',
  unchanged: 'This airport has no changes to undo.',
  inUse: 'Group tickets use this airport; deactivate it instead.',
} as const;

/** The IANA zone as the runtime spells it ("asia/karachi" → "Asia/Karachi"), or null when unknown. */
export function canonicalZone(tz: string): string | null {
  if (!tz.includes('/') && tz.toUpperCase() !== 'UTC') return null; // "PKT" or "+05:00" are not zone names
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const str = (message: string) => v.pipe(v.optional(v.nullable(v.string(message)), ''), v.transform((s) => (s ?? '').trim()));
const coordinate = (label: string, max: number) => {
  const message = `${label} is a number between -${max} and ${max}.`;
  return v.pipe(
    v.optional(v.union([v.number(message), v.string(message)], message), ''),
    v.transform((x) => (typeof x === 'string' && x.trim() === '' ? NaN : Number(x))),
    v.check((n) => Number.isFinite(n) && Math.abs(n) <= max, message),
  );
};

/** POST /airports and PUT /airports/{code}; on PUT the code comes from the path. */
export const AirportInput = v.object({
  code: v.pipe(str('The airport code is three letters (IATA).'), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'The airport code is three letters (IATA).')),
  name: v.pipe(str('Name is required.'), v.nonEmpty('Name is required.'), v.maxLength(120, 'Name is too long.')),
  city: v.pipe(str('City is required.'), v.nonEmpty('City is required.'), v.maxLength(80, 'City is too long.')),
  country: v.pipe(str('Choose a country.'), v.toUpperCase(), v.check((c) => !!countryByCode(c), 'Choose a country.')),
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
  tz: v.pipe(str('Choose a time zone such as Asia/Karachi.'), v.check((z) => canonicalZone(z) !== null, 'Choose a time zone such as Asia/Karachi.'), v.transform((z) => canonicalZone(z)!)),
  size: v.optional(v.picklist(['large', 'medium', 'small'], 'Size is large, medium or small.'), 'medium'),
  active: v.optional(v.boolean('Active is true or false.'), true),
});
export type AirportInput = v.InferOutput<typeof AirportInput>;
