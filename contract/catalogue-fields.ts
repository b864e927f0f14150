/**
 * The catalogue's field schemas: how a form's text, whole numbers, prices, dates, times and uploads are checked and
 * normalised, with the messages people see. Every catalogue input is built from these so one field reads alike
 * everywhere.
 */
import * as v from 'valibot';
import { parseMinor } from './money';

export const req = (label: string) => `The ${label} field is required.`;
/** A required trimmed string with a length cap. */
export const text = (label: string, max = 150) =>
  v.pipe(v.optional(v.string(req(label)), ''), v.trim(), v.nonEmpty(req(label)), v.maxLength(max, `The ${label} may not be greater than ${max} characters.`));
/** An optional trimmed string; empty becomes null. */
export const optText = (label: string, max = 150) =>
  v.pipe(v.optional(v.nullable(v.string(`The ${label} must be text.`)), null), v.transform((s) => (s ?? '').trim()),
    v.maxLength(max, `The ${label} may not be greater than ${max} characters.`), v.transform((s) => (s === '' ? null : s)));
/** Rich text as sent by the editor; the server sanitises it. */
export const html = (label: string, max = 50_000) =>
  v.pipe(v.optional(v.nullable(v.string(`The ${label} must be text.`)), ''), v.transform((s) => s ?? ''), v.maxLength(max, `The ${label} is too long.`));
export const intFrom = (label: string) => v.union([
  v.number(`The ${label} must be a whole number.`),
  v.pipe(v.string(`The ${label} must be a whole number.`), v.trim(), v.regex(/^-?\d+$/, `The ${label} must be a whole number.`), v.transform(Number)),
], `The ${label} must be a whole number.`);
/** A required whole number. (A missing key becomes '' so the pipe runs and says "required".) */
export const int = (label: string, min: number, max: number) =>
  v.pipe(v.optional(v.nullable(v.union([v.literal(''), intFrom(label)], `The ${label} must be a whole number.`)), ''), v.check((n) => n !== '' && n !== null, req(label)),
    v.transform((n) => n as number),
    v.integer(`The ${label} must be a whole number.`), v.minValue(min, `The ${label} must be at least ${min}.`), v.maxValue(max, `The ${label} may not be greater than ${max}.`));
export const optInt = (label: string, min: number, max: number) =>
  v.pipe(v.optional(v.nullable(v.union([v.literal(''), intFrom(label)], `The ${label} must be a whole number.`)), null), v.transform((n) => (n === '' || n === undefined ? null : n) as number | null),
    v.check((n) => n === null || (Number.isInteger(n) && n >= min && n <= max), `The ${label} must be between ${min} and ${max}.`));
/** An optional whole number where empty means the default. */
export const intOr = (label: string, min: number, max: number, dflt: number) =>
  v.pipe(v.optional(v.nullable(v.union([v.literal(''), intFrom(label)], `The ${label} must be a whole number.`)), dflt), v.transform((n) => (n === '' || n === null ? dflt : n) as number),
    v.integer(`The ${label} must be a whole number.`), v.check((n) => n >= min && n <= max, `The ${label} must be between ${min} and ${max}.`));
export const bool = (dflt: boolean) =>
  v.pipe(v.optional(v.union([v.boolean(), v.literal(0), v.literal(1), v.picklist(['0', '1', 'true', 'false'])], 'Choose yes or no.'), dflt), v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'));
/** A price in major units ("45250.00" or 45250) → integer minor units. */
export const price = (label: string, required = true) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()], `The ${label} must be a number.`)), null),
    v.check((x) => !required || (x !== null && x !== ''), req(label)),
    v.check((x) => x === null || x === '' || parseMinor(typeof x === 'number' ? x.toFixed(2) : x) !== null, `The ${label} must be an amount like 45250.00.`),
    v.transform((x) => (x === null || x === '' ? null : parseMinor(typeof x === 'number' ? x.toFixed(2) : x))),
    v.check((x) => x === null || (x >= 0 && x <= 2_000_000_000), `The ${label} must be between 0 and 20000000.`),
  );
export const currency = v.pipe(v.optional(v.string(), 'PKR'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'The currency must be a 3-letter code.'));
export const isoDate = (label: string) => v.pipe(v.string(req(label)), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date (YYYY-MM-DD).`),
  v.check((s) => { const d = new Date(`${s}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s; }, `The ${label} must be a real date.`));
export const optDate = (label: string) => v.pipe(v.optional(v.nullable(v.union([v.literal(''), isoDate(label)])), null), v.transform((s) => (s ? s : null)));
export const hhmm = (label: string) => v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty(req(label)), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `The ${label} must be a time (HH:MM).`));
/** A stored upload name (the server checks it exists and is an image). */
export const fileRef = (label: string) => v.pipe(v.optional(v.nullable(v.string()), null), v.transform((s) => (s ? s.trim() : null)),
  v.check((s) => s === null || /^[a-f0-9]{32}\.(jpg|png|webp|gif|pdf)$/.test(s), `The ${label} must be an uploaded file.`));

/** The columns every published catalogue item carries. */
export const publishing = { is_published: bool(true), is_featured: bool(false), sort_order: intOr('sort order', -100000, 100000, 0) };
