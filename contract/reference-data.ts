import * as v from 'valibot';

/**
 * Airlines and airports as staff edit them: the schemas the back office's forms check before sending and the
 * server checks again. Which codes name a country is each side's own table (the server's reference data, the app's
 * ISO list), so the schemas take it as `isCountry`.
 */
export type IsCountry = (code: string) => boolean;

/** POST /airlines and PUT /airlines/{code}; on PUT the code comes from the path. */
export const airlineInput = (isCountry: IsCountry) => v.pipe(
  v.object({
    code: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{2}$/, 'The airline code is two letters or digits (IATA).')),
    name: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty('Name is required.'), v.maxLength(120, 'Name is too long.')),
    country: v.pipe(v.optional(v.string(), ''), v.trim(), v.toUpperCase(), v.check(isCountry, 'Choose a country.')),
    active: v.optional(v.boolean('Active is true or false.'), true),
    margin_type: v.optional(v.nullable(v.picklist(['markup', 'discount'], 'Margin type is markup or discount.')), null),
    margin_mode: v.optional(v.nullable(v.picklist(['fixed', 'percent'], 'Margin mode is fixed or percent.')), null),
    /** fixed: an amount per passenger ("1500.00"); percent: a percentage ("2.5") */
    margin_value: v.optional(v.pipe(v.union([v.string(), v.number()], 'Margin value must be a number.'), v.transform(String), v.regex(/^\d+(\.\d{1,2})?$/, 'Margin value must be a positive number with at most two decimals.')), '0'),
  }),
  v.forward(v.check((i) => i.margin_mode !== 'percent' || Number(i.margin_value) <= 100, 'A percentage margin is at most 100.'), ['margin_value']),
  // Stored in minor units in an integer column: a fixed margin per passenger stays well inside it.
  v.forward(v.check((i) => Number(i.margin_value) <= 1_000_000, 'A fixed margin is at most 1000000.00 per passenger.'), ['margin_value']),
  v.forward(v.check((i) => Number(i.margin_value) === 0 || (!!i.margin_type && !!i.margin_mode), 'Choose markup or discount and fixed or percent.'), ['margin_type']),
);

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
export const airportInput = (isCountry: IsCountry) => v.object({
  code: v.pipe(str('The airport code is three letters (IATA).'), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'The airport code is three letters (IATA).')),
  name: v.pipe(str('Name is required.'), v.nonEmpty('Name is required.'), v.maxLength(120, 'Name is too long.')),
  city: v.pipe(str('City is required.'), v.nonEmpty('City is required.'), v.maxLength(80, 'City is too long.')),
  country: v.pipe(str('Choose a country.'), v.toUpperCase(), v.check(isCountry, 'Choose a country.')),
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
  tz: v.pipe(str('Choose a time zone such as Asia/Karachi.'), v.check((z) => canonicalZone(z) !== null, 'Choose a time zone such as Asia/Karachi.'), v.transform((z) => canonicalZone(z)!)),
  size: v.optional(v.picklist(['large', 'medium', 'small'], 'Size is large, medium or small.'), 'medium'),
  active: v.optional(v.boolean('Active is true or false.'), true),
});
